import FoodTruckKit
import PipeProtocol
import ToolSupport

/// Orders as the New Orders card lists them, for people: a row per order (id, donuts, status, local
/// time, and the donut stack: up to three donut names and `+N`), then a footer with the count of
/// orders, of donuts and the total price. Times are in the zone of the order's city (where the truck
/// was), or in TZ when set, and labelled: `10:24 AM PST`.
enum OrderTable {
  /// The fewest columns the donut names get beside a row; with less room, the row goes on a
  /// second line.
  static let minimumStack = 20

  /// The rows and the footer, as lines fitting `width` columns: a row's donut names are shortened
  /// with `…` to fit beside it, and where even that leaves too little room (a narrow terminal),
  /// each order takes two lines, its time and names under its id.
  /// With `sections`, each run of orders of one status goes under its heading (`section`), a blank
  /// line before each heading after the first: the sample's compact list, grouped by status.
  /// `makeFooter` writes the footer (the orders, the width).
  static func text(
    _ orders: [Order], now: Int, width: Int = TextLayout.width(), sections: Bool = false,
    footer makeFooter: ([Order], Int) -> String = { footer($0, width: $1) }
  ) -> String {
    let zoneOf = zones()
    let times = orders.map { order in
      OrderText.when(order.creationDate, now: now, in: zoneOf(order))
    }
    let timeWidth = times.map(TextLayout.displayWidth).max() ?? 0
    var text = ""
    var heading: OrderStatus? = nil
    for (order, time) in zip(orders, times) {
      if sections, order.status != heading {
        text += (heading == nil ? "" : "\n") + section(order.status) + "\n"
        heading = order.status
      }
      text += row(order, time: time, timeWidth: timeWidth, width: width).map { $0 + "\n" }.joined()
    }
    if sections, !orders.isEmpty { text += "\n" }
    return text + makeFooter(orders, width) + "\n"
  }

  /// The compact list's heading for a status: `New` (placed), `Preparing`, `Ready`, `Completed`.
  static func section(_ status: OrderStatus) -> String { status == .placed ? "New" : status.title }

  /// One order's lines: `Order#1224   6 donuts  Placed     10:24 AM PST  Picnic Basket, Bla…`,
  /// the time padded to `timeWidth`; or, when the names would get fewer than `minimumStack`
  /// columns, `Order#1224   6 donuts  Placed` and under it the time and the names, indented.
  static func row(_ order: Order, time: String, timeWidth: Int, width: Int) -> [String] {
    let count = Numbers.grouped(order.totalSales)
    let head =
      pad(TerminalText.safe(order.id), 11) + String(repeating: " ", count: max(0, 3 - count.count))
      + count + (order.totalSales == 1 ? " donut   " : " donuts  ")
    let prefix = head + pad(order.status.title, 11) + pad(time, timeWidth + 1) + " "
    let used = TextLayout.displayWidth(prefix)
    if width - used >= minimumStack {
      return [prefix + stack(order, width: width - used)]
    }
    let indent = "  "
    let under = indent + time + "  "
    let room = width - TextLayout.displayWidth(under)
    var lines = [head + order.status.title]
    if room >= minimumStack {
      lines.append(under + stack(order, width: room))
    } else {
      lines.append(indent + time)
      lines.append(indent + stack(order, width: width - indent.count))
    }
    return lines
  }

  /// The sample's donut stack as names: the first three donuts, and `+N` for the others
  /// (`Rainbow, Custard, Cosmos +2`), shortened with `…` to `width` columns (the `+N` kept).
  /// Names are shown with control characters escaped.
  static func stack(_ order: Order, width: Int = .max) -> String {
    let names = order.items.prefix(3).map { TerminalText.safe($0.name) }.joined(separator: ", ")
    let more = order.items.count > 3 ? " +\(order.items.count - 3)" : ""
    var cut = TextLayout.shorten(names, to: width - TextLayout.displayWidth(more))
    // A name cut to a stub ("Po…") says less than ", …": more names follow.
    if cut != names, let comma = cut.lastIndex(of: ","), cut[comma...].count < 6 {
      cut = cut[...comma] + " …"
    }
    return cut + more
  }

  /// `5 orders · 34 donuts · $196.52`, on more lines where it does not fit `width`.
  static func footer(_ orders: [Order], width: Int = .max) -> String {
    let donuts = orders.reduce(0) { $0 + $1.totalSales }
    let cents = orders.reduce(0) { $0 + $1.grandTotalCents }
    let pieces = [
      Numbers.count(orders.count, "order"), Numbers.count(donuts, "donut"), Numbers.money(cents: cents),
    ]
    return TextLayout.joined(pieces, width: width, lineEnd: " ·").joined(separator: "\n")
  }

  /// The zone each order's time is shown in: TZ when set, else its city's zone (the truck's for a
  /// city the kit does not know). Each zone is read once.
  static func zones() -> (Order) -> LocalTime.Zone {
    if let zone = LocalTime.userZone() { return { _ in zone } }
    var byName: [String: LocalTime.Zone] = [:]
    for city in City.all where byName[city.timeZone] == nil {
      byName[city.timeZone] = LocalTime.zone(default: city.timeZone)
    }
    let truck = byName[City.truck.city.timeZone] ?? .utc
    return { order in City.named(order.city).flatMap { byName[$0.timeZone] } ?? truck }
  }

  /// `s` and spaces to `width` columns, or `s` and one space when it is as wide or wider.
  static func pad(_ s: String, _ width: Int) -> String {
    TextLayout.displayWidth(s) >= width ? s + " " : TextLayout.padded(s, to: width)
  }
}
