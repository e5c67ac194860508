import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders show`: orders by id.
enum Show {
  static let command = Command(
    name: "show", summary: "show orders by id",
    options: [OrdersOptions.listFormat, OrdersOptions.store, OrdersOptions.now],
    arguments: Arguments(OrdersOptions.ids).completing(OrdersCompletion.orders),
    input: OrdersOptions.idsInput,
    output: """
      The order records, in the order asked. With --format text, a short description of each, its
      times in the zone of the order's city (or TZ when set), labelled: 'placed 9:44 AM PST'.
      """,
    exitStatus: ["1    no order has that id (see 'orders list')"],
    examples: """
      orders show 1203
      orders show foodtruck://order/1203 | jq .status
      """,
    lookups: [OrdersOptions.orderLookup("ID")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let ids = invocation[OrdersOptions.ids]
    let found = try find(ids, in: try OrderStore.open(invocation))
    if invocation[OrdersOptions.listFormat] == .csv {
      StandardOutput.shared.write(OrdersOptions.orderCSV.text(found.map(\.record.object)))
      return ExitStatus.ok
    }
    let text = invocation[OrdersOptions.listFormat] == .text
    let now = invocation.now(OrdersOptions.now)
    let zoneOf = OrderTable.zones()
    for (record, order) in found {
      if text {
        StandardOutput.shared.write(OrderText.detail(order, now: now, zone: zoneOf(order)))
      } else {
        OrderStore.write(record)
      }
    }
    return ExitStatus.ok
  }

  /// The orders `ids` of `store` with their records, in that order: in one streaming pass keeping
  /// those, else from the records loaded whole (the slow twin, alone when `streams` is false;
  /// `loaded` is called when it runs).
  static func find(_ ids: [String], in store: RecordStore, streams: Bool = true, loaded: () -> Void = {})
    throws
    -> [(record: Record, order: Order)]
  {
    try store.read(
      streaming: { lines in
        guard streams else { throw OrderScan.NotSure() }
        return try OrderScan.find(ids, lines)
      },
      orLoaded: { records in
        loaded()
        return try OrderStore.locate(ids, in: records, store: store).map { (records[$0.index], $0.order) }
      })
  }
}
