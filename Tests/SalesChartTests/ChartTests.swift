import FoodTruckKit
import Foundation
import FoundationXML
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

@testable import SalesChartCommand

@Suite("the chart renderings")
struct ChartTests {
  static let chart = TopChart(
    bars: [
      DonutSales(rank: 1, donut: Menu.builtIn.donuts[7], sales: 28),
      DonutSales(rank: 2, donut: Menu.builtIn.donuts[14], sales: 24),
      DonutSales(rank: 3, donut: Menu.builtIn.donuts[4], sales: 17),
      DonutSales(rank: 4, donut: Menu.builtIn.donuts[0], sales: 12),
      DonutSales(rank: 5, donut: Menu.builtIn.donuts[6], sales: 10),
    ], top: 5, timeframe: .today, span: "2026-11-29")

  @Test("text: title, total, one bar per donut best first, the best bar fills the width")
  func text() {
    let text = Self.chart.text(width: 80, style: Terminal.Style(enabled: false))
    let lines = text.split(separator: Character("\n"), omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "Top 5 Donuts · Today · 2026-11-29")
    #expect(lines[1] == "Total Sales · 91 Donuts")
    #expect(lines[2] == "")
    let bars = Array(lines[3..<8])
    #expect(
      bars.map { String($0.prefix(20)).trimmingCharacters(in: .whitespaces) } == [
        "Picnic Basket", "Black Raspberry", "Strawberry Sprinkles", "The Classic", "Rainbow",
      ])
    #expect(bars.map { $0.split(separator: " ").last! } == ["28", "24", "17", "12", "10"])
    // The best bar ends one column before the edge, so a full line never wraps.
    #expect(bars[0].count == 79)
    #expect(bars.allSatisfy { $0.count <= 79 })
    // 24/28 of the best bar's length, in eighths of a column.
    let best = bars[0].filter { "█▏▎▍▌▋▊▉".contains($0) }.count
    #expect(best == 80 - 1 - 20 - 2 - 1 - 2)
    let blocks = { (line: String) in
      line.unicodeScalars.reduce(0.0) { sum, c in
        switch c {
        case "█": return sum + 1
        case "\u{2589}"..."\u{258F}": return sum + Double(0x2590 - Int(c.value)) / 8  // ▉ 7/8 ... ▏ 1/8
        default: return sum
        }
      }
    }
    #expect(abs(blocks(bars[1]) - Double(best) * 24 / 28) <= 0.0625)
    #expect(lines.last == "")
  }

  @Test("text scales to the width it is given")
  func narrow() {
    let text = Self.chart.text(width: 40, style: Terminal.Style(enabled: false))
    let lines = text.split(separator: Character("\n")).map(String.init)
    #expect(lines.dropFirst(2).allSatisfy { $0.count <= 39 })
  }

  @Test("at 40 columns: the title breaks at its separators, long names are shortened with …")
  func fortyColumns() {
    var chart = Self.chart
    chart.span = "2026-11-23 to 2026-11-29 PST"
    chart.timeframe = .week
    chart.bars[0].donut = Donut(
      id: 17, name: "A Very Long Custom Donut Name That Goes On", dough: Menu.builtIn.donuts[0].dough,
      glaze: nil, topping: nil)
    let lines = chart.text(width: 40, style: Terminal.Style(enabled: false)).split(separator: "\n").map(
      String.init)
    #expect(lines[0] == "Top 5 Donuts · Last 7 Days")
    #expect(lines[1] == "2026-11-23 to 2026-11-29 PST")
    #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 40 }, "\(lines)")
    #expect(lines[3].hasPrefix("A Very Long Custom Donut…  ████████"))
    // Every bar keeps 8 columns at least.
    #expect(lines[3...].allSatisfy { $0.filter { $0 == "█" }.count >= 1 })
  }

  @Test("one donut: singular words (Top 1 Donut, 1 Donut)")
  func singular() {
    let chart = TopChart(
      bars: [DonutSales(rank: 1, donut: Menu.builtIn.donuts[3], sales: 1)], top: 1, timeframe: .all, span: nil
    )
    let text = chart.text(width: 80, style: Terminal.Style(enabled: false))
    #expect(text.hasPrefix("Top 1 Donut · All Time\nTotal Sales · 1 Donut\n"))
    #expect(chart.svg(width: 640, height: 400).contains("<title>Top 1 Donut</title>"))
  }

  @Test("text: colour codes only when the style is enabled")
  func colour() {
    #expect(!Self.chart.text(width: 80, style: Terminal.Style(enabled: false)).contains("\u{1B}"))
    #expect(Self.chart.text(width: 80, style: Terminal.Style(enabled: true)).contains("\u{1B}[38;5;205m"))
  }

  @Test("an empty chart says there were no sales")
  func empty() {
    for (timeframe, line) in [
      (Timeframe.today, "No sales today."), (.week, "No sales in the last 7 days."), (.all, "No sales."),
    ] {
      let chart = TopChart(bars: [], top: 5, timeframe: timeframe, span: nil)
      let text = chart.text(width: 80, style: Terminal.Style(enabled: false))
      #expect(text.contains("Total Sales · 0 Donuts\n\n\(line)\n"))
      #expect(chart.svg(width: 640, height: 400).contains(">\(line)</text>"))
      #expect(chart.records.isEmpty)
      #expect(chart.csv == "rank,donut,name,sales,timeframe\n")
    }
  }

  @Test("csv: a header and one row per bar")
  func csv() {
    #expect(
      Self.chart.csv
        == "rank,donut,name,sales,timeframe\n1,7,Picnic Basket,28,today\n2,14,Black Raspberry,24,today\n"
        + "3,4,Strawberry Sprinkles,17,today\n4,0,The Classic,12,today\n5,6,Rainbow,10,today\n")
  }

  @Test("svg: well-formed XML with the sample's elements")
  func svg() throws {
    let svg = try XMLElements(Self.chart.svg(width: 800, height: 500))
    let root = try #require(svg.elements.first)
    #expect(root.name == "svg")
    #expect(root.attributes["width"] == "800")
    #expect(root.attributes["height"] == "500")
    #expect(root.attributes["viewBox"] == "0 0 800 500")
    // A bottom-to-top gradient.
    let gradient = try #require(svg.elements.first { $0.name == "linearGradient" })
    #expect(gradient.attributes["y1"] == "1")
    #expect(gradient.attributes["y2"] == "0")
    // Five bars with corner radius 6, filled with it, and five capsules.
    let rects = svg.elements.filter { $0.name == "rect" }
    let bars = rects.filter { $0.attributes["fill"] == "url(#barFill)" }
    #expect(bars.count == 5)
    #expect(bars.allSatisfy { $0.attributes["rx"] == "6" })
    #expect(rects.filter { $0.attributes["rx"] == "11" }.count == 5)
    // Bars from the fifth best (left) to the best (right), taller as they go.
    let xs = bars.map { Double($0.attributes["x"]!)! }
    let heights = bars.map { Double($0.attributes["height"]!)! }
    #expect(xs == xs.sorted())
    #expect(heights == heights.sorted())
    #expect(heights.last! / heights.first! > 2.7 && heights.last! / heights.first! < 2.9)  // 28 / 10
    let texts = svg.elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("Top 5 Donuts"))
    #expect(texts.contains("Total Sales · 91 Donuts"))
    #expect(texts.contains("Strawberry Sprinkles"))  // one line at this width
    for value in ["10", "12", "17", "24", "28"] { #expect(texts.contains(value)) }
  }

  @Test("svg: a donut picture above each ranked donut's name, in the bars' order")
  func svgPictures() throws {
    let svg = try XMLElements(Self.chart.svg(width: 640, height: 400))
    let pictures = svg.elements.filter { $0.name == "g" && $0.attributes["class"] == "donut" }
    // Left to right from the fifth best to the best.
    #expect(pictures.map { $0.attributes["data-donut"] } == ["6", "0", "4", "14", "7"])
    for count in [1, 3, 17] {
      let sales = Array(repeating: 1, count: 17).enumerated().map { $0.offset < count ? 5 + $0.offset : 0 }
      let chart = TopChart(
        bars: TopChart.rank(sales, top: count), top: count, timeframe: .week, span: nil)
      let elements = try XMLElements(chart.svg(width: 640, height: 400)).elements
      #expect(elements.filter { $0.attributes["class"] == "donut" }.count == count)
    }
    let empty = TopChart(bars: [], top: 5, timeframe: .today, span: nil)
    #expect(!empty.svg(width: 640, height: 400).contains("class=\"donut\""))
  }

  @Test("svg: names and text are escaped")
  func escaping() throws {
    let escaped = Markup.escape("Shakespeare's <Globe> & \"Co\"")
    #expect(escaped == "Shakespeare&#39;s &lt;Globe&gt; &amp; &quot;Co&quot;")
    #expect(Markup.escape("bell\u{07}") == "bell\u{FFFD}")
    let chart = HistoryChart(
      range: .twoWeeks, points: HistoryRange.twoWeeks.points(today: Fixture.today),
      series: [SalesSeries(city: "Tom & Jerry's <Diner>", values: Array(repeating: 5, count: 14))])
    let svg = chart.svg(width: 640, height: 400)
    _ = try XMLElements(svg)
    #expect(svg.contains("Tom &amp; Jerry&#39;s &lt;Diner&gt;"))
  }

  @Test("helpers: grouping, CSV quoting, ticks, wrapping")
  func helpers() {
    #expect(Numbers.grouped(0) == "0")
    #expect(Numbers.grouped(999) == "999")
    #expect(Numbers.grouped(1000) == "1,000")
    #expect(Numbers.grouped(2_500_000) == "2,500,000")
    #expect(Format.donuts(1) == "1 Donut")
    #expect(CSVTable.field("a,b") == "\"a,b\"")
    #expect(CSVTable.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVTable.field("plain") == "plain")
    #expect(Format.ticks(from: 0, to: 28, count: 4) == [0, 10, 20, 30])
    #expect(Format.ticks(from: 0, to: 10, count: 4) == [0, 5, 10])
    #expect(Format.ticks(from: 53, to: 318, count: 4) == [0, 100, 200, 300, 400])
    #expect(Format.ticks(from: 7, to: 7, count: 4) == [7])
    #expect(Format.wrap("Strawberry Sprinkles", limit: 12, maxLines: 2) == ["Strawberry", "Sprinkles"])
    #expect(Format.wrap("The Classic", limit: 12, maxLines: 2) == ["The Classic"])
    #expect(Format.wrap("a b c", limit: 1, maxLines: 2) == ["a", "b c"])
    #expect(Format.number(12.0) == "12")
    #expect(Format.number(12.25) == "12.3")
    #expect(Format.number(-0.25) == "-0.3")
  }
}
