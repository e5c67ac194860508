import FoodTruckKit
import PipeProtocol
import ToolSupport

/// One bar of the top-five chart: a donut, its sales, and its rank (1 = best).
public struct DonutSales: Equatable, Sendable {
  /// The rank, from 1.
  public var rank: Int
  /// The donut.
  public var donut: Donut
  /// How many were sold.
  public var sales: Int

  /// A bar.
  public init(rank: Int, donut: Donut, sales: Int) {
    self.rank = rank
    self.donut = donut
    self.sales = sales
  }

  /// The `donut-sales` record: `{"donut":7,"name":"Picnic Basket","rank":1,"sales":28,
  /// "timeframe":"today","type":"donut-sales"}`.
  public func record(timeframe: Timeframe) -> JSONObject {
    [
      "type": .string("donut-sales"), "rank": .int(rank), "donut": .int(donut.id),
      "name": .string(donut.name),
      "sales": .int(sales), "timeframe": .string(timeframe.rawValue),
    ]
  }
}

/// The Top 5 Donuts chart: the ranking and its renderings.
public struct TopChart: Sendable {
  /// The bars, best first.
  public var bars: [DonutSales]
  /// How many bars were asked for (`--top`).
  public var top: Int
  /// The timeframe shown.
  public var timeframe: Timeframe
  /// The timeframe's days in words (nil for `all`).
  public var span: String?

  /// A chart of `bars` (best first).
  public init(bars: [DonutSales], top: Int, timeframe: Timeframe, span: String?) {
    self.bars = bars
    self.top = top
    self.timeframe = timeframe
    self.span = span
  }

  /// The sample's ranking of sales per donut id: most sales first and, among equal sales, the higher
  /// donut id first; donuts that sold nothing are left out; the first `top` are kept.
  /// `menu` has every id that sold.
  public static func rank(_ sales: [Int], top: Int, menu: Menu = .builtIn) -> [DonutSales] {
    let order = sales.indices.filter { sales[$0] > 0 }.sorted { a, b in
      sales[a] != sales[b] ? sales[a] > sales[b] : a > b
    }
    return order.prefix(top).enumerated().map {
      DonutSales(rank: $0.offset + 1, donut: menu.donut(id: $0.element)!, sales: sales[$0.element])
    }
  }

  /// The header total, as in the sample: the sum of the bars shown.
  public var total: Int { bars.reduce(0) { $0 + $1.sales } }

  /// `Top 5 Donuts`, `Top 1 Donut`.
  public var title: String { "Top \(Numbers.count(top, "Donut"))" }

  /// `Total Sales · 91 Donuts`.
  public var totalLine: String { "Total Sales · \(Format.donuts(total))" }

  /// The line shown instead of bars when nothing was sold.
  public var emptyLine: String {
    switch timeframe {
    case .today: return "No sales today."
    case .all: return "No sales."
    default: return "No sales in the \(timeframe.label.lowercased())."
    }
  }

  // MARK: - Text

  /// The chart for a terminal `width` columns wide: a horizontal bar per donut, best at the top,
  /// each bar scaled to the best one and followed by its value.
  public func text(width: Int, style: Terminal.Style) -> String {
    var out = Format.header([title, timeframe.label] + (span.map { [$0] } ?? []), width: width, style: style)
    out += totalLine + "\n\n"
    guard let best = bars.first?.sales else { return out + emptyLine + "\n" }
    let values = bars.map { Numbers.grouped($0.sales) }
    let valueWidth = values.map(\.count).max() ?? 0
    // Names come from data: shown with control characters escaped, and shortened ("…") when a
    // row could not otherwise keep a bar of 8 columns.
    let nameRoom = max(4, width - 1 - 2 - 8 - 1 - valueWidth)
    let names = bars.map { Format.shorten(TerminalText.safe($0.donut.name), to: nameRoom) }
    let nameWidth = names.map(TextLayout.displayWidth).max() ?? 0
    // One column is left free so that a full-width line never wraps.
    let barWidth = max(8, width - 1 - nameWidth - 2 - 1 - valueWidth)
    for (bar, (name, value)) in zip(bars, zip(names, values)) {
      let eighths = max(1, Int((Double(bar.sales) / Double(best) * Double(barWidth * 8)).rounded()))
      let blocks = String(repeating: "█", count: eighths / 8) + Self.partialBlocks[eighths % 8]
      out += Format.pad(name, nameWidth) + "  " + style.apply("38;5;205", blocks) + " " + value + "\n"
    }
    return out
  }

