import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// The store commands' fast passes: the store read a line at a time by the fast reader
/// (`RecordReader`: stage 1, and the parser for a line it is not sure of), each order read in
/// place (`RecordView`) with the built-in menu, and nothing kept but what the command answers.
/// Each is the streaming twin of a reading of the records loaded whole (`RecordStore.read`,
/// `update` and `append` with `streaming:`); a pass throws when it is not sure (a line that is not
/// a record, an order it cannot read, a custom donut, an id missing or twice), and the slow twin
/// then reads the store and words the error as it always has.
enum OrderScan {
  /// Thrown when a pass is not sure of the store.
  struct NotSure: Error {}

  /// Calls `body` with each record of the store in place and, when it is an order, its id and
  /// creation date: checked in place (`SureOrder`), else read whole with the built-in menu (an order
  /// naming a custom donut is not sure: the slow twin reads the menu store for it). A caller that
  /// keeps an order reads it whole (`order(_:)`).
  static func forEach(_ lines: LineReader, _ body: (RecordView, SureOrder?) throws -> Void) throws {
    try RecordReader(lines).forEach { view in
      guard view.type == "order" else { return try body(view, nil) }
      if let sure = SureOrder(view) { return try body(view, sure) }
      let order = try Order(record: view, menu: .builtIn)
      try body(view, SureOrder(id: order.id, creationDate: order.creationDate))
    }
  }

  /// The order of a record the pass keeps, read whole with the built-in menu.
  static func order(_ view: RecordView) throws -> Order { try Order(record: view, menu: .builtIn) }

  /// The highest order number of the store (0 when none), as `OrderStore.highestNumber` reads it
  /// from the records: only the lines are checked, not the orders.
  static func highestNumber(_ lines: LineReader) throws -> Int {
    var highest = 0
    try RecordReader(lines).forEach { view in
      guard view.type == "order", let id = view["id"]?.stringValue, let n = Order.sequenceNumber(of: id)
      else {
        return
      }
      highest = max(highest, n)
    }
    return highest
  }

  /// The `count` newest orders, newest first by creation date, among equal dates the later in the
  /// store first (as `Recent` sorts them): at most `count` are held.
  static func newest(_ count: Int, _ lines: LineReader) throws -> [(record: Record, order: Order)] {
    // Oldest last; an order newer than the last goes in at its place.
    var newest: [(record: Record, order: Order)] = []
    try forEach(lines) { view, order in
      guard let facts = order, count > 0 else { return }
      if newest.count == count, let last = newest.last, facts.creationDate < last.order.creationDate {
        return
      }
      // After every order at least as new (a later line wins a tie: it goes before its equals).
      let place = newest.partitionPoint { $0.order.creationDate > facts.creationDate }
      newest.insert((view.copy(), try Self.order(view)), at: place)
      if newest.count > count { newest.removeLast() }
    }
    return newest
  }

  /// The orders named by `ids`, in that order; an id missing or found twice is not sure (the slow
  /// twin says which).
  static func find(_ ids: [String], _ lines: LineReader) throws -> [(record: Record, order: Order)] {
    let wanted = Set(ids)
    var found: [String: (record: Record, order: Order)] = [:]
    try forEach(lines) { view, order in
      guard let facts = order, wanted.contains(facts.id) else { return }
      guard found[facts.id] == nil else { throw NotSure() }
      found[facts.id] = (view.copy(), try Self.order(view))
    }
    return try ids.map { id in
      guard let entry = found[id] else { throw NotSure() }
      return entry
    }
  }

  /// Copies the store to `writer` with the orders named by `ids` changed by `change` (through
  /// the splicer: only the fields it changes are rewritten), every other line as it is, and answers
  /// the changed records in the order of `ids`. Blank lines are left out and line ends written
  /// `\n`, as a store written whole is.
  static func change(
    _ ids: [String], _ lines: LineReader, to writer: FileWriter, _ change: (Record, Order) throws -> Record
  ) throws -> [Record] {
    let wanted = Set(ids)
    var changed: [String: Record] = [:]
    try forEach(lines) { view, order in
      if let facts = order, wanted.contains(facts.id) {
        guard changed[facts.id] == nil else { throw NotSure() }
        let record = try change(view.copy(), try Self.order(view))
        changed[facts.id] = record
        try writer.write(record.bytes)
      } else {
        try writer.write(view.bytes)
      }
      try writer.write(CollectionOfOne(UInt8(0x0A)))
    }
    return try ids.map { id in
      guard let record = changed[id] else { throw NotSure() }
      return record
    }
  }
}

extension Array {
  /// The first index whose element is not `belongs` (the elements that are come first).
  func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
