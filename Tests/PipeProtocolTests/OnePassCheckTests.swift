import TestSupport
import Testing

@testable import PipeProtocol

/// The one-pass check of a plain line (`RecordSchema.conformsInOnePass`: stage 1's block pass, then
/// one walk checking the grammar and the schema together) against its slow twin: `JSONParser` with
/// duplicate keys refused (`RecordIndexer.index`, the record rules) and then the schema check
/// (`problems`, the worded one too). Whenever the one pass says "a valid record of this type that
/// conforms", the twin says so too; on good records it says yes, so that this means something.
@Suite("the one-pass check against the parser and the schema check")
struct OnePassCheckTests {
  /// Every kind of field, nested objects and arrays, maps and `.any` (which the one pass leaves to
  /// the usual way), and a rule on the ids: the plain check's schema, `PlainSchemaCheckTests.schema`.
  static let schema = PlainSchemaCheckTests.schema

  /// Broken values: numbers, literals, strings and containers that JSON refuses, and values of
  /// other kinds, each put where a value goes.
  static let broken = [
    "1.2.3", "--1", "-", "01", "-01", "00", "1.", ".5", "1e", "1e+", "1E-", "+1", "1.e5", "0x1", "1-2", "1+2",
    "1ee2", "2.5.", "Infinity", "NaN", "tru", "fals", "truee", "falsee", "ture", "True", "nul", "nulll", "t",
    "f", "[1,]", "[,]", "[", "]", "[]]", "[[]", "{", "}", "{,}", "{\"a\"}", "{\"a\":}", "\"x", "x\"", "1 2",
    "[1 2]", "\t1", "\"\"\"", "{\"a\":1,}", "[[0,]]", "[[0],]", "[[0] ,  ]",
    "[{\"donut\":1,\"quantity\":1},]", "{\"value\":1,\"unit\":\"celsius\",}", "{\"deeper\":{\"x\":\"\",}}",
    "null", "{}", "[]", "\"x\"", "0", "-0", "1.5", "1e3", "true",
  ]

  /// One of `options`.
  static func pick(_ options: [String], _ random: inout SplitMix64) -> String {
    options.randomElement(using: &random)!
  }

  /// No space, mostly; else one or two.
  static func space(_ random: inout SplitMix64) -> String {
    pick(["", "", "", "", " ", "  "], &random)
  }

  /// How a generated record goes wrong: `faults` is the chance (one in it) of a fault at each place.
  struct Faults {
    var faults: Int
    /// Whether one at least was made.
    var made = false
    /// A field whose value is this text wherever the field is (the field then always present).
    var replace: (name: String, text: String)?

    /// Whether to make one here.
    mutating func now(_ random: inout SplitMix64) -> Bool {
      guard faults > 0, Int.random(in: 0..<faults, using: &random) == 0 else { return false }
      made = true
      return true
    }
  }

  /// A random value of `type` that conforms (unless a fault is made).
  static func value(_ type: FieldType, _ random: inout SplitMix64, _ faults: inout Faults, depth: Int)
    -> String
  {
    if faults.now(&random) { return pick(broken, &random) }
    let text: String
    switch type {
    case .string:
      text = pick(["\"\"", "\"Cupertino\"", "\"a b\"", "\"{[,:]}\"", "\"tru\"", "\"1.2.3\""], &random)
    case .nonEmptyString: text = pick(["\"x\"", "\"Apple Park\"", "\"Order#1203\"", "\" \""], &random)
    case .int(let r):
      let low = max(r.lowerBound, -50)
      let high = min(r.upperBound, 50)
      let allowed = [0, 1, 2, 3, 7, 12, 16].filter { r.contains($0) }
      text = pick(
        [String(Int.random(in: low...high, using: &random)), String(high)]
          + (r.upperBound == 40 ? allowed.map(String.init) : []), &random)
      // The ids under the rule: on the menu (the generator draws them from `allowed` then).
      if r.upperBound == 40, depth > 1 { return pick(allowed.map(String.init), &random) }
    case .number(let r):
      let good =
        r.lowerBound < 0
        ? ["0", "-0", "2.5", "-2.5", "6.99", "-1.25", "1e0", "-2E-1", "7"]
        : [
          "0", "34.68", "7", "2.5", "0.0", "12.345", "6.99", "1" + String(repeating: "0", count: 250), "1e2",
        ]
      text = pick(good, &random)
    case .bool: text = pick(["true", "false"], &random)
    case .dateTime:
      text = pick(
        [
          "\"2026-11-29T10:02:13Z\"", "\"2026-11-30T23:59:59Z\"", "\"2026-11-29T10:02:13.5Z\"",
          "\"2026-11-29T10:02:13+01:00\"",
        ], &random)
    case .day: text = pick(["\"2026-11-29\"", "\"2024-02-29\""], &random)
    case .oneOf(let values): text = pick(values.map { "\"\($0)\"" }, &random)
    case .array(let element):
      let count = Int.random(in: 0...(depth > 2 ? 1 : 4), using: &random)
      let parts = (0..<count).map { _ in value(element, &random, &faults, depth: depth + 1) }
      text =
        "[" + space(&random) + parts.joined(separator: space(&random) + "," + space(&random))
        + space(&random) + "]"
    case .object(let fields): text = object(fields, &random, &faults, depth: depth + 1)
    case .map(let element):
      let parts = (0..<Int.random(in: 0...2, using: &random)).map { k in
        "\"k\(k)\":" + value(element, &random, &faults, depth: depth + 1)
      }
      text = "{" + parts.joined(separator: ",") + "}"
    case .any: text = pick(["1", "\"x\"", "[]", "{}", "null"], &random)
    }
    // A value nested once more than its field allows.
    if faults.now(&random) {
      return pick(["[", "[[", "{\"x\":"], &random) + text + pick(["]", "]]", "}"], &random)
    }
    return text
  }

