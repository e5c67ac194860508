import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips activity rename TRIP ACTIVITY NEW-NAME`.
enum ActivityRename {
  static let activity = Argument.one("ACTIVITY")
  static let newName = Argument.one("NEW-NAME")

  static let command = Command(
    name: "rename", summary: "rename an activity",
    options: [TripsOptions.now],
    arguments: Arguments(TripsOptions.trip, activity, newName).completing(TripsCompletion.names),
    output: TripsOptions.tripOutput,
    examples: """
      trips activity rename 'Mont Blanc Powder' 'Snowshoe hike' 'Snowshoe to the refuge'
      """,
    lookups: [Lookup.tripRule, Lookup.activityRule],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let activity = invocation[activity]
    let newName = invocation[newName]
    let now = invocation.now(TripsOptions.now)
    try Activities.requireNames([newName])
    return try Activities.update(invocation) { trip, _ in
      let index = try Lookup.activity(activity, in: trip)
      trip.activities[index].rename(newName, now: now)
    }
  }
}
