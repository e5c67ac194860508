import FoodTruckKit
import PipeProtocol
import ToolSupport

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
  /// The sum of the values.
  public var total: Int { values.reduce(0) { $0 + ($1 ?? 0) } }

  /// A series.
  public init(city: String, values: [Int?]) {
    self.city = city
    self.values = values
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
  var scratch = [Int](repeating: 0, count: SalesTally.width)

  /// An empty tally.
  public init() {}

  /// Counts an `order-summary` (its sales' sum, which must equal `totalSales` when given); other
  /// types are only counted in `ignored`.
  public func add(_ view: RecordView) throws(InputError) {
    guard view.type == "order-summary" else {
      ignored[view.type, default: 0] += 1
      return
    }
    do throws(FieldError) {
      let b = view.bytes
      guard let cityMember = view.member("city") else {
        throw FieldError("order-summary record has no \"city\"")
      }
      guard let city = Scan.string(b, cityMember.value), !city.isEmpty else {
        throw FieldError("\"city\" must be a city's name, not \(Scan.text(b, cityMember.value))")
      }
      let (period, date) = try SalesTally.summaryDate(view)
      guard let sales = view.member("sales") else {
        throw FieldError("order-summary record has no \"sales\" array")
      }
      let sum = try scratch.withUnsafeMutableBufferPointer { row throws(FieldError) in
        try Scan.addSales(b, sales.value, field: "sales", into: row.baseAddress!)
      }
      if let total = view.member("totalSales") {
        let stated = try Scan.integer(b, total.value, "\"totalSales\"")
        guard stated == sum else {
          throw FieldError("\"totalSales\" is \(stated), but the sales add up to \(sum)")
        }
      }
      for i in scratch.indices { scratch[i] = 0 }
      if period == .day {
        daily[city, default: [:]][date] = try Scan.add(daily[city]?[date] ?? 0, sum)
      } else {
        monthly[city, default: [:]][date] = try Scan.add(monthly[city]?[date] ?? 0, sum)
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
      if range.monthly, monthly[city]?.isEmpty ?? true {
        values = [:]
        for (day, n) in daily[city] ?? [:] {
          let month = MonthNumber.of(day: day)
          values[month] = try Scan.add(values[month] ?? 0, n)
        }
      } else {
        values = (range.monthly ? monthly[city] : daily[city]) ?? [:]
      }
      let series = SalesSeries(city: city, values: points.map { values[$0] })
      guard series.values.contains(where: { $0 != nil }) else { continue }
      for value in series.values { total = try Scan.add(total, value ?? 0) }
      result.append(series)
    }
    return result
  }
}

/// The Sales History chart: one line per city over the range, with the total of all points.
public struct HistoryChart: Sendable {
  /// The range shown.
  public var range: HistoryRange
  /// The points' day numbers (month numbers for `year`).
  public var points: [Int]
  /// The series, one per city.
  public var series: [SalesSeries]

  /// A chart.
  public init(range: HistoryRange, points: [Int], series: [SalesSeries]) {
    self.range = range
    self.points = points
    self.series = series
  }

  /// The sum of every point of every city, as the sample's header shows.
  public var total: Int { series.reduce(0) { $0 + $1.total } }

  /// `2026-11-15 to 2026-11-28`, or `2025-11 to 2026-11`.
  public var span: String { "\(dateText(points[0])) to \(dateText(points[points.count - 1]))" }

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
  /// point is missing) followed by the city's total.
  public func text(style: Terminal.Style) -> String {
    var out = style.bold("Sales History") + " · \(range.label) · \(span)\n"
    out += totalLine + "\n\n"
    guard !series.isEmpty else { return out + "No sales history in this range.\n" }
    let (low, high) = extent
    let nameWidth = series.map(\.city.count).max() ?? 0
    let totals = series.map { Format.grouped($0.total) }
    let totalWidth = totals.map(\.count).max() ?? 0
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
      out +=
        Format.pad(line.city, nameWidth) + "  " + style.apply(color, spark) + "  "
        + Format.padLeft(total, totalWidth) + "\n"
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
      out += "\(Format.csv(record["city"]?.stringValue ?? "")),\(record["period"]?.stringValue ?? ""),"
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
      description: "\(title), \(range.label.lowercased()) (\(span)): \(totalLine); "
        + series.map { "\($0.city) \(Format.grouped($0.total))" }.joined(separator: ", "))
    s += Chart.header(title: title, subtitle: totalLine, label: range.label, detail: span, width: w)
    // The legend.
    var x = left
    s += "  <g font-size=\"12\" fill=\"#1c1c1e\">\n"
    for (i, line) in series.enumerated() {
      s += "    " + Self.symbol(i, x: x + 5, y: 96, color: Self.colors[i % Self.colors.count]) + "\n"
      s += "    <text x=\"\(f(x + 14))\" y=\"100\">\(Markup.escape(line.city))</text>\n"
      x += 14 + Double(line.city.count) * 7 + 18
    }
    s += "  </g>\n"
    guard !series.isEmpty else {
      s +=
        "  <line x1=\"\(f(left))\" y1=\"\(f(axisY))\" x2=\"\(f(plotRight))\" y2=\"\(f(axisY))\" stroke=\"#c7c7cc\"/>\n"
      s +=
        "  <text x=\"\(f((left + plotRight) / 2))\" y=\"\(f((plotTop + axisY) / 2))\" text-anchor=\"middle\" "
      s += "font-size=\"15\" fill=\"#6e6e73\">No sales history in this range.</text>\n"
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
    s += "  <g font-size=\"11\" fill=\"#8e8e93\">\n"
    for tick in ticks {
      s += "    <line x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(plotRight))\" y2=\"\(f(y(tick)))\" "
      s += tick == ticks[0] ? "stroke=\"#c7c7cc\"/>\n" : "stroke=\"#e5e5ea\" stroke-dasharray=\"3 3\"/>\n"
      s += "    <text x=\"\(f(plotRight + 8))\" y=\"\(f(y(tick) + 4))\">\(Format.grouped(tick))</text>\n"
    }
    let every = max(1, (points.count + 6) / 7)
    for index in stride(from: 0, to: points.count, by: every) {
      s += "    <text x=\"\(f(px(index)))\" y=\"\(f(axisY + 20))\" text-anchor=\"middle\">"
      s += "\(axisLabel(points[index], first: index == 0))</text>\n"
    }
    s += "  </g>\n"
    for (i, line) in series.enumerated() {
      let color = Self.colors[i % Self.colors.count]
      s += "  <g>\n    <title>\(Markup.escape(line.city)): \(Format.donuts(line.total))</title>\n"
      // Runs of consecutive points, each drawn as a smooth (cardinal) curve.
      var run: [(Double, Double)] = []
      var paths: [String] = []
      for (index, value) in line.values.enumerated() {
        if let value {
          run.append((px(index), y(value)))
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

  /// A smooth path through points (Catmull-Rom as cubic Béziers, like a cardinal curve).
  static func curve(_ p: [(Double, Double)]) -> String {
    let f = Format.number
    var d = "M\(f(p[0].0)),\(f(p[0].1))"
    guard p.count > 1 else { return d + "h0.1" }
    for i in 0..<(p.count - 1) {
      let p0 = p[max(i - 1, 0)]
      let p1 = p[i]
      let p2 = p[i + 1]
      let p3 = p[min(i + 2, p.count - 1)]
      let c1 = (p1.0 + (p2.0 - p0.0) / 6, p1.1 + (p2.1 - p0.1) / 6)
      let c2 = (p2.0 - (p3.0 - p1.0) / 6, p2.1 - (p3.1 - p1.1) / 6)
      d += " C\(f(c1.0)),\(f(c1.1)) \(f(c2.0)),\(f(c2.1)) \(f(p2.0)),\(f(p2.1))"
    }
    return d
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

/// `sales-chart history`.
enum History {
  static let spec = CommandSpec(
    name: "history",
    summary: "chart each city's sales over time from order-summary records (the Sales History chart)",
    usage: [
      "sales-chart history [--range 2weeks|month|year] [--now T] [--format text|svg|json|csv] [FILE...]"
    ],
    options: [
      .value(
        "range", short: "r", name: "RANGE",
        help: "2weeks (the 14 days before today, default), month (the 30 days before today) or year "
          + "(the 12 months before this one, and this one)",
        choices: HistoryRange.allCases.map(\.rawValue)),
      .value(
        "now", name: "T",
        help: "the time whose day the range ends before (ISO 8601 or @SECONDS); default: now"),
      .value(
        "format", short: "f", name: "FORMAT",
        help: "text (default), svg, json (sales-history records) or csv",
        choices: ["text", "svg", "json", "csv"]),
      .value("width", name: "N", help: "svg: width in pixels (default 640)"),
      .value("height", name: "N", help: "svg: height in pixels (default 400)"),
      .flag(
        "verbose", short: "v", help: "report on stderr how many summaries were counted and what was ignored"),
    ],
    positionalName: "FILE",
    input: """
      JSON lines (files, or stdin when none or '-'): 'order-summary' records such as 'orders history'
      writes. Daily summaries make the 2weeks and month ranges; monthly summaries make the year
      range (a city without monthly summaries gets its daily ones added up by month). Summaries of
      the same city and date add up. Other record types are ignored (see --verbose).
      """,
    output: """
      text: a sparkline row per city (one character per day or month, a space where there is no
        summary, all rows on one scale) with the city's total, under "Total Sales · N Donuts".
      svg: a standalone SVG line chart with a legend, one line per city.
      json: one 'sales-history' record per city per point. csv: city,period,date,sales.
      """,
    examples: [
      "orders history | sales-chart history",
      "orders history --months 13 | sales-chart history --range year --format svg > history.svg",
      "orders history --now 2026-11-29T12:00:00Z | sales-chart history --now 2026-11-29T12:00:00Z --format json",
    ])

  static func run(_ invocation: LegacyInvocation) throws -> Int32 {
    for option in ["timeframe", "top"] where invocation.string(option) != nil {
      throw ToolError.usage("--\(option) applies to the top-five chart, not to 'history' (see --range)")
    }
    for flag in ["partial", "merge"] where invocation.flag(flag) {
      throw ToolError.usage("--\(flag) applies to the top-five chart, not to 'history'")
    }
    let format = invocation.choice("format", default: "text")
    let range = HistoryRange(rawValue: invocation.choice("range", default: "2weeks")) ?? .twoWeeks
    if format != "svg" {
      for option in ["width", "height"] where invocation.string(option) != nil {
        throw ToolError.usage("--\(option) applies to 'history --format svg' only")
      }
    }
    let (width, height) = try SalesChart.size(invocation, format: format)
    let today = ISODate.floorDiv(try invocation.now(), 86_400)
    let tally = HistoryTally()
    try Inputs.forEach(invocation.positionals, tool: SalesChart.spec.name) { reader in
      try reader.forEach { view in try tally.add(view) }
    }
    if invocation.flag("verbose") {
      Diagnostics.note(
        "counted \(Format.records(tally.summaries, "order-summary"))", tool: SalesChart.spec.name)
      SalesChart.reportIgnored(tally.ignored)
    }
    let series: [SalesSeries]
    do {
      series = try tally.series(range, today: today)
    } catch {
      throw ToolError.data(error.message)
    }
    let chart = HistoryChart(range: range, points: range.points(today: today), series: series)
    let out = StandardOutput.shared
    switch format {
    case "svg": out.write(chart.svg(width: width ?? 640, height: height ?? 400))
    case "json": for record in chart.records { out.writeRecord(record) }
    case "csv": out.write(chart.csv)
    default: out.write(chart.text(style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
    }
    if chart.series.isEmpty, tally.summaries > 0 {
      out.flush()
      Diagnostics.note(
        "none of the \(tally.summaries) order-summary records falls in \(chart.span) (--now \(ISODate.formatDay(today * 86_400)))",
        tool: SalesChart.spec.name)
    }
    return ExitStatus.ok
  }
}
