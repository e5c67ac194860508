import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// The store commands' fast passes: the store read a line at a time by the sure indexer (stage 1,
/// no member array; the authority, `RecordIndexer.index`, for a line it is not sure of), each
/// order checked in place (`SureOrder`) with the built-in menu, and nothing kept but what the
/// command answers.
/// Each is the streaming twin of a reading of the records loaded whole (`RecordStore.read`,
/// `update` and `append` with `streaming:`); a pass throws when it is not sure (a line that is not
/// a record, an order it cannot read, a custom donut, an id missing or twice), and the slow twin
/// then reads the store and words the error as it always has.
enum OrderScan {
  /// Thrown when a pass is not sure of the store.
  struct NotSure: Error {}

  /// One line of the store, as the pass hands it on: its bytes (valid until the next line) and,
  /// when it is an order, the facts of the order.
  struct Line {
    /// The line's bytes, without its end.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Its one-based number.
    let number: Int
    /// The store's name, for messages.
    let source: String
    /// The order's facts (id, creation date, status, donuts), when the line is an order.
    let order: SureOrder?

    /// The line as a record in place, indexed again (by the authority) for a caller that keeps
    /// it: a line the pass keeps is rare, so the pass itself builds no member list.
    func view() throws -> RecordView {
      var members: [MemberSpan] = []
      let type = try RecordIndexer.index(
        bytes, source: source, line: number, into: &members, maxDepth: JSONParser.defaultMaxDepth)
      return RecordView(bytes: bytes, members: members, type: type, line: number, source: source)
    }
  }

  /// Calls `body` with each line of the store and, when it is an order, its id and creation date.
  /// A line is read by the sure indexer (`RecordIndexer.indexIfSure`, nothing copied) and an order
  /// checked in place (`SureOrder`); a line the indexer is not sure of is read by the authority
  /// (which throws for a bad one), and an order the check is not sure of is read whole with the
  /// built-in menu (an order naming a custom donut is not sure: the slow twin reads the menu
  /// store for it). A caller that keeps an order reads it whole (`order(_:)`).
  static func forEach(_ lines: LineReader, _ body: (Line) throws -> Void) throws {
    var index = indexer(lines)
    var memo = ISODate.DayMemo()
    var members: [MemberSpan] = []
    let source = lines.source
    while try lines.next({ line in
      let bytes = line.bytes
      if let type = index.indexIfSure(bytes) {
        let json = ValidatedJSON(bytes, quotes: index.plainQuotes)
        guard json.equals(type, "order") else {
          return try body(Line(bytes: bytes, number: line.number, source: source, order: nil))
        }
        if let sure = SureOrder(json, members: index.spans, memo: &memo) {
          return try body(Line(bytes: bytes, number: line.number, source: source, order: sure))
        }
      }
      let type = try RecordIndexer.index(
        bytes, source: source, line: line.number, into: &members, maxDepth: JSONParser.defaultMaxDepth)
      let view = RecordView(bytes: bytes, members: members, type: type, line: line.number, source: source)
      var facts: SureOrder?
      if type == "order" {
        if let sure = SureOrder(view) {
          facts = sure
        } else {
          let order = try Order(record: view, menu: .builtIn)
          facts = SureOrder(order)
        }
      }
      try body(Line(bytes: bytes, number: line.number, source: source, order: facts))
    }) {}
  }

  /// The sure indexer of the pass, reading an order's members (`SureOrder.Field`).
  static func indexer(_ lines: LineReader) -> RecordIndexer {
    RecordIndexer(
      maxDepth: JSONParser.defaultMaxDepth, maxLineLength: lines.maxLineLength, keepsMemberArray: false,
      names: SureOrder.Field.table)
  }

  /// The record and order of a line the pass keeps, read whole with the built-in menu.
  static func order(_ line: Line) throws -> (record: Record, order: Order) {
    let view = try line.view()
    return (view.copy(), try Order(record: view, menu: .builtIn))
  }

