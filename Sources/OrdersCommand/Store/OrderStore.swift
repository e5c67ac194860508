import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// The order store shared by place, list, recent, show, next, complete and watch: where it is, what
/// a new one holds, reading it, decoding its orders and finding orders by id.
enum OrderStore {
  /// The environment variable naming the store file.
  static let environmentVariable = "SAMPLEPIPES_ORDERS"

  /// The store named by `--store`, the environment, or the default path.
  static func store(_ invocation: Invocation) -> RecordStore {
    store(path: invocation[OrdersOptions.store])
  }

  /// The store at `path`, or without one the environment's or the default path.
  static func store(path: String?) -> RecordStore {
    RecordStore.locate(path, file: "orders.jsonl", environmentVariable: environmentVariable)
  }

  /// The highest order number in `records` (0 when none): a new order is the next.
  static func highestNumber(in records: [Record]) -> Int {
    var highest = 0
    for record in records where record.type == "order" {
      if let id = record["id"]?.stringValue, let n = Order.sequenceNumber(of: id) {
        highest = max(highest, n)
      }
    }
    return highest
  }

  /// The records a new store starts with: the sample's 24 starting orders, oldest first, so that
  /// orders placed later follow in creation order.
  static func seed(now: Int) -> [Record] {
    Array(StartingOrders(now: now)).reversed().map { Record(object: $0.record) }
  }

  /// Opens the store (creating it on first use) and reads every record.
  static func load(_ invocation: Invocation) throws -> (store: RecordStore, records: [Record]) {
    let store = try open(invocation)
    return (store, try read(store))
  }

  /// The store, created on first use with the starting orders.
  static func open(_ invocation: Invocation) throws -> RecordStore {
    let store = store(invocation)
    let now = invocation.now(OrdersOptions.now)
    try store.createIfMissing { seed(now: now) }
    return store
  }

  /// Reads every record under the store's lock (shared with other readers), so that an append in
  /// progress is never mistaken for a torn line. A store in a read-only folder can still be read.
  static func read(_ store: RecordStore) throws -> [Record] {
    try store.loadShared()
  }

  /// The orders of the store, decoded, with their positions; a record that is not a valid order is an
  /// error naming its line (exit 65). Donut ids are read with `menu`, or with the menu
  /// `MenuStore.menu(for:)` finds.
  static func orders(_ records: [Record], menu: Menu? = nil) throws -> [(index: Int, order: Order)] {
    let menu = try menu ?? MenuStore.menu(for: records)
    var result: [(index: Int, order: Order)] = []
    result.reserveCapacity(records.count)
    for (index, record) in records.enumerated() where record.type == "order" {
      result.append((index, try order(record, menu: menu)))
    }
    return result
  }

  /// The orders of `store` whose facts (`SureOrder`: id, date, status, donuts) `keep` chooses, in
  /// store order: in one streaming pass that decodes only those (its orders all on the built-in
  /// menu), else from the records loaded whole (the slow twin, alone when `streams` is false;
  /// `loaded` is called when it runs). watch and the activity widget read a 200,000-order store
  /// whole in 5 s and 340 MB to find its few orders in preparation.
  static func orders(
    in store: RecordStore, where keep: (SureOrder) -> Bool, streams: Bool = true, loaded: () -> Void = {}
  ) throws -> [Order] {
    try store.read(
      streaming: { lines in
        guard streams else { throw OrderScan.NotSure() }
        var kept: [Order] = []
        try OrderScan.forEach(lines) { line in
          guard let facts = line.order, keep(facts) else { return }
          kept.append(try OrderScan.order(line).order)
        }
        return kept
      },
      orLoaded: { records in
        loaded()
        return try orders(records).map(\.order).filter { keep(SureOrder($0)) }
      })
  }

  /// A store record as an order; a record that is not a valid order is an error naming its line.
  static func order(_ record: Record, menu: Menu? = nil) throws(ToolError) -> Order {
    let menu = try { () throws(ToolError) -> Menu in
      if let menu { return menu }
      return try MenuStore.menu(for: [record])
    }()
    do {
      return try Order(record: record, menu: menu)
    } catch {
      var failure = storeError(error)
      if MenuStore.missingCustomDonut(in: record, menu: menu) != nil {
        failure.notes.append(
          "custom donuts are read from the menu store $\(MenuStore.environmentVariable), else "
            + "$XDG_DATA_HOME/samplepipes/menu.jsonl: set it to the one the order was placed with")
      }
      throw failure
    }
  }

