import FoodTruckKit
import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

@testable import OrdersCommand

/// The store commands' fast paths (one streaming pass, `OrderScan`) tied to their slow twins (the
/// records loaded whole and decoded, as before) on random stores, good and bad: the same answer,
/// the same file written, the same error; and on a good store the slow twin never runs.
@Suite("the store commands' streaming passes and their slow twins")
struct StoreTwinsTests {
  static let now = ISODate.parse("2026-11-29T12:00:00Z")!

  /// A random store: orders with every status, some sharing a creation date, with unknown fields,
  /// escapes and keys in another order; records of other types, blank lines and CRLF endings; and
  /// in about a third of them one fault (a bad line, a missing or wrong field, an order twice, a
  /// torn last line), or a good order written so that only the slow twin reads it. Answers its
  /// bytes and ids to ask for.
  static func store(_ random: inout SplitMix64) -> (bytes: [UInt8], ids: [String]) {
    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    let count = Int.random(in: 0...20, using: &random)
    let orders = Array(StartingOrders(seed: Int.random(in: 1...1000, using: &random), count: count, now: now))
    var lines: [[UInt8]] = []
    var ids: [String] = []
    var previousDate: JSONValue?
    for order in orders {
      var object = order.record
      if chance(0.3) { object.set("note", .string("caf\u{e9} \"x\" \u{1}")) }
      if chance(0.2), let previousDate { object.set("creationDate", previousDate) }
      previousDate = object["creationDate"]
      if chance(0.2) { object.members.shuffle(using: &random) }
      var bytes: [UInt8] = []
      JSONWriter.append(object, to: &bytes)
      if chance(0.1) {
        bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: ",", with: ", ").utf8)
      }
      lines.append(bytes)
      ids.append(order.id)
      if chance(0.15) { lines.append(Array(#"{"type":"memo","text":"\u00e9\/","n":1e3}"#.utf8)) }
      if chance(0.1) { lines.append([]) }
    }
    if !lines.isEmpty, chance(0.35) {
      let i = Int.random(in: 0..<lines.count, using: &random)
      let text = String(decoding: lines[i], as: UTF8.self)
      func replaced(_ old: String, _ new: String) -> [UInt8] {
        Array(text.replacingOccurrences(of: old, with: new).utf8)
      }
      switch Int.random(in: 0..<21, using: &random) {
      case 0: lines[i] = Array(lines[i].dropLast(3))
      case 1: lines[i] = Array(text.replacingOccurrences(of: #""status":"#, with: #""state":"#).utf8)
      case 2: lines[i] = Array(text.replacingOccurrences(of: #""placed""#, with: #""done""#).utf8)
      case 3: lines.append(lines[i])
      case 4:
        lines[i] = Array(text.replacingOccurrences(of: #""quantity":"#, with: #""quantity":0,"q":"#).utf8)
      case 5: lines[i] = Array("[1]".utf8)
      case 6:
        lines[i] = Array(text.replacingOccurrences(of: #""totalSales":"#, with: #""totalSales":1"#).utf8)
      case 7: lines[i] = Array(#"{"id":"Order#1201"}"#.utf8)
      // Faults only the checks of each field find.
      case 8: lines[i] = replaced(#""donut":"#, #""donut":9"#)
      case 9: lines[i] = replaced(#""name":""#, #""name":"x"#)
      case 10: lines[i] = replaced(#"T"#, #"t"#)
      case 11: lines[i] = replaced(#""fahrenheit""#, #""kelvin""#)
      case 12: lines[i] = replaced(#""wasRaining":false"#, #""wasRaining":"no""#)
      case 13: lines[i] = replaced(#""quantity":"#, #""quantity":1,"quantity":"#)
      case 14: lines[i] = replaced(#""items":["#, #""items":[],"x":["#)
      case 15: lines[i] = replaced(#""city":"#, #""city":null,"c":"#)
      case 16: lines[i] = replaced(#""value":"#, #""value":1e999,"v":"#)
      // An item spelled as the tools write one, its quantity over the limit (no totalSales to
      // disagree with it).
      case 19:
        lines[i] = Array(
          text.replacingOccurrences(of: #""quantity":"#, with: #""quantity":9999999"#)
            .replacingOccurrences(of: #""totalSales""#, with: #""total""#).utf8)
      // Good orders the check in place is not sure of (an escaped id, key or name).
      case 17: lines[i] = replaced(#""id":"Order#12"#, #""id":"Order#\u00312"#)
      case 18: lines[i] = replaced(#""status""#, #""st\u0061tus""#)
      default: lines[i] = replaced(#"{"donut":"#, #"{"name":null,"donut":"#)
      }
    }
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line
      bytes += chance(0.1) ? [0x0D, 0x0A] : [0x0A]
    }
    if chance(0.05), bytes.last == 0x0A { bytes.removeLast() }
    var asked =
      ids.isEmpty
      ? [] : (0..<Int.random(in: 1...3, using: &random)).map { _ in ids.randomElement(using: &random)! }
    if chance(0.1) || asked.isEmpty { asked.append("Order#9999") }
    var unique: [String] = []
    for id in asked where !unique.contains(id) { unique.append(id) }
    return (bytes, unique)
  }

  /// Runs one command both ways on copies of `bytes` and checks that they agree: the slow twin
  /// alone (`slow`), then the fast path with its fallback (`fast`, told when the slow twin runs).
  /// Answers whether the store was good (the slow twin answered). With `mayLoad`, the fast path
  /// may hand a good store to the slow twin: one whose slow twin reads less than every order.
  @discardableResult
  static func agree<T>(
    _ bytes: [UInt8], in folder: URL, _ what: String, same: (T, T) -> Bool, mayLoad: Bool = false,
    slow: (RecordStore) throws -> T, fast: (RecordStore, () -> Void) throws -> T
  ) throws -> Bool {
    // One path both ways, so that messages naming the store are the same.
    let file = folder.appendingPathComponent("orders.jsonl")
    try Data(bytes).write(to: file)
    let expected = Result { try slow(RecordStore(path: file.path)) }
    let slowFile = try Data(contentsOf: file)
    try Data(bytes).write(to: file)
    var loaded = false
    let answered = Result { try fast(RecordStore(path: file.path)) { loaded = true } }
    let fastFile = try Data(contentsOf: file)
    let store = String(decoding: bytes, as: UTF8.self)
    switch (expected, answered) {
    case (.success(let e), .success(let f)):
      #expect(same(e, f), "\(what): the answers differ on\n\(store)")
      #expect(mayLoad || !loaded, "\(what): the slow twin read a good store\n\(store)")
    case (.failure(let e), .failure(let f)):
      let (e, f) = (e as? ToolError, f as? ToolError)
      #expect(
        e != nil && e?.message == f?.message && e?.code == f?.code && e?.notes == f?.notes,
        "\(what): the errors differ, \(String(describing: e)) / \(String(describing: f)), on\n\(store)")
    default:
      Issue.record("\(what): one way failed, the other did not: \(expected) / \(answered) on\n\(store)")
    }
    #expect(slowFile == fastFile, "\(what): the stores written differ from\n\(store)")
    if case .success = expected { return true }
    return false
  }

  static func sameRecords(_ a: [Record], _ b: [Record]) -> Bool { a.map(\.bytes) == b.map(\.bytes) }
  static func sameOrders(_ a: [(record: Record, order: Order)], _ b: [(record: Record, order: Order)]) -> Bool
  {
    a.map(\.record.bytes) == b.map(\.record.bytes) && a.map(\.order) == b.map(\.order)
  }

  @Test(
    "next, complete, recent, list, orders by their facts, the notice timer's order, show and place's highest id: the same both ways on random stores"
  )
  func randomStores() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = SplitMix64(seed: 46)
    var good = 0
    for round in 0..<200 {
      let (bytes, ids) = Self.store(&random)
      for complete in [false, true] {
        try Self.agree(
          bytes, in: folder, "round \(round): \(complete ? "complete" : "next") \(ids)",
          same: Self.sameRecords,
          slow: { try StatusChange.change(ids, in: $0, complete: complete, now: Self.now, streams: false) },
          fast: { try StatusChange.change(ids, in: $0, complete: complete, now: Self.now, loaded: $1) })
      }
      let n = Int.random(in: 0...6, using: &random)
      let wasGood = try Self.agree(
        bytes, in: folder, "round \(round): recent -n \(n)", same: { Self.sameOrders($0.orders, $1.orders) },
        slow: { try Recent.newest(n, in: $0, streams: false) },
        fast: { try Recent.newest(n, in: $0, loaded: $1) })
      if wasGood { good += 1 }
      let choice = List.Choice(
        statuses: Set(OrderStatus.allCases.filter { _ in Bool.random(using: &random) }),
        search: ["", "", "lemon", "Order#12", "zz"].randomElement(using: &random)!,
        key: List.SortKey.allCases.randomElement(using: &random)!, reverse: Bool.random(using: &random))
      try Self.agree(
        bytes, in: folder, "round \(round): list \(choice)", same: (==),
        slow: { try List.lines(choice, in: $0, streams: false) },
        fast: { try List.lines(choice, in: $0, loaded: $1) })
      // The orders chosen by their facts (watch's and the activity widget's pass): a choice of
      // statuses, with or without a preparation, and of donuts.
      let statuses = Set(OrderStatus.allCases.filter { _ in Bool.random(using: &random) })
      let prepared = [nil, true, false].randomElement(using: &random)!
      let fewest = Int.random(in: 0...6, using: &random)
      let keep = { (facts: SureOrder) in
        statuses.contains(facts.status) && (prepared.map { $0 == facts.prepared } ?? true)
          && facts.totalSales >= fewest
      }
      try Self.agree(
        bytes, in: folder, "round \(round): orders \(statuses) \(String(describing: prepared)) \(fewest)",
        same: (==),
        slow: { try OrderStore.orders(in: $0, where: keep, streams: false) },
        fast: { try OrderStore.orders(in: $0, where: keep, loaded: $1) })
      for id in ids.prefix(2) {
        try Self.agree(
          // Its slow twin decodes that order alone: a store with another bad order is good for it.
          bytes, in: folder, "round \(round): the notice timer's order \(id)", same: (==), mayLoad: true,
          slow: { try NoticeTimer.lastOrder(id, in: $0, streams: false) },
          fast: { try NoticeTimer.lastOrder(id, in: $0, loaded: $1) })
      }
      try Self.agree(
        bytes, in: folder, "round \(round): show \(ids)", same: Self.sameOrders,
        slow: { try Show.find(ids, in: $0, streams: false) },
        fast: { try Show.find(ids, in: $0, loaded: $1) })
      try Self.agree(
        bytes, in: folder, "round \(round): place's highest id", same: (==),
        slow: {
          try $0.read(streaming: { _ in throw OrderScan.NotSure() }, orLoaded: OrderStore.highestNumber(in:))
        },
        fast: { store, loaded in
          try store.read(
            streaming: OrderScan.highestNumber,
            orLoaded: { records in
              loaded()
              return OrderStore.highestNumber(in: records)
            })
        })
    }
    // Both kinds were tried.
    #expect(good > 80 && good < 190, "\(good) good stores of 200")
  }
}
