import FoodTruckKit
import PipeProtocol
import SalesChartCommand
import Testing

@Suite("ranking the top five as the sample does")
struct RankingTests {
  @Test(
    "DonutSales.previewArray ranks Black Raspberry, Strawberry Sprinkles, Classic, Nighttime, Picnic Basket")
  func previewArray() {
    // classic 5, picnicBasket 3, strawberrySprinkles 10, nighttime 4, blackRaspberry 12 (domain 2.4).
    var sales = Array(repeating: 0, count: 17)
    sales[0] = 5
    sales[7] = 3
    sales[4] = 10
    sales[16] = 4
    sales[14] = 12
    let bars = TopChart.rank(sales, top: 5)
    #expect(bars.map(\.donut.id) == [14, 4, 0, 16, 7])
    #expect(bars.map(\.rank) == [1, 2, 3, 4, 5])
    #expect(
      bars.map(\.donut.name) == [
        "Black Raspberry", "Strawberry Sprinkles", "The Classic", "Nighttime", "Picnic Basket",
      ])
    let chart = TopChart(bars: bars, top: 5, timeframe: .week, span: nil)
    #expect(chart.total == 34)
    #expect(chart.totalLine == "Total Sales · 34 Donuts")
  }

  @Test("equal sales: the higher donut id first (the reverse of DonutSales' < tie-break)")
  func ties() {
    var sales = Array(repeating: 0, count: 17)
    for id in [0, 3, 7, 12] { sales[id] = 5 }
    sales[1] = 6
    #expect(TopChart.rank(sales, top: 5).map(\.donut.id) == [1, 12, 7, 3, 0])
  }

  @Test("the total is the sum of the bars shown, not of all sales")
  func totalOfBarsOnly() {
    let sales = Array(1...17)
    let bars = TopChart.rank(sales, top: 5)
    #expect(bars.map(\.sales) == [17, 16, 15, 14, 13])
    #expect(TopChart(bars: bars, top: 5, timeframe: .all, span: nil).total == 75)
  }

  @Test("donuts that sold nothing are not ranked; --top limits the bars")
  func zerosAndTop() {
    var sales = Array(repeating: 0, count: 17)
    sales[2] = 1
    sales[9] = 4
    #expect(TopChart.rank(sales, top: 5).map(\.donut.id) == [9, 2])
    #expect(TopChart.rank(sales, top: 1).map(\.donut.id) == [9])
    #expect(TopChart.rank(Array(repeating: 0, count: 17), top: 5).isEmpty)
    #expect(TopChart.rank(Array(repeating: 1, count: 17), top: 17).count == 17)
  }

  @Test("donut-sales records: sorted keys, the issue's shape")
  func record() {
    let bar = DonutSales(rank: 1, donut: Menu.builtIn.donuts[7], sales: 28)
    var bytes: [UInt8] = []
    JSONWriter.append(bar.record(timeframe: .today), to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"donut":7,"name":"Picnic Basket","rank":1,"sales":28,"timeframe":"today","type":"donut-sales"}"#
    )
    let problems = FoodTruckSchemas.catalog.schema(for: "donut-sales")!.problems(
      in: Record(object: bar.record(timeframe: .today)))
    #expect(problems.isEmpty)
  }
}

@Suite("timeframes relative to --now")
struct TimeframeTests {
  func days(_ t: Timeframe) -> (String, String) {
    let w = t.window(today: Fixture.today)
    return (ISODate.formatDay(w.days.lowerBound * 86_400), ISODate.formatDay(w.days.upperBound * 86_400))
  }

  @Test("today, the last 7 days and the last 30 days include today")
  func dayWindows() {
    #expect(days(.today) == ("2026-11-29", "2026-11-29"))
    #expect(days(.week) == ("2026-11-23", "2026-11-29"))
    #expect(days(.month) == ("2026-10-31", "2026-11-29"))
    #expect(Timeframe.week.window(today: Fixture.today).months == nil)
  }

  @Test("year: the 12 calendar months up to and including this one")
  func year() {
    #expect(days(.year) == ("2025-12-01", "2026-11-29"))
    let months = Timeframe.year.window(today: Fixture.today).months!
    #expect(MonthNumber.format(months.lowerBound) == "2025-12")
    #expect(MonthNumber.format(months.upperBound) == "2026-11")
    // In January the year reaches back to February of the year before.
    let january = ISODate.parseDay("2027-01-10")! / 86_400
    #expect(ISODate.formatDay(Timeframe.year.window(today: january).days.lowerBound * 86_400) == "2026-02-01")
  }

  @Test("all counts everything, any date")
  func all() {
    #expect(Timeframe.all.window(today: Fixture.today) == Window.all)
    #expect(Timeframe.all.span(today: Fixture.today) == nil)
    #expect(Timeframe.week.span(today: Fixture.today) == "2026-11-23 to 2026-11-29")
  }

  @Test("month numbers round-trip")
  func monthNumbers() {
    for text in ["1970-01", "2024-02", "2026-12", "1969-12"] {
      let month = MonthNumber.parse(text)!
      #expect(MonthNumber.format(month) == text)
    }
    #expect(MonthNumber.parse("2026-13") == nil)
    #expect(MonthNumber.parse("2026-1") == nil)
  }
}
