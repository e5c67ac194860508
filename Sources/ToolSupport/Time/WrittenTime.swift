import PipeProtocol

/// A time as a person writes it for `--now` (PROTOCOL.md, "Times for people"): the one parser of
/// every date option. What it means may hang on the zone times are shown in (`2026-11-29` is that
/// zone's midnight) and on the real clock (`yesterday`), so it is kept as written and made a
/// moment by `seconds(in:clock:)` once the command knows its zone.
public enum WrittenTime: Sendable, Equatable {
  /// A moment: a record date-time (`Z` or an offset) or `@SECONDS`.
  case instant(Int)
  /// A wall-clock time with no zone (a day is its midnight), as seconds since 1970 read as UTC.
  case local(Int)
  /// `now`, `N minutes ago`, `N hours ago`: this many seconds before the real clock.
  case secondsAgo(Int)
  /// `today`, `yesterday`, `N days ago`: the real clock's time of day, this many local days back.
  case daysAgo(Int)

  /// The largest N of `N minutes|hours|days ago`.
  public static let largestCount = 99_999

  /// What the option takes, in words (for help, manuals and the command-line contract).
  public static let forms =
    "a date-time with Z or an offset, a local date or date-time (YYYY-MM-DD[THH:MM[:SS]]), @SECONDS, "
    + "now, today, yesterday, or N minutes|hours|days ago"

  /// Parses what a person wrote (nil when it is none of the forms):
  /// - a record date-time, `2026-11-29T10:00:00Z` or `...-08:00`, and `@SECONDS`: that moment;
  /// - a date, `2026-11-29`, or a date-time with no zone, `2026-11-29T10:00`,
  ///   `2026-11-29T10:00:00` or `2026-11-29 10:00:00`: local, in the zone times are shown in;
  /// - `now`, `today`, `yesterday`, `N minutes ago`, `N hours ago`, `N days ago` (N from 0 to
  ///   99,999; `1 day ago` or `1 days ago` alike; letters in any case): from the real clock.
  public static func parse(_ text: String) -> WrittenTime? {
    if let seconds = ISODate.parseOption(text), ISODate.parseDay(text) == nil { return .instant(seconds) }
    if let local = parseLocal(text) { return .local(local) }
    return parseWords(text.lowercased())
  }

  /// The moment it names: local forms in `zone` (PROTOCOL.md's rule where the clocks change), the
  /// words from `clock`; always within `ISODate.range`.
  public func seconds(in zone: LocalTime.Zone, clock: Int) -> Int {
    let moment: Int
    switch self {
    case .instant(let seconds): moment = seconds
    case .local(let local): moment = zone.moment(local: local)
    case .secondsAgo(let seconds): moment = clock - seconds
    case .daysAgo(0): moment = clock
    case .daysAgo(let days):
      let local = clock + zone.offset(at: clock)
      moment = zone.moment(local: local - days * 86_400)
    }
    return min(max(moment, ISODate.range.lowerBound), ISODate.range.upperBound)
  }

  /// `YYYY-MM-DD`, or `YYYY-MM-DD` then `T` or a space, `HH:MM` and optionally `:SS`, with no
  /// zone; seconds since 1970 as if UTC. The first and last day of the years 0000 to 9999 are
  /// refused, so that the moment is within those years in every zone.
  static func parseLocal(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 10, let day = ISODate.parseDay(String(decoding: bytes[0..<10], as: UTF8.self)) else {
      return nil
    }
    guard day > ISODate.range.lowerBound, day + 86_400 <= ISODate.range.upperBound else { return nil }
    if bytes.count == 10 { return day }
    guard bytes.count == 16 || bytes.count == 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == 0x20,
      let hour = number(bytes, 11), bytes[13] == UInt8(ascii: ":"), let minute = number(bytes, 14),
      hour < 24, minute < 60
    else { return nil }
    var second = 0
    if bytes.count == 19 {
      guard bytes[16] == UInt8(ascii: ":"), let value = number(bytes, 17), value < 60 else { return nil }
      second = value
    }
    return day + hour * 3600 + minute * 60 + second
  }

  /// The two-digit number at `at`, or nil.
  static func number(_ bytes: [UInt8], _ at: Int) -> Int? {
    let digits = bytes[at..<(at + 2)]
    guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
  }

  /// `now`, `today`, `yesterday`, `N UNIT ago`, lower-cased, words one space apart.
  static func parseWords(_ text: String) -> WrittenTime? {
    switch text {
    case "now": return .secondsAgo(0)
    case "today": return .daysAgo(0)
    case "yesterday": return .daysAgo(1)
    default: break
    }
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 3, words[2] == "ago", !words[0].isEmpty, words[0].count <= 5,
      words[0].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let count = Int(words[0])
    else { return nil }
    switch words[1] {
    case "minute", "minutes": return .secondsAgo(count * 60)
    case "hour", "hours": return .secondsAgo(count * 3600)
    case "day", "days": return .daysAgo(count)
    default: return nil
    }
  }
}

extension LocalTime.Zone {
  /// The moment a wall-clock time names in this zone (`local`: seconds since 1970 as if UTC). Where
  /// the clocks change it is the rule of PROTOCOL.md ("Times for people"), Python's `fold=0` and
  /// JavaScript Temporal's `compatible`: a time the clocks repeat is the first of its two moments
  /// (1:30 AM PDT, not PST, as GNU `date -d` has it too), and a time they skip is read with the
  /// offset before the change (2:30 AM on the spring-forward day in Los Angeles is 3:30 AM PDT, as
  /// glibc's `mktime` has it; GNU `date -d` refuses it).
  public func moment(local: Int) -> Int {
    // The offsets a day before and a day after: every zone changes its clocks at most once a day.
    let before = offset(at: local - 86_400)
    let after = offset(at: local + 86_400)
    let early = local - max(before, after)
    let late = local - min(before, after)
    if offset(at: early) == local - early { return early }
    if offset(at: late) == local - late { return late }
    return local - before
  }
}
