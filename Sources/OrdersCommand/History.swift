import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders history`: the sample's daily and monthly sales per city.
enum History {
  static let city = Option.string(
    "city", name: "C", help: "only this city (\(City.names); default all)")
  static let days = Option<Int?>.int(
    "days",
    help: "daily summaries of the last N days (default \(SalesHistory.dayCount), unless --months is given)",
    in: 1...SalesHistory.dayCount)
  static let months = Option<Int?>.int(
    "months", help: "monthly summaries of the last N months (this one included)",
    in: 1...SalesHistory.monthCount)

  static let command = Command(
    name: "history", summary: "the sample's daily and monthly sales per city as order-summary records",
    options: [city, days, months, OrdersOptions.listFormat, OrdersOptions.now],
    input: "Nothing: the history is generated from each city's seed and multiplier.",
    output: """
      order-summary records, city by city (\(City.names)), oldest first: the last
      \(SalesHistory.dayCount) days (period day; the last one is yesterday), or with --months N
      the last N months (period month, date YYYY-MM-01; the last one is the current month), or
      with both --days and --months, the city's daily summaries then its monthly ones in one
      stream (sales-chart counts each sale once: its year view from the months, its week from the
      days). Days end at midnight by the clock rule: in TZ when set, else in the truck city's zone
      (\(City.truck.city.name)). So --days 7 is the last week. (The sample read its oldest days as
      the most recent ones; see PROTOCOL.md.) With --format text, a line per summary for people:
      city, day or month, donuts. With --format csv, a header row of the order-summary record's
      fields and a row per summary (sales as its JSON text).
      """,
    examples: """
      orders history --days 7 | jq -s 'map(.totalSales) | add'
      orders history --days 60 --months 13 | sales-chart --timeframe year
      orders history --months 13 --city London | pipe-check --pass | jq -c '[.date, .totalSales]'
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    var cities = City.all
    if let name = invocation[city] {
      cities = [try CityReference.find(name)]
    }
    let now = invocation.now(OrdersOptions.now)
    let today = LocalTime.forPeople(default: City.truck.city.timeZone).localDay(now)
    let dayCount = invocation[days] ?? (invocation[months] == nil ? SalesHistory.dayCount : nil)
    var entries: [SalesHistoryEntry] = []
    for city in cities {
      if let dayCount { entries += SalesHistory.daily(city: city, today: today).suffix(dayCount) }
      if let monthCount = invocation[months] {
        entries += SalesHistory.monthly(city: city, today: today).suffix(monthCount)
      }
    }
    switch invocation[OrdersOptions.listFormat] {
    case .text:
      StandardOutput.shared.write(text(entries, width: TextLayout.width()))
    case .csv:
      StandardOutput.shared.write(csv.text(entries.map(\.record)))
    default:
      for entry in entries { StandardOutput.shared.writeRecord(entry.record) }
    }
    return ExitStatus.ok
  }

  /// The columns of `--format csv`: the order-summary record's fields.
  static let csv = CSVTable(FoodTruckSchemas.catalog.schema(for: "order-summary")!)

  /// The summaries for people, a line each: `Cupertino  Nov 28, 2026  1,130 donuts`, or
  /// `Nov 2026` for a month; the city column is left out where the width is short.
  static func text(_ entries: [SalesHistoryEntry], width: Int) -> String {
    let counts = entries.map { Numbers.grouped($0.summary.totalSales) }
    let countWidth = counts.map(\.count).max() ?? 0
    let cityWidth = entries.map { TextLayout.displayWidth($0.city) }.max() ?? 0
    let dates = entries.map(label)
    let dateWidth = dates.map(\.count).max() ?? 0
    let withCity = cityWidth + 2 + dateWidth + 2 + countWidth + " donuts".count <= width
    var text = ""
    var lastCity: String?
    for (entry, (date, count)) in zip(entries, zip(dates, counts)) {
      if !withCity, entry.city != lastCity { text += TerminalText.safe(entry.city) + "\n" }
      lastCity = entry.city
      text +=
        (withCity ? OrderTable.pad(entry.city, cityWidth + 1) + " " : "  ")
        + OrderTable.pad(date, dateWidth + 1)
        + " " + String(repeating: " ", count: countWidth - count.count) + count
        + (entry.summary.totalSales == 1 ? " donut" : " donuts") + "\n"
    }
    return text
  }

  /// `Nov 28, 2026` for a day, `Nov 2026` for a month.
  static func label(_ entry: SalesHistoryEntry) -> String {
    guard let seconds = ISODate.parseDay(entry.date) else { return entry.date }
    let (year, month, day) = ISODate.civil(fromDays: ISODate.floorDiv(seconds, 86_400))
    let name = months3[month - 1]
    return entry.period == .month ? "\(name) \(year)" : "\(name) \(day), \(year)"
  }

  static let months3 = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
