import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders widget`: the sample's home-screen widgets as one line for a status bar.
enum Widget {
  /// How a widget is written.
  enum Format: String, CaseIterable, Sendable {
    case text, json, waybar
  }

  /// `-f/--format text|json|waybar`: the one vocabulary's text and json (`jsonl` accepted), and
  /// waybar's JSON, with did-you-mean for a typo.
  static let format = Option<Format>(
    spec: {
      var spec = OptionSpec(
        long: "format", short: "f", valueName: "F",
        help:
          "text (one line: tmux, i3blocks), json (a widget record) or waybar (its custom-module JSON) "
          + "(default text)",
        choices: Format.allCases.map(\.rawValue))
      spec.decodesOtherSpellings = true
      return spec
    }(),
    convert: { (words: [String]) throws(ToolError) -> Format in
      guard let word = words.last else { return .text }
      if word.lowercased() == Format.waybar.rawValue { return .waybar }
      if let format = OutputFormat.named(word), let widget = Format(rawValue: format.rawValue) {
        return widget
      }
      let names = Format.allCases.map(\.rawValue)
      throw .usage(
        "--format takes text, json or waybar, not '\(word)'",
        notes: Suggest.notes(for: word.lowercased(), in: names))
    })

  /// `-f/--format text|json` of the list of widgets.
  static let listFormat = Option.format([.text, .json], default: .text)

  /// `--timeline`: every entry of the sample's timeline.
  static let timeline = Flag(
    "timeline", help: "the sample's whole timeline: five entries, an hour apart from --now (not with waybar)")

  static let command = Command(
    name: "widget",
    summary: "the Orders and Daily Donut widgets and the Live Activity as one line for a status bar",
    options: [listFormat, OrdersOptions.now],
    subcommands: [OrdersWidget.command, DonutWidget.command, ActivityWidget.command],
    input: "Nothing, or the order store with 'orders widget orders --live'.",
    output: """
      One line: text for tmux's status line or i3blocks, a widget record (--format json), or the
      JSON a waybar custom module reads: text, tooltip, class and, for the gauge, percentage. Times
      are in the truck city's zone, or in TZ when set, and labelled.
      'orders widget' alone lists the widgets: with --format text (the default) a line each, its
      name and what it shows; with --format json the widget record each shows at --now.
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
    if invocation[listFormat] == .json {
      let now = invocation.now(OrdersOptions.now)
      let zone = zone()
      for entry in [
        OrdersWidget.entry(orders: 7, quota: 25, date: now, zone: zone),
        DonutWidget.entry(Menu.builtIn.donuts[0], date: now, zone: zone),
      ] {
        write(entry, as: .json)
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
  static func write(_ entry: Entry, as format: Format) {
    switch format {
    case .text:
      StandardOutput.shared.write(TerminalText.safe(entry.text) + "\n")
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
      // waybar reads text and tooltip as Pango markup.
      var object: JSONObject = [
        "text": .string(Markup.escape(entry.text)), "tooltip": .string(Markup.escape(entry.tooltip)),
        "class": .string(entry.waybarClass),
      ]
      if let percentage = entry.percentage { object["percentage"] = .int(percentage) }
      object.sortKeys()
      StandardOutput.shared.writeRecord(object)
    }
  }

  /// The moments of the sample's timeline: `now`, then every hour, five in all (or `now` alone).
  static func dates(now: Int, timeline: Bool) -> [(offset: Int, date: Int)] {
    (0..<(timeline ? 5 : 1)).map { ($0, now + 3600 * $0) }
  }
}
