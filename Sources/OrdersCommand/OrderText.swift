import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// Orders as text for people: one-line summaries, details, countdowns. Times are local (TZ).
enum OrderText {
  /// Cents as dollars with two decimals: `$28.90`.
  static func dollars(_ cents: Int) -> String {
    "$\(cents / 100).\(two(cents % 100))"
  }

  /// A few lines describing an order.
  static func detail(_ order: Order, now: Int) -> String {
    var text = "\(order.id) · \(order.status.title)\n"
    text += "  placed \(time(order.creationDate, now: now)) at \(order.parkingSpot), \(order.city)\n"
    for item in order.items { text += "  \(item.quantity) × \(TerminalText.safe(item.name))\n" }
    text += "  \(donuts(order.totalSales)) · \(dollars(order.grandTotalCents))\n"
    if let preparation = order.preparation, order.status == .preparing {
      text += "  in the oven until \(time(preparation.end, now: now))\n"
    }
    if let completion = order.completionDate, order.status == .completed {
      text += "  completed \(time(completion, now: now))\n"
    }
    return text
  }

  /// The Live Activity line: `Order 1203 · 6 donuts · 0:42 remaining`, or `… · done`.
  static func countdown(_ order: Order, remaining: Int?) -> String {
    let state: String
    if let remaining {
      let r = max(remaining, 0)
      state = r == 0 ? "done" : "\(r / 60):\(r % 60 < 10 ? "0" : "")\(r % 60) remaining"
    } else {
      state = "preparing (no timer)"
    }
    return "Order \(order.number) · \(donuts(order.totalSales)) · \(state)"
  }

  /// `1 donut`, `3 donuts`.
  static func donuts(_ n: Int) -> String { n == 1 ? "1 donut" : "\(n) donuts" }

  /// `10:02` when `seconds` falls on the local day of `now`, else `2026-11-28 10:02`.
  static func time(_ seconds: Int, now: Int) -> String {
    let t = local(seconds)
    let today = local(now)
    let clock = two(Int(t.tm_hour)) + ":" + two(Int(t.tm_min))
    if t.tm_year == today.tm_year, t.tm_yday == today.tm_yday { return clock }
    return "\(Int(t.tm_year) + 1900)-\(two(Int(t.tm_mon) + 1))-\(two(Int(t.tm_mday))) \(clock)"
  }

  static func local(_ seconds: Int) -> tm {
    var t = time_t(seconds)
    var parts = tm()
    localtime_r(&t, &parts)
    return parts
  }

  static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
