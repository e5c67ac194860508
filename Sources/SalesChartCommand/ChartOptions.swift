import FoodTruckKit
import PipeProtocol
import ToolSupport

/// The options the top-five chart and `history` both take, declared once.
enum ChartOptions {
  static let now = Option.date(
    "now",
    help: "the time of the chart: the top five's timeframe ends then, the history's range the day "
      + "before: 2026-11-29T18:00:00Z, a local 2026-11-29 or 2026-11-29 10:00 (in the zone of the days), "
      + "yesterday, '2 hours ago' (default: the clock)")
  static let format = Option.format(
    [.text, .svg, .json, .csv], default: .text, help: "json writes donut-sales or sales-history records")
  /// An SVG chart's sides.
  static let svg = ChartSize.Layout.svg(
    width: .pixels(640, in: 240...20_000), height: .pixels(400, in: 200...20_000))
  /// `--width` and `--height` of the top five: svg pixels, or text columns.
  static let topSize = ChartSize(svg, .text(width: .columns(in: 20...10_000)))
  /// Of the history chart: svg only (its text fits the terminal).
  static let historySize = ChartSize(svg)
  static let verbose = Flag(
    "verbose", short: "v", help: "report on stderr what was counted and which record types were ignored")

  /// The zone of the days and times the charts show, by the clock rule (PROTOCOL.md, "Times for
  /// people"): `TZ` when set, else the truck city's zone.
  static func zone() -> LocalTime.Zone { LocalTime.forPeople(default: City.truck.city.timeZone) }

  /// The `--verbose` line about record types that were not counted.
  static func reportIgnored(_ ignored: [String: Int], tool: String) {
    let total = ignored.values.reduce(0, +)
    guard total > 0 else { return Diagnostics.note("ignored no records", tool: tool) }
    let list = ignored.keys.sorted().map { "\(Numbers.grouped(ignored[$0]!)) \($0)" }.joined(separator: ", ")
    Diagnostics.note("ignored \(Format.records(total, "other")) (\(list))", tool: tool)
  }
}
