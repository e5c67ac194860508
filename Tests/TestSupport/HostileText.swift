import PipeProtocol

/// Strings made to break an escaper: the bytes every sink gives a meaning to (commas, quotes,
/// CR, LF and CR LF for CSV; `#`, `{`, `[` for tmux; `&`, `<`, `>` for Pango markup; quotes,
/// `$`, backquotes, `-` and white space for a shell), glued to combining marks so that a
/// character-level check misses them, with control characters (no NUL), bidi controls and the
/// leaders a spreadsheet runs as formulas. The same seed gives the same strings.
public enum HostileText {
  /// The pieces a hostile string is made of, each a few Unicode scalars.
  public static let pieces: [String] = [
    ",", "\"", "'", "\r", "\n", "\r\n", ",\u{301}", "\"\u{301}", "\u{301}", "\u{20DD}", "\u{0327}",
    "=", "+", "-", "@", "\t", "=HYPERLINK(\"http://x\")", "-3", "+1", "@SUM(A1)",
    "#", "##", "#[fg=red]", "#{host}", "#(id)", "#H", "{", "}", "[", "]",
    "&", "&amp;", "<", ">", "<b>", "</span>",
    "$", "$(id)", "`id`", "\\", "*", "?", "~", ";", "|", "!", " ", "--", "-x",
    "\u{1}", "\u{7}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{2028}",
    "\u{202E}", "\u{2066}", "\u{200F}", "\u{FEFF}",
    "a", "Zz", "é", "漢字", "🍩", "👩🏽‍🍳",
  ]

  /// The pieces of printable ASCII alone: for a reader that draws text on a grid of cells (a
  /// terminal), where wide and zero-width characters are its own matter.
  public static let asciiPieces = pieces.filter {
    $0.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
  }

  /// One hostile string of 1 to `maxPieces` pieces.
  public static func string(_ random: inout SplitMix64, maxPieces: Int = 8, from pieces: [String] = pieces)
    -> String
  {
    let count = Int.random(in: 1...maxPieces, using: &random)
    return (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  /// `count` hostile strings from `seed`.
  public static func strings(seed: UInt64, count: Int, maxPieces: Int = 8, from pieces: [String] = pieces)
    -> [String]
  {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in string(&random, maxPieces: maxPieces, from: pieces) }
  }
}
