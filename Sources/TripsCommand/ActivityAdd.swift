import PipeProtocol
import ToolSupport
import WishlistKit

/// `trips activity add TRIP NAME...`: new activities of a trip.
enum ActivityAdd {
  static let done = Flag("done", help: "add them already done")
  static let activities = Argument.some("NAME")

  static let command = Command(
    name: "add", summary: "add activities to a trip",
    options: [done, TripsOptions.id, TripsOptions.seed, TripsOptions.now],
    arguments: Arguments(TripsOptions.trip, activities).completing(TripsCompletion.names),
    output: TripsOptions.tripOutput,
    examples: """
      trips activity add 'Japan Mystique' 'Ride the Shinkansen' | pipe-check
      """,
    conflicts: [.described("`--id` goes with one `NAME` only")],
    lookups: [Lookup.tripRule],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let names = invocation[activities]
    let now = invocation.now(TripsOptions.now)
    try Activities.requireNames(names)
    let explicitID = invocation[TripsOptions.id]
    if explicitID != nil, names.count > 1 {
      throw ToolError.usage(
        "--id gives one id, but \(Numbers.grouped(names.count)) activities are added; add them one by one")
    }
    var ids = IDSource(seed: invocation[TripsOptions.seed])
    let isComplete = invocation[done]
    return try Activities.update(invocation) { trip, wishlist in
      let used = Set(wishlist.trips.flatMap { $0.activities.map { $0.id.lowercased() } })
      if let explicitID, used.contains(explicitID.lowercased()) {
        throw ToolError(
          "an activity with id \(explicitID) already exists", notes: ["leave out --id to get a new one"])
      }
      var taken = used
      for name in names {
        let id = explicitID ?? ids.fresh(avoiding: taken)
        taken.insert(id)
        trip.activities.append(Activity(id: id, name: name, isComplete: isComplete, dateCreated: now))
      }
    }
  }
}