  /// A random object of `fields` that conforms (unless a fault is made): each required field, an
  /// optional one now and then, in a random order, with `also` (the record's type).
  static func object(
    _ fields: [FieldSpec], _ random: inout SplitMix64, _ faults: inout Faults, depth: Int, also: [String] = []
  ) -> String {
    var members = also
    // No map or `.any` in a good record: the one pass is not sure of them.
    let readable = faults.faults == 0 ? fields.filter { !$0.name.hasPrefix("m") && $0.name != "any" } : fields
    for field in readable {
      if let (name, text) = faults.replace, name == field.name {
        members.append("\"\(name)\":" + space(&random) + text)
        continue
      }
      guard field.required || Int.random(in: 0..<2, using: &random) == 0 else { continue }
      if field.required, faults.now(&random) { continue }  // missing
      members.append(
        "\"\(field.name)\"" + space(&random) + ":" + space(&random)
          + value(field.type, &random, &faults, depth: depth))
    }
    if faults.now(&random) {
      members.append(
        "\"\(pick(["unknown", "type", "d2", "", "quantityx", "n"], &random))\":\(pick(broken, &random))")
    }
    if faults.now(&random), let twice = members.randomElement(using: &random) { members.append(twice) }
    members.shuffle(using: &random)
    var separator = space(&random) + "," + space(&random)
    if faults.now(&random) { separator = pick([",,", " ", "\t,", ";", ":"], &random) }
    return "{" + space(&random) + members.joined(separator: separator) + space(&random) + "}"
  }

  /// A random record of type `k`, with faults one in `faults` places (none when 0).
  static func record(
    _ random: inout SplitMix64, faults: Int, replace: (name: String, text: String)? = nil
  ) -> (line: [UInt8], faulty: Bool) {
    var f = Faults(faults: faults, replace: replace)
    var type = "\"type\"" + space(&random) + ":" + space(&random) + "\"k\""
    if f.now(&random) {
      type = pick(
        ["\"type\":\"kk\"", "\"type\":\"\"", "\"type\":1", "\"type\":\"k\",\"type\":\"k\"", "\"typ\":\"k\""],
        &random)
    }
    var text = space(&random) + object(schema.fields, &random, &f, depth: 0, also: [type]) + space(&random)
    if f.now(&random) { text += pick(["x", "}", "{}", ",", "\t", "0"], &random) }
    return (Array(text.utf8), f.made)
  }

