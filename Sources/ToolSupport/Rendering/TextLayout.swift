/// Text for people laid out to a width: the one place that measures and wraps it. Widths are
/// display columns (a CJK character or an emoji takes 2, a combining mark 0); lines break at
/// spaces, and a word longer than the width stands alone on its line rather than being cut.
public enum TextLayout {
  /// The narrowest layout: below it, text is laid out as at this width (lines may then be wider
  /// than a very narrow terminal, but no word is broken).
  public static let minimumWidth = 20

  /// The widest layout: text for people (help, tables, text views) is never laid out wider, so
  /// that no width, however it is given, makes a line or a buffer grow without a bound.
  public static let maximumWidth = 1_000

  /// The one bound on a text width, wherever it comes from: `COLUMNS`, the terminal's width, a
  /// text view's `--width` (charts keep their own range for `--width`, and take this width when it
  /// is not given).
  public static let widths = minimumWidth...maximumWidth

  /// `columns` within `widths`.
  public static func bounded(_ columns: Int) -> Int { min(max(columns, minimumWidth), maximumWidth) }

  /// The width to lay out for: `COLUMNS`, else the terminal's, else 80 (`Terminal.width`), within
  /// `widths`.
  public static func width(fd: Int32 = 1) -> Int { Terminal.width(fd: fd) }

