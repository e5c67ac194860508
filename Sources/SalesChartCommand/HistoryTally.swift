import FoodTruckKit
import PipeProtocol

/// The ranges of the Sales History chart, as in the sample's picker.
public enum HistoryRange: String, CaseIterable, Sendable {
  /// The 14 days before today (the default).
  case twoWeeks = "2weeks"
  /// The 30 days before today.
  case month
  /// The 12 months before this one, and this one: 13 monthly points.
  case year

  /// The picker's label.
  public var label: String {
    switch self {
    case .twoWeeks: return "2 Weeks"
    case .month: return "Month"
    case .year: return "Year"
    }
  }

  /// Whether points are months (else days).
  public var monthly: Bool { self == .year }

  /// The points' day numbers (or month numbers for `year`) when today is day `today`. Today itself
  /// is not history (it is not over): daily ranges end yesterday.
  public func points(today: Int) -> [Int] {
    switch self {
    case .twoWeeks: return Array((today - 14)...(today - 1))
    case .month: return Array((today - 30)...(today - 1))
    case .year:
      let month = MonthNumber.of(day: today)
      return Array((month - 12)...month)
    }
  }
}

/// One city's sales over the range: a value per point, nil where there is no summary.
public struct SalesSeries: Equatable, Sendable {
  /// The city's name.
  public var city: String
  /// Sales per point of the range.
  public var values: [Int?]
  /// Whether a monthly series was added up from daily summaries (the city has no monthly ones).
  public var fromDaily: Bool
  /// The sum of the values.
  public var total: Int { values.reduce(0) { $0 + ($1 ?? 0) } }

  /// A series.
  public init(city: String, values: [Int?], fromDaily: Bool = false) {
    self.city = city
    self.values = values
    self.fromDaily = fromDaily
  }
}

/// Sales totals per city per day and per month, from `order-summary` records.
public final class HistoryTally {
  /// Daily totals by city, then day number.
  public var daily: [String: [Int: Int]] = [:]
  /// Monthly totals by city, then month number.
  public var monthly: [String: [Int: Int]] = [:]
  /// The number of summaries counted.
  public var summaries = 0
  /// Records of other types, by type.
  public var ignored: [String: Int] = [:]
  /// The menu the stream carries (`donut` records define custom donuts).
  let menu = StreamMenu(deferring: false)

  /// An empty tally.
  public init() {}

  /// Counts an `order-summary` (its sales' sum, which must equal `totalSales` when given); a
  /// `donut` defines a custom donut; other types are only counted in `ignored`.
  public func add(_ view: RecordView) throws(InputError) {
    if view.type == "donut" { return try menu.define(view) }
    guard view.type == "order-summary" else {
      ignored[view.type, default: 0] += 1
      return
    }
    do throws(FieldError) {
      let json = ValidatedJSON(view.bytes)
      guard let cityMember = view.member("city") else {
        throw FieldError("order-summary record has no \"city\"")
      }
      guard let city = json.string(cityMember.value), !city.isEmpty else {
        throw FieldError("\"city\" must be a city's name, not \(SalesFields.text(json, cityMember.value))")
      }
      let (period, date) = try SalesTally.summaryDate(view)
      guard let sales = view.member("sales") else {
        throw FieldError("order-summary record has no \"sales\" array")
      }
      let sum = try SalesFields.addSales(
        json, sales.value, field: "sales", menu: menu, record: view.error("")
      ) { (_, _) throws(FieldError) in }
      if let total = view.member("totalSales") {
        let stated = try SalesFields.integer(json, total.value, "\"totalSales\"")
        guard stated == sum else {
          throw FieldError("\"totalSales\" is \(stated), but the sales add up to \(sum)")
        }
      }
      if period == .day {
        daily[city, default: [:]][date] = try SalesFields.add(daily[city]?[date] ?? 0, sum)
      } else {
        monthly[city, default: [:]][date] = try SalesFields.add(monthly[city]?[date] ?? 0, sum)
      }
      summaries += 1
    } catch {
      throw view.error(error.message)
    }
  }

  /// The cities in chart order: the sample's cities first in their order, then others by name.
  public var cities: [String] {
    let names = Set(daily.keys).union(monthly.keys)
    let known = City.all.map(\.name).filter(names.contains)
    return known + names.subtracting(known).sorted()
  }

  /// Each city's series over `range`, leaving out cities with no point in it. Monthly points come
  /// from monthly summaries, or, for a city that has none, from its daily summaries added up by month.
  /// Throws when the sales are too large to add up.
  public func series(_ range: HistoryRange, today: Int) throws(FieldError) -> [SalesSeries] {
    let points = range.points(today: today)
    var result: [SalesSeries] = []
    var total = 0
    for city in cities {
      var values: [Int: Int]
      let fromDaily = range.monthly && monthly[city]?.isEmpty ?? true
      if fromDaily {
        values = [:]
        for (day, n) in daily[city] ?? [:] {
          let month = MonthNumber.of(day: day)
          values[month] = try SalesFields.add(values[month] ?? 0, n)
        }
      } else {
        values = (range.monthly ? monthly[city] : daily[city]) ?? [:]
      }
      let series = SalesSeries(city: city, values: points.map { values[$0] }, fromDaily: fromDaily)
      guard series.values.contains(where: { $0 != nil }) else { continue }
      for value in series.values { total = try SalesFields.add(total, value ?? 0) }
      result.append(series)
    }
    return result
  }
}
