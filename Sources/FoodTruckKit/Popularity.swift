import PipeProtocol

/// The gallery's popularity sort (`DonutSortOrder.popularity`): donuts by how many sold in a
/// timeframe, most first, ties by id ascending as the sample sorts them (the Top 5 chart breaks
/// ties the other way).
///
/// The sample counted its order list for `today` and its generated history for the others. Here
/// every timeframe counts both, by date, over the windows of the top-five chart: the orders given
/// (the order store) created in the window, and the generated history of the three cities: daily
/// summaries for `week` and `month`, monthly ones for `year` (the history ends yesterday, so
/// `today` is the orders alone). Unlike the sample, donuts that sold nothing stay in the list,
/// after the others, in id order; custom donuts have no generated history.
public enum Popularity {
  /// The gallery's timeframes (`Timeframe` in the sample).
  public enum Timeframe: String, CaseIterable, Sendable {
    /// The UTC day of now.
    case today
    /// The last 7 days, today included (the gallery's default).
    case week
    /// The last 30 days, today included.
    case month
    /// The last 12 calendar months, the current one included.
    case year

    /// The first day of the window ending on day `today` (days since 1970-01-01, UTC).
    public func firstDay(today: Int) -> Int {
      switch self {
      case .today: return today
      case .week: return today - 6
      case .month: return today - 29
      case .year:
        let (year, month, _) = ISODate.civil(fromDays: today)
        let index = year * 12 + (month - 1) - 11
        return ISODate.days(
          fromCivil: ISODate.floorDiv(index, 12), index - ISODate.floorDiv(index, 12) * 12 + 1, 1)
      }
    }
  }

  /// The donuts sold per id in the timeframe ending on day `today`: `orders` by their creation day
  /// (`day` gives an instant's day number: the UTC day unless a local one is passed), and the
  /// generated history of every city.
  public static func sales(
    orders: [Order], timeframe: Timeframe, today: Int, day: (Int) -> Int = { ISODate.floorDiv($0, 86_400) }
  ) -> [Int: Int] {
    let window = timeframe.firstDay(today: today)...today
    var sales: [Int: Int] = [:]
    func add(_ id: Int, _ quantity: Int) {
      let (sum, overflow) = sales[id, default: 0].addingReportingOverflow(quantity)
      sales[id] = overflow ? Int.max : sum
    }
    for order in orders where window.contains(day(order.creationDate)) {
      for item in order.items { add(item.donut, item.quantity) }
    }
    for city in City.all {
      let history: [SalesHistoryEntry]
      switch timeframe {
      case .today: history = []
      case .week, .month: history = SalesHistory.daily(city: city, today: today)
      case .year: history = SalesHistory.monthly(city: city, today: today)
      }
      for entry in history {
        guard let seconds = ISODate.parseDay(entry.date), window.contains(ISODate.floorDiv(seconds, 86_400))
        else { continue }
        for (id, quantity) in entry.summary.sales { add(id, quantity) }
      }
    }
    return sales
  }

  /// `donuts` most sold first; equal sales (none included) by id ascending.
  public static func ranked(_ donuts: [Donut], sales: [Int: Int]) -> [Donut] {
    donuts.sorted { a, b in
      let (x, y) = (sales[a.id] ?? 0, sales[b.id] ?? 0)
      return x != y ? x > y : a.id < b.id
    }
  }
}
