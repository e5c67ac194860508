import Glibc
import PipeProtocol
import ToolSupport

/// The sample's Forecast card: temperature over the hours as an area from `low` up, night ranges
/// shaded, a moon where night starts and a sun where it ends, hour ticks every 3 hours.
public struct ForecastCard: Sendable {
  /// One hour on the card.
  public struct Entry: Equatable, Sendable {
    /// The hour's start.
    public var date: Int
    /// Degrees Fahrenheit.
    public var degrees: Double
    /// Whether the sun is up.
    public var isDaylight: Bool
  }

  /// The hours, in date order.
  public var entries: [Entry]
  /// The place's name for the title, if known.
  public var placeName: String?
  /// The zone the hours are labelled in (ticks, night ranges), with its abbreviation.
  public var zone: LocalTime.Zone
  /// Where the hours came from (`open-meteo` when any did, else the first hour's source), named
  /// under the card as the spot card names it: Open-Meteo's licence asks for its credit wherever
  /// its data is shown.
  public var source: String?

  /// A card from forecast hours (sorted by date; at least one), labelled in `zone`.
  public init(hours: [HourForecast], placeName: String?, zone: LocalTime.Zone = .utc) {
    entries = hours.sorted { $0.date < $1.date }.map {
      Entry(date: $0.date, degrees: $0.fahrenheit, isDaylight: $0.isDaylight)
    }
    self.placeName = placeName
    self.zone = zone
    let sources = entries.isEmpty ? [] : hours.map(\.source)
    source = sources.contains(OpenMeteoProvider.name) ? OpenMeteoProvider.name : sources.first
  }

  /// The credit line under the card: who answered (`Weather data by Open-Meteo.com, ...`).
  public var credit: String? { source.map(Spot.sourceLine) }

  /// `9 AM`: an hour in the card's zone.
  func hourLabel(_ date: Int) -> String { LocalTime.hour(date, in: zone, label: false) }

  /// The tick labels: the hour in the card's zone (`9 AM`).
  public var tickLabels: [String] { ticks.map(hourLabel) }

  /// The zone's abbreviation over the card's hours: `PDT`, or `PDT→PST` across a change.
  public var zoneLabel: String {
    guard let first = entries.first?.date, let last = entries.last?.date else {
      return zone.abbreviation(at: 0)
    }
    let (a, b) = (zone.abbreviation(at: first), zone.abbreviation(at: last))
    return a == b ? a : "\(a)→\(b)"
  }

  /// `9 PM–6 AM PDT`: a night range in the card's zone.
  public func nightLabel(_ range: Range<Int>) -> String {
    "\(hourLabel(range.lowerBound))–\(LocalTime.hour(range.upperBound, in: zone))"
  }

  /// The area's floor: 2 degrees under the coldest hour.
  public var low: Double { (entries.map(\.degrees).min() ?? 0) - 2 }
  /// The warmest hour's degrees.
  public var high: Double { entries.map(\.degrees).max() ?? 0 }

  /// Night ranges, as the sample scans them: a night hour opens a range, the next daylight hour
  /// closes it at its date; one still open at the end closes at the last hour.
  public var nightRanges: [Range<Int>] {
    var ranges: [Range<Int>] = []
    var open: Int?
    for entry in entries {
      if !entry.isDaylight {
        if open == nil { open = entry.date }
      } else if let start = open {
        ranges.append(start..<entry.date)
        open = nil
      }
    }
    if let start = open, let last = entries.last { ranges.append(start..<last.date) }
    return ranges
  }

  /// Moon markers: the start of each night, unless it is the first hour.
  public var moons: [Int] { nightRanges.map(\.lowerBound).filter { $0 != entries.first?.date } }
  /// Sun markers: the end of each night, unless it is the last hour.
  public var suns: [Int] { nightRanges.map(\.upperBound).filter { $0 != entries.last?.date } }

  /// The ticks: every hour whose local hour is a multiple of 3 (the sample's `binRange`, by 3).
  public var ticks: [Int] {
    entries.map(\.date).filter { zone.components($0).hour % 3 == 0 }
  }

  /// The y axis: a stride of at least 5 with at most 8 ticks, from a multiple under `low` to one
  /// over the warmest hour (plus the markers' half degree).
  public var yAxis: (lower: Double, upper: Double, stride: Double) {
    for stride in [5.0, 10, 20, 25, 50, 100, 200, 500] {
      let lower = (low / stride).rounded(.down) * stride
      let upper = ((high + 0.5) / stride).rounded(.up) * stride
      if (upper - lower) / stride + 1 <= 8 { return (lower, upper, stride) }
    }
    return (low, high + 1, high + 1 - low)
  }

