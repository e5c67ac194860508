/// What a reader adds to its error when a line is not a record because it is in a neighbour's
/// format (PROTOCOL.md, "Bad input, faults and limits"): the exact command that turns it into
/// JSON lines. The line is refused all the same (exit 65); the hint only names the way out.
/// (Pretty-printed JSON has its own, `PrettyPrintedJSON`.)
public enum InputHint {
  /// The hint for a line that is not a record, or nil when it is in no format known here. `line` is
  /// its one-based number in its source.
  public static func hint(for bytes: UnsafeBufferPointer<UInt8>, line: Int) -> String? {
    if startsWithByteOrderMark(bytes) {
      // Every line's mark is refused (PROTOCOL.md, "More reader rules"); one on line 1 is a file
      // from a Windows editor or Excel, marks on later lines are files of that kind put together.
      return line == 1
        ? "remove it with `sed '1s/^\\xEF\\xBB\\xBF//'`"
        : "remove those at the starts of lines with `sed 's/^\\xEF\\xBB\\xBF//'`"
    }
    if isArrayOfObjects(bytes) {
      return "the protocol wants one object per line, not an array of them: `jq -c '.[]'` writes them so"
    }
    if line == 1, looksLikeCSVHeader(bytes) {
      return "this looks like a CSV header, and the tools read JSON lines: have the tool that wrote it "
        + "write JSON (leave out `-f csv`), or convert it with `mlr --icsv --ojsonl cat`"
    }
    return nil
  }

  /// Whether the line starts with the UTF-8 byte order mark (EF BB BF).
  static func startsWithByteOrderMark(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
  }

  /// Whether the line is `[`, then an object (white space allowed): what `jq -s` writes.
  static func isArrayOfObjects(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    func skipSpace() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0D { i += 1 } }
    skipSpace()
    guard i < b.count, b[i] == UInt8(ascii: "[") else { return false }
    i += 1
    skipSpace()
    return i < b.count && b[i] == UInt8(ascii: "{")
  }

  /// Whether the line is two or more comma-separated column names: each a name (a letter or `_`,
  /// then letters, digits, `_`, `.`, `-` or spaces, as `items.1.donut`) or a quoted field (RFC 4180,
  /// `""` for a quote, on one line).
  static func looksLikeCSVHeader(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    var end = b.count
    if end > 0, b[end - 1] == 0x0D { end -= 1 }
    var i = 0
    var fields = 0
    while true {
      if i < end, b[i] == UInt8(ascii: "\"") {
        i += 1
        var closed = false
        while i < end {
          if b[i] == UInt8(ascii: "\"") {
            if i + 1 < end, b[i + 1] == UInt8(ascii: "\"") {
              i += 2
              continue
            }
            i += 1
            closed = true
            break
          }
          if b[i] < 0x20 { return false }
          i += 1
        }
        guard closed else { return false }
      } else {
        guard i < end, isLetter(b[i]) || b[i] == UInt8(ascii: "_") else { return false }
        i += 1
        while i < end, b[i] != UInt8(ascii: ",") {
          let c = b[i]
          guard isLetter(c) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2E || c == 0x2D || c == 0x20
          else { return false }
          i += 1
        }
      }
      fields += 1
      if i == end { return fields >= 2 }
      guard b[i] == UInt8(ascii: ",") else { return false }
      i += 1
    }
  }

  static func isLetter(_ c: UInt8) -> Bool {
    (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
  }
}
