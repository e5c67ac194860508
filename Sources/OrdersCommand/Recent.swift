import PipeProtocol
import ToolSupport

/// `orders recent`: the most recent orders, newest first (the New Orders card).
enum Recent {
  static let count = Option.int("count", short: "n", help: "how many", default: 5, in: 0...Int.max)

  static let command = Command(
    name: "recent", summary: "the most recent orders, newest first (the New Orders card)",
    options: [count, OrdersOptions.format, OrdersOptions.store, OrdersOptions.now],
    input: OrdersOptions.storeInput,
    output: """
      The N orders with the latest creation dates, newest first (the sample showed the oldest).
      With --format text, one line each: 'Order#1224   6 donuts  Placed     10:24' (local time;
      the date is added when it is not the day of --now).
      """,
    examples: ["orders recent --format text", "orders recent -n 1 | jq -r .id"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (_, records) = try OrderStore.load(invocation)
    let text = invocation[OrdersOptions.format] == .text
    let now = invocation.now(OrdersOptions.now)
    // Newest first by creation date; among equal dates the later one in the store first.
    let newest = try OrderStore.orders(records).sorted {
      ($0.order.creationDate, $0.index) > ($1.order.creationDate, $1.index)
    }.prefix(invocation[count])
    for (index, order) in newest { OrderStore.write(records[index], order, text: text, now: now) }
    return ExitStatus.ok
  }
}
