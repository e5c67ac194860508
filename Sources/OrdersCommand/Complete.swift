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
      'orders show --format text' does. On stderr, the sample's confirmation for
      each: 'Order#1224 completed! 6 donuts • 10:30 AM PST'.
      """,
    exitStatus: ["1    no order has that id, or it is already completed"],
    examples: [
      "orders complete 1203", "orders list -s ready | jq -r .id | xargs orders complete | jq -r .id",
    ],
    run: { try StatusChange.run($0, complete: true) })

  /// The sample's completion sheet, on stderr, for each order that these records complete:
  /// `Order#1224 completed! 6 donuts • 10:30 AM PST` (the time in the order's city's zone, or TZ).
  static func confirm(_ records: [Record], now: Int) throws {
    let zoneOf = OrderTable.zones()
    for record in records {
      let order = try OrderStore.order(record)
      guard order.status == .completed else { continue }
      Diagnostics.note(
        "\(order.id) completed! \(OrderText.donuts(order.totalSales)) • \(LocalTime.time(now, in: zoneOf(order)))",
        tool: "orders")
    }
  }
}
