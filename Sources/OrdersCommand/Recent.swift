import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders recent`: the most recent orders, newest first (the New Orders card).
enum Recent {
  static let count = Option.int("count", short: "n", help: "how many", default: 5, in: 0...Int.max)
  /// `-f/--format text|json|svg`: svg is the New Orders card with its donut pictures.
  static let format = Option.format([.text, .json, .svg], default: .json)

  static let command = Command(
    name: "recent", summary: "the most recent orders, newest first (the New Orders card)",
    options: [count, format, OrdersOptions.store, OrdersOptions.now],
    input: OrdersOptions.storeInput,
    output: """
      The N orders with the latest creation dates, newest first (the sample showed the oldest).
      With --format text, the New Orders card: a row each, 'Order#1224   6 donuts  Placed
      10:24 AM PST  Picnic Basket, Black Raspberry' (the time in the order's city's zone, or in TZ
      when set, with the day when it is not the day of --now; up to three donut names and +N),
      then a footer with the number of orders and donuts and the total. With --format svg, the card
      as a picture: each row with the sample's diagonal stack of up to three donut pictures and +N.
      """,
    examples: [
      "orders recent --format text", "orders recent -n 1 | jq -r .id", "orders recent -f svg > new.svg",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (_, records) = try OrderStore.load(invocation)
    // Newest first by creation date; among equal dates the later one in the store first.
    let newest = try OrderStore.orders(records).sorted {
      ($0.order.creationDate, $0.index) > ($1.order.creationDate, $1.index)
    }.prefix(invocation[count])
    if invocation[format] == .svg {
      let card = NewOrdersCard.svg(
        newest.map(\.order), menu: try MenuStore.menu(for: records), now: invocation.now(OrdersOptions.now))
      StandardOutput.shared.write(card)
      return ExitStatus.ok
    }
    OrderStore.write(newest, of: records, invocation)
    return ExitStatus.ok
  }
}
