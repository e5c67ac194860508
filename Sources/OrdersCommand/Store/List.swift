import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders list`: the orders in the store.
enum List {
  static let status = Option<[OrderStatus]>(
    spec: OptionSpec(
      long: "status", short: "s", valueName: "S", help: "only orders with status S (repeatable)",
      repeatable: true, choices: OrderStatus.allCases.map(\.rawValue)),
    convert: { $0.compactMap(OrderStatus.init(rawValue:)) })
  static let search = Option.string(
    "search", name: "TEXT", help: "only orders whose id or a donut (name, ingredient) contains TEXT")

  /// What `--sort` orders by.
  enum SortKey: String, CaseIterable, Sendable {
    case status, id, donuts, date
  }
  static let sort = Option.choice(
    "sort", name: "KEY",
    help: "order by status (completed first, as the sample), or id, donuts, date (ascending)",
    default: SortKey.status)
  static let reverse = Flag("reverse", short: "r", help: "the other way round")

  static let command = Command(
    name: "list", summary: "the orders in the store",
    options: [
      status, search, sort, reverse, OrdersOptions.listFormat, OrdersOptions.store, OrdersOptions.now,
    ],
    input: OrdersOptions.storeInput,
    output: """
      The store's order records, exactly as stored, sorted by --sort: by status, completed first
      (the sample's table), else ascending; ties keep store order. With --format text, the New
      Orders rows ('ID  N donuts  STATUS  TIME  DONUTS', the time labelled with its zone, up to
      three donut names and +N) and a footer with the number of orders and donuts and the total;
      sorted by status (the default), the rows go under the headings New, Preparing, Ready and
      Completed, as the sample's compact list. With --format csv, a header row of the order
      record's fields and a row per order (items as its JSON text).
      """,
    examples: """
      orders list --status placed | jq -r .id
      orders list --search lemon --format text
      orders list --sort donuts --reverse --format text | head -3
      orders list --status completed --format csv
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let statuses = Set(invocation[status])
    let search = invocation[search] ?? ""
    let format = invocation[OrdersOptions.listFormat]
    let choice = Choice(
      statuses: statuses, search: search, key: invocation[sort], reverse: invocation[reverse])
    if format == .json {
      try lines(choice, in: OrderStore.open(invocation)).write()
      return ExitStatus.ok
    }
    let (_, records) = try OrderStore.load(invocation)
    let sorted = try choice.chosen(records)
    if format == .text, invocation[sort] == .status {
      Pager.show(OrderTable.text(sorted.map(\.order), now: invocation.now(OrdersOptions.now), sections: true))
    } else {
      OrderStore.write(sorted, of: records, invocation, format: format)
    }
    return ExitStatus.ok
  }

  /// Orders sorted by a key, stably: status descending (completed, ready, preparing, placed), ids
  /// by their numbers (`Order#1299` before `Order#12100`), donut counts and dates ascending;
  /// `reverse` turns the order round (ties still keep store order).
  static func sorted(_ orders: [(index: Int, order: Order)], by key: SortKey, reverse: Bool)
    -> [(index: Int, order: Order)]
  {
    sorted(orders, by: key, reverse: reverse) { ($0.index, SureOrder($0.order)) }
  }

  /// `sorted` for anything with a place in the store and the facts of an order (`SureOrder`: its
  /// status, id, donuts and date are what it is sorted by).
  static func sorted<T>(_ items: [T], by key: SortKey, reverse: Bool, _ fields: (T) -> (Int, SureOrder))
    -> [T]
  {
    func ascending(_ a: SureOrder, _ b: SureOrder) -> Bool? {
      switch key {
      case .status: return a.status == b.status ? nil : a.status > b.status
      case .id:
        if let m = Order.sequenceNumber(of: a.id), let n = Order.sequenceNumber(of: b.id), m != n {
          return m < n
        }
        return a.id == b.id ? nil : a.id < b.id
      case .donuts: return a.totalSales == b.totalSales ? nil : a.totalSales < b.totalSales
      case .date: return a.creationDate == b.creationDate ? nil : a.creationDate < b.creationDate
      }
    }
    return items.sorted { a, b in
      let (a, b) = (fields(a), fields(b))
      guard let first = ascending(a.1, b.1) else { return a.0 < b.0 }
      return first != reverse
    }
  }

  /// Which orders `list` writes, and in what order.
  struct Choice {
    let statuses: Set<OrderStatus>
    let search: String
    let key: SortKey
    let reverse: Bool

    /// Whether an order of `status` is listed (before `search`).
    func lists(_ status: OrderStatus) -> Bool { statuses.isEmpty || statuses.contains(status) }

    /// The orders of `records` listed, in the order listed, read with the menu they need.
    func chosen(_ records: [Record]) throws -> [(index: Int, order: Order)] {
      let menu = try MenuStore.menu(for: records)
      let chosen = try OrderStore.orders(records, menu: menu).filter { (_, order) in
        lists(order.status) && order.matches(search, menu: menu)
      }
      return sorted(chosen, by: key, reverse: reverse)
    }
  }

  /// The lines `list --format json` writes: the chosen orders' records as stored, in blocks of
  /// about 1 MiB (one array that doubled as it grew took half as much again at its peak), in the
  /// order listed.
  struct Lines: Equatable {
    static let blockSize = 1 << 20
    var blocks: [[UInt8]] = []
    /// Each line: its block, where it starts there, and its length.
    var places: [(block: Int32, start: Int32, count: Int32)] = []

    /// Keeps `line`, listed after the others.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
      if blocks.isEmpty || blocks[blocks.count - 1].count + line.count > Self.blockSize {
        blocks.append([])
        blocks[blocks.count - 1].reserveCapacity(max(Self.blockSize, line.count))
      }
      let last = blocks.count - 1
      places.append((Int32(last), Int32(blocks[last].count), Int32(line.count)))
      blocks[last].append(contentsOf: line)
    }

    /// Writes each line and its end.
    func write() {
      for place in places {
        blocks[Int(place.block)].withUnsafeBufferPointer { block in
          StandardOutput.shared.write(
            UnsafeBufferPointer(rebasing: block[Int(place.start)..<Int(place.start + place.count)]))
        }
        StandardOutput.shared.write(byte: 0x0A)
      }
    }

    /// The lines, in the order listed (for the tests).
    var all: [[UInt8]] {
      places.map { Array(blocks[Int($0.block)][Int($0.start)..<Int($0.start + $0.count)]) }
    }

    static func == (a: Lines, b: Lines) -> Bool { a.all == b.all }
  }

  /// The lines of the orders `choice` lists, from one streaming pass over the store (the chosen
  /// lines copied whole and nothing decoded into values but an order `--search` reads, its
  /// orders all on the built-in menu), else from the records loaded whole (the slow twin, alone
  /// when `streams` is false; `loaded` is called when it runs). A store of 200,000 orders took
  /// 4.3 s and 370 MB to list whole: the records as trees.
  static func lines(_ choice: Choice, in store: RecordStore, streams: Bool = true, loaded: () -> Void = {})
    throws -> Lines
  {
    try store.read(
      streaming: { lines in
        guard streams else { throw OrderScan.NotSure() }
        var listed = Lines()
        var chosen: [(index: Int, fields: SureOrder)] = []
        try OrderScan.forEach(lines) { line in
          guard let facts = line.order, choice.lists(facts.status) else { return }
          if !choice.search.isEmpty, try !OrderScan.order(line).order.matches(choice.search, menu: .builtIn) {
            return
          }
          chosen.append((listed.places.count, facts))
          listed.append(line.bytes)
        }
        let order = sorted(chosen, by: choice.key, reverse: choice.reverse) { ($0.index, $0.fields) }
        listed.places = order.map { listed.places[$0.index] }
        return listed
      },
      orLoaded: { records in
        loaded()
        var listed = Lines()
        for (index, _) in try choice.chosen(records) {
          records[index].bytes.withUnsafeBufferPointer { listed.append($0) }
        }
        return listed
      })
  }
}
