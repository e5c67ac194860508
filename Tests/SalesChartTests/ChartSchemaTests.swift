import FoodTruckKit
import SalesChartCommand
import Testing

/// The chart schemas live in FoodTruckKit, the chart's enumerations in sales-chart: the two lists
/// are written twice and must agree.
@Suite("sales-chart's enumerations and the chart schemas")
struct ChartSchemaTests {
  @Test("the timeframes and the history ranges are the schemas' values, in the same order")
  func agree() {
    #expect(Timeframe.allCases.map(\.rawValue) == FoodTruckSchemas.chartTimeframes)
    #expect(HistoryRange.allCases.map(\.rawValue) == FoodTruckSchemas.historyRanges)
  }
}
