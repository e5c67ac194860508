import TestSupport
import Testing

@testable import PipeProtocol

/// `LineShape`, the replay of the last lines' shape, against its slow twin, the walk: a line the
/// replay accepts is one the walk accepts as plain, with the same members (and the parser agrees);
/// and lines of the learned shape are accepted by the replay, so that it is not vacuous.
@Suite("the line shape replay")
struct LineShapeTests {
  /// Lines of a few shapes, each with values that vary: orders with one to five items, nested
  /// objects and arrays, arrays of scalars, empty containers, literals, long keys.
  /// With `faults`, one number in eight is not one JSON allows.
  static func line(_ shape: Int, faults: Bool = false, using random: inout SplitMix64) -> String {
    func word() -> String {
      String(
        (0..<Int.random(in: 0...12, using: &random)).map { _ in "ab Z9}]{[,:-".randomElement(using: &random)!
        })
    }
    func number() -> String {
      if faults, Int.random(in: 0..<8, using: &random) == 0 {
        return [
          "01", "-", "1.", ".5", "1e", "--1", "1.2.3", "+1", "00", "-01", "1e+", "0x1", "1.e3", "Infinity",
        ]
        .randomElement(using: &random)!
      }
      return [
        "0", "7", "-3", "12345678901234567", "34.68", "-0.5e-3", "1E+9",
        "\(Int.random(in: 0...999_999, using: &random))",
      ].randomElement(using: &random)!
    }
    switch shape {
    case 0:
      let items = (0..<Int.random(in: 1...5, using: &random)).map { _ in
        #"{"donut":\#(Int.random(in: 0...16, using: &random)),"name":"\#(word())","quantity":\#(number())}"#
      }
      return
        #"{"city":"\#(word())","creationDate":"2026-11-29T11:54:28Z","grandTotal":\#(number()),"id":"Order#\#(number())","items":[\#(items.joined(separator: ","))],"parkingSpot":"\#(word())","status":"placed","temperature":{"unit":"fahrenheit","value":\#(number())},"totalSales":\#(number()),"type":"order","wasRaining":\#(Bool.random(using: &random))}"#
    case 1:
      let values = (0..<Int.random(in: 1...4, using: &random)).map { _ in number() }
      return
        #"{"a":[\#(values.joined(separator: ","))],"b":{},"c":[],"d":null,"e":[[1,2],[3]],"f":{"g":{"h":"\#(word())"}}}"#
    case 2:
      return
        #"{"a_key_longer_than_sixteen_bytes":"\#(word())","b":true,"k":[{"x":[{"y":\#(number())}]}]}"#
    default:
      return #"{"type":"\#(word())"}"#
    }
  }

  /// The replay's members of `line`, or nil when it does not accept it.
  static func replayed(_ shape: LineShape, _ line: [UInt8], maxDepth: Int = 512) -> [MemberSpan]? {
    line.withUnsafeBufferPointer { buffer -> [MemberSpan]? in
      guard let base = buffer.baseAddress, !buffer.isEmpty, buffer.count <= StructuralIndexer.maxPlainLength
      else {
        return nil
      }
      let quotes = UnsafeMutablePointer<UInt64>.allocate(capacity: StructuralIndexer.quoteWords)
      defer { quotes.deallocate() }
      let members = UnsafeMutablePointer<MemberSpan>.allocate(capacity: StructuralIndexer.maxOpenKeys)
      defer { members.deallocate() }
      guard StructuralIndexer.scan(base, buffer.count, quotes: quotes) else { return nil }
      var count = 0
      guard
        shape.replay(
          base, buffer.count, maxDepth, quotes: quotes, members: members,
          capacity: StructuralIndexer.maxOpenKeys,
          count: &count)
      else { return nil }
      return Array(UnsafeBufferPointer(start: members, count: count))
    }
  }

