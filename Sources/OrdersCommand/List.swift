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

  static let command = Command(
    name: "list", summary: "the orders in the store",
    options: [status, search, OrdersOptions.format, OrdersOptions.store, OrdersOptions.now],
    input: OrdersOptions.storeInput,
    output: """
      The store's order records in store order (oldest first), exactly as stored. With --format
      text: 'ID  N donuts  STATUS  TIME' lines.
      """,
    examples: ["orders list --status placed | jq -r .id", "orders list --search lemon --format text"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (_, records) = try OrderStore.load(invocation)
    let statuses = Set(invocation[status])
    let search = invocation[search] ?? ""
    let text = invocation[OrdersOptions.format] == .text
    let now = invocation.now(OrdersOptions.now)
    for (index, order) in try OrderStore.orders(records)
    where (statuses.isEmpty || statuses.contains(order.status)) && order.matches(search) {
      OrderStore.write(records[index], order, text: text, now: now)
    }
    return ExitStatus.ok
  }
}
