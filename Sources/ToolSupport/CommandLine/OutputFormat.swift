/// The one vocabulary of `-f/--format` across the tools: `text` for people, `json` for JSON lines
/// (`jsonl` is accepted as another spelling), and `csv` and `svg` where a command draws or tables.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// Lines for people, laid out to the terminal's width.
  case text
  /// JSON lines: one record per line, as PROTOCOL.md defines them.
  case json
  /// Comma-separated values with a header row (RFC 4180).
  case csv
  /// An SVG picture.
  case svg

  /// The few words `--help` says for the format.
  public var meaning: String {
    switch self {
    case .text: "text (for people)"
    case .json: "json (JSON lines)"
    case .csv: "csv"
    case .svg: "svg"
    }
  }

  /// The format spelled `word` (case-insensitive; `jsonl` and `jsonlines` are `json`), or nil.
  public static func named(_ word: String) -> OutputFormat? {
    let folded = word.lowercased()
    if folded == "jsonl" || folded == "jsonlines" || folded == "ndjson" { return .json }
    return OutputFormat(rawValue: folded)
  }
}

extension Option where Value == OutputFormat {
  /// `-f/--format F`, taking one of `allowed` (with did-you-mean for a typo), `defaultValue` when
  /// absent. `help` adds what the formats hold for this command.
  public static func format(
    _ allowed: [OutputFormat], default defaultValue: OutputFormat, help: String? = nil
  ) -> Option<OutputFormat> {
    let described = allowed.map(\.meaning).joined(separator: ", ")
    return .formats(
      allowed.map(\.rawValue), help: help.map { "\(described): \($0)" } ?? described, default: defaultValue,
      defaultText: defaultValue.rawValue
    ) { OutputFormat.named($0).flatMap { allowed.contains($0) ? $0 : nil } }
  }
}

extension Option {
  /// `-f/--format F` over the closed set `names` (any case, other spellings decoded by `named`), with
  /// did-you-mean for a typo: the one declaration behind `format(_:default:help:)` and the widgets'
  /// `widgetFormat(record:)`.
  static func formats(
    _ names: [String], help: String, default defaultValue: Value, defaultText: String,
    named: @escaping @Sendable (String) -> Value?
  ) -> Option<Value> {
    var option = Option(
      "format", short: "f", name: "F", help: help, default: defaultValue, defaultText: defaultText,
      choices: names
    ) { (word: String) throws(ToolError) -> Value in
      guard let format = named(word) else {
        throw .usage(
          "--format takes \(OptionText.list(names)), not '\(word)'",
          notes: Suggest.notes(for: word.lowercased(), in: names))
      }
      return format
    }
    option.spec.decodesOtherSpellings = true
    return option
  }
}
