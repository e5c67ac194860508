import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// The order store and the commands that use it: place, list, recent, show, next, complete.
enum StoreCommands {
  /// The environment variable naming the store file.
  static let environmentVariable = "SAMPLEPIPES_ORDERS"

  /// The store named by `--store`, the environment, or the default path.
  static func store(_ invocation: LegacyInvocation) -> RecordStore {
    RecordStore(
      path: invocation.string("store")
        ?? RecordStore.defaultPath(file: "orders.jsonl", environmentVariable: environmentVariable))
  }

  /// The records a new store starts with: the sample's 24 starting orders, oldest first, so that
  /// orders placed later follow in creation order.
  static func seed(now: Int) -> [Record] {
    Array(StartingOrders(now: now)).reversed().map { Record(object: $0.record) }
  }

  /// Opens the store (creating it on first use) and reads every record.
  static func load(_ invocation: LegacyInvocation) throws -> (store: RecordStore, records: [Record]) {
    let store = store(invocation)
    let now = try invocation.now()
    try store.createIfMissing { seed(now: now) }
    return (store, try read(store))
  }

  /// Reads every record under the store's lock (shared with other readers), so that an append in
  /// progress is never mistaken for a torn line. A store in a read-only folder can still be read.
  static func read(_ store: RecordStore) throws -> [Record] {
    try Files.withSharedLock(store.path) { () throws(ToolError) -> [Record] in try store.load() }
  }

  /// The orders of the store, decoded, with their positions; a record that is not a valid order is an
  /// error naming its line (exit 65).
  static func orders(_ records: [Record]) throws -> [(index: Int, order: Order)] {
    var result: [(index: Int, order: Order)] = []
    result.reserveCapacity(records.count)
    for (index, record) in records.enumerated() where record.type == "order" {
      do {
        result.append((index, try Order(record: record)))
      } catch {
        throw storeError(error)
      }
    }
    return result
  }

  /// A store record's problem as an error that says the store was not changed.
  static func storeError(_ error: InputError) -> ToolError {
    ToolError.data(
      "\(error.description); the store was left unchanged",
      notes: ["repair that line (the store is plain JSON lines), then run the command again"])
  }

  // MARK: place

  static func place(_ invocation: LegacyInvocation) throws {
    let values = invocation.strings("donut")
    guard !values.isEmpty else {
      throw ToolError.usage(
        "give at least one --donut ID[xN], such as --donut 3x2", notes: ["see 'orders menu' for the ids"])
    }
    var items: [OrderItem] = []
    for value in values {
      let item = try parseDonut(value)
      if let same = items.firstIndex(where: { $0.donut == item.donut }) {
        items[same].quantity += item.quantity
      } else {
        items.append(item)
      }
    }
    let (city, spot) = try location(city: invocation.string("city"), spot: invocation.string("spot"))
    let now = try invocation.now()
    let store = store(invocation)
    let order = try store.append(seed: { seed(now: now) }) { records in
      var highest = 0
      for record in records where record.type == "order" {
        if let id = record["id"]?.stringValue, let n = Order.sequenceNumber(of: id) {
          highest = max(highest, n)
        }
      }
      let order = Order(
        id: Order.id(number: highest + 1), status: .placed, items: items, city: city.name,
        parkingSpot: spot.name, creationDate: now)
      return ([Record(object: order.record)], order)
    }
    StandardOutput.shared.writeRecord(order.record)
  }