  static let partialBlocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  // MARK: - JSON and CSV

  /// The `donut-sales` records, best first.
  public var records: [JSONObject] { bars.map { $0.record(timeframe: timeframe) } }

  /// CSV with a header row: `rank,donut,name,sales,timeframe`.
  public var csv: String {
    var out = "rank,donut,name,sales,timeframe\n"
    for bar in bars {
      out +=
        "\(bar.rank),\(bar.donut.id),\(CSVTable.field(bar.donut.name)),\(bar.sales),\(timeframe.rawValue)\n"
    }
    return out
  }

  // MARK: - SVG

  /// A standalone SVG drawn as the sample draws it: bars from the fifth best (left) to the best
  /// (right), rounded (radius 6) and filled with a bottom-to-top gradient, each value in a capsule
  /// above its bar, under the axis each donut's picture (`DonutPicture`) above its name, the title
  /// and the total on top.
  public func svg(width: Int, height: Int) -> String {
    let w = Double(width)
    let h = Double(height)
    let left = 24.0
    var plotRight = w - 24 - 40
    let barsTop = 88.0 + 30  // below the header, with room for the tallest bar's capsule
    // Each donut's picture stands above its name under the axis (the sample's chartXAxis): as
    // wide as most of its slot, at most 52 pixels, and smaller when the chart is short.
    let slotGuess = (plotRight - left) / Double(max(bars.count, 1))
    let picture = max(14, min(slotGuess * 0.7, 52, (h - 56 - 8 - barsTop) / 3))
    let axisY = h - 56 - (bars.isEmpty ? 0 : picture + 8)
    let plotHeight = max(axisY - barsTop, 10)
    let f = Format.number
    var s = Chart.svgOpen(width: width, height: height, title: title, description: description)
    s += Markup.verticalGradient(id: "barFill", bottom: "#d6336c", top: "#f783ac")
    s += Chart.header(title: title, subtitle: totalLine, label: timeframe.label, detail: span, width: w)
    guard let best = bars.first?.sales else {
      s +=
        "  <line x1=\"\(f(left))\" y1=\"\(f(axisY))\" x2=\"\(f(plotRight))\" y2=\"\(f(axisY))\" \(SVGPalette.stroke(.axis))/>\n"
      s +=
        "  <text x=\"\(f((left + plotRight) / 2))\" y=\"\(f((barsTop + axisY) / 2))\" text-anchor=\"middle\" "
      s += "font-size=\"15\" \(SVGPalette.fill(.secondary))>\(Markup.escape(emptyLine))</text>\n"
      return s + "</svg>\n"
    }
    // Grid lines and their values on the trailing side, as Swift Charts draws the y axis.
    let ticks = Format.ticks(from: 0, to: best, count: max(1, min(4, Int(plotHeight / 36))))
    plotRight = w - 24 - Double(Numbers.grouped(ticks[ticks.count - 1]).count) * 6.5 - 10
    let top = Double(ticks.last ?? best)
    func y(_ value: Int) -> Double { axisY - Double(value) / top * plotHeight }
    s += "  <g font-size=\"11\" \(SVGPalette.fill(.tertiary))>\n"
    for tick in ticks {
      let ty = y(tick)
      if tick > 0 {
        s += "    <line x1=\"\(f(left))\" y1=\"\(f(ty))\" x2=\"\(f(plotRight))\" y2=\"\(f(ty))\" "
        s += "\(SVGPalette.stroke(.grid)) stroke-dasharray=\"3 3\"/>\n"
      }
      s += "    <text x=\"\(f(plotRight + 8))\" y=\"\(f(ty + 4))\">\(Numbers.grouped(tick))</text>\n"
    }
    s += "  </g>\n"
    s +=
      "  <line x1=\"\(f(left))\" y1=\"\(f(axisY))\" x2=\"\(f(plotRight))\" y2=\"\(f(axisY))\" \(SVGPalette.stroke(.axis))/>\n"
    let slot = (plotRight - left) / Double(max(bars.count, 1))
    let barWidth = min(slot * 0.6, 96)
    // Names in two lines at most, in a smaller font when the slots are narrow.
    let longestWord = bars.flatMap { $0.donut.name.split(separator: " ").map(\.count) }.max() ?? 1
    let fontSize = max(8, min(12, (slot - 4) / (Double(longestWord) * 0.6)))
    let charsPerLine = max(4, Int(slot / (fontSize * 0.6)))
    for (i, bar) in bars.reversed().enumerated() {
      let center = left + slot * (Double(i) + 0.5)
      let barTop = min(y(bar.sales), axisY - 2)
      let value = Numbers.grouped(bar.sales)
      let capsuleWidth = max(30, Double(value.count) * 7.5 + 16)
      s += "  <g>\n"
      s += "    <title>\(Markup.escape(bar.donut.name)): \(value)</title>\n"
      s += "    <rect x=\"\(f(center - barWidth / 2))\" y=\"\(f(barTop))\" width=\"\(f(barWidth))\" "
      s += "height=\"\(f(axisY - barTop))\" rx=\"6\" fill=\"url(#barFill)\"/>\n"
      s +=
        "    <rect x=\"\(f(center - capsuleWidth / 2))\" y=\"\(f(barTop - 30))\" width=\"\(f(capsuleWidth))\" "
      s += "height=\"22\" rx=\"11\" \(SVGPalette.fill(.capsule))/>\n"
      s += "    <text x=\"\(f(center))\" y=\"\(f(barTop - 14.5))\" text-anchor=\"middle\" font-size=\"12\" "
      s += "font-weight=\"600\" \(SVGPalette.fill(.accent))>\(value)</text>\n"
      let size = min(picture, slot * 0.8)
      s += DonutPicture.svg(
        bar.donut, x: center - size / 2, y: axisY + 8 + (picture - size) / 2, size: size, indent: 4)
      let lines = Format.wrap(bar.donut.name, limit: charsPerLine, maxLines: 2)
      s +=
        "    <text x=\"\(f(center))\" y=\"\(f(axisY + picture + 8 + 20))\" text-anchor=\"middle\" font-size=\"\(f(fontSize))\" \(SVGPalette.fill(.ink))>"
      for (n, line) in lines.enumerated() {
        s +=
          "<tspan x=\"\(f(center))\" dy=\"\(n == 0 ? "0" : f(fontSize * 1.25))\">\(Markup.escape(line))</tspan>"
      }
      s += "</text>\n"
      s += "  </g>\n"
    }
    return s + "</svg>\n"
  }

