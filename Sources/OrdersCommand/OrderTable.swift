import FoodTruckKit
import PipeProtocol
import ToolSupport

/// Orders as the New Orders card lists them, for people: a row per order (id, donuts, status, local
/// time, and the donut stack: up to three donut names and `+N`), then a footer with the count of
/// orders, of donuts and the total price. Times are in the zone of the order's city (where the truck
/// was), or in TZ when set, and labelled: `10:24 AM PST`.
enum OrderTable {
  /// The rows and the footer, as lines.
  static func text(_ orders: [Order], now: Int) -> String {
    let zoneOf = zones()
    let times = orders.map { order in
      let zone = zoneOf(order)
      return zone.localDay(order.creationDate) == zone.localDay(now)
        ? LocalTime.time(order.creationDate, in: zone)
        : LocalTime.dayAndTime(order.creationDate, now: now, in: zone)
    }
    let width = times.map(\.count).max() ?? 0
    var text = ""
    for (order, time) in zip(orders, times) {
      let count = String(order.totalSales)
      text +=
        pad(order.id, 11) + String(repeating: " ", count: max(0, 3 - count.count)) + count
        + (order.totalSales == 1 ? " donut   " : " donuts  ") + pad(order.status.title, 11)
        + pad(time, width + 1)
        + " " + stack(order) + "\n"
    }
    return text + footer(orders) + "\n"
  }

  /// The sample's donut stack as names: the first three donuts, and `+N` for the others
  /// (`Rainbow, Custard, Cosmos +2`). Names are shown with control characters escaped.
  static func stack(_ order: Order) -> String {
    let names = order.items.prefix(3).map { TerminalText.safe($0.name) }.joined(separator: ", ")
    return order.items.count > 3 ? "\(names) +\(order.items.count - 3)" : names
  }

  /// `5 orders · 34 donuts · $196.52`.
  static func footer(_ orders: [Order]) -> String {
    let donuts = orders.reduce(0) { $0 + $1.totalSales }
    let cents = orders.reduce(0) { $0 + $1.grandTotalCents }
    return "\(orders.count == 1 ? "1 order" : "\(orders.count) orders") · \(OrderText.donuts(donuts)) · "
      + OrderText.dollars(cents)
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

  static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
  }
}