  /// A shape learned from `line`, which the walk must accept as plain.
  static func learned(_ line: String) -> LineShape {
    let shape = LineShape()
    Array(line.utf8).withUnsafeBufferPointer { buffer in
      let quotes = UnsafeMutablePointer<UInt64>.allocate(capacity: StructuralIndexer.quoteWords)
      defer { quotes.deallocate() }
      let plain = StructuralIndexer.scan(buffer.baseAddress!, buffer.count, quotes: quotes)
      #expect(plain)
      shape.learn(buffer.baseAddress!, buffer.count, quotes: quotes)
    }
    return shape
  }

  /// Whether the replay of `line` agrees with the walk and the parser; true when it accepted it.
  @discardableResult
  static func check(_ shape: LineShape, _ line: [UInt8], maxDepth: Int = 512) -> Bool {
    guard let replayed = Self.replayed(shape, line, maxDepth: maxDepth) else { return false }
    let text = String(decoding: line, as: UTF8.self)
    #expect(StructuralIndexerTests.verdict(text) == .plain, "the walk does not accept \(text)")
    #expect(StructuralIndexerTests.fast(line, maxDepth: maxDepth) == replayed, "\(text)")
    #expect(StructuralIndexerTests.slow(line, maxDepth: maxDepth) == replayed, "\(text)")
    return true
  }

  @Test(
    "an element that is an object has no step for its braces: its first key and the array's end read them")
  func elementBraces() {
    let shape = Self.learned(
      #"{"items":[{"donut":1,"quantity":2},{"donut":13,"quantity":4}],"k":[{"x":[{"y":1}]}],"type":"order"}"#)
    let steps = (0..<shape.opCount).map { shape.ops[$0] }
    let kinds = steps.map { LineShape.Step(rawValue: $0 & 0xFF)! }
    // The record's `{` and `finish`; each array's `[`, its elements' keys (the first one's form
    // starting with `{`) and its end (reading `}` first); the type.
    #expect(
      kinds == [
        .open, .arrayOpen, .number, .number, .arrayEnd, .arrayOpen, .arrayOpen, .number, .arrayEnd, .arrayEnd,
        .string, .finish,
      ])
    #expect(steps.filter { $0 & LineShape.opens != 0 }.count == 3)
    #expect(steps.filter { $0 & LineShape.closes != 0 }.count == 3)
    for line in [
      #"{"items":[{"donut":16,"quantity":20}],"k":[{"x":[{"y":-1.5},{"y":0}]},{"x":[{"y":7}]}],"type":"order"}"#,
      #"{"items":[{"donut":1,"quantity":2},{"donut":3,"quantity":4},{"donut":5,"quantity":6}],"k":[{"x":[{"y":1}]}],"type":"o"}"#,
    ] {
      #expect(Self.check(shape, Array(line.utf8)), "not replayed: \(line)")
    }
    for line in [
      #"{"items":[{"donut":1,"quantity":2}},"k":[{"x":[{"y":1}]}],"type":"order"}"#,
      #"{"items":[{"donut":1,"quantity":2},"donut":3,"quantity":4}],"k":[{"x":[{"y":1}]}],"type":"order"}"#,
      #"{"items":[{"donut":1,"quantity":2}],"k":[{"x":[{"y":1}]],"type":"order"}"#,
      #"{"items":[{"donut":1,"quantity":2}],"k":[{"x":[{"y":1]}],"type":"order"}"#,
      #"{"items":[[{"donut":1,"quantity":2}],"k":[{"x":[{"y":1}]}],"type":"order"}"#,
    ] {
      #expect(Self.replayed(shape, Array(line.utf8)) == nil, "replayed: \(line)")
    }
  }

  @Test("lines of the learned shape are replayed, whatever their values and item counts")
  func sameShape() {
    var random = SplitMix64(seed: 46)
    for kind in 0..<4 {
      let shape = Self.learned(Self.line(kind, using: &random))
      #expect(shape.opCount > 0)
      for _ in 0..<300 {
        let line = Self.line(kind, using: &random)
        #expect(Self.check(shape, Array(line.utf8)), "not replayed: \(line)")
      }
    }
  }

