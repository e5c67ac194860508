import Glibc
import PipeProtocol

/// Donuts sold per donut id, and their total (the sample's `OrderSummary`).
public struct OrderSummary: Equatable, Sendable {
  /// Quantity per donut id.
  public var sales: [Int: Int]
  /// The total number of donuts (the sum of `sales`).
  public var totalSales: Int

  /// A summary of these sales.
  public init(sales: [Int: Int] = [:]) {
    self.sales = sales
    self.totalSales = sales.values.reduce(0, +)
  }

  /// No sales.
  public static let empty = OrderSummary()

  /// Adds another summary's sales, donut by donut.
  public mutating func formUnion(_ other: OrderSummary) {
    for (id, quantity) in other.sales { sales[id, default: 0] += quantity }
    totalSales += other.totalSales
  }

  /// Adds an order's donuts.
  public mutating func formUnion(_ order: Order) {
    for item in order.items { sales[item.donut, default: 0] += item.quantity }
    totalSales += order.totalSales
  }

  /// The sum of two summaries.
  public func union(_ other: OrderSummary) -> OrderSummary {
    var result = self
    result.formUnion(other)
    return result
  }

  /// The `sales` array of a record: `[{"donut":0,"quantity":93},…]` by donut id.
  public var salesArray: JSONValue {
    .array(sales.keys.sorted().map { .object(["donut": .int($0), "quantity": .int(sales[$0]!)]) })
  }
}

/// The length of a sales-history period.
public enum SalesPeriod: String, CaseIterable, Sendable {
  /// One day (`date` is that day).
  case day
  /// One calendar month (`date` is its first day, `YYYY-MM-01`).
  case month
}

/// One `order-summary` record: a city's sales over a day or a month.
public struct SalesHistoryEntry: Equatable, Sendable {
  /// The city's name.
  public var city: String
  /// Day or month.
  public var period: SalesPeriod
  /// The day, or the first day of the month: `2026-11-28`, `2026-11-01`.
  public var date: String
  /// The sales.
  public var summary: OrderSummary

  /// An entry.
  public init(city: String, period: SalesPeriod, date: String, summary: OrderSummary) {
    self.city = city
    self.period = period
    self.date = date
    self.summary = summary
  }

  /// `{"city":…,"date":…,"period":…,"sales":[…],"totalSales":…,"type":"order-summary"}`.
  public var record: JSONObject {
    [
      "type": .string("order-summary"), "city": .string(city), "period": .string(period.rawValue),
      "date": .string(date), "sales": summary.salesArray, "totalSales": .int(summary.totalSales),
    ]
  }

  /// Reads an `order-summary` record, its donut ids from `menu`; a missing or mistyped field, an
  /// unknown period, a donut id not on the menu, a negative quantity or a `totalSales` that is not
  /// the sum is an error naming the line.
  public init(record: Record, menu: Menu = .builtIn) throws(InputError) {
    guard record.type == "order-summary" else {
      throw record.error("expected an order-summary record, not \(record.type)")
    }
    city = try record.string("city")
    let periodValue = try record.required("period")
    guard let period = periodValue.stringValue.flatMap(SalesPeriod.init(rawValue:)) else {
      throw record.mismatch(
        "period", expected: "one of \(SalesPeriod.allCases.map(\.rawValue).joined(separator: ", "))",
        found: periodValue)
    }
    self.period = period
    date = try record.string("date")
    guard ISODate.parseDay(date) != nil else {
      throw record.mismatch("date", expected: "a day (YYYY-MM-DD)", found: .string(date))
    }
    var sales: [Int: Int] = [:]
    for (index, value) in try record.array("sales").enumerated() {
      let sale = try record.fields("sales[\(index)]", value)
      let id = try sale.int("donut")
      let quantity = try sale.int("quantity", in: 0...Int.max)
      _ = try menu.donut(id: id, place: "sales[\(index)]", in: record)
      sales[id, default: 0] += quantity
    }
    summary = OrderSummary(sales: sales)
    if record.value("totalSales") != nil {
      let total = try record.int("totalSales")
      guard total == summary.totalSales else {
        throw record.error("\"totalSales\" is \(total) but the sales add up to \(summary.totalSales)")
      }
    }
  }
}

/// The sample's sales-history generator (`historicalDailyOrders`, `historicalMonthlyOrders`).
///
/// Per city, seeded with the city's seed, the menu is shuffled once into a popularity ranking; then
/// each day (or month) draws an order count and a maximum, and each donut sells
/// `max × (1 − (rank/17)^0.15) × variance × city multiplier (× 1.25 on weekend days)`, smoothed
/// with the previous day (half and half) or month (a quarter of the previous).
///
/// Unlike the sample, whose consumers read the oldest entries as the most recent, entries here carry
/// their real dates: days run from 60 days ago to yesterday, months from 12 months ago to the
/// current month, oldest first. Days are UTC days.
public enum SalesHistory {
  /// How many days the sample generates.
  public static let dayCount = 60
  /// How many months the sample generates (12 past months and the current one).
  public static let monthCount = 13