  /// The highest order number of the store (0 when none), as `OrderStore.highestNumber` reads it
  /// from the records: only the lines are checked, not the orders.
  static func highestNumber(_ lines: LineReader) throws -> Int {
    var highest = 0
    var index = indexer(lines)
    var members: [MemberSpan] = []
    while try lines.next({ line in
      let bytes = line.bytes
      if let type = index.indexIfSure(bytes) {
        let json = ValidatedJSON(bytes, quotes: index.plainQuotes)
        guard json.equals(type, "order") else { return }
        if let value = index.value(SureOrder.Field.id), let text = json.plainString(value) {
          // An id of at most 15 bytes is a small string: nothing is allocated.
          if let n = Order.sequenceNumber(of: json.text(text)) { highest = max(highest, n) }
          return
        }
      }
      let type = try RecordIndexer.index(
        bytes, source: lines.source, line: line.number, into: &members, maxDepth: JSONParser.defaultMaxDepth)
      let view = RecordView(
        bytes: bytes, members: members, type: type, line: line.number, source: lines.source)
      guard type == "order", let id = view["id"]?.stringValue, let n = Order.sequenceNumber(of: id) else {
        return
      }
      highest = max(highest, n)
    }) {}
    return highest
  }

  /// The `count` newest orders, newest first by creation date, among equal dates the later in the
  /// store first (as `Recent` sorts them): at most `count` are held.
  static func newest(_ count: Int, _ lines: LineReader) throws -> [(record: Record, order: Order)] {
    // Oldest last; an order newer than the last goes in at its place.
    var newest: [(record: Record, order: Order)] = []
    try forEach(lines) { line in
      guard let facts = line.order, count > 0 else { return }
      if newest.count == count, let last = newest.last, facts.creationDate < last.order.creationDate {
        return
      }
      // After every order at least as new (a later line wins a tie: it goes before its equals).
      let place = newest.partitionPoint { $0.order.creationDate > facts.creationDate }
      newest.insert(try Self.order(line), at: place)
      if newest.count > count { newest.removeLast() }
    }
    return newest
  }

  /// The orders named by `ids`, in that order; an id missing or found twice is not sure (the slow
  /// twin says which).
  static func find(_ ids: [String], _ lines: LineReader) throws -> [(record: Record, order: Order)] {
    let wanted = Wanted(ids)
    var found: [String: (record: Record, order: Order)] = [:]
    try forEach(lines) { line in
      guard let facts = line.order, wanted.contains(facts.id) else { return }
      guard found[facts.id] == nil else { throw NotSure() }
      found[facts.id] = try Self.order(line)
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
    let wanted = Wanted(ids)
    var changed: [String: Record] = [:]
    // Lines gathered here and handed to the writer 64 KiB at a time (one call, not two a line).
    var out: [UInt8] = []
    out.reserveCapacity(1 << 17)
    try forEach(lines) { line in
      if let facts = line.order, wanted.contains(facts.id) {
        guard changed[facts.id] == nil else { throw NotSure() }
        let kept = try Self.order(line)
        let record = try change(kept.record, kept.order)
        changed[facts.id] = record
        out.append(contentsOf: record.bytes)
      } else {
        out.append(contentsOf: line.bytes)
      }
      out.append(0x0A)
      if out.count >= 1 << 16 {
        try writer.write(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    try writer.write(out)
    return try ids.map { id in
      guard let record = changed[id] else { throw NotSure() }
      return record
    }
  }
}

/// The ids a pass looks for: a few compared in turn (no hash of every order's id), many in a set.
struct Wanted {
  let few: [String]
  let many: Set<String>?

  init(_ ids: [String]) {
    few = ids
    many = ids.count > 8 ? Set(ids) : nil
  }

  /// Whether `id` is one of them (by `String`'s `==`, as a set compares).
  func contains(_ id: String) -> Bool { many?.contains(id) ?? few.contains(id) }
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
