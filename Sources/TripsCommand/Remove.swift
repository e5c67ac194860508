import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips remove TRIP...`: trips removed and written out, so that they can be imported again.
enum Remove {
  static let command = Command(
    name: "remove", summary: "remove trips (the sample has no way to; users expect one)",
    options: [TripsOptions.store],
    arguments: .some("TRIP"),
    output: "the removed trips as trip records (keep them to import them again)",
    examples: ["trips remove 'Desert Off-Road' > removed.jsonl", "trips import < removed.jsonl"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let removed = try TripStore(invocation).update { wishlist in
      var indices: [Int] = []
      for text in invocation.positionals {
        let index = try Lookup.trip(text, in: wishlist.trips)
        guard !indices.contains(index) else {
          throw ToolError.usage("'\(text)' names a trip already named on this command line; name each once")
        }
        indices.append(index)
      }
      let removed = indices.map { wishlist.trips[$0] }
      wishlist.trips = wishlist.trips.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
      return (removed, true)
    }
    for trip in removed { StandardOutput.shared.writeRecord(trip.record()) }
    return ExitStatus.ok
  }
}
