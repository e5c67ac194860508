import FoodTruckKit
import Foundation
import PipeProtocol
import SalesChartCommand
import Testing
import ToolSupport

@Suite("the sales history")
struct HistoryTests {
  func history(_ lines: [String]) throws -> HistoryTally {
    let tally = HistoryTally()
    try Fixture.read(lines) { try tally.add($0) }
    return tally
  }

  @Test("ranges: 14 and 30 days ending yesterday, 13 months ending this month")
  func ranges() {
    let two = HistoryRange.twoWeeks.points(today: Fixture.today)
    #expect(two.count == 14)
    #expect(ISODate.formatDay(two.first! * 86_400) == "2026-11-15")
    #expect(ISODate.formatDay(two.last! * 86_400) == "2026-11-28")
    let month = HistoryRange.month.points(today: Fixture.today)
    #expect(month.count == 30)
    #expect(ISODate.formatDay(month.first! * 86_400) == "2026-10-30")
    let year = HistoryRange.year.points(today: Fixture.today)
    #expect(year.map(MonthNumber.format).first == "2025-11")
    #expect(year.map(MonthNumber.format).last == "2026-11")
    #expect(year.count == 13)
  }

  @Test("one series per city, the sample's cities first, with the sum of each day's sales")
  func series() throws {
    let tally = try history([
      Fixture.summary("London", "day", "2026-11-28", [(0, 10), (1, 5)]),
      Fixture.summary("Cupertino", "day", "2026-11-27", [(2, 7)]),
      Fixture.summary("Cupertino", "day", "2026-11-28", [(2, 3)]),
      Fixture.summary("Cupertino", "day", "2026-11-28", [(4, 1)]),  // the same day again adds up
      Fixture.summary("Atlantis", "day", "2026-11-20", [(4, 2)]),
      Fixture.summary("Cupertino", "day", "2026-11-29", [(4, 100)]),  // today: not history
      Fixture.summary("Cupertino", "day", "2026-11-01", [(4, 100)]),  // before the 2 weeks
      Fixture.order("2026-11-28T10:00:00Z", [(3, 2)]),
    ])
    #expect(tally.ignored == ["order": 1])
    let series = try tally.series(.twoWeeks, today: Fixture.today)
    #expect(series.map(\.city) == ["Cupertino", "London", "Atlantis"])
    #expect(series[0].values.suffix(2) == [7, 4])
    #expect(series[0].values.prefix(12).allSatisfy { $0 == nil })
    #expect(series[1].total == 15)
    #expect(series[2].values[5] == 2)
    let chart = HistoryChart(
      range: .twoWeeks, points: HistoryRange.twoWeeks.points(today: Fixture.today), series: series)
    #expect(chart.total == 11 + 15 + 2)
    #expect(chart.span == "2026-11-15 to 2026-11-28")
  }

  @Test("year: monthly summaries, or daily ones added up by month for a city without any")
  func year() throws {
    let tally = try history([
      Fixture.summary("London", "month", "2026-11-01", [(0, 100)]),
      Fixture.summary("London", "month", "2025-11", [(0, 50)]),
      Fixture.summary("London", "day", "2026-11-05", [(0, 999)]),  // London has months: days unused
      Fixture.summary("Cupertino", "day", "2026-10-05", [(0, 3)]),
      Fixture.summary("Cupertino", "day", "2026-10-06", [(0, 4)]),
    ])
    let series = try tally.series(.year, today: Fixture.today)
    #expect(series.map(\.city) == ["Cupertino", "London"])
    #expect(series[0].values[11] == 7)
    #expect(series[1].values.first == 50)
    #expect(series[1].values.last == 100)
    #expect(series[1].total == 150)
  }

