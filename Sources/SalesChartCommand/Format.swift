import PipeProtocol

/// Small text helpers shared by the charts.
enum Format {
  /// `12345` as `12,345`.
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return n < 0 ? "-" + out : out
  }

  /// `91 Donuts`, `1 Donut`.
  static func donuts(_ n: Int) -> String { "\(grouped(n)) \(n == 1 ? "Donut" : "Donuts")" }

  /// `1 order record`, `3 order records`.
  static func records(_ n: Int, _ type: String) -> String {
    "\(grouped(n)) \(type) record\(n == 1 ? "" : "s")"
  }

  /// A coordinate with at most one decimal: `12`, `12.5`.
  static func number(_ x: Double) -> String {
    let tenths = Int((x * 10).rounded())
    let whole = tenths / 10
    let fraction = abs(tenths % 10)
    let sign = tenths < 0 && whole == 0 ? "-" : ""
    return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  /// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
  static func csv(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
    return "\"" + field.replacing("\"", with: "\"\"") + "\""
  }

  /// `text` padded with spaces to `width` characters.
  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// `text` padded on the left to `width` characters.
  static func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
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
