import FoodTruckKit
import PipeProtocol
import ToolSupport

/// The status change of `orders next` and `orders complete`: every order named changes in one
/// update of the store, or none does.
enum StatusChange {
  /// Moves the orders named on the command line to their next status, or to completed.
  static func run(_ invocation: Invocation, complete: Bool) throws -> Int32 {
    let ids = try OrderStore.requestedIDs(invocation)
    let now = invocation.now(OrdersOptions.now)
    let store = OrderStore.store(invocation)
    let changed = try store.update(seed: { OrderStore.seed(now: now) }) {
      (records: inout [Record]) -> (result: [Record], changed: Bool) in
      var changed: [Record] = []
      for index in try OrderStore.locate(ids, in: records, store: store) {
        let order = try OrderStore.order(records[index])
        let target = try nextStatus(of: order, complete: complete)
        var object = records[index].object
        object.set("status", .string(target.rawValue))
        switch target {
        case .preparing:
          object.set("preparation", .object(Preparation(start: now).object))
        case .ready:
          object.set("preparation", nil)
        case .completed:
          object.set("preparation", nil)
          object.set("completionDate", .string(ISODate.format(now)))
        case .placed:
          break
        }
        records[index] = Record(object: object, source: records[index].source, line: records[index].line)
        changed.append(records[index])
      }
      return (result: changed, changed: true)
    }
    for record in changed { OrderStore.write(record) }
    try Complete.confirm(changed, now: now)
    return ExitStatus.ok
  }

  /// `placed → preparing → ready → completed`.
  static let flow = OrderStatus.allCases.map(\.rawValue).joined(separator: " → ")

  /// The status an order moves to; a completed order has none (exit 1, explained).
  static func nextStatus(of order: Order, complete: Bool) throws -> OrderStatus {
    guard order.status != .completed, let next = order.status.next else {
      let when = order.completionDate.map { " at \(ISODate.format($0))" } ?? ""
      throw ToolError(
        "\(order.id) is already completed\(when); \(complete ? "it cannot be completed again" : "it has no next step")",
        notes: ["orders go \(flow), and completed is the last step"])
    }
    return complete ? .completed : next
  }
}

extension JSONObject {
  /// Sets a member in place, or inserts a new one before the first member with a greater key (so a
  /// record with sorted keys stays sorted and other members keep their order); nil removes it.
  mutating func set(_ key: String, _ value: JSONValue?) {
    guard let value else {
      members.removeAll { $0.key == key }
      return
    }
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value = value
    } else {
      let position =
        members.firstIndex { $0.key.unicodeScalars.lexicographicallyPrecedes(key.unicodeScalars) == false }
        ?? members.endIndex
      members.insert(JSONMember(key, value), at: position)
    }
  }
}
