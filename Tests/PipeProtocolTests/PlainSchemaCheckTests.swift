import TestSupport
import Testing

@testable import PipeProtocol

/// The fast schema check of a plain line (`CompiledSchema.Checker.plainValue` and `plainObject`:
/// values ended as they are checked, keys found by their written form, strings ended in stage 1's
/// quote bitmap) against its slow twin, the same check walking the bytes with `ValidatedJSON`
/// (`value(_:node:)`, `object(at:node:)`), and the worded check: on random records of every kind
/// of field, near misses of each, and mutations of them, every plain line gets the same answer.
@Suite("the plain schema check against its twin")
struct PlainSchemaCheckTests {
  /// A schema with every kind of field, nested objects, arrays and maps, and a rule on the ids.
  static let schema = RecordSchema(
    type: "k", summary: "every kind of field",
    fields: [
      FieldSpec("s", .string), FieldSpec("ne", .nonEmptyString), FieldSpec("i", .int(-5...40)),
      .optional("big", .integer), FieldSpec("n", .number(0...Double.greatestFiniteMagnitude)),
      .optional("f", .number(-2.5...7)), .optional("an", .anyNumber), FieldSpec("b", .bool),
      FieldSpec("d", .dateTime), .optional("day", .day), FieldSpec("o", .oneOf(["placed", "ready", ""])),
      FieldSpec(
        "items",
        .array(
          .object([
            FieldSpec("donut", .int(0...40)), .optional("name", .nonEmptyString),
            FieldSpec("quantity", .int(1...Int.max)),
          ]))),
      .optional("m", .map(.int(0...9))), .optional("any", .any),
      .optional(
        "t", .object([FieldSpec("value", .anyNumber), FieldSpec("unit", .oneOf(["fahrenheit", "celsius"]))])),
      .optional("grid", .array(.array(.int(0...3)))),
      .optional("nested", .object([FieldSpec("deeper", .object([FieldSpec("x", .string)]))])),
    ], writers: [],
    rules: [
      IntRule(
        path: FieldPath("items", "[]", "donut"), allowed: [0...3, 7...16], expected: "integer on the menu")
    ])

  /// Values of no field's kind in particular, for near misses and unknown members.
  static let others = [
    "\"x\"", "\"\"", "0", "-0", "-1", "7", "41", "1.5", "-2.5", "7.0", "1e3", "-1E-2", "-0.0", "true",
    "false",
    "null", "{}", "[]", "[1,2]", "{\"a\":1}", "\"2026-11-29T10:02:13Z\"", "\"2026-11-29\"",
    "1234567890123456789", "123456789012345678", "-123456789012345678", "\"placed\"", "\"fahrenheit\"",
    "1" + String(repeating: "0", count: 301), "0." + String(repeating: "5", count: 300),
  ]

  /// A random value of `type` (one of `good`), now and then a near miss (one of `bad`) or a value
  /// of another kind.
  static func value(_ type: FieldType, _ random: inout SplitMix64, depth: Int = 0) -> String {
    if Int.random(in: 0..<80, using: &random) == 0 { return others.randomElement(using: &random)! }
    func pick(_ good: [String], _ bad: [String]) -> String {
      let miss = !bad.isEmpty && Int.random(in: 0..<40, using: &random) == 0
      return (miss ? bad : good).randomElement(using: &random)!
    }
    switch type {
    case .string: return pick(["\"\"", "\"Cupertino\"", "\"a b\"", "\"{[,:]}\""], ["1", "null"])
    case .nonEmptyString: return pick(["\"x\"", "\"Apple Park\"", "\"Order#1203\""], ["\"\"", "[]"])
    case .int(let r):
      let low = max(r.lowerBound, -50)
      let high = min(r.upperBound, 50)
      return pick(
        [String(Int.random(in: low...high, using: &random)), String(high)],
        [String(low - 1), String(high + 1), "\(low).0", "1e1", "1234567890123456789"])
    case .number:
      return pick(
        ["0", "34.68", "7", "2.5", "0.0", "12.345", "6.99", "-0", "1" + String(repeating: "0", count: 250)],
        ["-1", "7.01", "-2.51", "1e2", "5E-1", "1e400", "-1e400"])
    case .bool: return pick(["true", "false"], ["null", "0"])
    case .dateTime:
      return pick(
        [
          "\"2026-11-29T10:02:13Z\"", "\"2026-11-30T23:59:59Z\"", "\"2026-11-29T10:02:13.5Z\"",
          "\"2026-11-29T10:02:13+01:00\"",
        ],
        ["\"2026-11-29T24:00:00Z\"", "\"2026-02-30T10:02:13Z\"", "\"x\"", "\"2026-11-29\""])
    case .day:
      return pick(["\"2026-11-29\"", "\"2024-02-29\""], ["\"2026-13-01\"", "\"2026-11-29T10:02:13Z\""])
    case .oneOf(let values): return pick(values.map { "\"\($0)\"" }, ["\"other\"", "\"Placed\"", "1"])
    case .array(let element):
      let count = Int.random(in: 0...(depth > 2 ? 1 : 4), using: &random)
      let parts = (0..<count).map { _ in value(element, &random, depth: depth + 1) }
      return "[" + space(&random) + parts.joined(separator: space(&random) + "," + space(&random))
        + space(&random) + "]"
    case .object(let fields):
      return object(fields, &random, depth: depth + 1)
    case .map(let element):
      let count = Int.random(in: 0...3, using: &random)
      let parts = (0..<count).map { k in
        "\"k\(k)\"" + space(&random) + ":" + value(element, &random, depth: depth + 1)
      }
      return "{" + parts.joined(separator: ",") + "}"
    case .any: return others.randomElement(using: &random)!
    }
  }

