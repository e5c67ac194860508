/// ISO 8601 dates in UTC, as the protocol writes them: `2026-11-29T10:02:13Z`.
public enum ISODate {
  /// The moments `parse` accepts: the years 0000 to 9999, which four digits can write (so that
  /// date arithmetic on parsed values never overflows).
  public static let range = -62_167_219_200...253_402_300_799

  /// Formats seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ` (fractions dropped, rounding down).
  public static func format(_ seconds: Int) -> String {
    let days = floorDiv(seconds, 86_400)
    let secs = seconds - days * 86_400
    let (y, m, d) = civil(fromDays: days)
    return
      "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secs / 3600, 2)):\(pad(secs / 60 % 60, 2)):\(pad(secs % 60, 2))Z"
  }

  /// Formats seconds since 1970 as a day, `YYYY-MM-DD`.
  public static func formatDay(_ seconds: Int) -> String {
    let (y, m, d) = civil(fromDays: floorDiv(seconds, 86_400))
    return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))"
  }

  /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z` or `±HH:MM` (or none: UTC), or
  /// `@SECONDS` (within `range`); returns seconds since 1970 (fractions dropped), or nil.
  public static func parse(_ text: String) -> Int? {
    if text.hasPrefix("@") { return Int(text.dropFirst()).flatMap { range.contains($0) ? $0 : nil } }
    var text = text
    return text.withUTF8 { parse(bytes: $0) }
  }

  /// Parses the UTF-8 bytes of a date as `parse(_:)` does (without the `@SECONDS` form).
  public static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Int? {
    func num(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= b.count else { return nil }
      var v = 0
      for i in from..<(from + count) {
        guard b[i] >= 48, b[i] <= 57 else { return nil }
        v = v * 10 + Int(b[i] - 48)
      }
      return v
    }
    guard b.count >= 10, let y = num(0, 4), b[4] == 45, let mo = num(5, 2), b[7] == 45, let d = num(8, 2),
      (1...12).contains(mo), d >= 1, d <= daysInMonth(y, mo)
    else { return nil }
    var seconds = days(fromCivil: y, mo, d) * 86_400
    if b.count == 10 { return seconds }
    guard b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "), let h = num(11, 2), b.count > 13,
      b[13] == 58,
      let mi = num(14, 2), h < 24, mi < 60
    else { return nil }
    seconds += h * 3600 + mi * 60
    var i = 16
    if i < b.count, b[i] == 58 {
      guard let s = num(17, 2), s < 61 else { return nil }
      seconds += s
      i = 19
      if i < b.count, b[i] == UInt8(ascii: ".") {
        i += 1
        let digitsStart = i
        while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
        guard i > digitsStart else { return nil }
      }
    }
    if i == b.count { return seconds }
    if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") { return i + 1 == b.count ? seconds : nil }
    guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), let oh = num(i + 1, 2) else { return nil }
    var om = 0
    if b.count == i + 6, b[i + 3] == 58, let m = num(i + 4, 2) {
      om = m
    } else if b.count == i + 5, let m = num(i + 3, 2) {
      om = m
    } else if b.count != i + 3 {
      return nil
    }
    let offset = (oh * 60 + om) * 60
    return b[i] == UInt8(ascii: "+") ? seconds - offset : seconds + offset
  }

  /// Days since 1970-01-01 for a proleptic Gregorian date.
  public static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The Gregorian date of a day number (days since 1970-01-01).
  public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = floorDiv(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// The number of days in a month of a year.
  public static func daysInMonth(_ year: Int, _ month: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Floor division.
  public static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }
}
