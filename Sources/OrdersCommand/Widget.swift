import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders widget`: the sample's home-screen widgets as one line for a status bar.
enum Widget {
  /// How a widget is written.
  enum Format: String, CaseIterable, Sendable {
    case text, json, waybar
  }

  /// `--format text|json|waybar`.
  static let format = Option.choice(
    "format", name: "F",
    help: "text (one line: tmux, i3blocks), json (a widget record) or waybar (its custom-module JSON)",
    default: Format.text)

  /// `--timeline`: every entry of the sample's timeline.
  static let timeline = Flag(
    "timeline", help: "the sample's whole timeline: five entries, an hour apart from --now (not with waybar)")

  static let command = Command(
    name: "widget", summary: "the Orders and Daily Donut widgets as one line for a status bar",
    subcommands: [OrdersWidget.command, DonutWidget.command],
    input: "Nothing, or the order store with 'orders widget orders --live'.",
    output: """
      One line: text for tmux's status line or i3blocks, a widget record (--format json), or the
      JSON a waybar custom module reads: text, tooltip, class and, for the gauge, percentage. Times
      are in the truck city's zone, or in TZ when set.
      """,
    examples: [
      "orders widget orders", "orders widget donut --format waybar",
      "orders widget orders --format json | jq .orders",
    ])

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
    for entry in entries {
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
    return ExitStatus.ok
  }

  /// The moments of the sample's timeline: `now`, then every hour, five in all (or `now` alone).
  static func dates(now: Int, timeline: Bool) -> [(offset: Int, date: Int)] {
    (0..<(timeline ? 5 : 1)).map { ($0, now + 3600 * $0) }
  }
}
