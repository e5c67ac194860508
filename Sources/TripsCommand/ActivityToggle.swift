import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips activity toggle TRIP ACTIVITY...`: activities marked done, or not done again.
enum ActivityToggle {
  static let command = Command(
    name: "toggle", summary: "mark activities done, or not done again",
    options: [TripsOptions.now],
    arguments: Arguments(TripsOptions.trip, TripsOptions.activities).completing(TripsCompletion.names),
    output: TripsOptions.tripOutput,
    examples: """
      trips activity toggle 'Maui Rainforest' 'Descend a waterfall' && trips list | achievements
      """,
    lookups: [Lookup.tripRule, Lookup.activityRule],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let names = invocation[TripsOptions.activities]
    let now = invocation.now(TripsOptions.now)
    return try Activities.update(invocation) { trip, _ in
      for index in try Activities.indices(names, in: trip) { trip.activities[index].toggle(now: now) }
    }
  }
}
