import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips activity remove TRIP ACTIVITY...`. On a terminal it asks first, as the sample's "Delete
/// Activity" dialog does; `--yes` skips the question, and off a terminal it is required.
enum ActivityRemove {
  static let command = Command(
    name: "remove", summary: "remove activities from a trip",
    options: [Confirmation.yes],
    arguments: Arguments(TripsOptions.trip, TripsOptions.activities).completing(TripsCompletion.names),
    input: """
      On a terminal, the question 'Delete the activity ...? [y/N]', answered on the terminal; only y
      or yes deletes. When stdin is not a terminal nothing can be asked: give --yes.
      """,
    output: TripsOptions.tripOutput,
    exitStatus: [
      "1    not confirmed (any answer but y or yes); unknown trip or activity",
      "64   stdin is not a terminal and --yes is missing",
    ],
    examples: """
      trips activity remove --yes 'Into the Green' 'Cliff jump!' | pipe-check
      """,
    lookups: [Lookup.tripRule, Lookup.activityRule],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    // Named and asked about without the lock, then removed by id under it.
    let wishlist = try TripStore(invocation).load()
    let trip = wishlist.trips[try Lookup.trip(invocation[TripsOptions.trip], in: wishlist.trips)]
    let chosen = try Activities.indices(invocation[TripsOptions.activities], in: trip).map {
      trip.activities[$0]
    }
    let listed = Confirmation.names(chosen.map(\.name))
    let owner = Confirmation.names([trip.name])
    try Confirmation.require(
      invocation,
      question: chosen.count == 1
        ? "Delete the activity \(listed) from \(owner)?"
        : "Delete \(Numbers.count(chosen.count, "activity", plural: "activities")) from \(owner): \(listed)?")
    return try Activities.update(invocation, trip: trip.id) { trip, _ in
      let indices = try Activities.indices(chosen.map(\.id), in: trip)
      trip.activities = trip.activities.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
    }
  }
}
