import Foundation
import TestSupport
import Testing

@testable import PipeProtocol

/// `ValidatedJSON` (stage 2, under sales-chart's readers, pipe-check's fast check and annotate)
/// against its slow twin, the parser: on every line the parser accepts, a value rebuilt by walking
/// the bytes with `ValidatedJSON` alone (members, elements, value ends, strings, whole numbers) is
/// the value the parser reads, with and without stage 1's quote bitmap.
@Suite("stage 2: ValidatedJSON against the parser")
struct ValidatedJSONPropertyTests {
  /// The value at `start`, rebuilt with `json` alone, and the offset just past it.
  static func rebuild(_ json: ValidatedJSON, at start: Int) -> (JSONValue, Int) {
    // A wrong walk may point past the text: an issue, not a crash of the test run.
    guard start < json.bytes.count else {
      Issue.record("a value starts past the end (\(start) of \(json.bytes.count))")
      return (.null, json.bytes.count)
    }
    switch json.bytes[start] {
    case UInt8(ascii: "{"):
      var members: [JSONMember] = []
      let end = json.forEachMember(ofObjectAt: start) { key, value in
        let name =
          key.lowerBound >= 1 && key.upperBound < json.bytes.count && key.lowerBound <= key.upperBound
          ? json.string((key.lowerBound - 1)..<(key.upperBound + 1)) ?? "?not a string" : "?no key"
        let (rebuilt, valueEnd) = rebuild(json, at: value.lowerBound)
        #expect(valueEnd == value.upperBound, "a member's value ends where forEachMember says")
        members.append(JSONMember(name, rebuilt))
      }
      #expect(json.valueEnd(start) == end, "valueEnd of an object")
      return (.object(JSONObject(members: members)), end)
    case UInt8(ascii: "["):
      var elements: [JSONValue] = []
      let end = json.forEachElement(ofArrayAt: start) { element in
        let (rebuilt, elementEnd) = rebuild(json, at: element)
        elements.append(rebuilt)
        return elementEnd
      }
      #expect(json.valueEnd(start) == end, "valueEnd of an array")
      return (.array(elements), end)
    case UInt8(ascii: "\""):
      let end = json.valueEnd(start)
      guard end - start >= 2 else {
        Issue.record("a string of \(end - start) bytes at \(start)")
        return (.null, end)
      }
      let range = start..<end
      let text = json.string(range)
      if let plain = json.plainString(range) {
        #expect(json.text(plain) == text, "a string without escapes is its bytes")
        #expect(json.firstBackslash(in: plain) == plain.upperBound)
      } else {
        let inner = (start + 1)..<(end - 1)
        #expect(json.firstBackslash(in: inner) < inner.upperBound, "a string with escapes has a backslash")
      }
      return (.string(text ?? "?not a string"), end)
    default:
      let end = json.valueEnd(start)
      let text = json.text(start..<end)
      switch text {
      case "null": return (.null, end)
      case "true": return (.bool(true), end)
      case "false": return (.bool(false), end)
      default:
        let range = start..<end
        #expect(json.hasExponent(range) == text.contains { $0 == "e" || $0 == "E" })
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
          text.filter(\.isNumber).count <= 18
        {
          #expect(json.int(range) == Int(text), "\(text)")
        } else {
          #expect(json.int(range) == nil, "\(text)")
        }
        return (JSONNumber(text: text).map(JSONValue.number) ?? .string("?not a number \(text)"), end)
      }
    }
  }

