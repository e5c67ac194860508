import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders generate`: the sample's starting orders, or any number of orders like them.
enum Generate {
  static let seed = OrdersOptions.seed(sample: StartingOrders.sampleSeed)
  static let count = Option.int(
    "count", short: "n", help: "how many orders (any number streams)", default: StartingOrders.sampleCount,
    in: 0...Int.max)

  static let command = Command(
    name: "generate", summary: "the sample's starting orders (or any number of orders like them)",
    options: [seed, count, OrdersOptions.listFormat, OrdersOptions.now],
    input: "Nothing.",
    output: """
      Order records, newest first. With the defaults, the sample's 24 starting orders: Order#1224
      (placed 5 to 7 minutes before --now) down to Order#1201, the 9 newest placed and the rest
      ready, each 60 to 180 seconds older than the one before. --count N runs the same loop with N
      in place of 24: ids from Order#12<N> down to Order#1201. A progress bar shows on a terminal.
      With --format text, the orders as the New Orders rows and footer ('orders list --format
      text').
      """,
    examples: """
      orders generate --now 2026-11-29T10:30:00Z | jq -c '[.id, .status, .totalSales]'
      orders generate --count 10000000 | pipe-check
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    // The clock is read once: the orders and the text view's ages count from the same second.
    let now = invocation.now(OrdersOptions.now)
    let count = invocation[count]
    let orders = StartingOrders(seed: invocation[seed], count: count, now: now)
    switch invocation[OrdersOptions.listFormat] {
    case .text:
      StandardOutput.shared.write(OrderTable.text(Array(orders), now: now))
      return ExitStatus.ok
    case .csv:
      // The header needs every order's items (rule 10): the orders are held, as text does.
      StandardOutput.shared.write(OrdersOptions.orderCSV.text(orders.map(\.record)))
      return ExitStatus.ok
    default: break
    }
    let progress = count >= 100_000 ? ProgressBar(total: count, label: "orders generate") : nil
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 17)
    var done = 0
    for order in orders {
      order.appendRecord(to: &buffer)
      buffer.append(0x0A)
      done += 1
      if buffer.count >= 1 << 16 {
        StandardOutput.shared.write(buffer)
        buffer.removeAll(keepingCapacity: true)
        progress?.update(done)
      }
    }
    StandardOutput.shared.write(buffer)
    progress?.finish()
    return ExitStatus.ok
  }
}