  /// The degrees of the hour at `date` (only hours on the card).
  public func temperature(at date: Int) -> Double? { entries.first { $0.date == date }?.degrees }

  /// The temperature at a fractional entry index, on a Catmull-Rom curve through the hours.
  public func curve(at position: Double) -> Double {
    CatmullRom.value(in: entries.map(\.degrees), at: position)
  }

  /// `63°F`.
  static func degreesLabel(_ value: Double) -> String { "\(JSONNumber(value, fractionDigits: 1))°F" }

  // MARK: Text

  /// The card as text `width` columns wide with a plot `height` rows high.
  public func text(width: Int, height: Int = 12, style: Terminal.Style = Terminal.Style(enabled: false))
    -> String
  {
    guard let first = entries.first, let last = entries.last else { return "Forecast: no hours\n" }
    let axis = yAxis
    let labels = Swift.stride(from: axis.upper, through: axis.lower, by: -axis.stride).map(Self.degreesLabel)
    let labelWidth = (labels.map(\.count).max() ?? 4) + 3
    let plotWidth = max(8, width - labelWidth)
    // Whole rows per tick, so that every tick sits on a row's top edge.
    let intervals = max(1, Int(((axis.upper - axis.lower) / axis.stride).rounded()))
    let rowsPerTick = max(1, Int((Double(height) / Double(intervals)).rounded()))
    let rows = intervals * rowsPerTick
    let rowSize = (axis.upper - axis.lower) / Double(rows)
    let span = Double(max(last.date - first.date, 1))

    func column(of date: Int) -> Int {
      min(plotWidth - 1, max(0, Int((Double(date - first.date) / span * Double(plotWidth - 1)).rounded())))
    }
    // Each column's temperature and whether it is night.
    var temps: [Double] = []
    var night: [Bool] = []
    let ranges = nightRanges
    for c in 0..<plotWidth {
      let fraction = plotWidth == 1 ? 0 : Double(c) / Double(plotWidth - 1)
      temps.append(max(low, curve(at: fraction * Double(entries.count - 1))))
      let date = first.date + Int((fraction * span).rounded())
      night.append(ranges.contains { $0.contains(date) })
    }

    var out = ""
    let title = style.bold("Forecast")
    var place = TerminalText.safe(placeName ?? "")
    if place.count > width - 9 { place = String(place.prefix(max(0, width - 10))) + "…" }
    let gap = max(1, width - 8 - place.count)
    out += title + String(repeating: " ", count: gap) + style.dim(place) + "\n"
    // The marker row: a moon at dusk, a sun at dawn.
    var markers = [Character](repeating: " ", count: plotWidth)
    for date in moons { markers[column(of: date)] = "☾" }
    for date in suns { markers[column(of: date)] = "☀" }
    out += style.apply("33", String(markers).trimmingTrailingSpaces()) + "\n"

    let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let floorRow = Int(((low - axis.lower) / rowSize).rounded(.down))
    for r in 0..<rows {
      let rowIndex = rows - 1 - r  // 0 = bottom row
      let bottom = axis.lower + Double(rowIndex) * rowSize
      var line = ""
      for c in 0..<plotWidth {
        let t = temps[c]
        var cell: Character = " "
        if rowIndex >= floorRow {
          let eighths = Int(((t - bottom) / rowSize * 8).rounded(.down))
          cell = blocks[min(8, max(0, eighths))]
        }
        if cell == " " {
          line += night[c] ? style.apply("38;5;60", "░") : " "
        } else {
          // Teal at the bottom to yellow at the top.
          let color = ["38;5;37", "38;5;72", "38;5;107", "38;5;143", "38;5;178", "38;5;220"][
            min(5, rowIndex * 6 / rows)]
          line += style.apply(color, String(cell))
        }
      }
      // Axis on the trailing side, as in the sample; a label on every tick.
      let label = r % rowsPerTick == 0 ? " ┤ " + Self.degreesLabel(bottom + rowSize) : " │"
      out += line + label + "\n"
    }
    // The x axis: ticks every 3 hours, labelled when there is room.
    var axisLine = [Character](repeating: "─", count: plotWidth)
    var labelLine = [Character](repeating: " ", count: plotWidth + 8)
    var nextFree = 0
    for (date, label) in zip(ticks, tickLabels) {
      let c = column(of: date)
      axisLine[c] = "┬"
      let text = Array(label)
      var start = c - text.count / 2
      start = max(0, min(start, plotWidth - text.count))
      if start >= nextFree {
        for (k, ch) in text.enumerated() { labelLine[start + k] = ch }
        nextFree = start + text.count + 1
      }
    }
    out += String(axisLine) + " ┘ " + Self.degreesLabel(axis.lower) + "\n"
    // The zone the hours are in, under the y axis's labels.
    let zoneText = Array(zoneLabel)
    let zoneStart = max(nextFree, plotWidth + 3)
    if zoneStart + zoneText.count <= width {
      while labelLine.count < zoneStart + zoneText.count { labelLine.append(" ") }
      for (k, ch) in zoneText.enumerated() { labelLine[zoneStart + k] = ch }
    }
    out += String(labelLine).trimmingTrailingSpaces() + "\n"
    // Each night's label stays on one line when the summary wraps (no-break spaces).
    let nights = ranges.map { nightLabel($0).replacing(" ", with: "\u{A0}") }
    var parts = [
      "\(Self.degreesLabel(first.degrees)) now", "high \(Self.degreesLabel(high))",
      "low \(Self.degreesLabel(low + 2))", Numbers.count(entries.count, "hour"),
    ]
    if !nights.isEmpty { parts.append("night \(nights.joined(separator: ", "))") }
    // The summary, wrapped at its separators to the width; a part wider than that (a list of
    // nights) at its spaces, continued under its first word.
    for line in TextLayout.joined(parts, width: width, hanging: 6) {
      out += style.dim(Self.spaced(line)) + "\n"
    }
    if let credit {
      for line in TextLayout.wrap(TerminalText.safe(credit), width: width, indent: 0, hanging: 2) {
        out += style.dim(line) + "\n"
      }
    }
    return out
  }

