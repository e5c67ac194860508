import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips show TRIP`: one trip with its activities in a chosen order and its progress.
enum Show {
  static let sort = Option.choice(
    "sort", short: "s", name: "ORDER",
    help: "title (A-Z), dateCreated or dateEdited (newest first), completed (done first)",
    default: ActivitySort.title)

  static let command = Command(
    name: "show", summary: "one trip with its activities in a chosen order and its progress",
    options: [sort, TripsOptions.store],
    arguments: .one("TRIP"),
    output: TripsOptions.tripOutput + ", activities in the chosen order",
    examples: [
      "trips show 'Japan Mystique' --sort completed", "trips show 'Japan Mystique' | pipe-check",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let wishlist = try TripStore(invocation).load()
    let trip = wishlist.trips[try Lookup.trip(invocation.positionals[0], in: wishlist.trips)]
    StandardOutput.shared.writeRecord(trip.record(activities: trip.activities(sortedBy: invocation[sort])))
    return ExitStatus.ok
  }
}
