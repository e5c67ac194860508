import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips recent`: the most recently created trips, newest first.
enum Recent {
  static let count = Option.int(
    "count", short: "n", help: "how many trips", default: 5, in: 0...Int.max)
  static let now = Option.date(
    "now", name: "T", help: "the time 'Today' is counted from in the text view (default: the clock)")

  static let command = Command(
    name: "recent", summary: "the most recently created trips, newest first",
    options: [count, TripsOptions.listFormat, now, TripsOptions.store],
    output: """
      trip records, newest first. With --format text, two lines per trip: its name and progress,
      then its collection and when it was added, in the zone for people ($TZ, else the truck
      city's), labelled ('added Mar 12, 2026, 2:11 AM PDT'). With --format csv, a header row of
      the trip record's fields and a row per trip (activities as its JSON text).
      """,
    examples: """
      trips recent -n 3 -f text
      trips recent | pipe-check --type trip
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let trips = try TripStore(invocation).load().recentlyAdded(limit: invocation[count])
    if invocation[TripsOptions.listFormat] == .text {
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      let zone = LocalTime.forPeople()
      let now = invocation.now(now)
      StandardOutput.shared.write(
        TripsText.recent(trips, width: TextLayout.width(), style: style) {
          LocalTime.dayAndTime($0, now: now, in: zone)
        })
      return ExitStatus.ok
    }
    TripsOptions.write(trips.map { $0.record() }, type: "trip", invocation)
    return ExitStatus.ok
  }
}
