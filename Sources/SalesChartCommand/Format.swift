import PipeProtocol
import ToolSupport

/// Small text helpers shared by the charts.
enum Format {
  /// `91 Donuts`, `1 Donut`, `2,651,892 Donuts`.
  static func donuts(_ n: Int) -> String { Numbers.count(n, "Donut") }

  /// `1 order record`, `3 order records`.
  static func records(_ n: Int, _ type: String) -> String { Numbers.count(n, "\(type) record") }

  /// A coordinate with at most one decimal: `12`, `12.5` (the one number formatter of every
  /// SVG, `JSONNumber(_:fractionDigits:)`).
  static func number(_ x: Double) -> String { JSONNumber(x, fractionDigits: 1).text }

  /// `text` padded with spaces to `width` columns.
  static func pad(_ text: String, _ width: Int) -> String { TextLayout.padded(text, to: width) }

  /// `text` padded on the left to `width` columns.
  static func padLeft(_ text: String, _ width: Int) -> String {
    let size = TextLayout.displayWidth(text)
    return size >= width ? text : String(repeating: " ", count: width - size) + text
  }

  /// `text` cut to at most `width` columns, ending in "…" when cut.
  static func shorten(_ text: String, to width: Int) -> String {
    guard TextLayout.displayWidth(text) > width else { return text }
    var out = ""
    var used = 0
    for character in text {
      let size = TextLayout.displayWidth(String(character))
      if used + size > width - 1 { break }
      out.append(character)
      used += size
    }
    while out.last == " " { out.removeLast() }
    return out + "…"
  }

  /// A chart's first line, its parts joined by " · " (the first in bold), broken at the
  /// separators into lines of at most `width` columns.
  static func header(_ parts: [String], width: Int, style: Terminal.Style) -> String {
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, TextLayout.displayWidth(last) + 3 + TextLayout.displayWidth(part) <= width {
        lines[lines.count - 1] = last + " · " + part
      } else {
        lines.append(part)
      }
    }
    guard let first = parts.first, !lines.isEmpty else { return "" }
    lines[0] = style.bold(first) + lines[0].dropFirst(first.count)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The three-letter English month names.
  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Round tick values from at or below `low` to at or above `high`, at most `count` steps of
  /// 1, 2 or 5 × 10ⁿ.
  static func ticks(from low: Int, to high: Int, count: Int) -> [Int] {
    let span = max(high - low, 1)
    var magnitude = 1
    var step = 1
    search: while true {
      for factor in [1, 2, 5] {
        step = magnitude * factor
        if (span + step - 1) / step <= count { break search }
      }
      magnitude *= 10
    }
    var values = [ISODate.floorDiv(low, step) * step]
    while values[values.count - 1] < high { values.append(values[values.count - 1] + step) }
    return values
  }

  /// Words of `text` gathered into at most `maxLines` lines of about `limit` characters.
  static func wrap(_ text: String, limit: Int, maxLines: Int) -> [String] {
    var lines: [String] = []
    for word in text.split(separator: " ") {
      if let last = lines.last, last.count + 1 + word.count <= limit || lines.count == maxLines {
        lines[lines.count - 1] = last + " " + word
      } else {
        lines.append(String(word))
      }
    }
    return lines
  }
}
