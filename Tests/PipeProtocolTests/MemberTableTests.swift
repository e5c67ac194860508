import TestSupport
import Testing

@testable import PipeProtocol

/// `MemberTable`, the fast way to find a member by name, against its slow twin: trying each name
/// in turn, byte by byte, with escaped keys decoded (as `RecordIndexer.member` finds one name).
@Suite("member tables: one look, the same answer as trying each name")
struct MemberTableTests {
  /// Names that share first bytes and lengths (so that slots are shared), and some that do not.
  static let alphabet = Array("abcdeéAB_\"".unicodeScalars.map(String.init))

  /// A random word of `length` characters of `alphabet`, a quote among them only when `quotes`.
  static func word(_ random: inout SplitMix64, length: ClosedRange<Int>, quotes: Bool = true) -> String {
    let letters = quotes ? alphabet : alphabet.filter { $0 != "\"" }
    return (0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! }
      .joined()
  }

  /// The slow twin: the first name whose UTF-8 is `key`.
  static func slowIndex(_ names: [String], _ key: [UInt8]) -> Int? {
    names.firstIndex { Array($0.utf8) == key }
  }

  /// A key as a writer might put it in a line, escaped or not, between quotes.
  static func quoted(_ key: String, escaping: Bool) -> [UInt8] {
    var text = "\""
    for scalar in key.unicodeScalars {
      if scalar == "\"" {
        text += "\\\""
      } else if escaping {
        text += "\\u" + String(format4: scalar.value)
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return Array((text + "\"").utf8)
  }

  @Test("random names and keys: index(ofKey:) and index(of:in:) find what trying each name finds")
  func randomKeys() {
    var random = SplitMix64(seed: 3901)
    for _ in 0..<400 {
      let names = (0..<Int.random(in: 0...24, using: &random)).map { _ in
        Self.word(&random, length: 0...20, quotes: false)
      }
      let table = MemberTable(names)
      #expect(table.count == names.count)
      for k in 0..<names.count { #expect(table.key(MemberIndex(k)) == names[k]) }
      let keys = names + (0..<30).map { _ in Self.word(&random, length: 0...12) }
      for key in keys {
        let expected = Self.slowIndex(names, Array(key.utf8))
        let raw = Array(key.utf8) + [0x22]  // the key's closing quote follows it in a line
        let fast = raw.withUnsafeBufferPointer {
          table.lookup(key: $0.baseAddress!, count: raw.count - 1)?.memberIndex
        }
        if !key.contains("\"") { #expect(fast == expected, "\(names) \(key)") }
        for escaping in [false, true] {
          let line = Self.quoted(key, escaping: escaping)
          let found = line.withUnsafeBufferPointer {
            table.lookup(1..<(line.count - 1), in: $0)?.memberIndex
          }
          #expect(found == expected, "\(names) \(key) escaped: \(escaping)")
        }
      }
    }
  }

  @Test("written keys: writtenIndex knows a name by its \"name\": form, and only then")
  func writtenKeys() {
    var random = SplitMix64(seed: 3902)
    for _ in 0..<400 {
      let names = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        Self.word(&random, length: 0...20, quotes: false)
      }
      let table = MemberTable(names)
      for _ in 0..<30 {
        let key =
          Bool.random(using: &random) && !names.isEmpty
          ? names.randomElement(using: &random)! : Self.word(&random, length: 0...12)
        var bytes = Array("\"\(key)\":".utf8) + Array(Self.word(&random, length: 0...10).utf8)
        if Int.random(in: 0..<4, using: &random) == 0 {
          bytes = Mutations.mutate(bytes, from: Array("\": a".utf8), using: &random)
        }
        // The slow twin: the first name whose written form starts the bytes (8 bytes at least).
        let expected =
          bytes.count < 8 ? nil : names.firstIndex { bytes.starts(with: Array("\"\($0)\":".utf8)) }
        let fast = bytes.withUnsafeBufferPointer {
          table.lookupWritten(at: $0.baseAddress!, available: $0.count)?.name.memberIndex
        }
        #expect(fast == expected, "\(names) \(String(decoding: bytes, as: UTF8.self))")
        if let fast {
          let length = bytes.withUnsafeBufferPointer {
            table.lookupWritten(at: $0.baseAddress!, available: $0.count)?.length
          }
          #expect(length == names[fast].utf8.count + 3)
        }
      }
    }
  }

  @Test("records: first(of:in:) and find find each name's first member, as RecordIndexer.member does")
  func firstMembers() throws {
    var random = SplitMix64(seed: 3903)
    for _ in 0..<300 {
      let names = (0..<Int.random(in: 1...10, using: &random)).map { _ in Self.word(&random, length: 0...6) }
      let table = MemberTable(names)
      var keys: [String] = []
      var line = "{"
      for m in 0..<Int.random(in: 0...12, using: &random) {
        let key =
          Bool.random(using: &random)
          ? names.randomElement(using: &random)! : Self.word(&random, length: 0...6)
        guard !keys.contains(key) else { continue }
        keys.append(key)
        let escaping = Int.random(in: 0..<5, using: &random) == 0
        line +=
          (keys.count > 1 ? "," : "") + String(decoding: Self.quoted(key, escaping: escaping), as: UTF8.self)
        line += ":\(m)"
      }
      line += "}"
      var members: [MemberSpan] = []
      let bytes = Array(line.utf8)
      try bytes.withUnsafeBufferPointer { b in
        var parser = JSONParser(b, maxDepth: 64)
        try parser.indexObject(into: &members)
        var found = [Int32](repeating: 0, count: table.count)
        members.withUnsafeBufferPointer { m in
          found.withUnsafeMutableBufferPointer { table.first(of: m, in: b, into: $0.baseAddress!) }
        }
        for name in names {
          let slow = RecordIndexer.member(name, in: b, members: members)
          // A name given twice is found at its first place.
          let k = Self.slowIndex(names, Array(name.utf8))!
          let fast = found[k] < 0 ? nil : members[Int(found[k])]
          #expect(fast?.key == slow?.key, "\(line) \(name)")
          let one = members.withUnsafeBufferPointer { table.find(MemberIndex(k), among: $0, in: b) }.map {
            members[$0]
          }
          #expect(one?.key == slow?.key, "find: \(line) \(name)")
          if !members.contains(where: \.keyHasEscapes) {
            let unescaped = members.withUnsafeBufferPointer {
              table.find(MemberIndex(k), among: $0, in: b, escapes: false)
            }
            #expect(unescaped.map { members[$0].key } == slow?.key, "find, no escapes: \(line) \(name)")
          }
        }
      }
    }
  }
}

/// Names of a reader's own, as readers declare them: an enum whose raw values are the keys.
enum SampleName: String, CaseIterable, MemberName {
  case type, creationDate, items, totalSales, id, city, a
  case cafe = "caf\u{E9}"
  case empty = ""
}

/// The same keys in another order, and one more: a table answers its own type's cases.
enum OtherName: String, CaseIterable, MemberName {
  case items, id, type, extra
}

/// A reader of one name.
enum OnlyName: String, CaseIterable, MemberName {
  case type
}

@Suite("typed member tables: each key answers its name's case, a near miss nil")
struct TypedMemberTableTests {
  /// Each lookup of `table` for the key `bytes` (between quotes in a line, and written `"key":`).
  static func lookups<Name>(_ table: MemberTable<Name>, _ key: [UInt8]) -> (
    raw: Name?, line: Name?, written: Name?
  ) {
    let line = [UInt8(ascii: "\"")] + key + Array("\":1,\"padding\":2".utf8)
    return line.withUnsafeBufferPointer { b in
      let range = 1..<(1 + key.count)
      return (
        table.lookup(key: b.baseAddress! + 1, count: key.count), table.lookup(range, in: b),
        table.lookupWritten(at: b.baseAddress!, available: b.count)?.name
      )
    }
  }

  @Test("a case's memberIndex is its place in allCases, and its key its raw value")
  func places() {
    for (k, name) in SampleName.allCases.enumerated() { #expect(name.memberIndex == k) }
    for (k, name) in OtherName.allCases.enumerated() { #expect(name.memberIndex == k) }
    #expect(OnlyName.type.memberIndex == 0)
    let table = MemberTable<SampleName>()
    #expect(table.count == SampleName.allCases.count)
    for name in SampleName.allCases { #expect(table.key(name) == name.rawValue) }
  }

  @Test("every case's key answers that case, by every lookup; each table its own cases")
  func eachName() {
    let sample = MemberTable<SampleName>()
    for name in SampleName.allCases {
      let found = Self.lookups(sample, Array(name.rawValue.utf8))
      #expect(found.raw == name, "\(name)")
      #expect(found.line == name, "\(name)")
      #expect(found.written == name, "\(name)")
    }
    let other = MemberTable<OtherName>()
    for name in OtherName.allCases {
      let found = Self.lookups(other, Array(name.rawValue.utf8))
      #expect(found.raw == name && found.line == name && found.written == name, "\(name)")
    }
    let only = MemberTable<OnlyName>()
    #expect(Self.lookups(only, Array("type".utf8)).line == .type)
    #expect(Self.lookups(only, Array("items".utf8)).line == nil)
  }

  @Test("a near miss is nil: one byte changed, one more or one less, another case, a decomposed é")
  func nearMisses() {
    let table = MemberTable<SampleName>()
    var misses: [[UInt8]] = [Array("Type".utf8), Array("creationdate".utf8), Array("cafe\u{301}".utf8)]
    for name in SampleName.allCases {
      let key = Array(name.rawValue.utf8)
      for i in key.indices {
        var changed = key
        changed[i] ^= 0x01
        misses.append(changed)
      }
      misses.append(key + [UInt8(ascii: "s")])
      if !key.isEmpty { misses.append(Array(key.dropLast())) }
    }
    for key in misses where !SampleName.allCases.contains(where: { Array($0.rawValue.utf8) == key }) {
      let found = Self.lookups(table, key)
      #expect(
        found.raw == nil && found.line == nil && found.written == nil,
        "\(String(decoding: key, as: UTF8.self))")
    }
  }

  @Test("an escaped spelling is its name in a line (decoded), never by its raw bytes or written form")
  func escapedSpellings() {
    let table = MemberTable<SampleName>()
    let spellings: [(String, SampleName?)] = [
      (#"\u0069tems"#, .items), (#"it\u0065ms"#, .items), (#"caf\u00e9"#, .cafe), (#"caf\u00E9"#, .cafe),
      (#"\u0074ype"#, .type), (#"cafe\u0301"#, nil), (#"\u0049tems"#, nil), (#"items\u0000"#, nil),
    ]
    for (spelling, expected) in spellings {
      let found = Self.lookups(table, Array(spelling.utf8))
      #expect(found.line == expected, "\(spelling)")
      #expect(found.raw == nil, "\(spelling)")
      #expect(found.written == nil, "\(spelling)")
    }
  }

  @Test("find and first answer by case, as RecordIndexer.member finds each key")
  func members() throws {
    let table = MemberTable<SampleName>()
    let line = Array(#"{"id":1,"\u0063ity":2,"items":[3],"x":4,"type":"t","caf\u00e9":5}"#.utf8)
    var members: [MemberSpan] = []
    try line.withUnsafeBufferPointer { b in
      var parser = JSONParser(b, maxDepth: 64)
      try parser.indexObject(into: &members)
      var found = [Int32](repeating: 0, count: table.count)
      members.withUnsafeBufferPointer { m in
        found.withUnsafeMutableBufferPointer { table.first(of: m, in: b, into: $0.baseAddress!) }
        for name in SampleName.allCases {
          let slow = RecordIndexer.member(name.rawValue, in: b, members: members)
          let first = found[name.memberIndex] < 0 ? nil : members[Int(found[name.memberIndex])]
          #expect(first == slow, "\(name)")
          #expect(table.find(name, among: m, in: b).map { members[$0] } == slow, "\(name)")
        }
      }
    }
    #expect(members.count == 6)
  }

  @Test("a worker's indexer answers its reader's names, \"type\" among them or not")
  func indexer() throws {
    let line = Array(#"{"items":[1],"type":"order","extra":true,"id":"Order#1"}"#.utf8)
    try line.withUnsafeBufferPointer { b in
      var sample = RecordIndexer(maxDepth: 64, maxLineLength: 1 << 16, names: MemberTable<SampleName>())
      let indexed = sample.indexIfSure(b)
      let type = try #require(indexed)
      #expect(String(decoding: b[type], as: UTF8.self) == "order")
      #expect(sample.value(SampleName.items).map { String(decoding: b[$0], as: UTF8.self) } == "[1]")
      #expect(sample.value(SampleName.id).map { String(decoding: b[$0], as: UTF8.self) } == #""Order#1""#)
      #expect(sample.value(SampleName.city) == nil)
      // `"type"` is not among these names: the indexer adds it after them.
      enum Without: String, CaseIterable, MemberName { case extra, items }
      var without = RecordIndexer(maxDepth: 64, maxLineLength: 1 << 16, names: MemberTable<Without>())
      let alsoIndexed = without.indexIfSure(b)
      #expect(alsoIndexed == type)
      #expect(without.value(Without.extra).map { String(decoding: b[$0], as: UTF8.self) } == "true")
      #expect(without.value(Without.items).map { String(decoding: b[$0], as: UTF8.self) } == "[1]")
    }
  }
}

@Suite("a built object's members, by key")
struct JSONObjectKeyTests {
  @Test("keys are compared by code points, as in lines: canonically equivalent keys are two keys")
  func codePoints() {
    var object = JSONObject()
    object["\u{E9}"] = .bool(true)
    #expect(object["e\u{301}"] == nil)
    object["e\u{301}"] = .bool(false)
    #expect(object.members.count == 2)
    #expect(object["\u{E9}"] == .bool(true))
    object["\u{E9}"] = nil
    #expect(object.keys == ["e\u{301}"])
  }
}

extension String {
  /// Four hexadecimal digits of `value` (a UTF-16 code unit's worth; larger scalars as a pair).
  fileprivate init(format4 value: UInt32) {
    if value > 0xFFFF {
      let v = value - 0x10000
      self = String(format4: 0xD800 + (v >> 10)) + "\\u" + String(format4: 0xDC00 + (v & 0x3FF))
      return
    }
    let hex = String(value, radix: 16)
    self = String(repeating: "0", count: 4 - hex.count) + hex
  }
}
