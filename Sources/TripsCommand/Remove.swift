import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips remove TRIP...`: trips removed and written out, so that they can be imported again.
/// On a terminal it asks first; `--yes` skips the question, and off a terminal it is required.
enum Remove {
  static let tripNames = Argument.some("TRIP")

  static let command = Command(
    name: "remove", summary: "remove trips (the sample has no way to; users expect one)",
    options: [Confirmation.yes, TripsOptions.store],
    arguments: Arguments(tripNames).completing(TripsCompletion.names),
    input: """
      On a terminal, the question 'Remove the trip ...? [y/N]', answered on the terminal; only y or
      yes removes. When stdin is not a terminal nothing can be asked: give --yes.
      """,
    output: "the removed trips as trip records (keep them to import them again)",
    exitStatus: [
      "1    not confirmed (any answer but y or yes); unknown trip",
      "64   stdin is not a terminal and --yes is missing",
    ],
    examples: """
      trips remove --yes 'Desert Off-Road' > removed.jsonl
      trips import < removed.jsonl
      """,
    conflicts: [.described("without `--yes`, stdin must be a terminal to ask on; a trip is named once")],
    lookups: [Lookup.tripRule],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let store = TripStore(invocation)
    // Named and asked about without the lock (a person may take a while to answer), then removed
    // by id under the lock.
    let trips = try store.load().trips
    let chosen = try indices(invocation[tripNames], in: trips).map { trips[$0] }
    let names = Confirmation.names(chosen.map(\.name))
    try Confirmation.require(
      invocation,
      question: chosen.count == 1
        ? "Remove the trip \(names) from the wishlist?"
        : "Remove \(Numbers.count(chosen.count, "trip")) from the wishlist: \(names)?")
    try store.update { wishlist in
      let indices = try indices(chosen.map(\.id), in: wishlist.trips)
      let removed = indices.map { wishlist.trips[$0] }
      wishlist.trips = wishlist.trips.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
      // The removed trips are written before the store changes: output that cannot be written
      // ends the run here (exit 74, or quietly on a closed pipe) with the store untouched, so no
      // trip is lost.
      for trip in removed { StandardOutput.shared.writeRecord(trip.record()) }
      StandardOutput.shared.flush()
      return ((), true)
    }
    return ExitStatus.ok
  }

  /// The trips that `names` name, in order; naming one twice is a usage error.
  static func indices(_ names: [String], in trips: [Trip]) throws(ToolError) -> [Int] {
    var indices: [Int] = []
    for text in names {
      let index = try Lookup.trip(text, in: trips)
      guard !indices.contains(index) else {
        throw ToolError.usage("'\(text)' names a trip already named on this command line; name each once")
      }
      indices.append(index)
    }
    return indices
  }
}