  @Test("text: a sparkline row per city on one scale, with totals")
  func text() {
    let chart = HistoryChart(
      range: .twoWeeks, points: HistoryRange.twoWeeks.points(today: Fixture.today),
      series: [
        SalesSeries(city: "Cupertino", values: [0, 7, 14, 21, 28, 35, 42, 49, 49, nil, 0, 0, 0, 0]),
        SalesSeries(city: "San Francisco", values: Array(repeating: 49, count: 14)),
      ])
    let text = chart.text(style: Terminal.Style(enabled: false))
    #expect(
      text == """
        Sales History · 2 Weeks · 2026-11-15 to 2026-11-28
        Total Sales · 931 Donuts

        Cupertino      ▁▂▃▄▅▆▇██ ▁▁▁▁  245
        San Francisco  ██████████████  686

        """)
  }

  @Test("text fits the width: the title at its separators, names shortened, or above their rows")
  func narrowText() {
    let series = [
      SalesSeries(city: "Cupertino", values: Array(repeating: 7, count: 30)),
      SalesSeries(city: "San Francisco", values: Array(repeating: 49, count: 30)),
    ]
    let chart = HistoryChart(
      range: .month, points: HistoryRange.month.points(today: Fixture.today), series: series, zoneLabel: "PST"
    )
    let style = Terminal.Style(enabled: false)
    let wide = chart.text(width: 80, style: style)
    #expect(wide.hasPrefix("Sales History · Month · 2026-10-30 to 2026-11-28 PST\n"))
    #expect(wide.contains("\nSan Francisco  " + String(repeating: "█", count: 30) + "  1,470\n"))
    let fifty = chart.text(width: 48, style: style).split(separator: "\n").map(String.init)
    #expect(fifty[0] == "Sales History · Month")
    #expect(fifty.allSatisfy { TextLayout.displayWidth($0) <= 48 }, "\(fifty)")
    #expect(fifty.contains { $0.hasPrefix("San Fran…  █") })
    let forty = chart.text(width: 40, style: style).split(separator: "\n").map(String.init)
    #expect(forty.allSatisfy { TextLayout.displayWidth($0) <= 40 }, "\(forty)")
    let low = "  " + String(repeating: "▁", count: 30) + "    210"
    let high = "  " + String(repeating: "█", count: 30) + "  1,470"
    let expected: [String] = ["Cupertino", low, "San Francisco", high]
    #expect(Array(forty.suffix(4)) == expected)
  }

  @Test("year: the chart says which cities' months were added up from daily summaries")
  func dailyNote() throws {
    let points = HistoryRange.year.points(today: Fixture.today)
    func chart(_ series: [SalesSeries]) -> HistoryChart {
      HistoryChart(range: .year, points: points, series: series)
    }
    let daily = SalesSeries(
      city: "Cupertino", values: Array(repeating: nil, count: 11) + [7, 9], fromDaily: true)
    let monthly = SalesSeries(city: "London", values: Array(repeating: 50, count: 13))
    #expect(chart([monthly]).dailyNote == nil)
    let all = try #require(chart([daily]).dailyNote)
    #expect(all.hasPrefix("No monthly summaries: each month adds up the daily summaries there are"))
    #expect(all.contains("'orders history --months 13'"))
    #expect(
      chart([daily, monthly]).dailyNote?.hasPrefix("No monthly summaries for Cupertino: its months") == true)
    let text = chart([daily, monthly]).text(width: 60, style: Terminal.Style(enabled: false))
    #expect(text.contains("\n\nNo monthly summaries for Cupertino: its months add up the\n"))
    #expect(chart([daily]).svg(width: 640, height: 400).contains(">No monthly summaries: each month adds up"))
    // Two weeks and a month are days: nothing to say.
    #expect(HistoryChart(range: .month, points: [1], series: [daily]).dailyNote == nil)
    // The tally marks the series it added up.
    let tally = try history([
      Fixture.summary("London", "month", "2026-11-01", [(0, 100)]),
      Fixture.summary("Cupertino", "day", "2026-10-05", [(0, 3)]),
    ])
    #expect(try tally.series(.year, today: Fixture.today).map(\.fromDaily) == [true, false])
    #expect(try tally.series(.month, today: Fixture.today - 54).map(\.fromDaily) == [false])
  }

  @Test(
    "svg: the month labels stay inside the plot: the first starts at its left, the last ends at its right")
  func svgAxisLabelsInside() {
    let points = HistoryRange.year.points(today: Fixture.today)
    let series = SalesSeries(city: "London", values: Array(repeating: 50, count: 13))
    let svg = HistoryChart(range: .year, points: points, series: [series]).svg(width: 640, height: 400)
    // The labels' row: 20 px under the axis (400 - 48).
    let labels = svg.split(separator: "\n").filter { $0.contains("<text") && $0.contains("y=\"372\"") }
    #expect(labels.count >= 3)
    #expect(labels.first?.contains("x=\"24\" y=\"372\" text-anchor=\"start\"") == true, "\(labels)")
    #expect(labels.last?.contains("text-anchor=\"end\"") == true, "\(labels)")
    #expect(labels.dropFirst().dropLast().allSatisfy { $0.contains("text-anchor=\"middle\"") })
  }

  @Test("json records and their schema")
  func records() throws {
    let chart = HistoryChart(
      range: .year, points: HistoryRange.year.points(today: Fixture.today),
      series: [SalesSeries(city: "London", values: [5] + Array(repeating: nil, count: 12))])
    #expect(chart.records.count == 1)
    let record = Record(object: chart.records[0])
    #expect(FoodTruckSchemas.catalog.schema(for: "sales-history")!.problems(in: record).isEmpty)
    var bytes: [UInt8] = []
    JSONWriter.append(chart.records[0], to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"city":"London","date":"2025-11-01","period":"month","range":"year","sales":5,"type":"sales-history"}"#
    )
    #expect(chart.csv == "city,period,date,sales\nLondon,month,2025-11-01,5\n")
  }

  @Test("bad summaries are errors with their line")
  func errors() {
    for (line, message) in [
      (#"{"type":"order-summary","period":"day","date":"2026-11-28","sales":[]}"#, #"no "city""#),
      (
        #"{"type":"order-summary","city":"","period":"day","date":"2026-11-28","sales":[]}"#,
        #""city" must be a city's name"#
      ),
      (
        #"{"type":"order-summary","city":"X","period":"day","date":"2026-11-28","sales":[{"donut":17,"quantity":1}]}"#,
        "unknown donut id 17"
      ),
      (
        #"{"type":"order-summary","city":"X","period":"day","date":"2026-11-28","sales":[{"donut":1,"quantity":1}],"totalSales":2}"#,
        #""totalSales" is 2, but the sales add up to 1"#
      ),
    ] {
      do {
        _ = try history([Fixture.summary("X", "day", "2026-11-01", []), line])
        Issue.record("no error for \(line)")
      } catch let error as InputError {
        #expect(error.line == 2)
        #expect(error.message.contains(message), "\(error.message)")
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }
}
