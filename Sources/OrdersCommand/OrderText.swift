import FoodTruckKit
import PipeProtocol
import ToolSupport

/// Orders as text for people: details and the Live Activity's line. Times are in the zone of the
/// order's city, or in TZ when set, and labelled (`10:31 AM PST`); records stay UTC.
enum OrderText {
  /// Cents as dollars with two decimals: `$28.90`, `$1,231.14`.
  static func dollars(_ cents: Int) -> String { Numbers.money(cents: cents) }

  /// A few lines describing an order, each wrapped to `width` (a hanging indent under its first
  /// words) when it is wider.
  static func detail(_ order: Order, now: Int, zone: LocalTime.Zone, width: Int = TextLayout.width())
    -> String
  {
    func at(_ seconds: Int) -> String { when(seconds, now: now, in: zone) }
    var text = "\(TerminalText.safe(order.id)) · \(order.status.title)\n"
    text +=
      "  placed \(at(order.creationDate)) at \(TerminalText.safe(order.parkingSpot)), "
      + "\(TerminalText.safe(order.city))\n"
    for item in order.items {
      text += "  \(Numbers.grouped(item.quantity)) × \(TerminalText.safe(item.name))\n"
    }
    text += "  \(donuts(order.totalSales)) · \(dollars(order.grandTotalCents))\n"
    if let preparation = order.preparation, order.status == .preparing || order.status == .ready {
      text += "  in the oven \(at(preparation.start)) to \(at(preparation.end))\n"
    }
    if let completion = order.completionDate, order.status == .completed {
      text += "  completed \(at(completion))\n"
    }
    return text.split(separator: "\n").map { fitted(String($0), width: width, hanging: 4) + "\n" }.joined()
  }

  /// `line` as it is when it fits `width`, else wrapped at its spaces with `hanging` spaces before
  /// the lines after the first (its own indent kept on the first).
  static func fitted(_ line: String, width: Int, hanging: Int) -> String {
    guard TextLayout.displayWidth(line) > width else { return line }
    let indent = line.prefix { $0 == " " }.count
    return TextLayout.wrap(String(line.dropFirst(indent)), width: width, indent: indent, hanging: hanging)
      .joined(separator: "\n")
  }

  /// The Live Activity's line at `now`: `Order#1203 · 6 donuts · 0:42 remaining` while the timer
  /// runs, then `… · done at 10:31 AM PST`, or `… · ready` once the order is ready; from its stale
  /// date on, `· stale since 10:32 AM PST` follows.
  static func activity(_ order: Order, now: Int, zone: LocalTime.Zone) -> String {
    var state: String
    if let preparation = order.preparation {
      let remaining = preparation.end - now
      if order.status == .ready {
        state = "ready"
      } else if remaining > 0 {
        state = "\(remaining / 60):\(two(remaining % 60)) remaining"
      } else {
        state = "done at \(when(preparation.end, now: now, in: zone))"
      }
      if now >= preparation.staleDate {
        state += " · stale since \(when(preparation.staleDate, now: now, in: zone))"
      }
    } else {
      state = "preparing (no timer)"
    }
    return "\(TerminalText.safe(order.id)) · \(donuts(order.totalSales)) · \(state)"
  }

  /// `1 donut`, `3 donuts`.
  static func donuts(_ n: Int) -> String { Numbers.count(n, "donut") }

  /// `10:02 AM PST` when `seconds` falls on the local day of `now`, else `Yesterday, 10:02 AM PST`
  /// or `Nov 27, 2026, 10:02 AM PST`.
  static func when(_ seconds: Int, now: Int, in zone: LocalTime.Zone) -> String {
    zone.localDay(seconds) == zone.localDay(now)
      ? LocalTime.time(seconds, in: zone) : LocalTime.dayAndTime(seconds, now: now, in: zone)
  }

  static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