  @Test("a line of another shape, or past the limits, is left to the walk")
  func otherShapes() {
    let shape = Self.learned(#"{"a":1,"b":[{"c":"x"}],"d":{"e":true}}"#)
    for line in [
      #"{"a":1,"b":[{"c":"x"}],"d":{"e":true},"f":2}"#, #"{"a":1,"b":[{"c":"x"}]}"#,
      #"{"a":"1","b":[{"c":"x"}],"d":{"e":true}}"#, #"{"a":1,"b":[],"d":{"e":true}}"#,
      #"{"a":1,"b":[{"c":"x"},2],"d":{"e":true}}"#, #"{"a":1, "b":[{"c":"x"}],"d":{"e":true}}"#,
      #"{"a":1,"a":[{"c":"x"}],"d":{"e":true}}"#, #" {"a":1,"b":[{"c":"x"}],"d":{"e":true}}"#,
    ] {
      #expect(!Self.check(shape, Array(line.utf8)), "replayed: \(line)")
    }
    #expect(Self.check(shape, Array(#"{"a":1,"b":[{"c":"x"}],"d":{"e":true}}   "#.utf8)))
    #expect(!Self.check(shape, Array(#"{"a":1,"b":[{"c":"x"}],"d":{"e":true}}"#.utf8), maxDepth: 2))
    #expect(Self.check(shape, Array(#"{"a":1,"b":[{"c":"x"}],"d":{"e":true}}"#.utf8), maxDepth: 3))
  }

  @Test("random and mutated lines near a learned shape agree with the walk and the parser")
  func mutated() {
    var random = SplitMix64(seed: 2026)
    let bytes: [UInt8] = Array("{}[]\":,0123456789-+.eEtrufalsn xyz".utf8) + [0x01, 0x5C, 0xC3]
    var replayed = 0
    for _ in 0..<Campaign.size(small: 20_000, full: 150_000) {
      let kind = Int.random(in: 0..<4, using: &random)
      let shape = Self.learned(Self.line(kind, using: &random))
      let base = Array(Self.line(kind, faults: true, using: &random).utf8)
      let line =
        Bool.random(using: &random) ? Mutations.mutate(base, from: bytes, edits: 1...3, using: &random) : base
      if Self.check(shape, line) { replayed += 1 }
    }
    // Some mutations keep the shape (a byte of a string or a digit changed): the replay reads them.
    #expect(replayed > 100)
  }

  /// A line of a stream indexed with the stream's shape and without one: the same verdict, and
  /// on a valid line the same members. Owns the scratch both readings write.
  final class StreamTwins {
    let quotes = UnsafeMutablePointer<UInt64>.allocate(capacity: StructuralIndexer.quoteWords)
    let with = UnsafeMutablePointer<MemberSpan>.allocate(capacity: StructuralIndexer.maxOpenKeys)
    let without = UnsafeMutablePointer<MemberSpan>.allocate(capacity: StructuralIndexer.maxOpenKeys)

    deinit {
      quotes.deallocate()
      with.deallocate()
      without.deallocate()
    }

    func check(_ line: [UInt8], _ shape: LineShape) {
      line.withUnsafeBufferPointer { buffer in
        var a = 0
        var b = 0
        let fast = StructuralIndexer.index(
          buffer, maxDepth: 512, quotes: quotes, members: with, count: &a, shape: shape)
        let slow = StructuralIndexer.index(buffer, maxDepth: 512, quotes: quotes, members: without, count: &b)
        #expect(fast == slow, "\(String(decoding: line, as: UTF8.self))")
        if fast != .notSure {
          #expect(
            Array(UnsafeBufferPointer(start: with, count: a))
              == Array(UnsafeBufferPointer(start: without, count: b)),
            "\(String(decoding: line, as: UTF8.self))")
        }
      }
    }
  }

