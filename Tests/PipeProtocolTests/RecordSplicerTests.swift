import TestSupport
import Testing

@testable import PipeProtocol

/// `RecordSplicer` against its slow twin, the object built member by member: on random records
/// with random spacing, random edits (values replaced, members removed, members inserted before
/// any member or after the last) give a line that parses to exactly the members asked for, in
/// their order, every kept member keeping its own bytes.
@Suite("the record splicer: only what changes is written anew")
struct RecordSplicerTests {
  static let spaces = ["", " ", "  ", "\t", "\r\n "]

  static func space(_ random: inout SplitMix64) -> String {
    Int.random(in: 0..<3, using: &random) == 0 ? spaces.randomElement(using: &random)! : ""
  }

  /// A random value's text.
  static func value(_ random: inout SplitMix64) -> String {
    ["1", "-2.5e3", "\"x\"", "\"caf\\u00e9\"", "true", "null", "[1, {\"a\" : 2}]", "{}", "{ \"k\":[ ] }"]
      .randomElement(using: &random)!
  }

  @Test("random records and edits: the members asked for, in order, kept ones byte for byte")
  func randomEdits() throws {
    var random = SplitMix64(seed: 3910)
    for _ in 0..<1500 {
      // The record: members k0, k1, ... with random spacing everywhere.
      let count = Int.random(in: 0...6, using: &random)
      var text = Self.space(&random) + "{" + Self.space(&random)
      var memberTexts: [String] = []
      for m in 0..<count {
        let member = "\"k\(m)\"\(Self.space(&random)):\(Self.space(&random))\(Self.value(&random))"
        memberTexts.append(member)
        text += member + Self.space(&random)
        if m + 1 < count { text += "," + Self.space(&random) }
      }
      text += "}" + Self.space(&random)
      let bytes = Array(text.utf8)

      var expected: [(String, String)] = []  // key, value text
      var kept: [String] = []
      var out: [UInt8] = []
      try bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer, maxDepth: 64)
        var members: [MemberSpan] = []
        try parser.indexObject(into: &members)
        try #require(members.count == count)
        members.withUnsafeBufferPointer { spans in
          var splicer = RecordSplicer(buffer, members: spans)
          var added = 0
          func insert(before m: Int) {
            let key = "n\(added)"
            let value = Self.value(&random)
            added += 1
            expected.append((key, value))
            splicer.insert(before: m, to: &out) { $0.append(contentsOf: Array("\"\(key)\":\(value)".utf8)) }
          }
          for m in 0..<count {
            while Int.random(in: 0..<4, using: &random) == 0 { insert(before: m) }
            let original = String(decoding: buffer[spans[m].value], as: UTF8.self)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
              expected.append(("k\(m)", original))
              kept.append(memberTexts[m])
            case 1:
              let value = Self.value(&random)
              expected.append(("k\(m)", value))
              splicer.replace(m, to: &out) { $0.append(contentsOf: Array(value.utf8)) }
            default:
              splicer.remove(m, to: &out)
            }
          }
          while Int.random(in: 0..<3, using: &random) == 0 { insert(before: count) }
          splicer.finish(to: &out)
        }
      }
      let result = String(decoding: out, as: UTF8.self)
      let object = try out.withUnsafeBufferPointer { b in
        var parser = JSONParser(b, maxDepth: 64)
        parser.rejectsDuplicateKeys = true
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        #expect(parser.position == b.count, "\(text) -> \(result)")
        return value
      }
      guard case .object(let got) = object else {
        Issue.record("not an object: \(text) -> \(result)")
        continue
      }
      #expect(got.keys == expected.map(\.0), "\(text) -> \(result)")
      for (key, value) in expected {
        let want = try Array(value.utf8).withUnsafeBufferPointer { b in
          var parser = JSONParser(b, maxDepth: 64)
          return try parser.parseValue(depth: 0)
        }
        #expect(got[key] == want, "\(key) in \(text) -> \(result)")
      }
      for member in kept { #expect(result.contains(member), "\(member) kept in \(text) -> \(result)") }
    }
  }

  @Test("nothing changed: every byte stays, spacing included")
  func nothingChanged() {
    let text = #" { "b" : 1 ,"a":"\u00e9"  } "#
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    bytes.withUnsafeBufferPointer { buffer in
      var members: [MemberSpan] = []
      var parser = JSONParser(buffer, maxDepth: 64)
      try? parser.indexObject(into: &members)
      members.withUnsafeBufferPointer { spans in
        var splicer = RecordSplicer(buffer, members: spans)
        splicer.finish(to: &out)
      }
    }
    #expect(out == bytes)
  }
}
