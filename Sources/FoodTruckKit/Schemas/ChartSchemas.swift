import PipeProtocol

extension FoodTruckSchemas {
  /// The timeframes of the top-five chart; written twice (`sales-chart`'s `Timeframe` is the
  /// other), and a test checks that they agree.
  public static let chartTimeframes = ["today", "week", "month", "year", "all"]

  /// The ranges of the Sales History chart; written twice (`sales-chart`'s `HistoryRange` is the
  /// other), and a test checks that they agree.
  public static let historyRanges = ["2weeks", "month", "year"]

  /// The record types written by `sales-chart`.
  public static let charts: [RecordSchema] = [
    RecordSchema(
      type: "donut-sales",
      summary: "One bar of the Top 5 Donuts chart (sales-chart --format json), best first.",
      fields: [
        FieldSpec("rank", .int(1...Int.max), note: "1 = best: most sales, then the higher donut id"),
        FieldSpec("donut", donutID, note: "the donut's id on the menu"),
        FieldSpec("name", .nonEmptyString, note: "the donut's name on the menu"),
        FieldSpec("sales", .int(1...Int.max), note: "donuts sold in the timeframe"),
        FieldSpec(
          "timeframe", .oneOf(chartTimeframes),
          note: "the window counted, relative to --now"),
      ],
      writers: ["sales-chart"]),
    RecordSchema(
      type: "sales-partial",
      summary:
        "Mergeable donut sales of part of a stream (sales-chart --partial), read by sales-chart --merge.",
      fields: [
        FieldSpec("version", .int(2...2), note: "the format's version"),
        FieldSpec(
          "days", .map(.array(.int(0...Int.max))),
          note: "per day (YYYY-MM-DD): donuts sold in orders, indexed by donut id"),
        FieldSpec(
          "summaryDays", .map(.map(.array(.int(0...Int.max)))),
          note: "per city, per day (YYYY-MM-DD): donuts sold by daily summaries, indexed by donut id"),
        FieldSpec(
          "summaryMonths", .map(.map(.array(.int(0...Int.max)))),
          note: "per city, per month (YYYY-MM): donuts sold by monthly summaries, indexed by donut id"),
        FieldSpec("orders", .int(0...Int.max), note: "order records counted"),
        FieldSpec("summaries", .int(0...Int.max), note: "order-summary records counted"),
        FieldSpec("ignored", .map(.int(0...Int.max)), note: "records of other types, by type"),
        .optional(
          "zone", .nonEmptyString,
          note:
            "the time zone whose days `days` counts orders on (TZ, else the truck city's); always written; "
            + "read as UTC when absent"),
        .optional(
          "donuts", .array(.object([FieldSpec("id", donutID), FieldSpec("name", .nonEmptyString)])),
          note: "the custom donuts this part's input defined: their `donut` records, without `type`"),
        .optional(
          "names", .map(.nonEmptyString),
          note: "custom donut ids (keys) this part counted but did not see defined, with the item names given"
        ),
      ],
      writers: ["sales-chart"]),
    RecordSchema(
      type: "sales-history",
      summary: "One point of the Sales History chart (sales-chart history --format json).",
      fields: [
        FieldSpec("city", .nonEmptyString, note: "the city's name"),
        FieldSpec("period", .oneOf(SalesPeriod.allCases.map(\.rawValue)), note: "what the point covers"),
        FieldSpec("date", .day, note: "the day, or the first day of the month"),
        FieldSpec("sales", .int(0...Int.max), note: "donuts sold that day or month in that city"),
        FieldSpec("range", .oneOf(historyRanges), note: "the chart's range"),
      ],
      writers: ["sales-chart"]),
  ]
}
