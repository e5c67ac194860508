import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips activity remove TRIP ACTIVITY...`.
enum ActivityRemove {
  static let command = Command(
    name: "remove", summary: "remove activities from a trip",
    arguments: Arguments("TRIP ACTIVITY", min: 2),
    output: TripsOptions.tripOutput,
    examples: ["trips activity remove 'Into the Green' 'Cliff jump!' | pipe-check"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let names = Array(invocation.positionals.dropFirst())
    return try Activities.update(invocation) { trip, _ in
      let indices = try Activities.indices(names, in: trip)
      trip.activities = trip.activities.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
    }
  }
}