  /// The popularity share of a rank: `1 − (rank / donuts)^0.15`.
  public static func share(rank: Int, donuts: Int) -> Double {
    1 - pow(Double(rank) / Double(donuts), 0.15)
  }

  /// The sample's `interpolate(to:percent:)`: `(1 − p) × value + p × other`, `p` clamped to 0...1.
  static func interpolate(_ value: Double, to other: Double, percent: Double) -> Double {
    let p = min(max(percent, 0), 1)
    return (1 - p) * value + p * other
  }

  /// One period's sales, as the sample draws them: each donut's share of `maxDonutCount` by its
  /// place in `ranked`, varied by 0.9 to 1.0, times the city's multiplier and `multiplier` (in
  /// that order, as the sample multiplies), then moved `smoothing` of the way to the previous
  /// period's sales.
  static func drawSales(
    _ ranked: [Donut], maxDonutCount: Double, city: City, multiplier: Double, previous: [Int: Int]?,
    smoothing: Double, using generator: inout SeededRandom
  ) -> [Int: Int] {
    var sales: [Int: Int] = [:]
    for (rank, donut) in ranked.enumerated() {
      let percent = share(rank: rank, donuts: ranked.count)
      let variance = Double.random(in: 0.9...1.0, using: &generator)
      let value = maxDonutCount * percent * variance * city.historyMultiplier * multiplier
      sales[donut.id] = max(Int(value), 0)
    }
    if let before = previous {
      for (id, value) in sales {
        sales[id] = Int(interpolate(Double(value), to: Double(before[id] ?? 0), percent: smoothing))
      }
    }
    return sales
  }

  /// The 60 daily summaries of a city, oldest first, for the day before `today` and the 59 before
  /// it. `today` is a day number (days since 1970-01-01, UTC).
  public static func daily(city: City, today: Int, knownDonuts: [Donut] = Menu.builtIn.donuts)
    -> [SalesHistoryEntry]
  {
    var generator = SeededRandom(seed: city.historySeed)
    let ranked = knownDonuts.shuffled(using: &generator)
    var previous: [Int: Int]?
    var entries: [SalesHistoryEntry] = []
    for daysAgo in (1...dayCount).reversed() {
      let day = today - daysAgo
      let weekday = ((day + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday; 0 = Sunday, 6 = Saturday
      let dayMultiplier = weekday == 0 || weekday == 6 ? 1.25 : 1
      let orderCount = Double.random(in: 80.0...120.0, using: &generator)
      let maxDonutCount = orderCount * Double.random(in: 0.75...1.1, using: &generator)
      let sales = drawSales(
        ranked, maxDonutCount: maxDonutCount, city: city, multiplier: dayMultiplier, previous: previous,
        smoothing: 0.5, using: &generator)
      previous = sales
      entries.append(
        SalesHistoryEntry(
          city: city.name, period: .day, date: ISODate.formatDay(day * 86_400),
          summary: OrderSummary(sales: sales)))
    }
    return entries
  }

  /// The 13 monthly summaries of a city, oldest first: 12 months before the month of `today`, up to
  /// that month. `today` is a day number (days since 1970-01-01, UTC).
  public static func monthly(city: City, today: Int, knownDonuts: [Donut] = Menu.builtIn.donuts)
    -> [SalesHistoryEntry]
  {
    var generator = SeededRandom(seed: city.historySeed)
    let ranked = knownDonuts.shuffled(using: &generator)
    let (year, month, _) = ISODate.civil(fromDays: today)
    var previous: [Int: Int]?
    var entries: [SalesHistoryEntry] = []
    for monthsAgo in (0..<monthCount).reversed() {
      let index = year * 12 + (month - 1) - monthsAgo
      let date = ISODate.formatDay(ISODate.days(fromCivil: index / 12, index % 12 + 1, 1) * 86_400)
      let orderCount = Double.random(in: 80.0...120.0, using: &generator) * 30
      let maxDonutCount = orderCount * Double.random(in: 0.75...1.1, using: &generator)
      let sales = drawSales(
        ranked, maxDonutCount: maxDonutCount, city: city, multiplier: 1, previous: previous, smoothing: 0.25,
        using: &generator)
      previous = sales
      entries.append(
        SalesHistoryEntry(city: city.name, period: .month, date: date, summary: OrderSummary(sales: sales)))
    }
    return entries
  }
}
