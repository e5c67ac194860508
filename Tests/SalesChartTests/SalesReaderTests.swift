import FoodTruckKit
import Foundation
import PipeProtocol
import PipeReading
import TestSupport
import Testing

@testable import SalesChartCommand

/// The workers' sales readers (`ChunkCounter.addPlainSales` for plain lines, `addSales` for the
/// others) against the sequential one, `SalesFields.addSales`, on random `items` arrays: whatever a
/// worker counts, the sequential reader counts the same; and on arrays of built-in donuts within
/// the bounds, without escapes, a worker is sure.
@Suite("the workers' sales readers and SalesFields")
struct SalesReaderTests {
  /// The sequential reader's counts and sum, or nil when it refuses the array.
  static func slow(_ line: [UInt8], _ range: Range<Int>) -> (counts: [Int], sum: Int)? {
    line.withUnsafeBufferPointer { buffer in
      var counts = [Int](repeating: 0, count: 17)
      let menu = StreamMenu(deferring: false)
      do throws(FieldError) {
        let sum = try SalesFields.addSales(
          ValidatedJSON(buffer), range, field: "items", menu: menu,
          record: InputError(source: "t", line: 1, message: "")
        ) { (donut, quantity) throws(FieldError) in
          guard donut < 17 else { throw FieldError("custom") }
          counts[donut] += quantity
        }
        return (counts, sum)
      } catch {
        return nil
      }
    }
  }

  /// Whether `line` has no space outside its strings (it has no escapes).
  static func isCompact(_ line: [UInt8]) -> Bool {
    var inString = false
    for byte in line {
      if byte == UInt8(ascii: "\"") { inString.toggle() }
      if !inString, byte == 0x20 { return false }
    }
    return true
  }

  /// A worker reader's counts and sum, or nil when it is not sure; `compact`: read as a line the
  /// shape replay read (no space skipped).
  static func fast(
    _ line: [UInt8], _ range: Range<Int>, plain: Bool, compact: Bool = false
  ) -> (counts: [Int], sum: Int)? {
    line.withUnsafeBufferPointer { buffer in
      var counter = ChunkCounter(maxDepth: 512, maxLineLength: 1 << 20, zone: .utc)
      // As a worker reads a line: stage 1 first (its quote bitmap is what addPlainSales reads).
      guard counter.index.indexIfSure(buffer) != nil, counter.plain || !plain else { return nil }
      let row = UnsafeMutablePointer<Int>.allocate(capacity: 17)
      defer { row.deallocate() }
      row.initialize(repeating: 0, count: 17)
      let json = ValidatedJSON(buffer)
      do throws(SequentialHandOff) {
        let sum =
          compact
          ? try counter.addPlainSales(Compact.self, json, range, least: 1, most: Order.maxQuantity, into: row)
          : plain
            ? try counter.addPlainSales(
              Spaced.self, json, range, least: 1, most: Order.maxQuantity, into: row)
            : try counter.addSales(json, range, least: 1, most: Order.maxQuantity, into: row)
        return (Array(UnsafeBufferPointer(start: row, count: 17)), sum)
      } catch {
        return nil
      }
    }
  }

  /// Reads `value`, the `items` array at offset 9 of `line`, as a worker does (`plain`, `compact`)
  /// and as `SalesFields` does, expecting the same counts, or the worker not sure where
  /// `SalesFields` refuses: whether the worker counted it, or nil for a line stage 1 does not pass
  /// (no reader sees it).
  static func agree(_ line: [UInt8], _ value: String, plain: Bool, compact: Bool) -> Bool? {
    let range = 9..<(9 + value.utf8.count)
    var members: [MemberSpan] = []
    guard
      line.withUnsafeBufferPointer({ StructuralIndexer.index($0, maxDepth: 512, into: &members) })
        != .notSure
    else { return nil }
    let slow = Self.slow(line, range)
    guard let fast = Self.fast(line, range, plain: plain, compact: compact) else {
      #expect(slow == nil, "a worker was not sure of an array SalesFields counts: \(value)")
      return false
    }
    #expect(slow?.counts == fast.counts && slow?.sum == fast.sum, "\(value)")
    return true
  }

