import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips activity rename TRIP ACTIVITY NEW-NAME`.
enum ActivityRename {
  static let command = Command(
    name: "rename", summary: "rename an activity",
    options: [TripsOptions.now],
    arguments: Arguments("TRIP ACTIVITY NEW-NAME", min: 3, max: 3).completing(TripsCompletion.names),
    output: TripsOptions.tripOutput,
    examples: ["trips activity rename 'Mont Blanc Powder' 'Snowshoe hike' 'Snowshoe to the refuge'"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let activity = invocation.positionals[1]
    let newName = invocation.positionals[2]
    let now = invocation.now(TripsOptions.now)
    try Activities.requireNames([newName])
    return try Activities.update(invocation) { trip, _ in
      let index = try Lookup.activity(activity, in: trip)
      trip.activities[index].rename(newName, now: now)
    }
  }
}
