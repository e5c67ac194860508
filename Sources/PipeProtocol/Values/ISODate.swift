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

  /// Parses a date-time as records carry it (PROTOCOL.md, "Dates"): exactly
  /// `YYYY-MM-DDTHH:MM:SS`, then an optional fraction (`.` and 1 to 9 digits, dropped), then `Z` or
  /// an offset `+HH:MM` / `-HH:MM` (converted to UTC). Everything else is refused: a space or a
  /// lowercase `t`, missing seconds, no zone, a bare date, `+HHMM`, second 60. Returns seconds
  /// since 1970, or nil.
  public static func parse(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { parse(bytes: $0) }
  }

  /// What to do about a date-time written with a space for its `T`, as SQL databases export them
  /// (DuckDB's `COPY ... (FORMAT JSON)` writes `2026-11-29 17:54:28+00`): how to write it in the
  /// protocol's one form, and how to get that from DuckDB; nil for any other text. The date rule
  /// stays one: this only names the way to it in the error.
  public static func hint(for text: String) -> String? {
    let b = Array(text.utf8)
    guard b.count >= 16, b[10] == UInt8(ascii: " "),
      parseDay(String(decoding: b[0..<10], as: UTF8.self)) != nil,
      isDigits(b[11..<13]), b[13] == UInt8(ascii: ":"), isDigits(b[14..<16])
    else { return nil }
    var i = 16
    var time = String(decoding: b[11..<16], as: UTF8.self)
    if i + 3 <= b.count, b[i] == UInt8(ascii: ":"), isDigits(b[(i + 1)..<(i + 3)]) {
      time += String(decoding: b[i..<(i + 3)], as: UTF8.self)
      i += 3
      if i < b.count, b[i] == UInt8(ascii: ".") {
        let start = i
        i += 1
        while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
        time += String(decoding: b[start..<i], as: UTF8.self)
      }
    } else {
      time += ":00"
    }
    let zone: String?
    let rest = b[i...]
    if rest.isEmpty {
      zone = nil
    } else if rest.elementsEqual("Z".utf8) || rest.elementsEqual("z".utf8) || rest.elementsEqual(" UTC".utf8)
    {
      zone = "Z"
    } else if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      let digits = rest.dropFirst().filter { $0 != UInt8(ascii: ":") }
      guard digits.count == 2 || digits.count == 4, isDigits(digits[...]) else { return nil }
      let hours = String(decoding: digits.prefix(2), as: UTF8.self)
      let minutes = digits.count == 4 ? String(decoding: digits.suffix(2), as: UTF8.self) : "00"
      zone = hours == "00" && minutes == "00" ? "Z" : "\(Character(Unicode.Scalar(sign)))\(hours):\(minutes)"
    } else {
      return nil
    }
    let written = String(decoding: b[0..<10], as: UTF8.self) + "T" + time + (zone ?? "Z")
    guard parse(written) != nil else { return nil }
    let how =
      zone == nil ? "write it with its zone, \"\(written)\" if it is UTC" : "write it as \"\(written)\""
    return how + " (from DuckDB: strftime(ts, '%Y-%m-%dT%H:%M:%SZ') with SET TimeZone = 'UTC')"
  }

  /// Whether `bytes` are all ASCII digits.
  static func isDigits(_ bytes: ArraySlice<UInt8>) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy { $0 >= 48 && $0 <= 57 }
  }

  /// Parses the UTF-8 bytes of a record date-time as `parse(_:)` does.
  public static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Int? {
    guard b.count >= 20, var seconds = day(b), b[10] == UInt8(ascii: "T"), let h = number(b, 11, 2),
      b[13] == 58, let mi = number(b, 14, 2), b[16] == 58, let s = number(b, 17, 2), h < 24, mi < 60, s < 60
    else { return nil }
    seconds += h * 3600 + mi * 60 + s
    var i = 19
    if b[i] == UInt8(ascii: ".") {
      i += 1
      let digitsStart = i
      while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
      guard i > digitsStart, i - digitsStart <= 9 else { return nil }
    }
    guard i < b.count else { return nil }
    if b[i] == UInt8(ascii: "Z") { return i + 1 == b.count ? seconds : nil }
    guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), b.count == i + 6, b[i + 3] == 58,
      let oh = number(b, i + 1, 2), let om = number(b, i + 4, 2), oh < 24, om < 60
    else { return nil }
    let offset = (oh * 60 + om) * 60
    seconds = b[i] == UInt8(ascii: "+") ? seconds - offset : seconds + offset
    return range.contains(seconds) ? seconds : nil
  }

  /// The day of the last date-time `parse(bytes:memo:)` read in the `...Z` form, kept so that a
  /// stream of date-times of one day (a stream of orders, most of all) reads its day once.
  public struct DayMemo: Sendable {
    /// The date's first 8 bytes and the 2 after them.
    var head: UInt64 = 0
    var tail: UInt16 = 0
    /// The first second of that day, or `Int.min` before any.
    var seconds = Int.min

    /// A memo of no day yet.
    public init() {}
  }

  /// `parse(bytes:)`, with the day of a `YYYY-MM-DDTHH:MM:SSZ` date taken from `memo` when it is
  /// the day read last (and noted in it otherwise). The same answers as `parse(bytes:)`: the
  /// property test in ISODateTests holds the two together.
  @inline(__always)
  public static func parse(bytes b: UnsafeBufferPointer<UInt8>, memo: inout DayMemo) -> Int? {
    guard b.count == 20, b[19] == UInt8(ascii: "Z"), let base = b.baseAddress else { return parse(bytes: b) }
    let raw = UnsafeRawPointer(base)
    let head = raw.loadUnaligned(as: UInt64.self)
    let tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
    let day: Int
    if memo.seconds != Int.min, head == memo.head, tail == memo.tail {
      day = memo.seconds
    } else {
      guard let first = Self.day(b) else { return nil }
      memo.head = head
      memo.tail = tail
      memo.seconds = first
      day = first
    }
    guard b[10] == UInt8(ascii: "T") else { return nil }
    // `HH:MM:SS` as one word (bytes 11 to 18, before the `Z`): each digit's value, the colons 0.
    let x = raw.loadUnaligned(fromByteOffset: 11, as: UInt64.self).littleEndian ^ 0x3030_3A30_303A_3030
    // Every byte below 10 (one of 10 or more, or with its top bit, sets a top bit), the colons 0.
    guard (x | (x &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 == 0, x & 0x0000_FF00_00FF_0000 == 0
    else { return nil }
    let h = Int(truncatingIfNeeded: x & 0xFF) &* 10 &+ Int(truncatingIfNeeded: (x &>> 8) & 0xFF)
    let mi = Int(truncatingIfNeeded: (x &>> 24) & 0xFF) &* 10 &+ Int(truncatingIfNeeded: (x &>> 32) & 0xFF)
    let s = Int(truncatingIfNeeded: (x &>> 48) & 0xFF) &* 10 &+ Int(truncatingIfNeeded: x &>> 56)
    guard h < 24, mi < 60, s < 60 else { return nil }
    return day + h * 3600 + mi * 60 + s
  }

  /// Parses a day as records carry it: exactly `YYYY-MM-DD`; returns its first second (UTC).
  public static func parseDay(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { $0.count == 10 ? day($0) : nil }
  }

  /// Parses a date in the forms that need no zone and no clock: a record date-time, a day
  /// (`YYYY-MM-DD`, its midnight UTC), or `@SECONDS` since 1970 (within `range`). `--now` reads
  /// a day as local, in the zone times are shown in: ToolSupport's `WrittenTime` is its parser.
  public static func parseOption(_ text: String) -> Int? {
    if text.hasPrefix("@") { return Int(text.dropFirst()).flatMap { range.contains($0) ? $0 : nil } }
    return parseDay(text) ?? parse(text)
  }

  /// The first second of the `YYYY-MM-DD` at the start of `b`, or nil.
  static func day(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
    guard b.count >= 10, let y = number(b, 0, 4), b[4] == 45, let mo = number(b, 5, 2), b[7] == 45,
      let d = number(b, 8, 2), (1...12).contains(mo), d >= 1, d <= daysInMonth(y, mo)
    else { return nil }
    return days(fromCivil: y, mo, d) * 86_400
  }

  /// The decimal number of `count` digits at `from`, or nil.
  static func number(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ count: Int) -> Int? {
    guard from + count <= b.count else { return nil }
    var v = 0
    for i in from..<(from + count) {
      guard b[i] >= 48, b[i] <= 57 else { return nil }
      v = v * 10 + Int(b[i] - 48)
    }
    return v
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

  /// Floor division. (Inlinable: with `b` a constant, as callers mostly pass, the divisions
  /// become multiplications.)
  @inlinable
  public static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }
}
