import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `sales-chart`: the Food Truck sample's Top 5 Donuts and Sales History charts at the end of a
/// pipe, for a terminal, a browser (SVG) or another program (JSON lines, CSV).
public enum SalesChart: LegacyCommand {
  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "sales-chart",
    summary: "chart the best-selling donuts of a stream of orders (and the sales history)",
    usage: [
      "sales-chart [--timeframe today|week|month|year|all] [--now T] [--top N] [--format text|svg|json|csv] [FILE...]",
      "sales-chart --partial [FILE...]",
      "sales-chart --merge [--partial] [chart options] [FILE...]",
      "sales-chart history [--range 2weeks|month|year] [--now T] [--format text|svg|json|csv] [FILE...]",
    ],
    options: [
      .value(
        "timeframe", short: "t", name: "WHEN",
        help: "top five: today (the UTC day of --now), week (last 7 days), month (last 30 days), year "
          + "(last 12 months) or all; default week",
        choices: Timeframe.allCases.map(\.rawValue)),
      .value("now", name: "T", help: "the time the timeframe ends at (ISO 8601 or @SECONDS); default: now"),
      .value(
        "top", short: "n", name: "N",
        help: "top five: how many donuts to rank, 1 to \(Menu.builtIn.count); default 5"),
      .value(
        "format", short: "f", name: "FORMAT", help: "text (default), svg, json (donut-sales records) or csv",
        choices: ["text", "svg", "json", "csv"]),
      .value(
        "width", name: "N",
        help: "svg: width in pixels (default 640); text: columns (default: the terminal's)"),
      .value("height", name: "N", help: "svg: height in pixels (default 400)"),
      .flag(
        "partial",
        help: "top five: write one sales-partial record (counts per donut per day) instead of a chart"),
      .flag(
        "merge",
        help: "top five: also read sales-partial records and add them in (the result equals one pass)"),
      .flag(
        "verbose", short: "v", help: "report on stderr what was counted and which record types were ignored"),
    ],
    subcommands: [History.spec],
    positionalName: "FILE",
    input: """
      JSON lines (files, or stdin when none or '-'). Counted: 'order' records (their "items", on the
      day of "creationDate") and 'order-summary' records (their "sales", on their "date"; monthly
      summaries count only for --timeframe year and all). With --merge, 'sales-partial' records too.
      Other record types are ignored (see --verbose). Donut ids must be on the menu (0...16) and any
      donut "name" must be the menu's name for the id: a mismatch is an error naming the line.
      """,
    output: """
      text: a horizontal bar per donut, best at the top, scaled to the terminal width (COLUMNS),
        with the title, the timeframe and "Total Sales · N Donuts" (the sum of the bars shown).
        Colour only when stdout is a terminal and NO_COLOR is unset.
      svg: a standalone SVG image (bars from the 5th best to the best, as in the sample).
      json: one 'donut-sales' record per bar, best first; nothing when nothing was sold.
      csv: a header row "rank,donut,name,sales,timeframe" and one row per bar.
      --partial: one 'sales-partial' record, for 'sales-chart --merge'.
      Ranking: most sales first; among equal sales the higher donut id first (as in the sample).
      Nothing is written before the whole input has been read, so an error leaves stdout empty.
      """,
    examples: [
      "orders generate | sales-chart",
      "orders generate --count 100000 | sales-chart --timeframe all --format svg > top5.svg",
      "sales-chart --now 2026-11-29T12:00:00Z --timeframe today --format json orders.jsonl",
      "parallel --pipe --block 10M sales-chart --partial < big.jsonl | sales-chart --merge --timeframe all",
      "orders history | sales-chart history --range month",
    ])

  /// Runs the command.
  public static func run(_ invocation: LegacyInvocation) throws -> Int32 {
    if invocation.subcommand == History.spec.name { return try History.run(invocation) }
    let partial = invocation.flag("partial")
    if partial {
      for option in ["timeframe", "now", "top", "format", "width", "height"]
      where invocation.string(option) != nil {
        throw ToolError.usage(
          "--\(option) does not apply to --partial, which keeps every day's counts",
          notes: ["give chart options to the 'sales-chart --merge' that reads the partials"])
      }
    }
    let format = invocation.choice("format", default: "text")
    let timeframe = Timeframe(rawValue: invocation.choice("timeframe", default: "week")) ?? .week
    let top = try invocation.int("top", default: 5, in: 1...Menu.builtIn.count)
    let (width, height) = try size(invocation, format: format)
    let now = partial ? 0 : try invocation.now()

    let tally = SalesTally(acceptsPartials: invocation.flag("merge"))
    try Inputs.forEach(invocation.positionals, tool: spec.name) { reader in
      try reader.forEach { view in try tally.add(view) }
    }
    if invocation.flag("verbose") { report(tally) }
    let out = StandardOutput.shared
    if partial {
      out.writeRecord(tally.partialRecord)
      return ExitStatus.ok
    }

    let today = ISODate.floorDiv(now, 86_400)
    let totals: (sales: [Int], outside: Int)
    do {
      totals = try tally.totals(in: timeframe.window(today: today))
    } catch {
      throw ToolError.data(error.message)
    }
    let chart = TopChart(
      bars: TopChart.rank(totals.sales, top: top), top: top, timeframe: timeframe,
      span: timeframe.span(today: today))
    switch format {
    case "svg": out.write(chart.svg(width: width ?? 640, height: height ?? 400))
    case "json": for record in chart.records { out.writeRecord(record) }
    case "csv": out.write(chart.csv)
    default:
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      out.write(chart.text(width: width ?? Terminal.width(fd: 1), style: style))
    }
    if chart.bars.isEmpty, totals.outside > 0 {
      out.flush()
      Diagnostics.note(
        "\(chart.emptyLine.prefix(1).lowercased())\(chart.emptyLine.dropFirst().dropLast()), but \(Format.donuts(totals.outside).lowercased()) "
          + "\(totals.outside == 1 ? "was" : "were") sold at other times (--now \(ISODate.format(now)); try --timeframe all)",
        tool: spec.name)
    }
    return ExitStatus.ok
  }

  /// `--width` and `--height`, checked against the format.
  static func size(_ invocation: LegacyInvocation, format: String) throws(ToolError) -> (Int?, Int?) {
    switch format {
    case "svg":
      return (
        try invocation.int("width", in: 240...20_000), try invocation.int("height", in: 200...20_000)
      )
    case "text":
      if invocation.string("height") != nil { throw .usage("--height applies to --format svg only") }
      return (try invocation.int("width", in: 20...10_000), nil)
    default:
      for option in ["width", "height"] where invocation.string(option) != nil {
        throw .usage("--\(option) applies to --format svg and text only, not \(format)")
      }
      return (nil, nil)
    }
  }

  /// The `--verbose` report: what was counted and what was ignored, by record type.
  static func report(_ tally: SalesTally) {
    var counted =
      "counted \(Format.records(tally.orders, "order")) and \(Format.records(tally.summaries, "order-summary"))"
    if tally.partials > 0 { counted += " (merged from \(Format.records(tally.partials, "sales-partial")))" }
    Diagnostics.note(counted, tool: spec.name)
    reportIgnored(tally.ignored)
  }

  /// The `--verbose` line about record types that were not counted.
  static func reportIgnored(_ ignored: [String: Int]) {
    let total = ignored.values.reduce(0, +)
    guard total > 0 else { return Diagnostics.note("ignored no records", tool: spec.name) }
    let list = ignored.keys.sorted().map { "\(ignored[$0]!) \($0)" }.joined(separator: ", ")
    Diagnostics.note("ignored \(Format.records(total, "other")) (\(list))", tool: spec.name)
  }
}
