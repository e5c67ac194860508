import FoodTruckKit
import PipeProtocol
import ToolSupport

/// The options the top-five chart and `history` both take, declared once.
enum ChartOptions {
  static let now = Option.date(
    "now",
    help: "the time of the chart: the top five's timeframe ends then, the history's range the day "
      + "before (ISO 8601 or @SECONDS; default: the clock)")
  static let format = Option.format(
    [.text, .svg, .json, .csv], default: .text, help: "json writes donut-sales or sales-history records")
  // The size is read as text: what it may be depends on --format (see `size`).
  static let width = Option.string(
    "width", name: "N",
    help: "svg: width in pixels (default 640); top-five text: columns (default: the terminal's)")
  static let height = Option.string("height", name: "N", help: "svg: height in pixels (default 400)")
  static let verbose = Flag(
    "verbose", short: "v", help: "report on stderr what was counted and which record types were ignored")

  /// The zone of the days and times the charts show, by the clock rule (PROTOCOL.md, "Times for
  /// people"): `TZ` when set, else the truck city's zone.
  static func zone() -> LocalTime.Zone { LocalTime.forPeople(default: City.truck.city.timeZone) }

  /// `--width` and `--height`, checked against the format: pixels for svg, columns for text (no
  /// height), nothing for the others.
  static func size(_ invocation: Invocation, format: OutputFormat) throws(ToolError) -> (Int?, Int?) {
    switch format {
    case .svg:
      return (
        try whole(invocation, width, in: 240...20_000), try whole(invocation, height, in: 200...20_000)
      )
    case .text:
      if invocation.isGiven(height) { throw .usage("--height applies to --format svg only") }
      return (try whole(invocation, width, in: 20...10_000), nil)
    case .json, .csv:
      for option in [width, height] where invocation.isGiven(option) {
        throw .usage("--\(option.spec.long) applies to --format svg and text only, not \(format.rawValue)")
      }
      return (nil, nil)
    }
  }

  /// The whole number given for `option`, within `range`; nil when it is absent.
  static func whole(_ invocation: Invocation, _ option: Option<String?>, in range: ClosedRange<Int>)
    throws(ToolError) -> Int?
  {
    guard let text = invocation[option] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw .usage(
        "--\(option.spec.long) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
      )
    }
    return value
  }

  /// The `--verbose` line about record types that were not counted.
  static func reportIgnored(_ ignored: [String: Int], tool: String) {
    let total = ignored.values.reduce(0, +)
    guard total > 0 else { return Diagnostics.note("ignored no records", tool: tool) }
    let list = ignored.keys.sorted().map { "\(Numbers.grouped(ignored[$0]!)) \($0)" }.joined(separator: ", ")
    Diagnostics.note("ignored \(Format.records(total, "other")) (\(list))", tool: tool)
  }
}
