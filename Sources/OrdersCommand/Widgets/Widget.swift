import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders widget`: the sample's home-screen widgets as one line for a status bar.
enum Widget {
  /// `-f/--format text|json|waybar`, as every widget takes it (`WidgetFormat`).
  static let format = Option.widgetFormat(record: "a widget record")

  /// `--timeline`: every entry of the sample's timeline.
  static let timeline = Flag(
    "timeline", help: "the sample's whole timeline: five entries, an hour apart from --now (not with waybar)")

  static let command = Command(
    name: "widget",
    summary: "the Orders and Daily Donut widgets and the Live Activity as one line for a status bar",
    options: [format, OrdersOptions.now],
    subcommands: [OrdersWidget.command, DonutWidget.command, ActivityWidget.command],
    input: "Nothing, or the order store with 'orders widget orders --live'.",
    output: """
      One line: text for a terminal or i3blocks, the same line for tmux's status line with its # escaped
      (--format tmux), a widget record (--format json), or the JSON a waybar custom module
      reads: text, tooltip, class and, for the gauge, percentage. Times
      are in the truck city's zone, or in TZ when set, and labelled.
      'orders widget' alone lists the widgets: with --format text (the default) a line each, its
      name and what it shows; with --format json the widget record, and with --format waybar the
      waybar line, that the Orders and Daily Donut widgets show at --now (a line each; a waybar
      module runs one widget: 'orders widget orders --format waybar').
      """,
    examples: """
      orders widget
      orders widget orders
      orders widget donut --format waybar
      orders widget orders --format json | jq .orders
      """,
    run: run)

  /// The list of widgets: a line each for people, or the widget record each shows at `--now`.
  static func run(_ invocation: Invocation) throws -> Int32 {
    let format = invocation[format]
    if format != .text {
      let now = invocation.now(OrdersOptions.now)
      let zone = zone()
      for entry in [
        OrdersWidget.entry(orders: 7, quota: 25, date: now, zone: zone),
        DonutWidget.entry(Menu.builtIn.donuts[0], date: now, zone: zone),
      ] {
        write(entry, as: format)
      }
      return ExitStatus.ok
    }
    let rows = [OrdersWidget.command, DonutWidget.command, ActivityWidget.command].map {
      (term: $0.name, description: $0.summary)
    }
    let width = TextLayout.width()
    var lines = TextLayout.wrap("The widgets ('orders widget NAME' shows one):", width: width)
    lines += TextLayout.table(rows, width: width)
    StandardOutput.shared.write(lines.map { $0 + "\n" }.joined())
    return ExitStatus.ok
  }

  /// The zone of the widgets' times and day, by the clock rule: TZ, else the truck city's.
  static func zone() -> LocalTime.Zone { LocalTime.forPeople(default: City.truck.city.timeZone) }

  /// One entry of a widget's timeline: what it shows at `date`.
  struct Entry {
    var kind: String
    var date: Int
    var text: String
    var tooltip: String
    /// Kind-specific members of the record (`orders`, `quota`; `donut`).
    var members: JSONObject
    /// waybar's class (and percentage, for a gauge).
    var waybarClass: String
    var percentage: Int?
    /// The lines a widget of several lines draws (the Live Activity's expanded view); nil for the
    /// one line of `text`. Each is escaped on its own, so that a line feed inside one stays escaped.
    var lines: [String]? = nil
  }

  /// Writes the entries in the format asked for: a line each.
  static func write(_ entries: [Entry], _ invocation: Invocation) throws -> Int32 {
    let format = invocation[format]
    if format == .waybar, entries.count > 1 {
      throw ToolError.usage("--timeline does not go with --format waybar; waybar shows one entry")
    }
    for entry in entries { write(entry, as: format) }
    return ExitStatus.ok
  }

  /// Writes one entry as a line of text, a widget record or waybar's JSON.
  static func write(_ entry: Entry, as format: WidgetFormat) {
    switch format {
    case .text, .tmux:
      StandardOutput.shared.write(
        (entry.lines ?? [entry.text]).map { WidgetFormat.line($0, as: format) }.joined())
    case .json:
      var object = entry.members
      object["type"] = .string("widget")
      object["kind"] = .string(entry.kind)
      object["date"] = .string(ISODate.format(entry.date))
      object["text"] = .string(entry.text)
      object["tooltip"] = .string(entry.tooltip)
      object.sortKeys()
      StandardOutput.shared.writeRecord(object)
    case .waybar:
      StandardOutput.shared.writeRecord(
        WidgetFormat.waybar(
          lines: entry.lines ?? [entry.text], tooltip: entry.tooltip, class: entry.waybarClass,
          percentage: entry.percentage))
    }
  }

  /// The moments of the sample's timeline: `now`, then every hour, five in all (or `now` alone).
  static func dates(now: Int, timeline: Bool) -> [(offset: Int, date: Int)] {
    (0..<(timeline ? 5 : 1)).map { ($0, now + 3600 * $0) }
  }
}
