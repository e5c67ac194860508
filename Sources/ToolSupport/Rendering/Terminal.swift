import Glibc
import PipeProtocol

/// Facts about the terminal: TTYs, colour, width.
public enum Terminal {
  /// Whether a file descriptor is a terminal.
  public static func isTTY(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// When colour is used: `--color=auto|always|never`, which every tool takes.
  public enum ColorChoice: String, CaseIterable, Sendable {
    /// As the environment says (see `colorEnabled(fd:)`), else on a terminal whose `TERM` is not
    /// `dumb`.
    case auto
    /// Always (for `less -R`), `NO_COLOR` notwithstanding.
    case always
    /// Never.
    case never
  }

  /// The choice made with `--color` (set once, while the command line is parsed).
  nonisolated(unsafe) public static var color = ColorChoice.auto

  /// Sets `color` from the word given to `--color`, with did-you-mean for a typo.
  public static func setColor(_ word: String) throws(ToolError) {
    let names = ColorChoice.allCases.map(\.rawValue)
    guard let choice = ColorChoice(rawValue: word) else {
      throw .usage(
        "--color takes \(OptionText.list(names)), not '\(word)'", notes: Suggest.notes(for: word, in: names))
    }
    color = choice
  }

  /// Whether colour may be used on `fd`, the one colour decision (PROTOCOL.md, "Rules for tools"):
  /// `--color always` or `never` wins; for `auto`, `NO_COLOR` (set and not empty) refuses colour,
  /// then `FORCE_COLOR` (set and not empty) or `CLICOLOR_FORCE` (set and not `0`) forces it, even
  /// through a pipe; else colour on a TTY whose `TERM` is not `dumb`.
  public static func colorEnabled(fd: Int32) -> Bool {
    switch color {
    case .always: return true
    case .never: return false
    case .auto: return colorByEnvironment(isTTY: isTTY(fd), get: Environment.get)
    }
  }

  /// `colorEnabled`'s rule for `--color auto`, with the environment read through `get`.
  static func colorByEnvironment(isTTY: Bool, get: (String) -> String?) -> Bool {
    // The user's refusal beats a request to force, as Python 3.13 has it: a script that sets
    // FORCE_COLOR for one tool still gets no colour from a user who asked for none.
    if let value = get("NO_COLOR"), !value.isEmpty { return false }
    if let value = get("FORCE_COLOR"), !value.isEmpty { return true }
    if let value = get("CLICOLOR_FORCE"), !value.isEmpty, value != "0" { return true }
    return isTTY && get("TERM") != "dumb"
  }

  /// The terminal width: `COLUMNS` when set, else the TTY's width, else 80, always within
  /// `TextLayout.widths` (the one width rule: a huge `COLUMNS` lays out as 1,000 columns, never
  /// allocates by its value).
  public static func width(fd: Int32 = 1) -> Int { TextLayout.bounded(columns(fd: fd)) }

  /// The width as the environment or the terminal says it, before the bound: `COLUMNS` when it is a
  /// positive whole number (digits beyond any `Int` count as the largest), else the TTY's, else 80.
  static func columns(fd: Int32) -> Int {
    if let text = Environment.get("COLUMNS"), !text.isEmpty,
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    {
      let value = Int(text) ?? Int.max
      if value > 0 { return value }
    }
    var size = winsize()
    if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }

  /// The terminal height: `LINES` when set, else the TTY's height, else 24.
  public static func height(fd: Int32 = 1) -> Int {
    if let lines = Environment.get("LINES").flatMap(Int.init), lines > 0 { return lines }
    var size = winsize()
    if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
    return 24
  }

  /// ANSI styles, applied only when `enabled`.
  public struct Style: Sendable {
    /// Whether escape codes are written.
    public var enabled: Bool

    /// A style for a stream.
    public init(enabled: Bool) { self.enabled = enabled }

    /// Wraps `text` in an SGR code such as `1` (bold) or `38;5;208` (orange).
    public func apply(_ code: String, _ text: String) -> String {
      enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Bold text.
    public func bold(_ text: String) -> String { apply("1", text) }
    /// Dim text.
    public func dim(_ text: String) -> String { apply("2", text) }
    /// Red text.
    public func red(_ text: String) -> String { apply("31", text) }
  }
}
