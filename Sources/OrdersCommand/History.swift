import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders history`: the sample's daily and monthly sales per city.
enum History {
  static let city = Option.string(
    "city", name: "C", help: "only this city (\(City.names); default all)")
  static let days = Option.int(
    "days", help: "daily summaries of the last N days", default: SalesHistory.dayCount,
    in: 1...SalesHistory.dayCount)
  static let months = Option<Int?>.int(
    "months", help: "monthly summaries of the last N months (this one included)",
    in: 1...SalesHistory.monthCount)

  static let command = Command(
    name: "history", summary: "the sample's daily and monthly sales per city as order-summary records",
    options: [city, days, months, OrdersOptions.now],
    input: "Nothing: the history is generated from each city's seed and multiplier.",
    output: """
      order-summary records, city by city (\(City.names)), oldest first: the
      last one is yesterday (period day) or the current month (period month, date YYYY-MM-01).
      Days are UTC days before --now. So --days 7 is the last week. (The sample read its oldest
      days as the most recent ones; see PROTOCOL.md.)
      """,
    examples: [
      "orders history --days 7 | jq -s 'map(.totalSales) | add'",
      "orders history --months 13 --city London | pipe-check --pass | jq -c '[.date, .totalSales]'",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    if invocation.isGiven(days), invocation.isGiven(months) {
      throw ToolError.usage("give --days or --months, not both")
    }
    var cities = City.all
    if let name = invocation[city] {
      guard let found = City.named(name) else {
        throw ToolError.usage("unknown city '\(name)'", notes: ["cities: \(City.names)"])
      }
      cities = [found]
    }
    let today = ISODate.floorDiv(invocation.now(OrdersOptions.now), 86_400)
    for city in cities {
      let entries =
        invocation[months].map { SalesHistory.monthly(city: city, today: today).suffix($0) }
        ?? SalesHistory.daily(city: city, today: today).suffix(invocation[days])
      for entry in entries { StandardOutput.shared.writeRecord(entry.record) }
    }
    return ExitStatus.ok
  }
}
