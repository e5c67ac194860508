import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `sales-chart`: the Food Truck sample's Top 5 Donuts and Sales History charts at the end of a
/// pipe, for a terminal, a browser (SVG) or another program (JSON lines, CSV).
public enum SalesChart: Tool {
  static let timeframe = Option.choice(
    "timeframe", short: "t", name: "WHEN",
    help: "top five: today (the day of --now in TZ, else in the truck city's zone), week (last 7 "
      + "days), month (last 30 days), year (last 12 months) or all",
    default: Timeframe.week)
  static let top = Option.int(
    "top", short: "n", help: "top five: how many donuts to rank", default: 5, in: 1...(Menu.maxID + 1))
  static let partial = Flag(
    "partial", help: "top five: write one sales-partial record (counts per donut per day) instead of a chart")
  static let merge = Flag(
    "merge", help: "top five: also read sales-partial records and add them in (the result equals one pass)")

  /// The command: the top-five chart, with `history` below it.
  public static let command = Command(
    name: "sales-chart",
    summary: "chart the best-selling donuts of a stream of orders (and the sales history)",
    options: [
      timeframe, ChartOptions.now, top, ChartOptions.format, ChartOptions.topSize.width,
      ChartOptions.topSize.height, partial, merge, ChartOptions.verbose, Inputs.quiet,
    ],
    arguments: .files,
    subcommands: [History.command],
    input: """
      JSON lines (files, or stdin when none or '-'). Counted: 'order' records (their "items", on the
      day of "creationDate" in TZ, else in the truck city's zone, America/Los_Angeles) and 'order-summary' records (their "sales", on their "date"; monthly
      summaries count only for --timeframe year and all, and there a city's monthly summary replaces
      its daily summaries of that month, so the same sales are not counted twice: --verbose says
      which). With --merge, 'sales-partial' records too.
      'donut' records (as 'orders menu' writes them) put custom donuts on the menu: built-in ids
      (0...16) must be the built-in donuts exactly, and a new id defines a custom donut for the
      records after it. Other record types are ignored (see --verbose). Donut ids must be on the menu
      and any donut "name" must be the menu's name for the id: a mismatch is an error naming the
      line. With --partial, an id defined in another part is counted and checked by --merge.
      """,
    output: """
      text: a horizontal bar per donut, best at the top, scaled to the terminal width (COLUMNS),
        with the title, the timeframe, its days and their zone ("2026-11-23 to 2026-11-29 PST"),
        and "Total Sales · N Donuts" (the sum of the bars shown).
        Colour only when stdout is a terminal and NO_COLOR is unset.
      svg: a standalone SVG image (bars from the 5th best to the best, as in the sample).
      json: one 'donut-sales' record per bar, best first; nothing when nothing was sold.
      csv: a header row "rank,donut,name,sales,timeframe" and one row per bar.
      --partial: one 'sales-partial' record, for 'sales-chart --merge'; it carries the custom donuts
        it saw defined ("donuts"), the names of those it counted undefined ("names") and the zone
        whose days its orders count on ("zone"; the merge must have the same TZ).
      Ranking: most sales first; among equal sales the higher donut id first (as in the sample).
      Nothing is written before the whole input has been read, so an error leaves stdout empty.
      """,
    examples: """
      orders generate | sales-chart
      orders generate --count 100000 | sales-chart --timeframe all --format svg > top5.svg
      sales-chart --now 2026-11-29T12:00:00Z --timeframe today --format json orders.jsonl
      parallel --pipe --block 10M sales-chart --partial < big.jsonl | sales-chart --merge --timeframe all
      orders history | sales-chart history --range month
      """,
    conflicts: [
      .excludes(
        "partial", ["timeframe", "now", "top", "format", "width", "height"],
        message: "--{option} does not apply to --partial, which keeps every day's counts",
        notes: ["give chart options to the 'sales-chart --merge' that reads the partials"]),
      .described("`--width` and `--height` go with `--format text` or `svg` only"),
    ],
    run: run)