  /// Checks one line: when the parser reads it as a document, the rebuilt value is the parser's,
  /// read with no bitmap and, on a plain object line, with stage 1's.
  static func check(_ line: [UInt8], _ comment: String = "") {
    line.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(buffer)
      guard let expected = try? parser.parseDocument() else { return }
      let json = ValidatedJSON(buffer)
      let start = json.skipSpace(0)
      let (value, end) = rebuild(json, at: start)
      let text = String(decoding: line, as: UTF8.self)
      #expect(value == expected, "\(comment) \(text)")
      #expect(json.skipSpace(end) == buffer.count, "the value ends the line: \(text)")

      // A plain object line, with the bitmap stage 1 made of it.
      guard buffer.first == UInt8(ascii: "{"), buffer.count <= StructuralIndexer.maxPlainLength else {
        return
      }
      let store = UnsafeMutablePointer<MemberSpan>.allocate(capacity: StructuralIndexer.maxOpenKeys)
      defer { store.deallocate() }
      let quotes = UnsafeMutablePointer<UInt64>.allocate(capacity: StructuralIndexer.quoteWords)
      defer { quotes.deallocate() }
      var count = 0
      let verdict = StructuralIndexer.index(
        buffer, maxDepth: 512, quotes: quotes, members: store, count: &count)
      guard verdict == .plain else { return }
      let fast = ValidatedJSON(buffer, quotes: UnsafePointer(quotes))
      #expect(rebuild(fast, at: 0).0 == expected, "with the quote bitmap: \(comment) \(text)")
    }
  }

  /// A random valid JSON value, `depth` levels at most, with keys and strings that need escapes,
  /// multi-byte text, numbers of every shape and white space in every place.
  static func value(_ random: inout SplitMix64, depth: Int) -> String {
    let space = ["", "", "", " ", "\t", " \r\n "]
    func ws() -> String { space.randomElement(using: &random)! }
    let strings = [
      "", "a", "type", "donut", "name", "quantity", "é", "💜", #"\""#, #"\\"#, #"\n"#, #"\u00e9"#,
      #"\ud83d\ude00"#, #"\/"#, "a b", "]}\",", "x\u{7f}y", String(repeating: "k", count: 17),
      String(repeating: "long", count: 9),
    ]
    func string() -> String {
      var s = ""
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        var piece = strings.randomElement(using: &random)!
        // A lone quote or backslash from the list would end or break the string: keep it escaped.
        if piece == "]}\"," { piece = #"]}\","# }
        s += piece
      }
      return "\"" + s + "\""
    }
    let numbers = [
      "0", "-0", "7", "-42", "123456789012345678", "1234567890123456789", "1.5", "-0.25", "1e3", "2E-7",
      "6.02e+23", "100", "999999999999999999",
    ]
    let choice = depth <= 0 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<6, using: &random)
    switch choice {
    case 0: return string()
    case 1: return numbers.randomElement(using: &random)!
    case 2: return ["true", "false", "null"].randomElement(using: &random)!
    case 3: return numbers.randomElement(using: &random)!
    case 4:
      let count = Int.random(in: 0...4, using: &random)
      let elements = (0..<count).map { _ in ws() + value(&random, depth: depth - 1) + ws() }
      return "[" + (elements.isEmpty ? ws() : elements.joined(separator: ",")) + "]"
    default:
      return object(&random, depth: depth)
    }
  }

  /// A random valid object (keys unique).
  static func object(_ random: inout SplitMix64, depth: Int) -> String {
    var keys = Set<String>()
    var members: [String] = []
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let key = value(&random, depth: 0)
      guard key.hasPrefix("\""), keys.insert(key).inserted else { continue }
      members.append(" " + key + " : " + value(&random, depth: depth - 1))
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  @Test("random values: every member, element, string and number as the parser reads them")
  func random() {
    var random = SplitMix64(seed: 39)
    var read = 0
    for _ in 0..<Campaign.size(small: 4_000, full: 40_000) {
      let line = Array(Self.object(&random, depth: 4).utf8)
      Self.check(line)
      read += 1
    }
    #expect(read > 0)
  }

  @Test("mutated records: whatever the parser still reads, stage 2 reads the same")
  func mutated() {
    var random = SplitMix64(seed: 3939)
    let base = Array(StructuralIndexerTests.order.utf8)
    let bytes: [UInt8] = Array("{}[]\":,0123456789-+.eE \\u\tn".utf8) + [0xC3, 0xA9]
    for _ in 0..<Campaign.size(small: 6_000, full: 40_000) {
      let line = Mutations.mutate(base, from: bytes, edits: 1...3, using: &random)
      Self.check(line)
    }
  }

  @Test(
    "the JSONTestSuite files the parser accepts",
    .enabled(if: Requirements.shared, "../shared/jsontestsuite is absent"))
  func jsonTestSuite() throws {
    var read = 0
    for name in Suite.files("") {
      let bytes = try Suite.bytes(name)
      Self.check(bytes, name)
      read += 1
    }
    #expect(read > 300)
  }
}