  @Test("a stream read with a shape gives what it gives without: verdicts and members")
  func stream() {
    var random = SplitMix64(seed: 7)
    let bytes: [UInt8] = Array("{}[]\":,0123456789-.eE tfn".utf8)
    let shape = LineShape()
    let twins = StreamTwins()
    var kind = 0
    for n in 0..<Campaign.size(small: 20_000, full: 100_000) {
      if n % 500 == 0 { kind = Int.random(in: 0..<4, using: &random) }
      var line = Array(Self.line(kind, faults: true, using: &random).utf8)
      if Int.random(in: 0..<4, using: &random) == 0 {
        line = Mutations.mutate(line, from: bytes, edits: 1...2, using: &random)
      }
      twins.check(line, shape)
    }
    #expect(shape.opCount > 0)
  }

  /// An order as the tools write it, its city, parking spot, status, temperature, type and
  /// weather kept from line to line but now and then (one in `change`) another.
  static func keptOrder(_ random: inout SplitMix64, change: Int) -> String {
    func kept(_ usual: String, _ other: String) -> String {
      Int.random(in: 0..<change, using: &random) == 0 ? other : usual
    }
    let items = (0..<Int.random(in: 1...5, using: &random)).map { _ in
      #"{"donut":\#(Int.random(in: 0...16, using: &random)),"name":"x","quantity":\#(Int.random(in: 1...9, using: &random))}"#
    }
    return
      #"{"city":\#(kept("\"Cupertino\"", "\"Cupertinp\"")),"creationDate":"2026-11-29T11:\#(Int.random(in: 10...59, using: &random)):28Z","id":"Order#\#(Int.random(in: 0...999, using: &random))","items":[\#(items.joined(separator: ","))],"parkingSpot":\#(kept("\"Apple Park\"", "\"Apple Park \"")),"status":\#(kept("\"ready\"", "\"placed\"")),"temperature":{"unit":"fahrenheit","value":\#(kept("72", "7.2"))},"totalSales":\#(Int.random(in: 1...40, using: &random)),"type":\#(kept("\"order\"", "\"orders\"")),"wasRaining":\#(kept("false", "true"))}"#
  }

  @Test(
    "runs of members that stay the same are compared whole; a line that differs there agrees with the walk")
  func literalRuns() {
    var random = SplitMix64(seed: 4610)
    let bytes: [UInt8] = Array("{}[]\":,0123456789-.eE tfnAP".utf8)
    let shape = LineShape()
    let twins = StreamTwins()
    var used = 0
    var generation = 0
    var lastUsed = 0
    for _ in 0..<Campaign.size(small: 20_000, full: 100_000) {
      var line = Array(Self.keptOrder(&random, change: 60).utf8)
      // (Rarely enough that the shape is replayed: a stream of many shapes waits to learn.)
      if Int.random(in: 0..<40, using: &random) == 0 {
        line = Mutations.mutate(line, from: bytes, edits: 1...2, using: &random)
      }
      twins.check(line, shape)
      // (A shape learned again starts its runs' tallies again.)
      if shape.generation != generation {
        used += lastUsed
        generation = shape.generation
      }
      lastUsed = shape.literals.used
    }
    used += lastUsed
    // The runs were found and stood for their members on many lines.
    #expect(used > 5_000)
  }

  @Test("a run whose bytes keep differing is dropped, and the lines are still replayed")
  func literalRunDropped() {
    let shape = Self.learned(#"{"a":1,"b":"x","c":"y","d":[2]}"#)
    #expect(Self.check(shape, Array(#"{"a":2,"b":"x","c":"y","d":[3]}"#.utf8)))
    func runs() -> Int { (0..<shape.opCount).filter { shape.ops[$0] & LineShape.literal != 0 }.count }
    #expect(runs() == 1)
    for n in 0..<40 {
      let c = n % 2 == 0 ? "z" : "y"
      #expect(Self.check(shape, Array(#"{"a":\#(n),"b":"x","c":"\#(c)","d":[\#(n)]}"#.utf8)))
    }
    #expect(runs() == 0)
    #expect(Self.check(shape, Array(#"{"a":1,"b":"x","c":"y","d":[2]}"#.utf8)))
  }
}
