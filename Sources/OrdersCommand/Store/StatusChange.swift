import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// The status change of `orders next` and `orders complete`: every order named changes in one
/// update of the store, or none does.
enum StatusChange {
  /// Moves the orders named on the command line to their next status, or to completed.
  static func run(_ invocation: Invocation, complete: Bool) throws -> Int32 {
    let ids = invocation[OrdersOptions.ids]
    let now = invocation.now(OrdersOptions.now)
    let store = OrderStore.store(invocation)
    // The notice store a preparation's timer appends to is refused now, before anything changes,
    // when it could not be written (a link planted at its default place, a folder).
    if !complete { _ = try NoticeStore.store(for: store).target() }
    let changed = try change(ids, in: store, complete: complete, now: now)
    if invocation[OrdersOptions.format] == .text {
      let zoneOf = OrderTable.zones()
      for record in changed {
        let order = try OrderStore.order(record)
        StandardOutput.shared.write(OrderText.detail(order, now: now, zone: zoneOf(order)))
      }
    } else {
      for record in changed { OrderStore.write(record) }
    }
    try Complete.confirm(changed, now: now)
    // The notice is scheduled as the sample schedules its notification: when preparation starts.
    // A simulated clock (--now) has no real minute to wait for: 'orders watch' raises those.
    if !invocation.isGiven(OrdersOptions.now) {
      for record in changed {
        let order = try OrderStore.order(record)
        if order.status == .preparing, let preparation = order.preparation {
          NoticeTimer.schedule(order.id, start: preparation.start, orders: store)
        }
      }
    }
    return ExitStatus.ok
  }

  /// Changes the orders `ids` of `store` in one update, in one streaming pass (the store copied
  /// with those orders changed), else with the records loaded whole (the slow twin, alone when
  /// `streams` is false; `loaded` is called when it runs), and answers their changed records.
  static func change(
    _ ids: [String], in store: RecordStore, complete: Bool, now: Int, streams: Bool = true,
    loaded: () -> Void = {}
  ) throws -> [Record] {
    let stream = { (lines: LineReader, writer: FileWriter) throws -> [Record] in
      try OrderScan.change(ids, lines, to: writer) { record, order in
        try Self.changed(record, order, complete: complete, now: now)
      }
    }
    return try store.update(
      seed: { OrderStore.seed(now: now) }, streaming: streams ? stream : nil,
      orLoaded: { (records: inout [Record]) -> (result: [Record], changed: Bool) in
        loaded()
        var changed: [Record] = []
        for (index, order) in try OrderStore.locate(ids, in: records, store: store) {
          records[index] = try Self.changed(records[index], order, complete: complete, now: now)
          changed.append(records[index])
        }
        return (result: changed, changed: true)
      })
  }

  /// The order's record with its next status (or completed), and the preparation that goes with
  /// it: only the fields that change are rewritten, the others keep their bytes (rule 2).
  static func changed(_ record: Record, _ order: Order, complete: Bool, now: Int) throws -> Record {
    let target = try nextStatus(of: order, complete: complete, now: now)
    var object = record.object
    object.set("status", .string(target.rawValue))
    switch target {
    case .preparing:
      let preparation = Preparation(
        start: now, end: now + (try NoticeTimer.preparationSeconds()),
        staleDate: now + 2 * Preparation.duration)
      object.set("preparation", .object(preparation.object))
    case .ready:
      // The Live Activity goes on until the order completes (it keeps its preparation).
      break
    case .completed:
      object.set("preparation", nil)
      object.set("completionDate", .string(ISODate.format(now)))
    case .placed:
      break
    }
    return record.updated(to: object)
  }

  /// `placed → preparing → ready → completed`.
  static let flow = OrderStatus.allCases.map(\.rawValue).joined(separator: " → ")

  /// The status an order moves to; a completed order has none (exit 1, explained, its completion
  /// time in the order's zone as of `now`, labelled).
  static func nextStatus(of order: Order, complete: Bool, now: Int) throws -> OrderStatus {
    guard order.status != .completed, let next = order.status.next else {
      let zone = OrderTable.zones()(order)
      let when = order.completionDate.map { " at \(OrderText.when($0, now: now, in: zone))" } ?? ""
      throw ToolError(
        "\(order.id) is already completed\(when); \(complete ? "it cannot be completed again" : "it has no next step")",
        notes: ["orders go \(flow), and completed is the last step"])
    }
    return complete ? .completed : next
  }
}