  /// A laid-out line with its no-break spaces as spaces again.
  static func spaced(_ line: String) -> String { line.replacing("\u{A0}", with: " ") }

  // MARK: SVG

  /// The card as a standalone SVG document.
  public func svg(width: Int = 640, height: Int = 320) -> String {
    let w = Double(width)
    let h = Double(height)
    let left = 20.0
    let right = w - 64
    let top = 64.0
    let bottom = h - 40
    let axis = yAxis
    guard let first = entries.first, let last = entries.last else {
      return svgDocument(width: width, height: height, body: "")
    }
    let span = Double(max(last.date - first.date, 1))
    func x(_ date: Int) -> Double { left + (right - left) * Double(date - first.date) / span }
    func y(_ degrees: Double) -> Double {
      bottom - (bottom - top) * (degrees - axis.lower) / (axis.upper - axis.lower)
    }
    func n(_ v: Double) -> String { "\(JSONNumber(v, fractionDigits: 1))" }
    var body = Markup.verticalGradient(id: "area", bottom: "#30B0C7", top: "#FFCC00")
    body += """
        <rect x="0.5" y="0.5" width="\(width - 1)" height="\(height - 1)" rx="14" \(SVGPalette.paint(fill: .background, stroke: .border))/>
        <text x="\(n(left))" y="34" font-size="20" font-weight="bold" \(SVGPalette.fill(.ink))>Forecast</text>

      """
    if let placeName {
      body +=
        "  <text x=\"\(n(w - 20))\" y=\"34\" font-size=\"14\" text-anchor=\"end\" \(SVGPalette.fill(.tertiary))>"
        + "\(Markup.escape(placeName))</text>\n"
    }
    // Grid and y labels (trailing side).
    for value in Swift.stride(from: axis.lower, through: axis.upper, by: axis.stride) {
      body +=
        "  <line x1=\"\(n(left))\" y1=\"\(n(y(value)))\" x2=\"\(n(right))\" y2=\"\(n(y(value)))\" "
        + "\(SVGPalette.stroke(.grid)) stroke-width=\"1\"/>\n"
      body +=
        "  <text x=\"\(n(right + 8))\" y=\"\(n(y(value) + 4))\" font-size=\"12\" \(SVGPalette.fill(.tertiary))>"
        + "\(Markup.escape(Self.degreesLabel(value)))</text>\n"
    }
    // Night ranges.
    for range in nightRanges {
      body +=
        "  <rect \(SVGPalette.fill(.night, also: "night")) x=\"\(n(x(range.lowerBound)))\" y=\"\(n(top))\" "
        + "width=\"\(n(x(range.upperBound) - x(range.lowerBound)))\" height=\"\(n(bottom - top))\" "
        + "fill-opacity=\"0.12\"/>\n"
    }
    // The area from low up to the Catmull-Rom curve, and its line.
    let points = entries.map { (x($0.date), y($0.degrees)) }
    let curve = CatmullRom.svgPath(through: points.map { CurvePoint($0.0, $0.1) }, number: n)
    let floor = y(low)
    body +=
      "  <path class=\"area\" d=\"\(curve) L\(n(points.last!.0)),\(n(floor)) L\(n(points[0].0)),\(n(floor)) Z\" "
      + "fill=\"url(#area)\" fill-opacity=\"0.85\"/>\n"
    body += "  <path d=\"\(curve)\" fill=\"none\" stroke=\"#FF9F0A\" stroke-width=\"2\"/>\n"
    // Moon at dusk, sun at dawn: 4-point bars from low - 0.5 to the hour's degrees + 0.5.
    func marker(_ date: Int, symbol: String) {
      guard let degrees = temperature(at: date) else { return }
      let top = y(degrees + 0.5)
      body +=
        "  <rect x=\"\(n(x(date) - 2))\" y=\"\(n(top))\" width=\"4\" height=\"\(n(y(low - 0.5) - top))\" "
        + "\(SVGPalette.fill(.halo)) fill-opacity=\"0.9\"/>\n"
      body += "  <g transform=\"translate(\(n(x(date))),\(n(top - 14)))\">\(symbol)</g>\n"
    }
    let moon =
      "<path class=\"moon\" d=\"M4,-6.93 A8,8 0 1,0 4,6.93 A7,7 0 0,1 4,-6.93 Z\" fill=\"#5E5CE6\"/>"
    var sun = "<circle class=\"sun\" r=\"5\" fill=\"#FF9F0A\"/>"
    for k in 0..<8 {
      let a = Double(k) * .pi / 4
      sun +=
        "<line x1=\"\(n(7 * cos(a)))\" y1=\"\(n(7 * sin(a)))\" x2=\"\(n(10 * cos(a)))\" y2=\"\(n(10 * sin(a)))\" "
        + "stroke=\"#FF9F0A\" stroke-width=\"1.5\"/>"
    }
    for date in moons { marker(date, symbol: moon) }
    for date in suns { marker(date, symbol: sun) }
    // The x axis with ticks every 3 hours.
    body +=
      "  <line x1=\"\(n(left))\" y1=\"\(n(bottom))\" x2=\"\(n(right))\" y2=\"\(n(bottom))\" "
      + "\(SVGPalette.stroke(.tertiary)) stroke-width=\"1\"/>\n"
    for (date, label) in zip(ticks, tickLabels) {
      body +=
        "  <line x1=\"\(n(x(date)))\" y1=\"\(n(bottom))\" x2=\"\(n(x(date)))\" y2=\"\(n(bottom + 5))\" "
        + "\(SVGPalette.stroke(.tertiary)) stroke-width=\"1\"/>\n"
      body +=
        "  <text x=\"\(n(x(date)))\" y=\"\(n(bottom + 20))\" font-size=\"12\" text-anchor=\"middle\" "
        + "\(SVGPalette.fill(.tertiary))>\(Markup.escape(label))</text>\n"
    }
    // The zone heads the y labels' column: under the axis's end it ran into the last hour's label.
    body +=
      "  <text x=\"\(n(right + 8))\" y=\"\(n(top - 12))\" font-size=\"12\" \(SVGPalette.fill(.tertiary, also: "zone"))>"
      + "\(Markup.escape(zoneLabel))</text>\n"
    if let credit {
      // Under the hour labels, as small as the licence allows; Open-Meteo's links to its licence.
      let text =
        "<text x=\"\(n(left))\" y=\"\(n(h - 6))\" font-size=\"10\" \(SVGPalette.fill(.tertiary, also: "credit"))>"
        + "\(Markup.escape(credit))</text>"
      body +=
        source == OpenMeteoProvider.name
        ? "  <a href=\"\(Markup.escape(OpenMeteoProvider.licenceURL))\">\(text)</a>\n" : "  \(text)\n"
    }
    return svgDocument(width: width, height: height, body: body)
  }

  func svgDocument(width: Int, height: Int, body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
    font-family="-apple-system, 'Helvetica Neue', Arial, sans-serif">
      <title>Forecast\(placeName.map { " · " + Markup.escape($0) } ?? "")</title>
    \(SVGPalette.style)\(body)</svg>

    """
  }

}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s.removeLast() }
    return String(s)
  }
}
