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
      for k in 0..<names.count { #expect(table.name(k) == names[k]) }
      let keys = names + (0..<30).map { _ in Self.word(&random, length: 0...12) }
      for key in keys {
        let expected = Self.slowIndex(names, Array(key.utf8))
        let raw = Array(key.utf8) + [0x22]  // the key's closing quote follows it in a line
        let fast = raw.withUnsafeBufferPointer { table.index(ofKey: $0.baseAddress!, count: raw.count - 1) }
        if !key.contains("\"") { #expect(fast == expected, "\(names) \(key)") }
        for escaping in [false, true] {
          let line = Self.quoted(key, escaping: escaping)
          let found = line.withUnsafeBufferPointer { table.index(of: 1..<(line.count - 1), in: $0) }
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
          table.writtenIndex(at: $0.baseAddress!, available: $0.count)?.index
        }
        #expect(fast == expected, "\(names) \(String(decoding: bytes, as: UTF8.self))")
        if let fast {
          let length = bytes.withUnsafeBufferPointer {
            table.writtenIndex(at: $0.baseAddress!, available: $0.count)?.length
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
          let one = members.withUnsafeBufferPointer { table.find(k, among: $0, in: b) }.map { members[$0] }
          #expect(one?.key == slow?.key, "find: \(line) \(name)")
          if !members.contains(where: \.keyHasEscapes) {
            let unescaped = members.withUnsafeBufferPointer {
              table.find(k, among: $0, in: b, escapes: false)
            }
            #expect(unescaped.map { members[$0].key } == slow?.key, "find, no escapes: \(line) \(name)")
          }
        }
      }
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
