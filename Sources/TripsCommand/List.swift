import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `trips list`: the trips, collection by collection, each by name.
enum List {
  static let collection = TripsOptions.collection(
    help: "only this collection (its id or its name)", default: nil
  ) {
    Optional($0)
  }

  static let command = Command(
    name: "list", summary: "list the trips, collection by collection, each by name",
    options: [collection, TripsOptions.listFormat, TripsOptions.store],
    output: """
      trip records: Spring Escapes, Summer Vibes, Fall Getaways, Winter Retreats, each by name.
      With --format text, one line per trip card: name, collection, progress ('3 of 5 · 60%', or
      'no activities') and a check mark when the trip is complete, fitted to the terminal's width
      (long names shortened with '…'); colour only on a terminal. With --format csv, a header row
      of the trip record's fields and a row per trip (activities as its JSON text).
      """,
    examples: """
      trips list --collection summerVibes -f text
      trips list | achievements
      trips list > backup.jsonl
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let wishlist = try TripStore(invocation).load()
    let trips = invocation[collection].map { wishlist.trips(in: $0) } ?? wishlist.tripsByCollection
    if invocation[TripsOptions.listFormat] == .text {
      Pager.show(
        TripsText.list(
          trips, width: TextLayout.width(), style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
      return ExitStatus.ok
    }
    TripsOptions.write(trips.map { $0.record() }, type: "trip", invocation)
    return ExitStatus.ok
  }
}