  /// Runs the top-five chart.
  static func run(_ invocation: Invocation) throws -> Int32 {
    let partial = invocation[partial]
    let format = invocation[ChartOptions.format]
    let timeframe = invocation[timeframe]
    let top = invocation[top]
    let size = try ChartOptions.topSize.resolve(invocation, format: format)
    let now = partial ? 0 : invocation.now(ChartOptions.now)
    let zone = ChartOptions.zone()

    let tally = SalesTally(acceptsPartials: invocation[merge], partial: partial, zone: zone)
    try ParallelTally.add(
      invocation.positionals, tool: command.name, quiet: invocation[Inputs.quiet], to: tally)
    try tally.finish()
    if invocation[ChartOptions.verbose] { report(tally) }
    let out = StandardOutput.shared
    if partial {
      out.writeRecord(tally.partialRecord)
      return ExitStatus.ok
    }

    let today = zone.localDay(now)
    let totals: SalesTally.Totals
    do {
      totals = try tally.totals(in: timeframe.window(today: today))
    } catch {
      throw ToolError.data(error.message)
    }
    if invocation[ChartOptions.verbose] { reportSuperseded(totals.superseded) }
    let chart = TopChart(
      bars: TopChart.rank(totals.sales, top: top, menu: tally.streamMenu), top: top, timeframe: timeframe,
      span: timeframe.span(today: today).map { "\($0) \(zone.abbreviation(at: now))" })
    switch format {
    case .svg: out.write(chart.svg(width: size.width, height: size.height))
    case .json: for record in chart.records { out.writeRecord(record) }
    case .csv: out.write(chart.csv)
    case .text:
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      out.write(chart.text(width: size.width, style: style))
    }
    if chart.bars.isEmpty, totals.outside > 0 {
      out.flush()
      Diagnostics.note(
        "\(chart.emptyLine.prefix(1).lowercased())\(chart.emptyLine.dropFirst().dropLast()), but \(Format.donuts(totals.outside).lowercased()) "
          + "\(totals.outside == 1 ? "was" : "were") sold at other times (--now \(ISODate.format(now)); try --timeframe all)",
        tool: command.name)
    }
    return ExitStatus.ok
  }

  /// The `--verbose` report: what was counted and what was ignored, by record type.
  static func report(_ tally: SalesTally) {
    var counted =
      "counted \(Format.records(tally.orders, "order")) and \(Format.records(tally.summaries, "order-summary"))"
    if tally.partials > 0 { counted += " (merged from \(Format.records(tally.partials, "sales-partial")))" }
    Diagnostics.note(counted, tool: command.name)
    if tally.donutRecords > 0 {
      let custom = tally.streamMenu.custom.count
      Diagnostics.note(
        "read the menu from \(Format.records(tally.donutRecords, "donut")) (\(Numbers.count(custom, "custom donut")))",
        tool: command.name)
    }
    ChartOptions.reportIgnored(tally.ignored, tool: command.name)
  }

  /// The `--verbose` line about months counted from their monthly summaries instead of the same
  /// city's daily summaries (which would count the same sales twice).
  static func reportSuperseded(_ superseded: [SalesTally.Superseded]) {
    guard !superseded.isEmpty else { return }
    let days = superseded.reduce(0) { $0 + $1.days }
    let donuts = superseded.reduce(0) { $0 + $1.donuts }
    var cities: [(String, [String])] = []
    for item in superseded {
      let month = MonthNumber.format(item.month)
      if let last = cities.indices.last, cities[last].0 == item.city {
        cities[last].1.append(month)
      } else {
        cities.append((item.city, [month]))
      }
    }
    let list = cities.map { "\(TerminalText.safe($0.0)) \($0.1.joined(separator: ", "))" }.joined(
      separator: "; ")
    let months = superseded.count
    Diagnostics.note(
      "counted \(Numbers.count(months, "month")) from \(months == 1 ? "its monthly summary" : "their monthly summaries") "
        + "and left out the same city's daily summaries of \(months == 1 ? "that month" : "those months") "
        + "(\(Numbers.count(days, "day")), \(Format.donuts(donuts).lowercased()); not counted twice): "
        + list,
      tool: command.name)
  }
}