  /// The slow twin: the line is plain, the parser (duplicate keys refused, nesting within
  /// `maxDepth`) reads it as a record of `type` within `maxLineLength`, and the schema checks find
  /// no problem.
  static func twin(_ line: [UInt8], type: String, maxDepth: Int, maxLineLength: Int) -> Bool {
    line.withUnsafeBufferPointer { buffer in
      guard line.count <= maxLineLength, StructuralIndexer.isPlain(buffer) else { return false }
      var members: [MemberSpan] = []
      guard
        let read = try? RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: maxDepth),
        read == type
      else { return false }
      return schema.problems(in: buffer, members: members).isEmpty
        && schema.wordedProblems(in: buffer, members: members).isEmpty
    }
  }

  /// The one pass's answer.
  static func onePass(
    _ line: [UInt8], type: String, maxDepth: Int, maxLineLength: Int, memo: inout ISODate.DayMemo
  ) -> Bool {
    line.withUnsafeBufferPointer { buffer in
      Array(type.utf8).withUnsafeBufferPointer {
        schema.conformsInOnePass(
          buffer, type: $0, maxDepth: maxDepth, maxLineLength: maxLineLength, memo: &memo)
      }
    }
  }

  /// Counts of what the one pass answered.
  struct Tally {
    var accepted = 0
    var refused = 0
  }

  /// Checks `line` both ways under a few settings: the one pass says yes only where the twin does.
  static func check(_ line: [UInt8], _ tally: inout Tally, _ memo: inout ISODate.DayMemo, note: String) {
    let settings = [
      ("k", 512, 1 << 20), ("k", 3, 1 << 20), ("k", 2, 1 << 20), ("k", 1, 1 << 20), ("kk", 512, 1 << 20),
      ("", 512, 1 << 20), ("k", 512, max(line.count - 1, 0)),
    ]
    for (type, depth, length) in settings {
      let fast = onePass(line, type: type, maxDepth: depth, maxLineLength: length, memo: &memo)
      if fast { tally.accepted += 1 } else { tally.refused += 1 }
      guard fast else { continue }
      let slow = twin(line, type: type, maxDepth: depth, maxLineLength: length)
      #expect(
        slow,
        "\(note): one pass accepted (type \(type), depth \(depth), length \(length)): \(String(decoding: line, as: UTF8.self))"
      )
    }
  }

  @Test("good records: the one pass accepts each, as its twin does")
  func goodRecords() {
    var random = SplitMix64(seed: 4747)
    var memo = ISODate.DayMemo()
    for round in 0..<Campaign.size(small: 3_000, full: 30_000) {
      let (line, _) = Self.record(&random, faults: 0)
      let text = String(decoding: line, as: UTF8.self)
      #expect(
        Self.twin(line, type: "k", maxDepth: 64, maxLineLength: 1 << 20),
        "round \(round): twin refused \(text)")
      #expect(
        Self.onePass(line, type: "k", maxDepth: 64, maxLineLength: 1 << 20, memo: &memo),
        "round \(round): one pass not sure of \(text)")
    }
  }

  @Test("faulty and mutated records: the one pass accepts none its twin refuses")
  func faultyAndMutated() {
    var random = SplitMix64(seed: 4848)
    var memo = ISODate.DayMemo()
    var tally = Tally()
    var faultyAccepted = 0
    let bytes = Array("{}[]\":,0123456789-+.eE tfnrulas\t\\".utf8)
    for round in 0..<Campaign.size(small: 3_000, full: 30_000) {
      let (line, faulty) = Self.record(&random, faults: Int.random(in: 8...60, using: &random))
      if faulty, Self.onePass(line, type: "k", maxDepth: 64, maxLineLength: 1 << 20, memo: &memo) {
        faultyAccepted += 1
      }
      Self.check(line, &tally, &memo, note: "round \(round), faulty \(faulty)")
      let (good, _) = Self.record(&random, faults: 0)
      for _ in 0..<3 {
        let mutated = Mutations.mutate(good, from: bytes, edits: 1...2, using: &random)
        Self.check(mutated, &tally, &memo, note: "round \(round), mutated")
      }
    }
    // Both answers are common, so the comparison means something (a fault may still conform: an
    // optional field missing, a wrong kind of value the field allows).
    #expect(tally.accepted > 2_000)
    #expect(tally.refused > 10_000)
    #expect(faultyAccepted > 0)
  }

  @Test("each broken value in each field of good records: the one pass accepts none its twin refuses")
  func brokenValues() {
    var random = SplitMix64(seed: 4949)
    var memo = ISODate.DayMemo()
    var tally = Tally()
    let names = [
      "s", "ne", "i", "big", "n", "f", "an", "b", "d", "day", "o", "items", "donut", "name", "quantity", "t",
      "value", "unit", "grid", "nested", "deeper", "x",
    ]
    for round in 0..<Campaign.size(small: 4, full: 40) {
      for name in names {
        for text in Self.broken {
          let (line, _) = Self.record(&random, faults: 0, replace: (name, text))
          Self.check(line, &tally, &memo, note: "round \(round), \(name): \(text)")
        }
      }
    }
    #expect(tally.accepted > 500)
    #expect(tally.refused > 10_000)
  }

  @Test(
    "the JSONTestSuite files, alone and as values and members of a record",
    .enabled(if: Requirements.shared, "../shared/jsontestsuite is absent"))
  func jsonTestSuite() throws {
    var tally = Tally()
    var memo = ISODate.DayMemo()
    for name in Suite.files("") {
      var content = try Suite.bytes(name)
      while let last = content.last, last == 0x0A || last == 0x0D { content.removeLast() }
      var lines = [content]
      for field in ["s", "b", "n", "an", "i", "items", "grid", "t", "d", "o"] {
        lines.append(Array("{\"type\":\"k\",\"\(field)\":".utf8) + content + Array("}".utf8))
      }
      if content.first == UInt8(ascii: "{") {
        lines.append(Array("{\"type\":\"k\",".utf8) + content.dropFirst())
      }
      for line in lines { Self.check(line, &tally, &memo, note: name) }
    }
    #expect(tally.refused > 1_000)
  }
}
