import PipeProtocol

/// Months are counted as `year * 12 + month - 1`, so that consecutive months are consecutive numbers.
public enum MonthNumber {
  /// The month number of a day number (days since 1970-01-01).
  public static func of(day: Int) -> Int {
    let (y, m, _) = ISODate.civil(fromDays: day)
    return y * 12 + m - 1
  }

  /// The day number of the first day of a month number.
  public static func firstDay(_ month: Int) -> Int {
    ISODate.days(fromCivil: ISODate.floorDiv(month, 12), month - ISODate.floorDiv(month, 12) * 12 + 1, 1)
  }

  /// `2026-11`.
  public static func format(_ month: Int) -> String {
    String(ISODate.formatDay(firstDay(month) * 86_400).prefix(7))
  }

  /// Parses `YYYY-MM`; nil when it is not a month.
  public static func parse(_ text: String) -> Int? {
    guard text.utf8.count == 7, let seconds = ISODate.parseDay(text + "-01") else { return nil }
    return of(day: ISODate.floorDiv(seconds, 86_400))
  }
}

/// The days and months a chart counts: records dated on a day in `days`, and monthly summaries of a
/// month in `months` (none when nil).
public struct Window: Sendable, Equatable {
  /// The day numbers counted (both ends included).
  public var days: ClosedRange<Int>
  /// The month numbers whose monthly summaries are counted, or nil for none.
  public var months: ClosedRange<Int>?

  /// A window.
  public init(days: ClosedRange<Int>, months: ClosedRange<Int>?) {
    self.days = days
    self.months = months
  }

  /// Everything.
  public static let all = Window(days: Int.min...Int.max, months: Int.min...Int.max)
}

/// The timeframes of the top-five chart, relative to a reference time ("now").
public enum Timeframe: String, CaseIterable, Sendable {
  /// The same UTC day as now.
  case today
  /// The last 7 days, today included.
  case week
  /// The last 30 days, today included.
  case month
  /// The last 12 calendar months, the current one included.
  case year
  /// Every record, whatever its date.
  case all

  /// The chart's label for it: `Last 7 Days`.
  public var label: String {
    switch self {
    case .today: return "Today"
    case .week: return "Last 7 Days"
    case .month: return "Last 30 Days"
    case .year: return "Last 12 Months"
    case .all: return "All Time"
    }
  }

  /// The window it covers when today is day number `today`. Orders and daily summaries count by their
  /// day; monthly summaries count only in `year` (whole months) and `all`, since a month cannot be
  /// split into days.
  public func window(today: Int) -> Window {
    switch self {
    case .today: return Window(days: today...today, months: nil)
    case .week: return Window(days: (today - 6)...today, months: nil)
    case .month: return Window(days: (today - 29)...today, months: nil)
    case .year:
      let month = MonthNumber.of(day: today)
      return Window(days: MonthNumber.firstDay(month - 11)...today, months: (month - 11)...month)
    case .all: return .all
    }
  }

  /// The window's days in words: `2026-11-23 to 2026-11-29`, or nil for `all`.
  public func span(today: Int) -> String? {
    let days = window(today: today).days
    switch self {
    case .all: return nil
    case .today: return ISODate.formatDay(today * 86_400)
    default: return "\(ISODate.formatDay(days.lowerBound * 86_400)) to \(ISODate.formatDay(today * 86_400))"
    }
  }
}
