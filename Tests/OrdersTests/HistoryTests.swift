import FoodTruckKit
import Foundation
import PipeProtocol
import Testing

@Suite("the sample's sales history")
struct HistoryTests {
  /// 2026-11-29 (a Sunday), as a day number.
  static let today = ISODate.parseDay("2026-11-29")! / 86_400

  /// The reference daily history: the draws of the domain facts (3.7), with weekends found by
  /// Foundation's Gregorian calendar in UTC.
  static func referenceDaily(_ city: City) -> [[Int: Int]] {
    var reference = Reference(seed: city.historySeed)
    let ranked = reference.shuffled(Array(0...16))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var previous: [Int: Int]?
    var days: [[Int: Int]] = []
    for daysAgo in (1...60).reversed() {
      let date = Date(timeIntervalSince1970: Double((today - daysAgo) * 86_400))
      let dayMultiplier = calendar.isDateInWeekend(date) ? 1.25 : 1
      let orderCount = reference.double(80, through: 120)
      let maxDonutCount = orderCount * reference.double(0.75, through: 1.1)
      var sales: [Int: Int] = [:]
      for (offset, id) in ranked.enumerated() {
        let percent = 1 - pow(Double(offset) / 17, 0.15)
        let variance = reference.double(0.9, through: 1.0)
        sales[id] = max(Int(maxDonutCount * percent * variance * city.historyMultiplier * dayMultiplier), 0)
      }
      if let previous {
        for (id, value) in sales { sales[id] = Int(0.5 * Double(value) + 0.5 * Double(previous[id]!)) }
      }
      previous = sales
      days.append(sales)
    }
    return days
  }

  @Test("daily history: 60 days per city, equal to the reference draws", arguments: City.all)
  func daily(city: City) {
    let entries = SalesHistory.daily(city: city, today: Self.today)
    let expected = Self.referenceDaily(city)
    #expect(entries.count == 60)
    #expect(entries.map(\.summary.sales) == expected)
    for entry in entries {
      #expect(entry.summary.sales.count == 17)
      #expect(entry.summary.totalSales == entry.summary.sales.values.reduce(0, +))
      #expect(entry.city == city.name && entry.period == .day)
    }
  }

  @Test("the most recent day is last and is yesterday; days run back 60 days")
  func dates() {
    let entries = SalesHistory.daily(city: City.all[0], today: Self.today)
    #expect(entries.last?.date == "2026-11-28")
    #expect(entries.first?.date == "2026-09-30")
    #expect(entries.map(\.date) == entries.map(\.date).sorted())
  }

  @Test("fixes the sample's bug: 'week' is the last 7 days, not the oldest 7")
  func weekIsRecent() {
    let entries = SalesHistory.daily(city: City.all[1], today: Self.today)
    // The sample took prefix(7): the days 60 to 54 days ago, shown as if they were the last week.
    let sampleWeek = entries.prefix(7)
    let week = entries.suffix(7)
    #expect(sampleWeek.first?.date == "2026-09-30" && sampleWeek.last?.date == "2026-10-06")
    #expect(week.map(\.date) == (22...28).map { "2026-11-\($0)" })
    #expect(week.map(\.summary) != sampleWeek.map(\.summary))
  }

  @Test("the popularity shares of the domain table (1 - (rank/17)^0.15)")
  func shares() {
    let table = [
      1.0000, 0.3462, 0.2746, 0.2291, 0.1951, 0.1677, 0.1446, 0.1246, 0.1069, 0.0910, 0.0765, 0.0632, 0.0509,
      0.0394, 0.0287, 0.0186, 0.0091,
    ]
    for (rank, share) in table.enumerated() {
      #expect(abs(SalesHistory.share(rank: rank, donuts: 17) - share) < 0.00005)
    }
  }

  @Test("weekend days sell 1.25 times more before smoothing: the first day of San Francisco")
  func weekend() {
    // 2026-09-30 is a Wednesday; compare with a 'today' that makes the first day a Saturday.
    let weekdayFirst = SalesHistory.daily(city: City.all[1], today: Self.today)[0].summary
    let saturdayFirst = SalesHistory.daily(city: City.all[1], today: Self.today + 3)[0]
    #expect(saturdayFirst.date == "2026-10-03")
    // Same draws, so only the multiplier differs: the top donut sells about 1.25 times more.
    let top = weekdayFirst.sales.max { $0.value < $1.value }!.key
    let ratio = Double(saturdayFirst.summary.sales[top]!) / Double(weekdayFirst.sales[top]!)
    #expect(abs(ratio - 1.25) < 0.02)
  }

  @Test("monthly history: 13 months up to the current one, dated on the first, smoothed by a quarter")
  func monthly() {
    let city = City.all[2]
    let entries = SalesHistory.monthly(city: city, today: Self.today)
    #expect(entries.count == 13)
    #expect(entries.first?.date == "2025-11-01")
    #expect(entries.last?.date == "2026-11-01")
    #expect(entries.map(\.period) == Array(repeating: .month, count: 13))
    var reference = Reference(seed: city.historySeed)
    let ranked = reference.shuffled(Array(0...16))
    var previous: [Int: Int]?
    for entry in entries {
      let orderCount = reference.double(80, through: 120) * 30
      let maxDonutCount = orderCount * reference.double(0.75, through: 1.1)
      var sales: [Int: Int] = [:]
      for (offset, id) in ranked.enumerated() {
        let percent = 1 - pow(Double(offset) / 17, 0.15)
        sales[id] = Int(
          maxDonutCount * percent * reference.double(0.9, through: 1.0) * city.historyMultiplier)
      }
      if let previous {
        for (id, value) in sales { sales[id] = Int(0.75 * Double(value) + 0.25 * Double(previous[id]!)) }
      }
      previous = sales
      #expect(entry.summary.sales == sales)
    }
  }

  @Test("order-summary records: sorted keys, sales by donut id, read back equal")
  func records() throws {
    let entry = SalesHistory.daily(city: City.all[1], today: Self.today).last!
    let record = Record(object: entry.record)
    let text = String(decoding: record.bytes, as: UTF8.self)
    #expect(
      text.hasPrefix(
        "{\"city\":\"San Francisco\",\"date\":\"2026-11-28\",\"period\":\"day\",\"sales\":[{\"donut\":0,"))
    #expect(try SalesHistoryEntry(record: record) == entry)
    let bad = try Record(
      bytes: Array(text.replacingOccurrences(of: "\"donut\":16", with: "\"donut\":17").utf8))
    #expect(throws: InputError.self) { try SalesHistoryEntry(record: bad) }
  }

  @Test("OrderSummary adds orders and summaries per donut")
  func summaryUnion() {
    var summary = OrderSummary(sales: [0: 2, 3: 1])
    summary.formUnion(OrderSummary(sales: [3: 4]))
    summary.formUnion(
      Order(
        id: "Order#1299", status: .placed,
        items: [
          OrderItem(donut: Menu.builtIn.donuts[7], quantity: 5),
          OrderItem(donut: Menu.builtIn.donuts[14], quantity: 1),
        ],
        city: "Cupertino", parkingSpot: "Apple Park", creationDate: 0))
    #expect(summary.sales == [0: 2, 3: 5, 7: 5, 14: 1])
    #expect(summary.totalSales == 13)
  }
}