  /// The chart in words, for the SVG's description.
  var description: String {
    let list = bars.map { "\($0.donut.name) \($0.sales)" }.joined(separator: ", ")
    return "\(title), \(timeframe.label.lowercased()): \(totalLine)" + (list.isEmpty ? "" : "; \(list)")
  }
}

/// SVG pieces shared by the charts.
enum Chart {
  /// The font stack: the system font where there is one.
  static let fontFamily = "-apple-system, BlinkMacSystemFont, 'Helvetica Neue', Helvetica, Arial, sans-serif"

  /// The XML declaration, the `<svg>` element, an accessible title, the palette's style (light and
  /// dark) and the background.
  static func svgOpen(width: Int, height: Int, title: String, description: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
    viewBox="0 0 \(width) \(height)" font-family="\(fontFamily)" role="img">
      <title>\(Markup.escape(title))</title>
      <desc>\(Markup.escape(description))</desc>
    \(SVGPalette.style)  <rect width="\(width)" height="\(height)" \(SVGPalette.fill(.background))/>

    """
  }

  /// The title and subtitle on the left, a label and its detail on the right.
  static func header(title: String, subtitle: String, label: String, detail: String?, width: Double) -> String
  {
    let f = Format.number
    let parts = subtitle.split(separator: " · ", maxSplits: 1).map(String.init)
    var s =
      "  <text x=\"24\" y=\"40\" font-size=\"22\" font-weight=\"700\" \(SVGPalette.fill(.ink))>\(Markup.escape(title))</text>\n"
    s +=
      "  <text x=\"24\" y=\"68\" font-size=\"14\" \(SVGPalette.fill(.secondary))>\(Markup.escape(parts[0]))"
    if parts.count > 1 {
      s += " · <tspan font-weight=\"600\" \(SVGPalette.fill(.ink))>\(Markup.escape(parts[1]))</tspan>"
    }
    s += "</text>\n"
    s += "  <text x=\"\(f(width - 24))\" y=\"40\" text-anchor=\"end\" font-size=\"14\" font-weight=\"600\" "
    s += "\(SVGPalette.fill(.ink))>\(Markup.escape(label))</text>\n"
    if let detail {
      s +=
        "  <text x=\"\(f(width - 24))\" y=\"68\" text-anchor=\"end\" font-size=\"12\" \(SVGPalette.fill(.tertiary))>"
      s += "\(Markup.escape(detail))</text>\n"
    }
    return s
  }
}
