/// The first mistake of a jq user: JSON written pretty-printed (`jq .` without `-c`), one object
/// spread over many lines. Every reader that meets a line that cannot be a record and looks like
/// a piece of such an object says so once, with this hint, instead of a parse error per line.
public enum PrettyPrintedJSON {
  /// What a reader says about such a line.
  public static let hint =
    "this looks like pretty-printed JSON; the protocol wants one object per line (try `jq -c`)"

  /// Whether a line that is not a record looks like part of an object written on several lines:
  /// `{` or `[` alone, a closing `}` or `]` alone (or `},`), or a line that starts with a quoted
  /// key and a colon (`  "id": 3,`).
  public static func looksLikePart(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    var end = line.count
    while start < end, isSpace(line[start]) { start += 1 }
    while end > start, isSpace(line[end - 1]) { end -= 1 }
    guard start < end else { return false }
    let first = line[start]
    let last = line[end - 1]
    // `{`, `[`, `}`, `]`, `},` alone. A line that opens an object and stops is a record cut
    // short (its own error says where), not one spread over lines.
    if end - start == 1 {
      return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "}")
        || first == UInt8(ascii: "]")
    }
    if first == UInt8(ascii: "}") || first == UInt8(ascii: "]") {
      return end - start == 2 && last == UInt8(ascii: ",")
    }
    guard first == UInt8(ascii: "\"") else { return false }
    // A quoted key (its escapes skipped), then spaces, then a colon.
    var i = start + 1
    while i < end, line[i] != UInt8(ascii: "\"") { i += line[i] == UInt8(ascii: "\\") ? 2 : 1 }
    i += 1
    while i < end, isSpace(line[i]) { i += 1 }
    return i < end && line[i] == UInt8(ascii: ":")
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }
}