  /// No space, mostly; else one or two.
  static func space(_ random: inout SplitMix64) -> String {
    ["", "", "", "", " ", "  "].randomElement(using: &random)!
  }

  /// A random object of `fields`: each present or not (a required one mostly), in a random order,
  /// with unknown members, now and then a member twice or a key that shares a field's first byte.
  static func object(
    _ fields: [FieldSpec], _ random: inout SplitMix64, depth: Int, also: [String] = []
  ) -> String {
    var members = also
    for field in fields where Int.random(in: 0..<(field.required ? 200 : 3), using: &random) != 0 {
      members.append(
        "\"\(field.name)\"" + space(&random) + ":" + space(&random) + value(field.type, &random, depth: depth)
      )
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      let key = ["unknown", "type", "item", "d2", "", "quantityx", "n"].randomElement(using: &random)!
      members.append("\"\(key)\":" + others.randomElement(using: &random)!)
    }
    if Int.random(in: 0..<100, using: &random) == 0, let twice = members.randomElement(using: &random) {
      members.append(twice)
    }
    members.shuffle(using: &random)
    return "{" + space(&random) + members.joined(separator: space(&random) + "," + space(&random))
      + space(&random) + "}"
  }

  /// The answers of the two fast checks on `line` when stage 1 finds it plain (nil otherwise, or
  /// when it is no record), and the worded check's problems.
  static func answers(_ line: [UInt8]) -> (plain: Bool, twin: Bool, problems: [String])? {
    line.withUnsafeBufferPointer { buffer in
      var members: [MemberSpan] = []
      guard (try? RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)) != nil
      else {
        return nil
      }
      return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: StructuralIndexer.quoteWords) {
        bitmap in
        var scratch: [MemberSpan] = []
        let verdict = StructuralIndexer.index(
          buffer, maxDepth: 512, quotes: bitmap.baseAddress!, into: &scratch)
        guard verdict == .plain else { return nil }
        var memo = ISODate.DayMemo()
        let compiled = schema.compiled
        let plain = members.withUnsafeBufferPointer {
          compiled.conforms(buffer, members: $0, quotes: UnsafePointer(bitmap.baseAddress!), memo: &memo)
        }
        let twin = compiled.conforms(buffer, members: members)
        return (plain, twin, schema.wordedProblems(in: buffer, members: members))
      }
    }
  }

  @Test("random records and their mutations: the plain check answers as its twin")
  func randomAndMutated() {
    var random = SplitMix64(seed: 4646)
    var compared = 0
    var accepted = 0
    var refused = 0
    let bytes = Array("{}[]\":,0123456789-+.eE tfn".utf8)
    for round in 0..<Campaign.size(small: 4_000, full: 40_000) {
      let record = Self.object(Self.schema.fields, &random, depth: 0, also: ["\"type\":\"k\""])
      var lines = [Array(record.utf8)]
      for _ in 0..<3 { lines.append(Mutations.mutate(lines[0], from: bytes, edits: 1...2, using: &random)) }
      for line in lines {
        guard let (plain, twin, problems) = Self.answers(line) else { continue }
        compared += 1
        if plain { accepted += 1 } else { refused += 1 }
        let text = String(decoding: line, as: UTF8.self)
        #expect(plain == twin, "round \(round): plain \(plain), twin \(twin): \(text)")
        #expect(!plain || problems.isEmpty, "round \(round): plain accepted \(text): \(problems)")
      }
    }
    // Both answers are common, so the comparison means something.
    #expect(compared > 5_000)
    #expect(accepted > 250)
    #expect(refused > 500)
  }
}
