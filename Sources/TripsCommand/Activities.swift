import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips activity`: the commands that change one trip's activities.
enum Activities {
  static let command = Command(
    name: "activity", summary: "add, rename, toggle or remove a trip's activities",
    sharedOptions: [TripsOptions.store],
    subcommands: [
      ActivityAdd.command, ActivityRename.command, ActivityToggle.command, ActivityRemove.command,
    ])

  /// Under the store's lock: finds the trip named by `trip` (default: the TRIP argument), lets
  /// `change` change it (with the wishlist as it was, for the ids in use), saves it and writes it
  /// as a trip record.
  static func update(
    _ invocation: Invocation, trip name: String? = nil,
    _ change: (inout Trip, _ wishlist: Wishlist) throws -> Void
  ) throws -> Int32 {
    let trip = try TripStore(invocation).update { wishlist in
      let index = try Lookup.trip(name ?? invocation[TripsOptions.trip], in: wishlist.trips)
      var trip = wishlist.trips[index]
      try change(&trip, wishlist)
      wishlist.trips[index] = trip
      return (trip, true)
    }
    StandardOutput.shared.writeRecord(trip.record())
    return ExitStatus.ok
  }

  /// The activities of `trip` that `names` name, in order; naming one twice is a usage error.
  static func indices(_ names: [String], in trip: Trip) throws(ToolError) -> [Int] {
    var indices: [Int] = []
    for text in names {
      let index = try Lookup.activity(text, in: trip)
      guard !indices.contains(index) else {
        throw ToolError.usage(
          "'\(text)' names an activity already named on this command line; name each once")
      }
      indices.append(index)
    }
    return indices
  }

  /// Refuses an empty activity name (the sample drops empty ones).
  static func requireNames(_ names: [String]) throws(ToolError) {
    for name in names where name.isEmpty {
      throw ToolError.usage("an activity name is empty; activities need a name (the sample drops empty ones)")
    }
  }
}
