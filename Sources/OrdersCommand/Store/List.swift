import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders list`: the orders in the store.
enum List {
  static let status = Option<[OrderStatus]>(
    spec: OptionSpec(
      long: "status", short: "s", valueName: "S", help: "only orders with status S (repeatable)",
      repeatable: true, choices: OrderStatus.allCases.map(\.rawValue)),
    convert: { $0.compactMap(OrderStatus.init(rawValue:)) })
  static let search = Option.string(
    "search", name: "TEXT", help: "only orders whose id or a donut (name, ingredient) contains TEXT")

  /// What `--sort` orders by.
  enum SortKey: String, CaseIterable, Sendable {
    case status, id, donuts, date
  }
  static let sort = Option.choice(
    "sort", name: "KEY",
    help: "order by status (completed first, as the sample), or id, donuts, date (ascending)",
    default: SortKey.status)
  static let reverse = Flag("reverse", short: "r", help: "the other way round")

  static let command = Command(
    name: "list", summary: "the orders in the store",
    options: [
      status, search, sort, reverse, OrdersOptions.listFormat, OrdersOptions.store, OrdersOptions.now,
    ],
    input: OrdersOptions.storeInput,
    output: """
      The store's order records, exactly as stored, sorted by --sort: by status, completed first
      (the sample's table), else ascending; ties keep store order. With --format text, the New
      Orders rows ('ID  N donuts  STATUS  TIME  DONUTS', the time labelled with its zone, up to
      three donut names and +N) and a footer with the number of orders and donuts and the total;
      sorted by status (the default), the rows go under the headings New, Preparing, Ready and
      Completed, as the sample's compact list. With --format csv, a header row of the order
      record's fields and a row per order (items as its JSON text).
      """,
    examples: """
      orders list --status placed | jq -r .id
      orders list --search lemon --format text
      orders list --sort donuts --reverse --format text | head -3
      orders list --status completed --format csv
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (_, records) = try OrderStore.load(invocation)
    let statuses = Set(invocation[status])
    let search = invocation[search] ?? ""
    let menu = try MenuStore.menu(for: records)
    let chosen = try OrderStore.orders(records, menu: menu).filter { (_, order) in
      (statuses.isEmpty || statuses.contains(order.status)) && order.matches(search, menu: menu)
    }
    let sorted = self.sorted(chosen, by: invocation[sort], reverse: invocation[reverse])
    let format = invocation[OrdersOptions.listFormat]
    if format == .text, invocation[sort] == .status {
      Pager.show(OrderTable.text(sorted.map(\.order), now: invocation.now(OrdersOptions.now), sections: true))
    } else {
      OrderStore.write(sorted, of: records, invocation, format: format)
    }
    return ExitStatus.ok
  }

  /// Orders sorted by a key, stably: status descending (completed, ready, preparing, placed), ids
  /// by their numbers (`Order#1299` before `Order#12100`), donut counts and dates ascending;
  /// `reverse` turns the order round (ties still keep store order).
  static func sorted(_ orders: [(index: Int, order: Order)], by key: SortKey, reverse: Bool)
    -> [(index: Int, order: Order)]
  {
    func ascending(_ a: Order, _ b: Order) -> Bool? {
      switch key {
      case .status: return a.status == b.status ? nil : a.status > b.status
      case .id:
        if let m = Order.sequenceNumber(of: a.id), let n = Order.sequenceNumber(of: b.id), m != n {
          return m < n
        }
        return a.id == b.id ? nil : a.id < b.id
      case .donuts: return a.totalSales == b.totalSales ? nil : a.totalSales < b.totalSales
      case .date: return a.creationDate == b.creationDate ? nil : a.creationDate < b.creationDate
      }
    }
    return orders.sorted { a, b in
      guard let first = ascending(a.order, b.order) else { return a.index < b.index }
      return first != reverse
    }
  }
}
