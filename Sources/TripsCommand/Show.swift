import PipeProtocol
import PipeReading
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
    options: [sort, TripsOptions.listFormat, TripsOptions.store],
    arguments: Arguments(TripsOptions.trip).completing(TripsCompletion.names),
    output: """
      \(TripsOptions.tripOutput), activities in the chosen order. With --format text, the trip's
      screen: name, collection (and subtitle), 'Trip Activities: 3 of 5 · 60%', then one line per
      activity marked ✓ (done) or ○ (not yet), wrapped to the terminal's width; colour only on a
      terminal.
      """,
    examples: """
      trips show 'Japan Mystique' --sort completed --format text
      trips show 'Japan Mystique' | pipe-check
      """,
    lookups: [Lookup.tripRule],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let wishlist = try TripStore(invocation).load()
    let trip = wishlist.trips[try Lookup.trip(invocation[TripsOptions.trip], in: wishlist.trips)]
    let activities = trip.activities(sortedBy: invocation[sort])
    if invocation[TripsOptions.listFormat] == .text {
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      Pager.show(TripsText.show(trip, activities: activities, width: TextLayout.width(), style: style))
      return ExitStatus.ok
    }
    TripsOptions.write([trip.record(activities: activities)], type: "trip", invocation)
    return ExitStatus.ok
  }
}
