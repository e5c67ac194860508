/// Lays a story out for reading in focus mode: verbatim text, soft-wrapped at spaces to a column,
/// indented by a margin.
///
/// - Line ends are `\n`, `\r\n` or `\r`; a final line end does not add an empty line.
/// - Lines are broken at spaces (the spaces at a break are dropped); a word longer than the
///   column is broken between characters. Leading spaces (indentation) are kept.
/// - Tabs become spaces up to the next multiple of 8 columns; other control characters are shown
///   in caret notation (`^@` for NUL, `^[` for ESC) so that the terminal never interprets them.
/// - Wide characters (CJK, emoji) take two columns, combining marks none.
public enum FocusLayout {
  /// The margin for a terminal `width` when none is given: 4 columns, 2 below 40 columns.
  public static func defaultMargin(width: Int) -> Int { width < 40 ? 2 : 4 }

  /// The laid-out lines (without line ends) of `text` for a screen `width` wide.
  public static func lines(_ text: String, width: Int, margin: Int) -> [String] {
    let column = max(1, width - 2 * margin)
    let indent = String(repeating: " ", count: margin)
    var out: [String] = []
    for hardLine in hardLines(text) {
      for line in wrap(cells(hardLine), column: column) {
        out.append(line.isEmpty ? "" : indent + line)
      }
    }
    return out
  }

  /// The text split at line ends; a final line end does not start another line.
  static func hardLines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      let next = text.index(after: index)
      if c == "\n" || c == "\r\n" || c == "\r" {
        lines.append(text[start..<index])
        start = next
      }
      index = next
    }
    if start < text.endIndex { lines.append(text[start...]) }
    return lines
  }

  /// One displayed cell group: its text, its width in columns, and whether it is a space.
  struct Cell {
    var text: String
    var width: Int
    var isSpace: Bool
  }

  /// The characters of one line as cells: tabs expanded, controls made visible.
  static func cells(_ line: Substring) -> [Cell] {
    var cells: [Cell] = []
    var column = 0
    for character in line {
      if character == "\t" {
        let n = 8 - column % 8
        for _ in 0..<n { cells.append(Cell(text: " ", width: 1, isSpace: true)) }
        column += n
        continue
      }
      if character == " " {
        cells.append(Cell(text: " ", width: 1, isSpace: true))
        column += 1
        continue
      }
      let shown = visible(character)
      let w = displayWidth(shown)
      cells.append(Cell(text: shown, width: w, isSpace: false))
      column += w
    }
    return cells
  }

  /// A character with control characters replaced by caret notation (C1 controls by U+FFFD).
  static func visible(_ character: Character) -> String {
    var out = ""
    for scalar in character.unicodeScalars {
      let v = scalar.value
      if v < 0x20 || v == 0x7F {
        out += "^" + String(Character(Unicode.Scalar(UInt8(v ^ 0x40))))
      } else if v >= 0x80 && v < 0xA0 {
        out += "\u{FFFD}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The number of terminal columns a piece of text takes.
  public static func displayWidth(_ text: String) -> Int {
    var total = 0
    for character in text { total += width(of: character) }
    return total
  }

  /// The columns of one character: 2 for wide and emoji, 0 for a lone mark or zero-width, else 1.
  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
    if isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if first.value == 0x200B { return 0 }
    return 1
  }

  /// East Asian wide and fullwidth ranges.
  static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default: return false
    }
  }

  /// Greedy wrapping of one line's cells to `column` columns.
  static func wrap(_ cells: [Cell], column: Int) -> [String] {
    if cells.isEmpty { return [""] }
    // Split into alternating runs of spaces and of other cells.
    var runs: [(cells: ArraySlice<Cell>, isSpace: Bool)] = []
    var start = 0
    for i in 1...cells.count where i == cells.count || cells[i].isSpace != cells[start].isSpace {
      runs.append((cells[start..<i], cells[start].isSpace))
      start = i
    }
    var lines: [String] = []
    var line = ""
    var used = 0
    var afterBreak = false
    var pendingSpaces: ArraySlice<Cell> = []
    func breakLine() {
      lines.append(line)
      line = ""
      used = 0
      afterBreak = true
      pendingSpaces = []
    }
    for run in runs {
      if run.isSpace {
        if used == 0 && afterBreak { continue }
        if used == 0 {
          // Indentation at the start of a line is kept (as far as it fits).
          for cell in run.cells where used < column {
            line += cell.text
            used += 1
          }
          continue
        }
        pendingSpaces = run.cells
        continue
      }
      let wordWidth = run.cells.reduce(0) { $0 + $1.width }
      if used > 0, used + pendingSpaces.count + wordWidth > column { breakLine() }
      if used > 0 {
        for cell in pendingSpaces {
          line += cell.text
          used += 1
        }
      }
      pendingSpaces = []
      for cell in run.cells {
        if used > 0, used + cell.width > column { breakLine() }
        line += cell.text
        used += cell.width
      }
    }
    lines.append(line)
    return lines
  }
}
