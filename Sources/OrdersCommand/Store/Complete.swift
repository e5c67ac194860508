import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders complete`: orders are marked completed, whatever their status.
enum Complete {
  static let command = Command(
    name: "complete", summary: "mark orders completed, whatever their status",
    options: [OrdersOptions.format, OrdersOptions.store, OrdersOptions.now],
    arguments: Arguments(OrdersOptions.ids).completing(OrdersCompletion.openOrders),
    input: OrdersOptions.idsInput,
    output: """
      The completed order records, with completionDate set and no preparation (its Live Activity
      ends, and a notice not raised yet is cancelled); with --format text, each described as
      'orders show --format text' does. When stderr is a terminal, the sample's confirmation
      for each there ('Order#1224 completed!', then '6 donuts • 10:30 AM PST', the time in the
      order's city's zone or TZ); stdout carries the records alone.
      """,
    exitStatus: ["1    no order has that id, or it is already completed"],
    examples: """
      orders complete 1203
      orders list -s ready | jq -r .id | xargs orders complete | jq -r .id
      """,
    lookups: [OrdersOptions.orderLookup("ID")],
    run: { try StatusChange.run($0, complete: true) })

  /// The sample's completion sheet for each order that these records complete, on stderr when it
  /// is a terminal (someone is there to read it; a script gets the records alone).
  static func confirm(_ records: [Record], now: Int, onTerminal: Bool = Terminal.isTTY(2)) throws {
    guard onTerminal else { return }
    let zoneOf = OrderTable.zones()
    for record in records {
      let order = try OrderStore.order(record)
      guard order.status == .completed else { continue }
      for line in confirmation(order, now: now, zone: zoneOf(order)) {
        Diagnostics.note(line, tool: "orders")
      }
    }
  }

  /// The completion sheet's two lines: `Order#1224 completed!` and `6 donuts • 10:30 AM PST`.
  static func confirmation(_ order: Order, now: Int, zone: LocalTime.Zone) -> [String] {
    ["\(order.id) completed!", "\(OrderText.donuts(order.totalSales)) • \(LocalTime.time(now, in: zone))"]
  }
}
