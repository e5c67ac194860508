import FoodTruckKit
import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders notices`: the notices raised when preparations ended, for scripts (and `--follow` as
/// they arrive).
enum Notices {
  // No -f: that is --format, as in every command.
  static let follow = Flag(
    "follow", help: "then wait for new notices and print each as it arrives (until Ctrl-C)")
  static let ids = OrdersOptions.orderIDs(min: 0)

  static let command = Command(
    name: "notices", summary: "print the \"Donuts are done!\" notices, or follow them as they arrive",
    options: [follow, OrdersOptions.listFormat, OrdersOptions.store, OrdersOptions.now],
    arguments: Arguments(ids),
    input: NoticeStore.input + "\nIDs (optional: only their notices) are checked against the order store.",
    output: """
      The notice records, oldest first:
        {"body","date","order","preparationStart","title","type":"notice","url":"foodtruck://order/1224"}
      With --format text, a line each:
      '10:31 AM PST  Order#1224: Donuts are done! Time to take them out of the oven.  foodtruck://order/1224',
      the time in the zone of the order's city, or TZ when set, wrapped where it is wider than the
      terminal. With --follow, it goes on printing
      new notices (flushed one by one) until interrupted or its reader goes away.
      """,
    exitStatus: ["1    no order has that id (see 'orders list')"],
    examples: """
      orders notices | jq -r .url
      orders notices --follow | jq --unbuffered -r .url
      orders notices 1224 --format text
      """,
    lookups: [OrdersOptions.orderLookup("ID")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let ids = invocation[ids]
    let orders = OrderStore.store(invocation)
    let notices = NoticeStore.store(for: orders)
    let text = invocation[OrdersOptions.listFormat] == .text
    // A notice's fields are all flat: the schema's header is the whole header (rule 10), written
    // up front, so that --follow streams its rows.
    let csv =
      invocation[OrdersOptions.listFormat] == .csv
      ? CSVTable(FoodTruckSchemas.catalog.schema(for: "notice")!) : nil
    if let csv { StandardOutput.shared.write(csv.header) }
    var known: [String: Order] = [:]
    if !ids.isEmpty || text {
      let (_, records) = try OrderStore.load(invocation)
      let all = try OrderStore.orders(records)
      _ = try OrderStore.locate(ids, among: all, of: records, store: orders)
      for (_, order) in all { known[order.id] = order }
    }
    let wanted = Set(ids)
    let now = invocation.now(OrdersOptions.now)
    let zoneOf = OrderTable.zones()
    let width = TextLayout.width()
    // For an order no longer in the store: the truck's zone (or TZ).
    var truckZone: LocalTime.Zone? = nil
    var printed: Set<Notice.Key> = []
    var version: [Int]? = nil
    while true {
      if Watch.fingerprint(notices.path) != version {
        version = Watch.fingerprint(notices.path)
        for notice in try NoticeStore.read(notices)
        where !printed.contains(notice.key) && (wanted.isEmpty || wanted.contains(notice.order)) {
          printed.insert(notice.key)
          if text {
            if known[notice.order] == nil, truckZone == nil {
              truckZone = LocalTime.forPeople(default: City.truck.city.timeZone)
            }
            let zone = known[notice.order].map(zoneOf) ?? truckZone ?? .utc
            let when = OrderText.when(notice.date, now: now, in: zone)
            // One line when it fits; else the link goes on a line of its own, under the notice.
            let head = "\(when)  \(notice.text)"
            let url = TerminalText.safe(notice.url)
            StandardOutput.shared.write(
              TextLayout.displayWidth(head) + 2 + TextLayout.displayWidth(url) <= width
                ? "\(head)  \(url)\n" : OrderText.fitted(head, width: width, hanging: 2) + "\n  \(url)\n")
          } else if let csv {
            StandardOutput.shared.write(csv.row(notice.stored?.object ?? notice.record))
          } else {
            notice.write()
          }
          if invocation[follow] { StandardOutput.shared.flush() }
        }
      }
      guard invocation[follow] else { break }
      StandardOutput.shared.flush()
      // `orders notices --follow | head -1` ends when head does, without waiting for one more
      // notice to write.
      guard Follower.wait(0.2) else { break }
    }
    return ExitStatus.ok
  }
}