  /// `3`, `3x2` (also `3X2`, `3*2`): a donut id and a quantity.
  static func parseDonut(_ text: String) throws -> OrderItem {
    let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "*" }
    let idText = parts[0].trimmingSpaces
    let validIDs = Menu.builtIn.donuts.map { "\($0.id) \($0.name)" }.joined(separator: ", ")
    guard parts.count <= 2, let id = Int(idText) else {
      throw ToolError.usage(
        "--donut takes a donut id and an optional quantity, such as 3 or 3x2, not '\(text)'",
        notes: ["valid donut ids: \(validIDs)"])
    }
    guard let donut = Menu.builtIn.donut(id: id) else {
      throw ToolError.usage(
        "unknown donut id \(id) in '--donut \(text)'", notes: ["valid donut ids: \(validIDs)"])
    }
    var quantity = 1
    if parts.count == 2 {
      guard let n = Int(parts[1].trimmingSpaces), (1...1000).contains(n) else {
        throw ToolError.usage("the quantity in '--donut \(text)' must be a whole number from 1 to 1000")
      }
      quantity = n
    }
    return OrderItem(donut: donut, quantity: quantity)
  }

  /// The city and spot of `--city` and `--spot` (defaults: the truck's Cupertino / Apple Park).
  static func location(city cityName: String?, spot spotName: String?) throws -> (City, ParkingSpot) {
    var city: City?
    if let cityName {
      guard let found = City.named(cityName) else {
        throw ToolError.usage("unknown city '\(cityName)'", notes: ["cities: \(City.names)"])
      }
      city = found
    }
    guard let spotName else {
      let chosen = city ?? City.truck.city
      return (chosen, chosen.spots[0])
    }
    guard let (spotCity, spot) = City.spot(named: spotName) else {
      let spots = (city.map { [$0] } ?? City.all).flatMap { c in c.spots.map(\.name) }
      throw ToolError.usage(
        "unknown parking spot '\(spotName)'", notes: ["spots: \(spots.joined(separator: ", "))"])
    }
    if let city, city.name != spotCity.name {
      throw ToolError.usage(
        "\(spot.name) is in \(spotCity.name), not in \(city.name)",
        notes: ["spots in \(city.name): \(city.spots.map(\.name).joined(separator: ", "))"])
    }
    return (spotCity, spot)
  }

  // MARK: list, recent, show

  static func list(_ invocation: LegacyInvocation) throws {
    let (_, records) = try load(invocation)
    let statuses = Set(invocation.strings("status"))
    let search = invocation.string("search") ?? ""
    let text = invocation.choice("format", default: "json") == "text"
    let now = try invocation.now()
    for (index, order) in try orders(records)
    where (statuses.isEmpty || statuses.contains(order.status.rawValue)) && order.matches(search) {
      write(records[index], order, text: text, now: now)
    }
  }

  static func recent(_ invocation: LegacyInvocation) throws {
    let count = try invocation.int("count", default: 5, in: 0...Int.max)
    let (_, records) = try load(invocation)
    let text = invocation.choice("format", default: "json") == "text"
    let now = try invocation.now()
    // Newest first by creation date; among equal dates the later one in the store first.
    let newest = try orders(records).sorted {
      ($0.order.creationDate, $0.index) > ($1.order.creationDate, $1.index)
    }.prefix(count)
    for (index, order) in newest { write(records[index], order, text: text, now: now) }
  }

  static func show(_ invocation: LegacyInvocation) throws {
    let ids = try requestedIDs(invocation)
    let (store, records) = try load(invocation)
    let found = try locate(ids, in: records, store: store)
    let text = invocation.choice("format", default: "json") == "text"
    let now = try invocation.now()
    for index in found {
      let order: Order
      do {
        order = try Order(record: records[index])
      } catch {
        throw storeError(error)
      }
      if text {
        StandardOutput.shared.write(OrderText.detail(order, now: now))
      } else {
        StandardOutput.shared.write(records[index].bytes)
        StandardOutput.shared.write(byte: 0x0A)
      }
    }
  }

  static func write(_ record: Record, _ order: Order, text: Bool, now: Int) {
    if text {
      StandardOutput.shared.write(OrderText.line(order, now: now) + "\n")
    } else {
      StandardOutput.shared.write(record.bytes)
      StandardOutput.shared.write(byte: 0x0A)
    }
  }

  /// The ids on the command line, normalized; a malformed or repeated one is a usage error.
  static func requestedIDs(_ invocation: LegacyInvocation) throws -> [String] {
    var ids: [String] = []
    for text in invocation.positionals {
      guard let id = Order.normalizedID(text) else {
        throw ToolError.usage(
          "'\(text)' is not an order id", notes: ["give Order#1203, 1203 or foodtruck://order/1203"])
      }
      guard !ids.contains(id) else { throw ToolError.usage("\(id) is given twice; give it once") }
      ids.append(id)
    }
    return ids
  }

  /// The record index of each id; an unknown id fails (exit 1), a duplicated one is bad data.
  static func locate(_ ids: [String], in records: [Record], store: RecordStore) throws -> [Int] {
    let wanted = Set(ids)
    var found: [String: Int] = [:]
    for (index, record) in records.enumerated() where record.type == "order" {
      guard let id = record["id"]?.stringValue, wanted.contains(id) else { continue }
      if let first = found[id] {
        throw ToolError.data(
          "store '\(store.path)' has two orders \(id), lines \(records[first].line) and \(record.line)",
          notes: ["remove one of them; nothing was changed"])
      }
      found[id] = index
    }
    return try ids.map { id in
      guard let index = found[id] else {
        throw ToolError(
          "no order \(id) in the store '\(store.path)'", notes: ["see 'orders list' for the orders there"])
      }
      return index
    }
  }

  // MARK: next, complete

  static func advance(_ invocation: LegacyInvocation, complete: Bool) throws {
    let ids = try requestedIDs(invocation)
    let now = try invocation.now()
    let store = store(invocation)
    let changed = try store.update(seed: { seed(now: now) }) {
      (records: inout [Record]) -> (result: [Record], changed: Bool) in
      var changed: [Record] = []
      for index in try locate(ids, in: records, store: store) {
        let order: Order
        do {
          order = try Order(record: records[index])
        } catch let error as InputError {
          throw storeError(error)
        }
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
    for record in changed {
      StandardOutput.shared.write(record.bytes)
      StandardOutput.shared.write(byte: 0x0A)
    }
  }

  /// The status an order moves to; a completed order has none (exit 1, explained).
  static func nextStatus(of order: Order, complete: Bool) throws -> OrderStatus {
    guard order.status != .completed, let next = order.status.next else {
      let when = order.completionDate.map { " at \(ISODate.format($0))" } ?? ""
      throw ToolError(
        "\(order.id) is already completed\(when); \(complete ? "it cannot be completed again" : "it has no next step")",
        notes: ["orders go placed → preparing → ready → completed, and completed is the last step"])
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

extension Substring {
  var trimmingSpaces: Substring {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return s
  }
}
