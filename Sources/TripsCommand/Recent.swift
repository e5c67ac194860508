import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips recent`: the most recently created trips, newest first.
enum Recent {
  static let count = Option.int(
    "count", short: "n", help: "how many trips", default: 5, in: 0...Int.max)

  static let command = Command(
    name: "recent", summary: "the most recently created trips, newest first",
    options: [count, TripsOptions.store],
    output: "trip records, newest first",
    examples: ["trips recent -n 3", "trips recent | pipe-check --type trip"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    for trip in try TripStore(invocation).load().recentlyAdded(limit: invocation[count]) {
      StandardOutput.shared.writeRecord(trip.record())
    }
    return ExitStatus.ok
  }
}
