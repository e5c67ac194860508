import PipeProtocol

/// The formats of every status-bar widget (`orders widget …`, `weather widget`), from one
/// declaration: `text` (one line for tmux's status line or i3blocks), `json` (the widget's record)
/// and `waybar` (the JSON line a waybar custom module reads).
public enum WidgetFormat: String, CaseIterable, Sendable {
  /// One line for people: tmux, i3blocks.
  case text
  /// JSON lines: the widget's record.
  case json
  /// waybar's custom-module JSON: text, tooltip, class and, for a gauge, percentage.
  case waybar

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
    var object: JSONObject = [
      "text": .string(Markup.escape(TerminalText.safe(text))),
      "tooltip": .string(Markup.escape(TerminalText.safe(tooltip))),
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
      help: "text (for people: one line for tmux, i3blocks), json (JSON lines: \(record)) or waybar "
        + "(its custom-module JSON)",
      default: .text, defaultText: WidgetFormat.text.rawValue, named: WidgetFormat.named)
  }
}
