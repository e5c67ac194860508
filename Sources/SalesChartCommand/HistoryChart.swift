import PipeProtocol
import ToolSupport

/// The Sales History chart: one line per city over the range, with the total of all points.
public struct HistoryChart: Sendable {
  /// The range shown.
  public var range: HistoryRange
  /// The points' day numbers (month numbers for `year`).
  public var points: [Int]
  /// The series, one per city.
  public var series: [SalesSeries]
  /// The abbreviation of the zone whose days the points are (`PST`), or nil to leave it unsaid.
  public var zoneLabel: String?

  /// A chart.
  public init(range: HistoryRange, points: [Int], series: [SalesSeries], zoneLabel: String? = nil) {
    self.range = range
    self.points = points
    self.series = series
    self.zoneLabel = zoneLabel
  }

  /// The sum of every point of every city, as the sample's header shows.
  public var total: Int { series.reduce(0) { $0 + $1.total } }

  /// `2026-11-15 to 2026-11-28`, or `2025-11 to 2026-11`.
  public var span: String { "\(dateText(points[0])) to \(dateText(points[points.count - 1]))" }

  /// The span with its zone: `2026-11-15 to 2026-11-28 PST`.
  public var labelledSpan: String { span + (zoneLabel.map { " \($0)" } ?? "") }

  /// What the chart says when some of its monthly points were added up from daily summaries (a
  /// city without monthly ones: the months before its first daily summary look empty), or nil.
  public var dailyNote: String? {
    let added = series.filter(\.fromDaily).map(\.city)
    guard range.monthly, !added.isEmpty else { return nil }
    let how = "('orders history --months 13' writes them)"
    if added.count == series.count {
      return "No monthly summaries: each month adds up the daily summaries there are \(how)."
    }
    return "No monthly summaries for \(added.joined(separator: ", ")): \(added.count == 1 ? "its" : "their") "
      + "months add up the daily summaries there are \(how)."
  }

  /// A point's date: `2026-11-15`, or `2026-11` for a month.
  func dateText(_ point: Int) -> String {
    range.monthly ? MonthNumber.format(point) : ISODate.formatDay(point * 86_400)
  }

  /// A point's day as written in records: `2026-11-15`, or `2026-11-01` for a month.
  func recordDate(_ point: Int) -> String {
    ISODate.formatDay((range.monthly ? MonthNumber.firstDay(point) : point) * 86_400)
  }

  /// A short axis label: `Nov 15`, or `Nov` (`Jan 2026` in January and at the start) for months.
  func axisLabel(_ point: Int, first: Bool) -> String {
    if range.monthly {
      let day = MonthNumber.firstDay(point)
      let (y, m, _) = ISODate.civil(fromDays: day)
      return m == 1 || first ? "\(Format.monthNames[m - 1]) \(y)" : Format.monthNames[m - 1]
    }
    let (_, m, d) = ISODate.civil(fromDays: point)
    return "\(Format.monthNames[m - 1]) \(d)"
  }

  /// `Total Sales · 1,234 Donuts`.
  public var totalLine: String { "Total Sales · \(Format.donuts(total))" }

  /// The lowest and highest values plotted (the y axis is not forced to include zero).
  var extent: (Int, Int) {
    let values = series.flatMap { $0.values.compactMap { $0 } }
    return (values.min() ?? 0, values.max() ?? 0)
  }

  // MARK: - Text

  static let sparks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  static let ansiColors = ["38;5;33", "38;5;41", "38;5;208", "38;5;135", "38;5;196", "38;5;45"]

