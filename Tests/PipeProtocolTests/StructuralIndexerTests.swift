import Foundation
import TestSupport
import Testing

@testable import PipeProtocol

/// Stage 1 (`StructuralIndexer`), the fast path of `JSONParser.indexObject`, against the parser's
/// byte-by-byte reading (`indexObjectByteByByte`): whatever stage 1 accepts, the parser accepts with the
/// same members; and on a line without a backslash (so without an escaped key) it accepts all that
/// the parser does, within its nesting and key limits.
@Suite("stage 1: the structural indexer")
struct StructuralIndexerTests {
  /// Stage 1's members, or nil when it is not sure; the two ways it lists them (into an array, and
  /// into a worker's store of `maxOpenKeys` spans) must give the same verdict and members.
  static func fast(_ line: [UInt8], maxDepth: Int = 512) -> [MemberSpan]? {
    line.withUnsafeBufferPointer { buffer in
      var members: [MemberSpan] = []
      let verdict = StructuralIndexer.index(buffer, maxDepth: maxDepth, into: &members)
      let store = UnsafeMutablePointer<MemberSpan>.allocate(capacity: StructuralIndexer.maxOpenKeys)
      defer { store.deallocate() }
      let quotes = UnsafeMutablePointer<UInt64>.allocate(capacity: StructuralIndexer.quoteWords)
      defer { quotes.deallocate() }
      var count = -1
      let direct = StructuralIndexer.index(
        buffer, maxDepth: maxDepth, quotes: quotes, members: store, count: &count)
      #expect(direct == verdict, "\(String(decoding: line, as: UTF8.self))")
      guard verdict != .notSure else { return nil }
      #expect(
        Array(UnsafeBufferPointer(start: store, count: count)) == members,
        "\(String(decoding: line, as: UTF8.self))")
      return members
    }
  }

  /// Stage 1's verdict.
  static func verdict(_ line: String) -> StructuralIndexer.Verdict {
    Array(line.utf8).withUnsafeBufferPointer { buffer in
      var members: [MemberSpan] = []
      return StructuralIndexer.index(buffer, maxDepth: 512, into: &members)
    }
  }

  /// The parser's members (duplicate keys refused), or nil when it refuses the line.
  static func slow(_ line: [UInt8], maxDepth: Int = 512) -> [MemberSpan]? {
    line.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer, maxDepth: maxDepth)
      parser.rejectsDuplicateKeys = true
      var members: [MemberSpan] = []
      return (try? parser.indexObjectByteByByte(into: &members)) != nil ? members : nil
    }
  }

  /// Checks one line; `exact`: on a line without a backslash the two must also agree when stage 1
  /// is not sure (true for lines without deep nesting or many keys).
  static func check(_ line: [UInt8], maxDepth: Int = 512, exact: Bool = true, _ comment: Comment? = nil) {
    let fast = Self.fast(line, maxDepth: maxDepth)
    let slow = Self.slow(line, maxDepth: maxDepth)
    if let fast {
      #expect(slow == fast, "\(String(decoding: line, as: UTF8.self))")
    } else if exact, !line.contains(0x5C) {
      #expect(
        slow == nil,
        "stage 1 refused a line the parser reads: \(String(decoding: line, as: UTF8.self))")
    }
  }

  static let order =
    #"{"city":"Cupertino","creationDate":"2026-11-29T11:54:28Z","grandTotal":34.68,"id":"Order#1","items":[{"donut":7,"name":"Picnic Basket","quantity":5},{"donut":14,"name":"Black Raspberry","quantity":1}],"parkingSpot":"Apple Park","status":"placed","temperature":{"unit":"fahrenheit","value":72},"totalSales":6,"type":"order","wasRaining":false}"#

  @Test(
    "valid and invalid lines",
    arguments: [
      order, "{}", " { } ", #"{"type":"x"}"#,
      #"{"a":[],"b":{},"c":[[]],"d":[{}],"e":null,"f":true,"g":false}"#,
      #"{"n":[0,-0,1.5,-1e5,2E+3,3e-2,10,0.0]}"#, #"{ "a" : 1 , "b" : [ 1 , 2 ] }"#,
      // Refused by both.
      "", " ", "[]", "1", #""x""#, "{", "}", #"{"a"}"#, #"{"a":}"#, #"{"a":1,}"#, #"{,"a":1}"#,
      #"{"a":1"b":2}"#,
      #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":-}"#, #"{"a":1e}"#, #"{"a":1e+}"#, #"{"a":+1}"#,
      #"{"a":tru}"#, #"{"a":True}"#, #"{"a":nul}"#, #"{"a":falsey}"#, #"{"a":[1,]}"#, #"{"a":[,1]}"#,
      #"{"a":1,"a":2}"#, #"{"type":"x","id":1,"type":"y"}"#, #"{"a":{"b":1,"b":2}}"#,
      #"{"a":[{"b":1},{"b":2}],"b":3}"#,
      #"{"a":{"b":1},"c":{"b":2}}"#,
      #"{"a":1} x"#, #"{"a":1}{}"#, #"{"a":"b}"#, #"{"a":"}"#, #"{"a:1}"#, #"{"":1,"":2}"#, #"{"":1}"#,
      #"{"a":[}"#, #"{"a":{]}"#, #"{"a":{"b"}}"#,
    ])
  func lines(_ line: String) {
    Self.check(Array(line.utf8))
  }

  @Test("nesting limits: the fast path refuses what is too deep, and is not sure past its own limit")
  func nesting() {
    for depth in 1...70 {
      let line = Array(
        (#"{"a":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
      for maxDepth in [1, 2, 3, 10, 64, 65, 66, 512] {
        Self.check(line, maxDepth: maxDepth, exact: depth < StructuralIndexer.maxNesting)
      }
    }
  }

  @Test("many keys: up to the duplicate check's room read here, past it left to the parser")
  func manyKeys() {
    for count in [1, 63, 64, 65, 200] {
      let members = (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
      Self.check(Array("{\(members)}".utf8), exact: count <= StructuralIndexer.maxOpenKeys)
      Self.check(Array("{\(members),\"k0\":1}".utf8), exact: count <= StructuralIndexer.maxOpenKeys)
    }
  }

  @Test("one scan marks the quotes and tells plainness: every byte value at every position")
  func scan() {
    for size in [1, 15, 16, 17, 32, 63, 64, 65, 80, 130] {
      for position in 0..<size {
        for byte in 0...255 {
          var line = [UInt8](repeating: UInt8(ascii: "a"), count: size)
          line[position] = UInt8(byte)
          if size > 2 { line[(position + size / 2) % size] = 0x22 }
          let words = (size + 63) / 64
          var quotes = [UInt64](repeating: 0xFFFF, count: words)
          let plain = line.withUnsafeBufferPointer { buffer in
            quotes.withUnsafeMutableBufferPointer {
              StructuralIndexer.scan(buffer.baseAddress!, size, quotes: $0.baseAddress!)
            }
          }
          #expect(plain == !line.contains { $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 })
          if plain {
            var expected = [UInt64](repeating: 0, count: words)
            for (i, c) in line.enumerated() where c == 0x22 { expected[i / 64] |= 1 << UInt64(i % 64) }
            #expect(quotes == expected, "size \(size), byte \(byte) at \(position)")
          }
        }
      }
    }
  }

  @Test("a line longer than the quote bitmap is read as a line that is not plain")
  func long() {
    let line = Array(
      ("{\"a\":\"" + String(repeating: "x", count: StructuralIndexer.maxPlainLength) + "\"}").utf8)
    #expect(Self.verdict(String(decoding: line, as: UTF8.self)) == .valid)
    #expect(Self.fast(line) == Self.slow(line))
    #expect(Self.slow(line)?.count == 1)
    let fits = Array(
      ("{\"a\":\"" + String(repeating: "x", count: StructuralIndexer.maxPlainLength - 8) + "\"}").utf8)
    #expect(Self.verdict(String(decoding: fits, as: UTF8.self)) == .plain)
    #expect(Self.fast(fits) == Self.slow(fits))
  }

  @Test(
    "lines that are not plain are read too: escapes, tabs, multi-byte UTF-8; an escaped key is left to the parser"
  )
  func notPlain() {
    for line in [#"{"a":"\n"}"#, "{\"a\":\t1}", "{\"a\":1}\r", #"{"a":"é"}"#, #"{"a":"\u00e9\ud83d\ude00"}"#]
    {
      #expect(Self.verdict(line) == .valid, "\(line)")
      Self.check(Array(line.utf8))
    }
    for line in ["{\"a\":\"\u{1}\"}", #"{"a":"\x"}"#, #"{"a":"\ud800"}"#, "{\"a\":\"\u{FFFF}\"}"] {
      #expect(Self.verdict(line) == .notSure || Self.slow(Array(line.utf8)) != nil, "\(line)")
      Self.check(Array(line.utf8))
    }
    #expect(Self.verdict(#"{"\u0061":1}"#) == .notSure)
    #expect(Self.slow(Array(#"{"\u0061":1}"#.utf8))?.count == 1)
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
    #expect(Self.verdict(String(decoding: bom, as: UTF8.self)) == .notSure)
  }

  @Test("the next quote: the first at or after a byte, none past the line, whatever the bitmap holds past it")
  func nextQuote() {
    var random = SplitMix64(seed: 128)
    let quotes = UnsafeMutablePointer<UInt64>.allocate(capacity: StructuralIndexer.quoteWords)
    defer { quotes.deallocate() }
    for _ in 0..<Campaign.size(small: 3_000, full: 30_000) {
      let count = Int.random(
        in: 1...(Bool.random(using: &random) ? 200 : StructuralIndexer.maxPlainLength), using: &random)
      let sparse = Int.random(in: 1...300, using: &random)
      let isQuote = (0..<count).map { _ in Int.random(in: 0..<sparse, using: &random) == 0 }
      // The line's words, then stale bits in every word after them (a longer line's).
      for w in 0..<StructuralIndexer.quoteWords { quotes[w] = random.next() }
      for w in 0..<(count + 63) / 64 { quotes[w] = 0 }
      for (i, q) in isQuote.enumerated() where q { quotes[i / 64] |= 1 << UInt64(i % 64) }
      if count % 64 != 0 { quotes[count / 64] |= ~0 << UInt64(count % 64) }  // stale past the end too
      for _ in 0..<8 {
        let from = Int.random(in: 0...count, using: &random)
        let expected = isQuote[from...].firstIndex(of: true)
        #expect(
          StructuralIndexer.quote(after: from, in: quotes, count: count) == expected,
          "from \(from) of \(count)")
      }
    }
  }

  /// Random lines from JSON's structural bytes and a few words (plain, so every one is a real test
  /// of the fast path), and mutations of a record.
  @Test("random and mutated lines agree")
  func random() {
    var random = SplitMix64(seed: 2026)
    let pieces = [
      "{", "}", "[", "]", ":", ",", "\"", "\"a\"", "\"b\"", "\"type\"", "0", "1", "-", ".", "e", "E", "+",
      "12",
      "true", "false", "null", " ", "{\"a\":", "[1,", "\"x\",", "{}", "[]",
      // Lines that are not plain: escapes, white space, UTF-8 (valid and not), control bytes.
      "\"\\n\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"\\ud800\"", "\\", "\t", "\r", "\"é\"", "\"\u{1}\"",
      "\"\\q\"", "\"\\u12\"",
    ]
    for _ in 0..<Campaign.size(small: 6_000, full: 40_000) {
      var line = "{"
      for _ in 0..<Int.random(in: 0...12, using: &random) { line += pieces.randomElement(using: &random)! }
      if Bool.random(using: &random) { line += "}" }
      Self.check(Array(line.utf8))
    }
    let base = Array(Self.order.utf8)
    let bytes: [UInt8] =
      Array("{}[]\":,0123456789-+.eEtrufalsn \\u\t".utf8) + [0x01, 0x0A, 0xC3, 0xA9, 0xFF, 0xED]
    for _ in 0..<Campaign.size(small: 6_000, full: 40_000) {
      let line = Mutations.mutate(base, from: bytes, edits: 1...3, using: &random)
      Self.check(line)
    }
  }

  /// The plain walk takes strings from the quote bitmap word by word and reads digits eight at a
  /// time: lines whose strings and numbers start and end around the words' edges (bytes 62-65 and
  /// 126-129), with digit runs of every length up to 20 and numbers at the very end of the line,
  /// each also with one byte at an edge replaced.
  @Test("plain lines with strings and numbers at the quote bitmap's word edges agree")
  func wordEdges() {
    let replacements = Array("\",:}]{[ 0123456789-.eE+atrue".utf8)
    let edges = [62, 63, 64, 65, 126, 127, 128, 129]
    for pad in 50..<80 {
      for digits in [1, 2, 7, 8, 9, 15, 16, 17, 20] {
        let number = String(repeating: "9", count: digits)
        let bodies = [
          #"{"p":"\#(String(repeating: "x", count: pad))","n":\#(number),"s":"ab","f":-\#(number).5e-\#(number)}"#,
          #"{"p":\#(String(repeating: "1", count: pad)),"q":[\#(number),{"k":"\#(number)"}],"n":\#(number)}"#,
          #"{"\#(String(repeating: "k", count: pad))":true,"a":[[1.\#(number)],{}],"z":\#(number)}  "#,
        ]
        for body in bodies {
          let line = Array(body.utf8)
          Self.check(line)
          for edge in edges where edge < line.count {
            for byte in replacements {
              var mutated = line
              mutated[edge] = byte
              Self.check(mutated)
            }
          }
        }
      }
    }
  }

  @Test(
    "the JSONTestSuite files, each as a line",
    .enabled(if: Requirements.shared, "../shared/jsontestsuite is absent"))
  func jsonTestSuite() throws {
    for name in Suite.files("") {
      Self.check(try Suite.bytes(name), exact: false)
      for depth in [1, 2, 3] { Self.check(try Suite.bytes(name), maxDepth: depth, exact: false) }
    }
  }
}