  /// A store record's problem as an error that says the store was not changed.
  static func storeError(_ error: InputError) -> ToolError {
    ToolError.data(
      "\(error.description); the store was left unchanged",
      notes: ["repair that line (the store is plain JSON lines), then run the command again"])
  }

  /// The ids given, normalized; a malformed or repeated one is a usage error.
  static func normalizedIDs(_ texts: [String]) throws(ToolError) -> [String] {
    var ids: [String] = []
    for text in texts {
      guard let id = Order.normalizedID(text) else {
        throw ToolError.usage(
          "'\(MessageText.shortened(text))' is not an order id",
          notes: ["give Order#1203, 1203 or foodtruck://order/1203"])
      }
      guard !ids.contains(id) else {
        throw ToolError.usage("\(MessageText.shortened(id)) is given twice; give it once")
      }
      ids.append(id)
    }
    return ids
  }

  /// The named orders, decoded, with their record indices; an unknown id fails (exit 1), a
  /// duplicated one is bad data. Every order line is checked first, not only those named: a store
  /// with a bad line is exit 65 for every command that reads its orders, and is never changed
  /// (PROTOCOL.md, "What a stored order must hold").
  static func locate(_ ids: [String], in records: [Record], store: RecordStore) throws -> [(
    index: Int, order: Order
  )] {
    try locate(ids, among: try orders(records), of: records, store: store)
  }

  /// The named orders among `orders` (every order of `records`, decoded by `orders(_:menu:)`).
  static func locate(
    _ ids: [String], among orders: [(index: Int, order: Order)], of records: [Record], store: RecordStore
  ) throws -> [(index: Int, order: Order)] {
    let wanted = Set(ids)
    var found: [String: (index: Int, order: Order)] = [:]
    for entry in orders where wanted.contains(entry.order.id) {
      if let first = found[entry.order.id] {
        throw ToolError.data(
          "store '\(store.path)' has two orders \(entry.order.id), lines \(records[first.index].line) and "
            + "\(records[entry.index].line)",
          notes: ["remove one of them; nothing was changed"])
      }
      found[entry.order.id] = entry
    }
    return try ids.map { id in
      guard let entry = found[id] else {
        throw ToolError(
          "no order \(MessageText.shortened(id)) in the store '\(store.path)'",
          notes: ["see 'orders list' for the orders there"])
      }
      return entry
    }
  }

  /// Writes a record's line exactly as stored.
  static func write(_ record: Record) {
    StandardOutput.shared.write(record.bytes)
    StandardOutput.shared.write(byte: 0x0A)
  }

  /// Writes the chosen orders in their order: with `--format text` as the New Orders rows and
  /// footer (times as of `--now`), else each one's record exactly as stored.
  static func write(
    _ chosen: some Collection<(index: Int, order: Order)>, of records: [Record], _ invocation: Invocation
  ) {
    write(chosen, of: records, invocation, format: invocation[OrdersOptions.format])
  }

  /// Writes the chosen orders in `format`: text as above, csv as a header row and a row per
  /// order (`OrdersOptions.orderCSV`), json as each one's record exactly as stored.
  static func write(
    _ chosen: some Collection<(index: Int, order: Order)>, of records: [Record], _ invocation: Invocation,
    format: OutputFormat
  ) {
    write(chosen.map { (records[$0.index], $0.order) }, invocation, format: format)
  }

  /// Writes the chosen orders, each with its record, in `format`, as above.
  static func write(
    _ chosen: [(record: Record, order: Order)], _ invocation: Invocation, format: OutputFormat
  ) {
    switch format {
    case .text:
      Pager.show(OrderTable.text(chosen.map(\.order), now: invocation.now(OrdersOptions.now)))
    case .csv:
      StandardOutput.shared.write(OrdersOptions.orderCSV.text(chosen.map(\.record.object)))
    default:
      for (record, _) in chosen { write(record) }
    }
  }
}