  /// One sparkline row per city (a character per point, all rows on one scale, a space where a
  /// point is missing) followed by the city's total, `width` columns wide at most: names are
  /// shortened ("…") to fit, or, when even that leaves no room, stand on a line of their own.
  public func text(width: Int = 80, style: Terminal.Style) -> String {
    var out = Format.header(["Sales History", range.label, labelledSpan], width: width, style: style)
    out += totalLine + "\n\n"
    guard !series.isEmpty else { return out + "No sales history in this range.\n" }
    let (low, high) = extent
    let totals = series.map { Numbers.grouped($0.total) }
    let totalWidth = totals.map(\.count).max() ?? 0
    let room = width - 2 - points.count - 2 - totalWidth
    let stacked = room < 4
    let names = series.map {
      stacked ? TerminalText.safe($0.city) : Format.shorten(TerminalText.safe($0.city), to: room)
    }
    let nameWidth = stacked ? 0 : names.map(TextLayout.displayWidth).max() ?? 0
    for (i, (line, total)) in zip(series, totals).enumerated() {
      var spark = ""
      for value in line.values {
        guard let value else {
          spark.append(" ")
          continue
        }
        let level = high == low ? 3 : (value - low) * 7 / (high - low)
        spark.append(Self.sparks[level])
      }
      let color = Self.ansiColors[i % Self.ansiColors.count]
      if stacked { out += names[i] + "\n" }
      out +=
        (stacked ? "" : Format.pad(names[i], nameWidth)) + "  " + style.apply(color, spark) + "  "
        + Format.padLeft(total, totalWidth) + "\n"
    }
    if let note = dailyNote {
      out += "\n" + TextLayout.wrap(note, width: width).map { style.dim($0) + "\n" }.joined()
    }
    return out
  }

  // MARK: - JSON and CSV

  /// One `sales-history` record per city per point that has a value.
  public var records: [JSONObject] {
    var records: [JSONObject] = []
    for line in series {
      for (point, value) in zip(points, line.values) {
        guard let value else { continue }
        records.append([
          "type": .string("sales-history"), "city": .string(line.city), "date": .string(recordDate(point)),
          "period": .string(range.monthly ? "month" : "day"), "sales": .int(value),
          "range": .string(range.rawValue),
        ])
      }
    }
    return records
  }

  /// CSV: `city,period,date,sales` with a row per point that has a value.
  public var csv: String {
    var out = "city,period,date,sales\n"
    for record in records {
      out += "\(CSVTable.field(record["city"]?.stringValue ?? "")),\(record["period"]?.stringValue ?? ""),"
      out += "\(record["date"]?.stringValue ?? ""),\(record["sales"]?.intValue ?? 0)\n"
    }
    return out
  }

  // MARK: - SVG

  static let colors = ["#007aff", "#34c759", "#ff9500", "#af52de", "#ff3b30", "#32ade6"]

