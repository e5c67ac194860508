import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders recent`: the most recent orders, newest first (the New Orders card).
enum Recent {
  static let count = Option.int("count", short: "n", help: "how many", default: 5, in: 0...Int.max)
  /// `-f/--format text|json|csv|svg`: svg is the New Orders card with its donut pictures.
  static let format = Option.format([.text, .json, .csv, .svg], default: .json)

  static let command = Command(
    name: "recent", summary: "the most recent orders, newest first (the New Orders card)",
    options: [count, format, OrdersOptions.store, OrdersOptions.now],
    input: OrdersOptions.storeInput,
    output: """
      The N orders with the latest creation dates, newest first (the sample showed the oldest).
      With --format text, the New Orders card: a row each, 'Order#1224   6 donuts  Placed
      10:24 AM PST  Picnic Basket, Black Raspberry' (the time in the order's city's zone, or in TZ
      when set, with the day when it is not the day of --now; up to three donut names and +N),
      then the sample's footer: the newest order's id, a donut glyph and its donut count
      ('Order#1227 · ◎ 13 donuts'). With --format svg, the card as a picture: each row with the
      sample's diagonal stack of up to three donut pictures and +N, and the footer. With --format
      csv, a header row of the order record's fields and a row per order (items flattened as
      items.1.donut, items.1.quantity, ...).
      """,
    examples: """
      orders recent --format text
      orders recent -n 1 | jq -r .id
      orders recent -f svg > new.svg
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (newest, menu) = try Self.newest(invocation[count], in: try OrderStore.open(invocation))
    switch invocation[format] {
    case .svg:
      let card = NewOrdersCard.svg(newest.map(\.order), menu: menu, now: invocation.now(OrdersOptions.now))
      StandardOutput.shared.write(card)
    case .text:
      StandardOutput.shared.write(
        OrderTable.text(newest.map(\.order), now: invocation.now(OrdersOptions.now), footer: footer))
    default:
      OrderStore.write(newest, invocation, format: invocation[format])
    }
    return ExitStatus.ok
  }

  /// The `n` newest orders of `store` with their records, and the menu they are read with: in one
  /// streaming pass keeping the n newest (its orders all on the built-in menu), else from the
  /// records loaded whole and sorted (the slow twin, alone when `streams` is false; `loaded` is
  /// called when it runs).
  static func newest(_ n: Int, in store: RecordStore, streams: Bool = true, loaded: () -> Void = {}) throws
    -> (orders: [(record: Record, order: Order)], menu: Menu)
  {
    try store.read(
      streaming: { lines in
        guard streams else { throw OrderScan.NotSure() }
        return (try OrderScan.newest(n, lines), Menu.builtIn)
      },
      orLoaded: { records in
        loaded()
        // Newest first by creation date; among equal dates the later one in the store first.
        let sorted = try OrderStore.orders(records).sorted {
          ($0.order.creationDate, $0.index) > ($1.order.creationDate, $1.index)
        }
        return (sorted.prefix(n).map { (records[$0.index], $0.order) }, try MenuStore.menu(for: records))
      })
  }

  /// The New Orders card's footer, as the sample's: the newest order's id, a donut glyph and its
  /// donut count (`Order#1227 · ◎ 13 donuts`); `no orders` when there is none.
  static func footer(_ orders: [Order], width: Int) -> String {
    guard let newest = orders.first else { return "no orders" }
    let pieces = [TerminalText.safe(newest.id), "◎ " + Numbers.count(newest.totalSales, "donut")]
    return TextLayout.joined(pieces, width: width, lineEnd: " ·").joined(separator: "\n")
  }
}
