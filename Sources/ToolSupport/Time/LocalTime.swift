import Glibc
import PipeProtocol

/// Times shown to people, in a place's own time zone and labelled with the zone's abbreviation
/// (`6 PM PST`, `Today, 9:41 AM PST`); records stay UTC.
///
/// The zone is `$TZ` when the user sets it (not empty), else the one a tool passes for its place (a
/// city's zone from the tz database). Zones are read from the tz database's compiled files
/// (`$TZDIR`, else /usr/share/zoneinfo) by `Zone`, without changing the process's own time zone,
/// so that several zones can be used at once and tests may run side by side.
public enum LocalTime {
  /// The zone of the truck's home city, Cupertino: the one the clock rule falls back to where no
  /// city applies (the Wishlist's dates), the same as FoodTruckKit's `City.truck` (a test holds
  /// them together).
  public static let homeZoneIdentifier = "America/Los_Angeles"

  /// The zone for every time and day a person sees, by the one clock rule (PROTOCOL.md, "Times
  /// for people"): `$TZ` when set, else the zone named `identifier` (the truck city's).
  public static func forPeople(default identifier: String = homeZoneIdentifier) -> Zone {
    zone(default: identifier)
  }

  /// The zone to show times in: `$TZ` when set and not empty, else the zone named `identifier`
  /// (`America/Los_Angeles`). A zone that cannot be read is said once as a warning, and UTC is
  /// used (labelled `UTC`, so the times never pass for local ones).
  public static func zone(default identifier: String, environment: String? = Environment.get("TZ")) -> Zone {
    if let zone = userZone(environment: environment) { return zone }
    if let zone = Zone.named(identifier) { return zone }
    warn("the time zone '\(identifier)' is not in the tz database (\(Zone.folder)); times are shown in UTC")
    return .utc
  }

  /// The zone the user set in `TZ` (when set and not empty), else nil; a zone that cannot be read is
  /// said as a warning, and UTC is used.
  public static func userZone(environment: String? = Environment.get("TZ")) -> Zone? {
    guard let given = environment, !given.isEmpty else { return nil }
    if let zone = Zone.named(given) { return zone }
    warn("TZ names the time zone '\(given)', which the tz database does not have; times are shown in UTC")
    return .utc
  }

  /// `6 PM PST`: the hour, and the zone's abbreviation unless `label` is false.
  public static func hour(_ seconds: Int, in zone: Zone, label: Bool = true) -> String {
    let parts = zone.components(seconds)
    return "\(twelve(parts.hour)) \(parts.hour < 12 ? "AM" : "PM")" + suffix(seconds, zone, label)
  }

  /// `9:41 AM PST`: the time to the minute, and the zone's abbreviation unless `label` is false.
  public static func time(_ seconds: Int, in zone: Zone, label: Bool = true) -> String {
    let parts = zone.components(seconds)
    let minute = parts.minute < 10 ? "0\(parts.minute)" : "\(parts.minute)"
    return "\(twelve(parts.hour)):\(minute) \(parts.hour < 12 ? "AM" : "PM")" + suffix(seconds, zone, label)
  }

  /// The day as the sample names it, seen from `now` in `zone`: `Today`, `Yesterday`, or
  /// `Nov 27, 2026`.
  public static func day(_ seconds: Int, now: Int, in zone: Zone) -> String {
    let day = zone.localDay(seconds)
    let today = zone.localDay(now)
    if day == today { return "Today" }
    if day == today - 1 { return "Yesterday" }
    let (year, month, dayOfMonth) = ISODate.civil(fromDays: day)
    return "\(monthNames[month - 1]) \(dayOfMonth), \(year)"
  }

  /// `Today, 9:41 AM PST`: `day` and `time`, as the sample dates a post or an order.
  public static func dayAndTime(_ seconds: Int, now: Int, in zone: Zone, label: Bool = true) -> String {
    "\(day(seconds, now: now, in: zone)), \(time(seconds, in: zone, label: label))"
  }

  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  static func twelve(_ hour: Int) -> Int { hour % 12 == 0 ? 12 : hour % 12 }

  static func suffix(_ seconds: Int, _ zone: Zone, _ label: Bool) -> String {
    label ? " " + zone.abbreviation(at: seconds) : ""
  }