  /// A standalone SVG line chart: a legend on top, one smooth line per city with a point symbol per
  /// value, grid lines with the values on the trailing side (not forced to start at zero), dates
  /// under the axis.
  public func svg(width: Int, height: Int) -> String {
    let w = Double(width)
    let h = Double(height)
    let f = Format.number
    let left = 24.0
    let plotRight = w - 24 - 48
    let plotTop = 124.0
    let axisY = h - 48
    let title = "Sales History"
    var s = Chart.svgOpen(
      width: width, height: height, title: title,
      description: "\(title), \(range.label.lowercased()) (\(labelledSpan)): \(totalLine); "
        + series.map { "\($0.city) \(Numbers.grouped($0.total))" }.joined(separator: ", ")
        + (dailyNote.map { ". \($0)" } ?? ""))
    s += Chart.header(title: title, subtitle: totalLine, label: range.label, detail: labelledSpan, width: w)
    if let note = dailyNote {
      s += "  <text x=\"\(f(left))\" y=\"\(f(h - 8))\" font-size=\"11\" \(SVGPalette.fill(.tertiary))>"
      s += "\(Markup.escape(note))</text>\n"
    }
    // The legend.
    var x = left
    s += "  <g font-size=\"12\" \(SVGPalette.fill(.ink))>\n"
    for (i, line) in series.enumerated() {
      s += "    " + Self.symbol(i, x: x + 5, y: 96, color: Self.colors[i % Self.colors.count]) + "\n"
      s += "    <text x=\"\(f(x + 14))\" y=\"100\">\(Markup.escape(line.city))</text>\n"
      x += 14 + Double(line.city.count) * 7 + 18
    }
    s += "  </g>\n"
    guard !series.isEmpty else {
      s +=
        "  <line x1=\"\(f(left))\" y1=\"\(f(axisY))\" x2=\"\(f(plotRight))\" y2=\"\(f(axisY))\" \(SVGPalette.stroke(.axis))/>\n"
      s +=
        "  <text x=\"\(f((left + plotRight) / 2))\" y=\"\(f((plotTop + axisY) / 2))\" text-anchor=\"middle\" "
      s += "font-size=\"15\" \(SVGPalette.fill(.secondary))>No sales history in this range.</text>\n"
      return s + "</svg>\n"
    }
    let (low, high) = extent
    let ticks = Format.ticks(from: low, to: high, count: 4)
    let bottom = Double(ticks[0])
    let top = Double(max(ticks[ticks.count - 1], ticks[0] + 1))
    func y(_ value: Int) -> Double { axisY - (Double(value) - bottom) / (top - bottom) * (axisY - plotTop) }
    func px(_ index: Int) -> Double {
      points.count == 1
        ? (left + plotRight) / 2 : left + Double(index) / Double(points.count - 1) * (plotRight - left)
    }
    s += "  <g font-size=\"11\" \(SVGPalette.fill(.tertiary))>\n"
    for tick in ticks {
      s += "    <line x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(plotRight))\" y2=\"\(f(y(tick)))\" "
      s +=
        tick == ticks[0]
        ? "\(SVGPalette.stroke(.axis))/>\n" : "\(SVGPalette.stroke(.grid)) stroke-dasharray=\"3 3\"/>\n"
      s += "    <text x=\"\(f(plotRight + 8))\" y=\"\(f(y(tick) + 4))\">\(Numbers.grouped(tick))</text>\n"
    }
    let every = max(1, (points.count + 6) / 7)
    for index in stride(from: 0, to: points.count, by: every) {
      let label = axisLabel(points[index], first: index == 0)
      // Centred under its point, unless that would run past the plot's ends ("Nov 2025" under
      // the first month touched the card's edge): then it starts or ends there. 11 px text is
      // about 6.2 px a character.
      let half = Double(label.count) * 3.1
      let (x, anchor) =
        px(index) - half < left
        ? (left, "start") : px(index) + half > plotRight ? (plotRight, "end") : (px(index), "middle")
      s += "    <text x=\"\(f(x))\" y=\"\(f(axisY + 20))\" text-anchor=\"\(anchor)\">\(label)</text>\n"
    }
    s += "  </g>\n"
    for (i, line) in series.enumerated() {
      let color = Self.colors[i % Self.colors.count]
      s += "  <g>\n    <title>\(Markup.escape(line.city)): \(Format.donuts(line.total))</title>\n"
      // Runs of consecutive points, each drawn as a smooth (cardinal) curve.
      var run: [CurvePoint] = []
      var paths: [String] = []
      for (index, value) in line.values.enumerated() {
        if let value {
          run.append(CurvePoint(px(index), y(value)))
        } else if !run.isEmpty {
          paths.append(Self.curve(run))
          run = []
        }
      }
      if !run.isEmpty { paths.append(Self.curve(run)) }
      for path in paths {
        s += "    <path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" "
        s += "stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
      }
      for (index, value) in line.values.enumerated() {
        guard let value else { continue }
        s += "    " + Self.symbol(i, x: px(index), y: y(value), color: color) + "\n"
      }
      s += "  </g>\n"
    }
    return s + "</svg>\n"
  }

  /// A smooth path through points (Catmull-Rom as cubic Béziers, like a cardinal curve); a lone
  /// point gets a dot-sized stroke.
  static func curve(_ points: [CurvePoint]) -> String {
    let d = CatmullRom.svgPath(through: points, number: Format.number)
    return points.count > 1 ? d : d + "h0.1"
  }

  /// The point symbol of series `i`: circle, square, triangle, diamond, as Swift Charts picks them.
  static func symbol(_ i: Int, x: Double, y: Double, color: String) -> String {
    let f = Format.number
    switch i % 4 {
    case 0: return "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3.5\" fill=\"\(color)\"/>"
    case 1:
      return "<rect x=\"\(f(x - 3.5))\" y=\"\(f(y - 3.5))\" width=\"7\" height=\"7\" fill=\"\(color)\"/>"
    case 2:
      return
        "<path d=\"M\(f(x)),\(f(y - 4.5)) L\(f(x + 4.5)),\(f(y + 3.5)) L\(f(x - 4.5)),\(f(y + 3.5)) Z\" fill=\"\(color)\"/>"
    default:
      return
        "<path d=\"M\(f(x)),\(f(y - 5)) L\(f(x + 5)),\(f(y)) L\(f(x)),\(f(y + 5)) L\(f(x - 5)),\(f(y)) Z\" fill=\"\(color)\"/>"
    }
  }
}
