import PipeProtocol
import PipeReading
import ToolSupport

/// `sales-chart history`: the Sales History chart, each city's sales over time.
enum History {
  static let range = Option.choice(
    "range", short: "r", name: "RANGE",
    help: "2weeks (the 14 days before today), month (the 30 days before today) or year "
      + "(the 12 months before this one, and this one)",
    default: HistoryRange.twoWeeks)

  /// The subcommand: its options, help sections and run.
  static let command = Command(
    name: "history",
    summary: "chart each city's sales over time from order-summary records (the Sales History chart)",
    options: [
      range, ChartOptions.now, ChartOptions.format, ChartOptions.historySize.width,
      ChartOptions.historySize.height,
      ChartOptions.verbose,
    ],
    arguments: .files,
    input: """
      JSON lines (files, or stdin when none or '-'): 'order-summary' records such as 'orders history'
      writes. Daily summaries make the 2weeks and month ranges; monthly summaries make the year
      range (a city without monthly summaries gets its daily ones added up by month, and the chart
      says so). Summaries of the same city and date add up. Other record types are ignored (see
      --verbose). Today is the day of --now in TZ, else in the truck city's zone.
      """,
    output: """
      text: a sparkline row per city (one character per day or month, a space where there is no
        summary, all rows on one scale) with the city's total, under "Total Sales · N Donuts",
        laid out to the terminal's width (COLUMNS).
      svg: a standalone SVG line chart with a legend, one line per city.
      json: one 'sales-history' record per city per point. csv: city,period,date,sales.
      """,
    examples: """
      orders history | sales-chart history
      orders history --months 13 | sales-chart history --range year --format svg > history.svg
      orders history --now 2026-11-29T12:00:00Z | sales-chart history --now 2026-11-29T12:00:00Z --format json
      """,
    conflicts: [.described("`--width` and `--height` go with `--format text` or `svg` only")],
    run: run)

  /// Runs the Sales History chart.
  static func run(_ invocation: Invocation) throws -> Int32 {
    let tool = invocation.tool
    let format = invocation[ChartOptions.format]
    let range = invocation[range]
    let size = try ChartOptions.historySize.resolve(invocation, format: format)
    let now = invocation.now(ChartOptions.now)
    let zone = ChartOptions.zone()
    let today = zone.localDay(now)
    let tally = HistoryTally()
    try Inputs.forEach(invocation.positionals, tool: tool) { reader in
      try reader.forEach { view in try tally.add(view) }
    }
    if invocation[ChartOptions.verbose] {
      Diagnostics.note("counted \(Format.records(tally.summaries, "order-summary"))", tool: tool)
      ChartOptions.reportIgnored(tally.ignored, tool: tool)
    }
    let series: [SalesSeries]
    do {
      series = try tally.series(range, today: today)
    } catch {
      throw ToolError.data(error.message)
    }
    let chart = HistoryChart(
      range: range, points: range.points(today: today), series: series, zoneLabel: zone.abbreviation(at: now))
    let out = StandardOutput.shared
    switch format {
    case .svg: out.write(chart.svg(width: size.width, height: size.height))
    case .json: for record in chart.records { out.writeRecord(record) }
    case .csv: out.write(chart.csv)
    case .text:
      out.write(
        chart.text(
          width: TextLayout.width(fd: 1), style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
    }
    if format == .json || format == .csv, let note = chart.dailyNote {
      out.flush()
      Diagnostics.note(note.prefix(1).lowercased() + note.dropFirst(), tool: tool)
    }
    if chart.series.isEmpty, tally.summaries > 0 {
      out.flush()
      Diagnostics.note(
        "none of the \(Format.records(tally.summaries, "order-summary")) falls in \(chart.span) (--now \(ISODate.format(now)))",
        tool: tool)
    }
    return ExitStatus.ok
  }
}
