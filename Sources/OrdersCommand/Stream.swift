import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders stream`: live orders, one every 3 to 8 seconds.
enum Stream {
  static let seed = OrdersOptions.seed(sample: LiveOrders.sampleSeed)
  static let count = Option.int(
    "count", short: "n", help: "how many orders (0 means no end)", default: 20, in: 0...Int.max)
  static let speed = Option.double(
    "speed", name: "X", help: "wait X times less between orders", default: 1, in: 0.001...1_000_000)
  static let first = Option.int(
    "first", help: "the number of the first order: 25 is Order#1225", default: StartingOrders.sampleCount + 1,
    in: 0...Int.max)
  static let now = Option.date(
    "now", help: "date orders from T plus the drawn waits instead of the clock (output is repeatable)")

  static let command = Command(
    name: "stream", summary: "live orders, one every 3 to 8 seconds, each written as it arrives",
    options: [seed, count, speed, first, OrdersOptions.format, now],
    input: "Nothing.",
    output: """
      Placed order records, each flushed when it arrives. For each order the wait (3 to 8 s) is
      drawn first, then the order. Dates are the arrival time, or with --now, T plus the drawn waits.
      With --format text, a New Orders row for each ('orders list --format text'), as it arrives.
      """,
    examples: [
      "orders stream --speed 10 | pipe-check --pass | jq -c '[.id, .totalSales]'",
      "orders stream --count 0 --speed 4 | head -n 3",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let count = invocation[count]
    let speed = invocation[speed]
    let simulated = invocation[now]
    var stream = LiveOrders(seed: invocation[seed], firstNumber: invocation[first])
    var clock = Double(simulated ?? 0)
    var made = 0
    let text = invocation[OrdersOptions.format] == .text
    let zoneOf = OrderTable.zones()
    let width = TextLayout.width()
    while count == 0 || made < count {
      let delay = stream.nextDelay()
      Sleep.seconds(delay / speed)
      clock += delay
      let date = simulated == nil ? Clock.nowSeconds() : Int(clock.rounded(.down))
      let order = stream.nextOrder(date: date)
      if text {
        // Rows come one by one: the time column is as wide as any time of the day ('10:24 AM PST').
        let zone = zoneOf(order)
        let time = LocalTime.time(date, in: zone)
        let row = OrderTable.row(
          order, time: time, timeWidth: 9 + zone.abbreviation(at: date).count, width: width)
        StandardOutput.shared.write(row.map { $0 + "\n" }.joined())
      } else {
        StandardOutput.shared.writeRecord(order.record)
      }
      StandardOutput.shared.flush()
      made += 1
    }
    return ExitStatus.ok
  }
}