  /// The display width of `text` in a terminal.
  public static func displayWidth<S: StringProtocol>(_ text: S) -> Int {
    // Printable ASCII (most of every view) is a column a byte, without the Unicode tables: a
    // list of 200,000 orders as text spent a third of its time reading them.
    // (Read as a buffer: through the generic view the look cost as much as the tables.)
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 < 0x20 || $0 >= 0x7F }
    }
    return ascii == true ? text.utf8.count : characterWidths(text)
  }

  /// `displayWidth(_:)` character by character (its slow twin, which the tests hold it to).
  static func characterWidths<S: StringProtocol>(_ text: S) -> Int {
    var width = 0
    for character in text { width += displayWidth(character) }
    return width
  }

  /// The columns one character (a grapheme cluster) takes: a terminal draws an emoji sequence
  /// (joined with U+200D, a flag, a text symbol made a picture by U+FE0F) as one picture of 2.
  public static func displayWidth(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count == 1 { return displayWidth(first) }
    if first.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return scalars.map { displayWidth($0) }.max() ?? 0
  }

  /// `text` and spaces to `width` terminal columns (as it is when it is as wide or wider): the
  /// one padding of every text view's columns.
  public static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - displayWidth(text)))
  }

  /// `text` centred in `width` terminal columns (an odd space goes to the right).
  public static func centered(_ text: String, in width: Int) -> String {
    let room = max(0, width - displayWidth(text))
    return String(repeating: " ", count: room / 2) + text + String(repeating: " ", count: room - room / 2)
  }

  /// `text` cut to at most `width` columns, ending in "…" when it was cut (at least one character
  /// is kept before it, and spaces and commas before the "…" go). An escape `TerminalText` wrote
  /// (`\u{1B}`) is kept whole or left out, never cut in two. Rows of tables that cannot wrap use it.
  public static func shorten(_ text: String, to width: Int) -> String {
    guard displayWidth(text) > width else { return text }
    var pieces: [Substring] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("\\u{"), let end = rest.firstIndex(of: "}") {
        pieces.append(rest[...end])
        rest = rest[rest.index(after: end)...]
      } else {
        pieces.append(rest.prefix(1))
        rest = rest.dropFirst()
      }
    }
    var kept = ""
    var used = 0
    for piece in pieces {
      let size = displayWidth(piece)
      if used + size + 1 > width, !kept.isEmpty { break }
      kept += piece
      used += size
    }
    while kept.count > 1, kept.last == " " || kept.last == "," { kept.removeLast() }
    return kept + "\u{2026}"
  }

  /// The columns one code point takes: 0 for combining marks, joiners and variation selectors,
  /// 2 for East Asian wide and fullwidth characters and emoji shown as pictures, else 1.
  public static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    // ASCII, controls included: no mark, no emoji shown as a picture, nothing wide.
    if v < 0x80 { return 1 }
    return tableWidth(scalar)
  }

  /// The East Asian wide and fullwidth ranges.
  static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x20000...0x3FFFD,
  ]

  /// `displayWidth(_:)` of a code point from the Unicode tables (its slow twin for ASCII).
  static func tableWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0x200B...0x200F).contains(v) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    return wide.contains { $0.contains(v) } ? 2 : 1
  }

  /// `pieces` joined by `separator` into lines of at most `width` columns (`5 orders · 34 donuts ·
  /// $196.52`), a line broken only between pieces and then ended with `lineEnd` (` ·`, to say the
  /// next line goes on). A piece wider than `width` stays whole on its line; with `hanging`, it is
  /// wrapped at its spaces instead (`wrap`, its lines after the first indented by `hanging`), and
  /// the pieces after it go on after its last line. No pieces, no lines.
  public static func joined(
    _ pieces: [String], separator: String = " · ", width: Int, lineEnd: String = "", hanging: Int? = nil
  ) -> [String] {
    guard !pieces.isEmpty else { return [] }
    var lines: [String] = []
    var line = ""
    for piece in pieces {
      if line.isEmpty {
        line = piece
      } else if displayWidth(line) + displayWidth(separator) + displayWidth(piece) <= width {
        line += separator + piece
      } else {
        lines.append(line + lineEnd)
        line = piece
      }
      if let hanging, displayWidth(line) > width {
        let wrapped = wrap(line, width: width, hanging: hanging)
        lines += wrapped.dropLast()
        line = wrapped.last ?? ""
      }
    }
    lines.append(line)
    return lines
  }

  /// `text` wrapped to `width` columns: the first line starts with `indent` spaces, the others
  /// with `hanging` (a hanging indent, as option descriptions have). Runs of spaces between
  /// words become one; an empty text gives one line of the indent alone (trimmed).
  public static func wrap(_ text: String, width: Int, indent: Int = 0, hanging: Int? = nil) -> [String] {
    let hanging = hanging ?? indent
    // Each piece of a word cut in pieces but the first starts a line of its own.
    let words = words(of: text).flatMap { word in
      pieces(of: word, fitting: width - hanging).enumerated().map { (piece: $0.element, cut: $0.offset > 0) }
    }
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    var used = indent
    var empty = true
    for (word, cut) in words {
      let size = displayWidth(word)
      if !empty && (cut || used + 1 + size > width) {
        lines.append(line)
        line = String(repeating: " ", count: hanging)
        used = hanging
        empty = true
      }
      if !empty {
        line += " "
        used += 1
      }
      line += word
      used += size
      empty = false
    }
    if !empty || lines.isEmpty { lines.append(empty ? "" : line) }
    return lines
  }

  /// The words of `text`: the runs between spaces, except that a JSON record (`{"` to its
  /// closing brace) is one word, spaces and all: a line breaks inside a record only between its
  /// members, and only when the record is wider than the line (`pieces`).
  static func words(of text: String) -> [Substring] {
    let records = recordSpans(in: text[...])
    var words: [Substring] = []
    var start: String.Index?
    var next = records.makeIterator()
    var record = next.next()
    var i = text.startIndex
    while i < text.endIndex {
      if let span = record, span.lowerBound == i {
        if start == nil { start = i }
        i = span.upperBound
        record = next.next()
        continue
      }
      if text[i] == " " {
        if let first = start { words.append(text[first..<i]) }
        start = nil
      } else if start == nil {
        start = i
      }
      i = text.index(after: i)
    }
    if let first = start { words.append(text[first...]) }
    return words
  }

  /// Where `text` holds JSON records: each `{` followed by `"`, up to its closing brace (braces
  /// and quotes inside strings not counted). An opening brace that is never closed starts none.
  public static func recordSpans(in text: Substring) -> [Range<String.Index>] {
    var spans: [Range<String.Index>] = []
    var i = text.startIndex
    while i < text.endIndex {
      let next = text.index(after: i)
      if text[i] == "{", next < text.endIndex, text[next] == "\"", let end = recordEnd(in: text, from: i) {
        spans.append(i..<end)
        i = end
      } else {
        i = next
      }
    }
    return spans
  }

  /// The commas of `record` (one JSON record, `{` to `}`) that end its members: outside strings,
  /// at its own level.
  static func memberCommas(in record: Substring) -> [String.Index] {
    var commas: [String.Index] = []
    _ = walkRecord(record, from: record.startIndex) { i, c, depth in
      if c == ",", depth == 1 { commas.append(i) }
      return true
    }
    return commas
  }

  /// The index after the brace that closes the one at `start`, or nil.
  static func recordEnd(in text: Substring, from start: String.Index) -> String.Index? {
    walkRecord(text, from: start) { _, c, depth in !(c == "}" && depth == 0) }
  }

  /// Walks `text` from `start`, calling `visit` with each character outside strings (and each
  /// string's quotes) and the depth of braces and brackets after it, until `visit` answers false;
  /// returns the index after that character, or nil when the text ends first.
  static func walkRecord(
    _ text: Substring, from start: String.Index, _ visit: (String.Index, Character, Int) -> Bool
  ) -> String.Index? {
    var depth = 0
    var inString = false
    var escaped = false
    var i = start
    while i < text.endIndex {
      let c = text[i]
      let next = text.index(after: i)
      if inString {
        if escaped {
          escaped = false
        } else if c == "\\" {
          escaped = true
        } else if c == "\"" {
          inString = false
        }
      } else {
        if c == "\"" {
          inString = true
        } else if c == "{" || c == "[" {
          depth += 1
        } else if c == "}" || c == "]" {
          depth -= 1
        }
        if !visit(i, c, depth) { return next }
      }
      i = next
    }
    return nil
  }

  /// A word too wide for `room` columns cut after its separators (`/`, `&`, `,`, `|`, `?`), so that
  /// a long path goes on over lines instead of past the edge; inside a JSON record, only after
  /// the comma that ends one of its members (never inside a string, a number or a nested value),
  /// so that each line holds whole members. A word that fits, or has no separator, is kept whole,
  /// and so is a URL (a word holding `://` outside a record): it overflows the line rather than
  /// being cut, so that it can still be copied and pasted. `wrap` puts each piece but the first
  /// on a line of its own.
  static func pieces(of word: Substring, fitting room: Int) -> [Substring] {
    guard displayWidth(word) > room, room > 0 else { return [word] }
    let records = recordSpans(in: word)
    if records.isEmpty, word.contains("://") { return [word] }
    let memberEnds = Set(records.flatMap { memberCommas(in: word[$0]) })
    var pieces: [Substring] = []
    var start = word.startIndex
    var lastBreak: String.Index?
    var used = 0
    var i = word.startIndex
    while i < word.endIndex {
      let c = word[i]
      used += displayWidth(String(c))
      let next = word.index(after: i)
      if memberEnds.contains(i) || ("/&,|?".contains(c) && !records.contains(where: { $0.contains(i) })) {
        lastBreak = next
      }
      if used > room, let cut = lastBreak, cut > start {
        pieces.append(word[start..<cut])
        start = cut
        lastBreak = nil
        used = displayWidth(word[start..<next])
      }
      i = next
    }
    pieces.append(word[start...])
    return pieces
  }

  /// Lines written hard-wrapped in the source (help text), flowed again to `width`: a line joins
  /// the one before it when it is indented as that one and the one before does not end a sentence
  /// or introduce a list (`.`, `:`), or when it is indented deeper than the first line of its
  /// paragraph (a continuation, kept as the hanging indent). Lines indented deeper after a line
  /// that ends with `:` are a block (an example record, a list): each is kept as it is, and only
  /// wrapped when too wide. Empty lines stay.
  public static func reflow(_ lines: [String], width: Int) -> [String] {
    var out: [String] = []
    var paragraph: (indent: Int, hanging: Int?, text: String)?
    var lastLine = ""
    var block: Int?
    func flush() {
      guard let p = paragraph else { return }
      out += wrap(p.text, width: width, indent: p.indent, hanging: p.hanging ?? p.indent)
      paragraph = nil
    }
    for line in lines {
      let indent = line.prefix { $0 == " " }.count
      let content = line.dropFirst(indent)
      if content.isEmpty {
        flush()
        out.append("")
        lastLine = ""
        block = nil
        continue
      }
      let previousIndent = lastLine.prefix { $0 == " " }.count
      if let base = block, indent > base {
        out += verbatim(line, width: width)
        lastLine = line
        continue
      }
      block = nil
      if lastLine.hasSuffix(":"), indent > previousIndent {
        flush()
        block = previousIndent
        out += verbatim(line, width: width)
        lastLine = line
        continue
      }
      if var p = paragraph {
        let endsSentence = [".", ":"].contains { lastLine.hasSuffix($0) }
        let deeper =
          indent > p.indent && (p.hanging == nil || p.hanging == indent)
          && (indent > previousIndent || !endsSentence)
        let same = indent == previousIndent && indent == (p.hanging ?? p.indent) && !endsSentence
        if deeper || same {
          if indent > p.indent { p.hanging = indent }
          p.text += " " + content
          paragraph = p
          lastLine = line
          continue
        }
      }
      flush()
      paragraph = (indent, nil, String(content))
      lastLine = line
    }
    flush()
    return out
  }

  /// A line kept as it is when it fits `width`, else wrapped with a hanging indent two columns
  /// deeper than its own (an example command, a record).
  public static func verbatim(_ line: String, width: Int) -> [String] {
    guard displayWidth(line) > width else { return [line] }
    let indent = line.prefix { $0 == " " }.count
    return wrap(String(line.dropFirst(indent)), width: width, indent: indent, hanging: indent + 4)
  }

  /// Rows of a term and its description (options, commands, exit codes): the term in a column of
  /// `termWidth`, the description wrapped beside it with a hanging indent; where the two cannot
  /// share a line (a narrow terminal or a long term), the description goes under the term,
  /// indented by `indent + 4`.
  public static func table(_ rows: [(term: String, description: String)], width: Int, indent: Int = 2)
    -> [String]
  {
    let termWidth = (rows.map { displayWidth($0.term) }.max() ?? 0) + 2
    let pad = String(repeating: " ", count: indent)
    var out: [String] = []
    let beside = indent + termWidth + 20 <= width
    for row in rows {
      let termSize = displayWidth(row.term)
      if beside {
        var lines = wrap(row.description, width: width - indent - termWidth, indent: 0)
        lines[0] =
          pad + row.term
          + (lines[0].isEmpty ? "" : String(repeating: " ", count: termWidth - termSize) + lines[0])
        for i in lines.indices.dropFirst() {
          lines[i] = pad + String(repeating: " ", count: termWidth) + lines[i]
        }
        out += lines
      } else {
        out.append(pad + row.term)
        if !row.description.isEmpty { out += wrap(row.description, width: width, indent: indent + 4) }
      }
    }
    return out
  }
}