  /// One random `items` value: mostly valid items, with the odd wrong id, quantity, name or key.
  static func items(_ random: inout SplitMix64) -> String {
    let names = Menu.builtIn.donuts.map(\.name)
    var elements: [String] = []
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      var members: [String] = []
      let donut = [0, 3, 16, 17, -1, 99, 7].randomElement(using: &random)!
      let quantity = [1, 2, 12, 0, -3, 1_000_000, 1_000_001].randomElement(using: &random)!
      switch Int.random(in: 0..<12, using: &random) {
      case 0: members.append("\"donut\":\(donut).0")
      case 1: members.append("\"donut\":\"\(donut)\"")
      case 2: break  // no donut
      default: members.append("\"donut\":\(donut)")
      }
      switch Int.random(in: 0..<12, using: &random) {
      case 0: members.append("\"quantity\":\(quantity)e0")
      case 1: break  // no quantity
      case 2: members.append("\"quantity\":\(quantity),\"quantity\":1")
      default: members.append("\"quantity\":\(quantity)")
      }
      let id = max(0, min(donut, 16))
      switch Int.random(in: 0..<8, using: &random) {
      case 0: members.append("\"name\":\"\(names[(id + 1) % 17])\"")
      case 1: members.append("\"name\":7")
      case 2, 3: break
      default: members.append("\"name\":\"\(names[id])\"")
      }
      if Int.random(in: 0..<6, using: &random) == 0 { members.append("\"note\":[1,{\"a\":\"}\"}]") }
      // Short strings: an empty key and an empty or one-letter value, which end where they begin.
      if Int.random(in: 0..<6, using: &random) == 0 { members.append("\"\":\"\"") }
      if Int.random(in: 0..<6, using: &random) == 0 { members.append("\"x\":\"y\"") }
      // Keys that begin as an item's keys do (a worker knows those by their first bytes).
      if Int.random(in: 0..<6, using: &random) == 0 {
        members.append(
          [
            "\"quantityy\":1", "\"quantit\":1", "\"donuts\":2", "\"donut_\":2", "\"name \":\"x\"",
            "\"nam\":\"x\"",
          ]
          .randomElement(using: &random)!)
      }
      members.shuffle(using: &random)
      // A space before a key's colon, now and then (then its bytes are not the writers').
      if Int.random(in: 0..<4, using: &random) == 0 {
        members = members.map { member in
          guard let colon = member.range(of: "\":") else { return member }
          return member.replacingCharacters(in: colon, with: "\" :")
        }
      }
      let spaced = Bool.random(using: &random)
      elements.append("{" + members.joined(separator: spaced ? " , " : ",") + "}")
    }
    if Int.random(in: 0..<20, using: &random) == 0 { elements.append("3") }
    return "[" + elements.joined(separator: ",") + "]"
  }

  @Test(
    "random items arrays: a worker counts what SalesFields counts, and is sure of every plain valid array")
  func randomArrays() {
    var random = SplitMix64(seed: 2026)
    var agreed = 0
    let rounds = Campaign.size(small: 3_000, full: 20_000)
    for _ in 0..<rounds {
      let value = Self.items(&random)
      let line = Array(#"{"items":\#(value),"type":"order"}"#.utf8)
      // The compact reading only of a line without spaces, as the shape replay hands over.
      let ways =
        Self.isCompact(line)
        ? [(true, true), (true, false), (false, false)] : [(true, false), (false, false)]
      for (plain, compact) in ways where Self.agree(line, value, plain: plain, compact: compact) == true {
        agreed += 1
      }
    }
    #expect(agreed > rounds / 4)
  }

  @Test("a worker's indexer calls a line compact only when the shape replay read it, without spaces")
  func compactLines() throws {
    var counter = ChunkCounter(maxDepth: 512, maxLineLength: 1 << 20, zone: .utc)
    var random = SplitMix64(seed: 77)
    var compact = 0
    for round in 0..<400 {
      let elements = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        #"{"donut":\#(Int.random(in: 0...16, using: &random)),"quantity":\#(Int.random(in: 1...9, using: &random))}"#
      }
      let items = "[" + elements.joined(separator: ",") + "]"
      var text = #"{"creationDate":"2026-11-29T10:02:13Z","items":\#(items),"type":"order"}"#
      if round % 50 == 49, let colon = text.range(of: "\":\"2026") {
        text.replaceSubrange(colon, with: "\": \"2026")
      }
      let line = Array(text.utf8)
      let indexed = line.withUnsafeBufferPointer { counter.index.indexIfSure($0) != nil }
      guard indexed, counter.index.compact else { continue }
      compact += 1
      #expect(Self.isCompact(line), "called compact: \(text)")
    }
    // Most lines of the stream share a shape with the one before: the replay reads many.
    #expect(compact > 300)
  }

  /// One random `items` value written as the protocol's writers write it (`donut`, `name`,
  /// `quantity`, no spaces), with the odd wrong id, name, quantity, number form or key: the layout
  /// `ChunkCounter.writtenItem` reads a word at a time.
  static func writtenItems(_ random: inout SplitMix64) -> String {
    let names = Menu.builtIn.donuts.map(\.name)
    func pick(_ values: [String]) -> String { values.randomElement(using: &random)! }
    let elements = (0..<Int.random(in: 0...5, using: &random)).map { _ -> String in
      let id = Int.random(in: 0...16, using: &random)
      let donut =
        Int.random(in: 0..<4, using: &random) > 0
        ? "\(id)" : pick(["17", "99", "100", "1234", "-1", "\(id).0", "\(id)e0", "3"])
      let name =
        Int.random(in: 0..<4, using: &random) > 0
        ? names[id]
        : pick([
          names[(id + 1) % 17], String(names[id].dropLast()), names[id] + "s", "", names[id].uppercased(),
        ])
      let quantity =
        Int.random(in: 0..<4, using: &random) > 0
        ? "\(Int.random(in: 1...12, using: &random))"
        : pick([
          "0", "-3", "999", "1000000", "1000001", "123456789012345", "1234567890123456", "2.0", "2e0", "12",
        ])
      var keys = ["donut", "name", "quantity"]
      if Int.random(in: 0..<8, using: &random) == 0 {
        keys[Int.random(in: 0..<3, using: &random)] = pick([
          "donuts", "nam", "Name", "quantit", "quantityy", "x",
        ])
      }
      return #"{"\#(keys[0])":\#(donut),"\#(keys[1])":"\#(name)","\#(keys[2])":\#(quantity)}"#
    }
    return "[" + elements.joined(separator: ",") + "]"
  }

  @Test("written items: the compact reading, word by word, counts what SalesFields counts")
  func writtenItemArrays() {
    var random = SplitMix64(seed: 4646)
    var agreed = 0
    let rounds = Campaign.size(small: 3_000, full: 20_000)
    for _ in 0..<rounds {
      let value = Self.writtenItems(&random)
      // Room after the array, or not: an item near the line's end is read the general way.
      let pad = String(repeating: "p", count: [0, 40, 200].randomElement(using: &random)!)
      let line = Array(#"{"items":\#(value),"pad":"\#(pad)","type":"order"}"#.utf8)
      if Self.agree(line, value, plain: true, compact: true) == true { agreed += 1 }
    }
    #expect(agreed > rounds / 10)
  }

  @Test("an item written as the writers write it, with room after it, is read word by word")
  func writtenItemIsRead() {
    let counter = ChunkCounter(maxDepth: 512, maxLineLength: 1 << 20, zone: .utc)
    let pad = String(repeating: "p", count: 200)
    for (id, donut) in Menu.builtIn.donuts.enumerated() {
      for quantity in [1, 12, 123_456_789_012_345] {
        let line = Array(
          #"{"items":[{"donut":\#(id),"name":"\#(donut.name)","quantity":\#(quantity)}],"pad":"\#(pad)"}"#
            .utf8)
        line.withUnsafeBufferPointer { buffer in
          let read = counter.writtenItem(buffer.baseAddress!, 10, buffer.count)
          #expect(read?.0 == id && read?.1 == quantity, "\(String(decoding: line, as: UTF8.self))")
          #expect(read.map { buffer[$0.2 - 1] } == UInt8(ascii: "}"))
        }
      }
    }
  }
}