  static func warn(_ message: String) {
    Diagnostics.warn(message, tool: CommandLine.arguments.first.map(Files.basename) ?? "samplepipes")
  }
}

extension LocalTime {
  /// A time zone: its UTC offset and abbreviation at any moment, from the tz database's compiled
  /// file (TZif, RFC 8536) and the POSIX TZ rule at its end, or from a POSIX TZ string alone.
  public struct Zone: Equatable, Sendable {
    /// The name it was found by: `America/Los_Angeles`, `UTC`, or a TZ string.
    public let name: String
    /// Moments (seconds since 1970, ascending) at which the local time type changes.
    let transitions: [Int]
    /// The type in force from each transition on (an index into `types`).
    let typeIndices: [Int]
    /// The local time types; the first is in force before the first transition.
    let types: [LocalType]
    /// The rule for moments after the last transition, if the file has one.
    let rule: PosixRule?

    /// UTC, labelled `UTC`.
    public static let utc = Zone(name: "UTC", transitions: [], typeIndices: [], types: [.utc], rule: nil)

    /// Where the tz database's files are: `$TZDIR`, else /usr/share/zoneinfo.
    public static var folder: String {
      Environment.get("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    }

    /// The zone with this name in the tz database (`Europe/London`; `:Europe/London` and an
    /// absolute path as `TZ` allows), else the zone a POSIX TZ string describes (`PST8PDT,M3.2.0,
    /// M11.1.0`, `UTC0`); nil when it is neither. Names that climb out of the database's folder
    /// (`..`) are refused.
    public static func named(_ text: String) -> Zone? {
      var name = Substring(text)
      if name.first == ":" { name = name.dropFirst() }
      guard !name.isEmpty else { return nil }
      let climbs = name.split(separator: "/").contains("..")
      if !climbs {
        let path = name.first == "/" ? String(name) : "\(folder)/\(name)"
        if let bytes = read(path), let zone = parse(tzif: bytes, name: String(name)) { return zone }
      }
      if name == "UTC" || name == "GMT" || name == "Etc/UTC" || name == "Etc/GMT" {
        return Zone(name: String(name), transitions: [], typeIndices: [], types: [.utc], rule: nil)
      }
      guard text.first != ":", let rule = PosixRule(String(name)) else { return nil }
      return Zone(name: String(name), transitions: [], typeIndices: [], types: [rule.standard], rule: rule)
    }

    /// Seconds east of UTC at a moment (`-28800` for PST).
    public func offset(at seconds: Int) -> Int { type(at: seconds).offset }

    /// The zone's abbreviation at a moment: `PST`, `PDT`, `GMT`, `BST`, `+03`.
    public func abbreviation(at seconds: Int) -> String { type(at: seconds).abbreviation }

    /// Whether daylight saving time is in force at a moment.
    public func isDaylightSaving(at seconds: Int) -> Bool { type(at: seconds).isDST }

    /// The local date and time of a moment.
    public func components(_ seconds: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
      let local = seconds + offset(at: seconds)
      let days = ISODate.floorDiv(local, 86_400)
      let (year, month, day) = ISODate.civil(fromDays: days)
      let time = local - days * 86_400
      return (year, month, day, time / 3600, time / 60 % 60)
    }

    /// The local day of a moment, as days since 1970-01-01.
    public func localDay(_ seconds: Int) -> Int {
      ISODate.floorDiv(seconds + offset(at: seconds), 86_400)
    }

    func type(at seconds: Int) -> LocalType {
      guard let first = transitions.first, seconds >= first else {
        if transitions.isEmpty, let rule { return rule.type(at: seconds) }
        return types[0]
      }
      if seconds >= transitions[transitions.count - 1], let rule { return rule.type(at: seconds) }
      var low = 0
      var high = transitions.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
      }
      return types[typeIndices[low]]
    }

    /// The bytes of a time zone file (`Files.readBounded`: a regular file of at most
    /// `ReadLimit.settings`), or nil.
    static func read(_ path: String) -> [UInt8]? {
      try? Files.readBounded(path, limit: ReadLimit.settings, what: "a time zone file")
    }

    /// A TZif file (versions 1 to 4): the 64-bit data when there is some, and the footer's rule.
    static func parse(tzif b: [UInt8], name: String) -> Zone? {
      guard b.count >= 44, b[0] == 0x54, b[1] == 0x5A, b[2] == 0x69, b[3] == 0x66 else { return nil }
      func int32(_ at: Int) -> Int {
        Int(
          Int32(
            bitPattern: UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8
              | UInt32(b[at + 3])))
      }
      func int64(_ at: Int) -> Int {
        var value: UInt64 = 0
        for i in 0..<8 { value = value << 8 | UInt64(b[at + i]) }
        return Int(Int64(bitPattern: value))
      }
      func counts(_ at: Int) -> [Int]? {
        guard at + 44 <= b.count else { return nil }
        let values = (0..<6).map { int32(at + 20 + 4 * $0) }
        return values.allSatisfy { (0...1_000_000).contains($0) } ? values : nil
      }
      guard var c = counts(0) else { return nil }
      var timeSize = 4
      var start = 44
      if b[4] >= 0x32 {
        let skip = c[3] * 5 + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0]
        guard let second = counts(44 + skip), b[44 + skip] == 0x54 else { return nil }
        c = second
        timeSize = 8
        start = 44 + skip + 44
      }
      let (isUTCCount, isStdCount, leapCount, timeCount, typeCount, charCount) = (
        c[0], c[1], c[2], c[3], c[4], c[5]
      )
      let end =
        start + timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4)
        + isStdCount + isUTCCount
      guard typeCount > 0, end <= b.count else { return nil }
      var at = start
      var transitions: [Int] = []
      for _ in 0..<timeCount {
        transitions.append(timeSize == 8 ? int64(at) : int32(at))
        at += timeSize
      }
      let indices = (0..<timeCount).map { Int(b[at + $0]) }
      at += timeCount
      guard indices.allSatisfy({ $0 < typeCount }) else { return nil }
      let typesStart = at
      let chars = typesStart + typeCount * 6
      var types: [LocalType] = []
      for i in 0..<typeCount {
        let entry = typesStart + 6 * i
        let index = Int(b[entry + 5])
        guard index < charCount else { return nil }
        var stop = chars + index
        while stop < chars + charCount, b[stop] != 0 { stop += 1 }
        types.append(
          LocalType(
            offset: int32(entry), isDST: b[entry + 4] != 0,
            abbreviation: String(decoding: b[(chars + index)..<stop], as: UTF8.self)))
      }
      var rule: PosixRule?
      if timeSize == 8, end < b.count, b[end] == 0x0A,
        let close = b[(end + 1)...].firstIndex(of: 0x0A), close > end + 1
      {
        rule = PosixRule(String(decoding: b[(end + 1)..<close], as: UTF8.self))
      }
      return Zone(name: name, transitions: transitions, typeIndices: indices, types: types, rule: rule)
    }
  }

  /// A local time type: its offset east of UTC, whether it is daylight saving time, its abbreviation.
  struct LocalType: Equatable, Sendable {
    var offset: Int
    var isDST: Bool
    var abbreviation: String

    static let utc = LocalType(offset: 0, isDST: false, abbreviation: "UTC")
  }

  /// A POSIX TZ rule (`PST8PDT,M3.2.0,M11.1.0`): standard time, and daylight saving time between
  /// two dates of every year.
  struct PosixRule: Equatable, Sendable {
    /// The day a change happens on.
    enum RuleDay: Equatable, Sendable {
      /// `Jn`: day n of 1...365, February 29 never counted.
      case julian(Int)
      /// `n`: day n of 0...365, February 29 counted.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday d (0 Sunday) of week w (5: the last) of month m.
      case monthWeekDay(Int, Int, Int)
    }

    var standard: LocalType
    var daylight: LocalType?
    var start: (day: RuleDay, time: Int) = (.monthWeekDay(3, 2, 0), 7200)
    var end: (day: RuleDay, time: Int) = (.monthWeekDay(11, 1, 0), 7200)

    static func == (a: PosixRule, b: PosixRule) -> Bool {
      a.standard == b.standard && a.daylight == b.daylight && a.start.day == b.start.day
        && a.start.time == b.start.time && a.end.day == b.end.day && a.end.time == b.end.time
    }

    /// Parses a TZ string; nil when it is not one. Without dates, daylight saving time follows the
    /// US rule (second Sunday of March to first Sunday of November), as glibc does.
    init?(_ text: String) {
      var s = Substring(text)
      func name() -> String? {
        if s.first == "<" {
          guard let close = s.firstIndex(of: ">") else { return nil }
          let name = s[s.index(after: s.startIndex)..<close]
          s = s[s.index(after: close)...]
          return name.count >= 3 ? String(name) : nil
        }
        let letters = s.prefix { $0.isASCII && $0.isLetter }
        s = s.dropFirst(letters.count)
        return letters.count >= 3 ? String(letters) : nil
      }
      func number(_ maxValue: Int) -> Int? {
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, let value = Int(digits), value <= maxValue else {
          return nil
        }
        s = s.dropFirst(digits.count)
        return value
      }
      func time(maxHours: Int) -> Int? {
        var sign = 1
        if s.first == "+" || s.first == "-" {
          sign = s.first == "-" ? -1 : 1
          s = s.dropFirst()
        }
        guard let hours = number(maxHours) else { return nil }
        var total = hours * 3600
        for unit in [60, 1] where s.first == ":" {
          s = s.dropFirst()
          guard let value = number(59) else { return nil }
          total += value * unit
        }
        return sign * total
      }
      func day() -> RuleDay? {
        if s.first == "J" {
          s = s.dropFirst()
          guard let n = number(365), n >= 1 else { return nil }
          return .julian(n)
        }
        if s.first == "M" {
          s = s.dropFirst()
          guard let m = number(12), m >= 1, s.popFirst() == ".", let w = number(5), w >= 1,
            s.popFirst() == ".",
            let d = number(6)
          else { return nil }
          return .monthWeekDay(m, w, d)
        }
        guard let n = number(365) else { return nil }
        return .zeroBased(n)
      }
      func change() -> (day: RuleDay, time: Int)? {
        guard let day = day() else { return nil }
        guard s.first == "/" else { return (day, 7200) }
        s = s.dropFirst()
        guard let time = time(maxHours: 167) else { return nil }
        return (day, time)
      }
      guard let standardName = name(), let standardOffset = time(maxHours: 24) else { return nil }
      standard = LocalType(offset: -standardOffset, isDST: false, abbreviation: standardName)
      if s.isEmpty {
        daylight = nil
        return
      }
      guard let daylightName = name() else { return nil }
      var daylightOffset = standard.offset + 3600
      if let first = s.first, first != "," {
        guard let offset = time(maxHours: 24) else { return nil }
        daylightOffset = -offset
      }
      daylight = LocalType(offset: daylightOffset, isDST: true, abbreviation: daylightName)
      if s.first == "," {
        s = s.dropFirst()
        guard let start = change(), s.popFirst() == ",", let end = change() else { return nil }
        self.start = start
        self.end = end
      }
      guard s.isEmpty else { return nil }
    }

    /// The local time type at a moment.
    func type(at seconds: Int) -> LocalType {
      guard let daylight else { return standard }
      let year = ISODate.civil(fromDays: ISODate.floorDiv(seconds + standard.offset, 86_400)).year
      let begins = PosixRule.days(start.day, year: year) * 86_400 + start.time - standard.offset
      let ends = PosixRule.days(end.day, year: year) * 86_400 + end.time - daylight.offset
      let inDaylight =
        begins < ends ? (begins <= seconds && seconds < ends) : !(ends <= seconds && seconds < begins)
      return inDaylight ? daylight : standard
    }

    /// The day a rule names in a year, as days since 1970-01-01.
    static func days(_ day: RuleDay, year: Int) -> Int {
      let january1 = ISODate.days(fromCivil: year, 1, 1)
      switch day {
      case .julian(let n):
        let leap = ISODate.daysInMonth(year, 2) == 29
        return january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
      case .zeroBased(let n):
        return january1 + n
      case .monthWeekDay(let month, let week, let weekday):
        let first = ISODate.days(fromCivil: year, month, 1)
        // 1970-01-01 was a Thursday (weekday 4).
        let firstWeekday = ((first + 4) % 7 + 7) % 7
        var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
        while dayOfMonth > ISODate.daysInMonth(year, month) { dayOfMonth -= 7 }
        return first + dayOfMonth - 1
      }
    }
  }
}
