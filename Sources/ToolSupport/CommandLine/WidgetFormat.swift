import PipeProtocol

/// The formats of every status-bar widget (`orders widget …`, `weather widget`), from one
/// declaration: `text` (one line for a terminal or i3blocks), `json` (the widget's record),
/// `waybar` (the JSON line a waybar custom module reads) and `tmux` (the line for `#(...)` in
/// tmux's `status-right`). Each sink has its one escaper here: `line(_:as:)` for the lines,
/// `tmuxEscaped(_:)` and `pangoEscaped(_:)`.
public enum WidgetFormat: String, CaseIterable, Sendable {
  /// One line for people: a terminal, i3blocks.
  case text
  /// JSON lines: the widget's record.
  case json
  /// waybar's custom-module JSON: text, tooltip, class and, for a gauge, percentage.
  case waybar
  /// One line for tmux's status line: the text line with its `#`s escaped (`tmuxEscaped`).
  case tmux

  /// The one line of `text` or `tmux`: terminal-safe (`TerminalText`), and for tmux with its
  /// format syntax made literal (`tmuxEscaped`).
  public static func line(_ text: String, as format: WidgetFormat) -> String {
    let safe = TerminalText.safe(text)
    return (format == .tmux ? tmuxEscaped(safe) : safe) + "\n"
  }

  /// `text` as tmux draws it literally from the output of a `#(...)` in `status-right`. tmux
  /// reads that output twice: it expands it as a format (`#{host}`, `#H`, `#(cmd)`, `##` for a
  /// `#`; a run of `#` before `[` is left for the next step), then draws it (`#[fg=red]` a style,
  /// `##` a `#`). So a `#` is written `####`, and one in a run before `[` is written `##`; nothing
  /// else changes (a job's output is not read by strftime: `%` stays). Checked by drawing it in a
  /// real tmux (`WidgetFormatTests`).
  public static func tmuxEscaped(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "#")) else { return text }
    // By code points: a `#` followed by a combining mark is one character, and still a `#`.
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      guard scalars[i] == "#" else {
        out.append(scalars[i])
        i += 1
        continue
      }
      var end = i
      while end < scalars.count, scalars[end] == "#" { end += 1 }
      let beforeStyle = end < scalars.count && scalars[end] == "["
      out.append(contentsOf: repeatElement("#", count: (end - i) * (beforeStyle ? 2 : 4)))
      i = end
    }
    return String(out)
  }

  /// `text` as Pango markup shows it literally (waybar reads `text` and `tooltip` as markup):
  /// `&`, `<`, `>` and both quotes as entities, and a character markup may not hold as U+FFFD
  /// (`Markup.escape`).
  public static func pangoEscaped(_ text: String) -> String { Markup.escape(text) }

  /// The format spelled `word` (case-insensitive; `jsonl` is `json`, as everywhere), or nil.
  public static func named(_ word: String) -> WidgetFormat? {
    if let shared = OutputFormat.named(word) { return WidgetFormat(rawValue: shared.rawValue) }
    return WidgetFormat(rawValue: word.lowercased())
  }

  /// The line a waybar custom module reads (`"return-type": "json"`):
  /// `{"class":…,"percentage":…,"text":…,"tooltip":…}`. waybar reads text and tooltip as Pango
  /// markup, and people try the command in a terminal: both are made terminal-safe
  /// (`TerminalText`), then escaped as markup.
  public static func waybar(text: String, tooltip: String, class name: String, percentage: Int? = nil)
    -> JSONObject
  {
    waybar(lines: [text], tooltip: tooltip, class: name, percentage: percentage)
  }

  /// The same, for a widget drawn on several lines (the Live Activity's expanded view): each
  /// line made terminal-safe and escaped as the one line is, then joined by a line feed, which
  /// waybar draws as a new line. A line feed inside a line is escaped, as anywhere else.
  public static func waybar(lines: [String], tooltip: String, class name: String, percentage: Int? = nil)
    -> JSONObject
  {
    var object: JSONObject = [
      "text": .string(lines.map { pangoEscaped(TerminalText.safe($0)) }.joined(separator: "\n")),
      "tooltip": .string(pangoEscaped(TerminalText.safe(tooltip))),
      "class": .string(name),
    ]
    if let percentage { object["percentage"] = .int(percentage) }
    object.sortKeys()
    return object
  }

}

extension Option where Value == WidgetFormat {
  /// `-f/--format text|json|waybar` of a widget, with did-you-mean for a typo; `record` says what
  /// json writes (`the parking-spot record`).
  public static func widgetFormat(record: String) -> Option<WidgetFormat> {
    .formats(
      WidgetFormat.allCases.map(\.rawValue),
      help: "text (for people: one line for a terminal, i3blocks), json (JSON lines: \(record)), waybar "
        + "(its custom-module JSON) or tmux (the text line for status-right, # escaped)",
      default: .text, defaultText: WidgetFormat.text.rawValue, named: WidgetFormat.named)
  }
}
