import TestSupport
import Testing

@testable import PipeProtocol

/// The check by shape (`ShapeCheck`: the line replayed against the last conforming lines' shape,
/// only the values the plan marks read) against the one-pass walk without a shape and against
/// the slow twin (the parser, then both schema checks). A shape is taught with a compact good
/// record; then lines of that shape with other values (each value of the record in turn replaced
/// by values of every kind, good and bad) and mutated lines must get the same answer both ways.
@Suite("the check by shape against the one-pass walk and the parser")
struct ShapeCheckTests {
  static let schema = PlainSchemaCheckTests.schema

  /// The line without its spaces outside strings (the generated records hold no escapes).
  static func compact(_ line: [UInt8]) -> [UInt8] {
    var inString = false
    return line.filter { byte in
      if byte == UInt8(ascii: "\"") { inString.toggle() }
      return inString || byte != 0x20
    }
  }

  /// The spans of the record's string and number values that follow a colon (no array element).
  static func scalarValues(_ line: [UInt8]) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    var inString = false
    var i = 0
    while i < line.count {
      let byte = line[i]
      if byte == UInt8(ascii: "\"") { inString.toggle() }
      if !inString, byte == UInt8(ascii: ":"), i + 1 < line.count {
        let start = i + 1
        var end = start
        if line[start] == UInt8(ascii: "\"") {
          end = start + 1
          while end < line.count, line[end] != UInt8(ascii: "\"") { end += 1 }
          end += 1
        } else {
          while end < line.count, Array("-+.eE0123456789".utf8).contains(line[end]) { end += 1 }
        }
        if end > start, end <= line.count { spans.append(start..<end) }
      }
      i += 1
    }
    return spans
  }

  /// The answer with `check` (the worker's shape) and without one.
  static func answers(_ line: [UInt8], _ check: ShapeCheck, _ memo: inout ISODate.DayMemo) -> (Bool, Bool) {
    line.withUnsafeBufferPointer { buffer in
      Array("k".utf8).withUnsafeBufferPointer { type in
        let shaped = schema.conformsInOnePass(
          buffer, type: type, maxDepth: 64, maxLineLength: 1 << 20, memo: &memo, shape: check)
        let walked = schema.conformsInOnePass(
          buffer, type: type, maxDepth: 64, maxLineLength: 1 << 20, memo: &memo)
        return (shaped, walked)
      }
    }
  }

  /// Teaches `check` the shape of `line` (a conforming record): the first answer learns it, the
  /// next waits, the ones after replay it.
  static func teach(_ line: [UInt8], _ check: ShapeCheck, _ memo: inout ISODate.DayMemo) -> Bool {
    for _ in 0..<3 { _ = answers(line, check, &memo) }
    return check.plannedFor != nil
  }

  /// Counts of what the two ways answered, and of the lines the replay read.
  struct Tally {
    var accepted = 0
    var refused = 0
    var replayed = 0
  }

  /// Checks `line` both ways: the same answer, and a yes only where the twin says yes.
  static func check(
    _ line: [UInt8], _ check: ShapeCheck, _ tally: inout Tally, _ memo: inout ISODate.DayMemo, note: String
  ) {
    let hits = check.shape.hits
    let (shaped, walked) = answers(line, check, &memo)
    if check.shape.hits != hits { tally.replayed += 1 }
    if shaped { tally.accepted += 1 } else { tally.refused += 1 }
    let text = String(decoding: line, as: UTF8.self)
    #expect(shaped == walked, "\(note): by shape \(shaped), walked \(walked): \(text)")
    if shaped {
      #expect(
        OnePassCheckTests.twin(line, type: "k", maxDepth: 64, maxLineLength: 1 << 20),
        "\(note): accepted by shape, refused by the twin: \(text)")
    }
  }

  @Test(
    "a shape whose array's elements are objects, their braces read by other steps, is planned and checks them"
  )
  func elementObjects() {
    var memo = ISODate.DayMemo()
    let check = ShapeCheck()
    func order(_ first: String, _ second: String) -> [UInt8] {
      Array(
        (#"{"b":true,"d":"2026-11-29T10:02:13Z","i":3,"items":[{"donut":1,"name":"x","quantity":2},"#
          + #"{\#(first)},{\#(second)}],"n":1,"ne":"a","o":"ready","s":"","type":"k"}"#).utf8)
    }
    #expect(
      Self.teach(
        order(#""donut":7,"name":"y","quantity":1"#, #""donut":8,"name":"w","quantity":3"#), check, &memo))
    #expect((0..<check.shape.opCount).contains { check.shape.ops[$0] & LineShape.opens != 0 })
    #expect((0..<check.shape.opCount).contains { check.shape.ops[$0] & LineShape.closes != 0 })
    var tally = Tally()
    for (first, conforms) in [
      (#""donut":9,"name":"z","quantity":5"#, true), (#""donut":5,"name":"z","quantity":5"#, false),
      (#""donut":9,"name":"","quantity":5"#, false), (#""donut":9,"name":"z","quantity":0"#, false),
    ] {
      let line = order(first, #""donut":16,"name":"v","quantity":30"#)
      let before = tally.replayed
      Self.check(line, check, &tally, &memo, note: first)
      #expect(tally.replayed == before + 1, "not replayed: \(first)")
      #expect(Self.answers(line, check, &memo).0 == conforms, "\(first)")
    }
  }

  @Test("each value of a taught shape replaced by values of every kind: the same answers")
  func replacedValues() {
    var random = SplitMix64(seed: 5151)
    var memo = ISODate.DayMemo()
    var tally = Tally()
    let others =
      PlainSchemaCheckTests.others.map { Array($0.utf8) }
      + [
        "\"k\"", "\"kk\"", "\"\"", "\"celsius\"", "\"ready\"", "\"Ready\"", "\"2026-02-30T10:02:13Z\"",
        "\"2026-11-29T24:00:00Z\"", "\"2026-13-29\"", "3", "4", "16", "17", "-5", "-6", "40", "2.4", "-2.6",
        "1e999", "-1e999", "0e5", "1" + String(repeating: "9", count: 17),
        "1" + String(repeating: "9", count: 18),
      ].map { Array($0.utf8) }
    var taught = 0
    for round in 0..<Campaign.size(small: 120, full: 1_200) {
      let check = ShapeCheck()
      let (loose, _) = OnePassCheckTests.record(&random, faults: 0)
      let line = Self.compact(loose)
      guard Self.teach(line, check, &memo) else { continue }
      taught += 1
      for span in Self.scalarValues(line) {
        for value in others {
          let changed = Array(line[..<span.lowerBound]) + value + Array(line[span.upperBound...])
          Self.check(changed, check, &tally, &memo, note: "round \(round)")
        }
      }
    }
    // Most records teach a shape (a map or `.any` value leaves none), the replay reads most of
    // the lines, and both answers are common.
    #expect(taught > Campaign.size(small: 120, full: 1_200) / 4)
    #expect(tally.replayed > tally.accepted / 2)
    #expect(tally.accepted > 1_000)
    #expect(tally.refused > 1_000)
  }

  @Test(
    "runs of members compared whole (a shape taught by two lines that differ in one value): the same answers")
  func literalRuns() {
    var random = SplitMix64(seed: 5353)
    var memo = ISODate.DayMemo()
    var tally = Tally()
    let others = ["\"k\"", "\"\"", "\"ready\"", "3", "17", "-6", "2.4", "1e999", "true", "null", "{}"].map {
      Array($0.utf8)
    }
    var used = 0
    for round in 0..<Campaign.size(small: 120, full: 1_200) {
      let check = ShapeCheck()
      let (loose, _) = OnePassCheckTests.record(&random, faults: 0)
      let line = Self.compact(loose)
      let spans = Self.scalarValues(line)
      guard let changed = spans.randomElement(using: &random) else { continue }
      // The shape is learned from `line`; the runs are found on the first line replayed, which
      // differs from it in one value (so that the runs stop there).
      for _ in 0..<2 { _ = Self.answers(line, check, &memo) }
      let variant = Array(line[..<changed.lowerBound]) + Array("0".utf8) + Array(line[changed.upperBound...])
      _ = Self.answers(variant, check, &memo)
      guard check.plannedFor != nil else { continue }
      for span in spans {
        for value in others {
          let edited = Array(line[..<span.lowerBound]) + value + Array(line[span.upperBound...])
          Self.check(edited, check, &tally, &memo, note: "round \(round)")
        }
        Self.check(line, check, &tally, &memo, note: "round \(round)")
      }
      used += check.shape.literals.used
    }
    #expect(used > 1_000)
    #expect(tally.accepted > 500)
    #expect(tally.refused > 500)
  }

  @Test("a run compared whole that holds the record's type still checks it against the type expected")
  func runsCheckTheType() {
    var random = SplitMix64(seed: 5454)
    var memo = ISODate.DayMemo()
    var typeInRuns = 0
    for round in 0..<Campaign.size(small: 80, full: 800) {
      let check = ShapeCheck()
      let line = Self.compact(OnePassCheckTests.record(&random, faults: 0).line)
      // Taught, then replayed: the third answer found the runs, this one uses them.
      guard Self.teach(line, check, &memo) else { continue }
      let used = check.shape.literals.used
      #expect(Self.answers(line, check, &memo) == (true, true), "round \(round)")
      let literals = check.shape.literals
      // The lines where a run holds the record's "type" (a run notes no other value: they were
      // checked on the learned line).
      let typeKey = Array("type".utf8)
      let holdsType = (0..<literals.count).contains { r in
        let run = literals.runs[r]
        return (0..<Int(run.spanCount)).contains { k in
          let key = literals.spans[Int(run.spans) + k].key
          let at = literals.bytes + Int(run.start)
          return Array(UnsafeBufferPointer(start: at + key.lowerBound, count: key.count)) == typeKey
        }
      }
      guard literals.used > used, holdsType else { continue }
      typeInRuns += 1
      let asOther = line.withUnsafeBufferPointer { buffer in
        Array("j".utf8).withUnsafeBufferPointer { type in
          Self.schema.conformsInOnePass(
            buffer, type: type, maxDepth: 64, maxLineLength: 1 << 20, memo: &memo, shape: check)
        }
      }
      #expect(!asOther, "round \(round): accepted as a record of type j")
    }
    #expect(typeInRuns > Campaign.size(small: 80, full: 800) / 8)
  }

  @Test("mutated lines of a taught shape: the same answers")
  func mutatedLines() {
    var random = SplitMix64(seed: 5252)
    var memo = ISODate.DayMemo()
    var tally = Tally()
    let bytes = Array("{}[]\":,0123456789-+.eE tfnrulas\t\\k".utf8)
    for round in 0..<Campaign.size(small: 300, full: 3_000) {
      let check = ShapeCheck()
      let (loose, _) = OnePassCheckTests.record(&random, faults: 0)
      let line = Self.compact(loose)
      guard Self.teach(line, check, &memo) else { continue }
      for _ in 0..<30 {
        let mutated = Mutations.mutate(line, from: bytes, edits: 1...2, using: &random)
        Self.check(mutated, check, &tally, &memo, note: "round \(round)")
      }
    }
    #expect(tally.replayed > 400)
    #expect(tally.accepted > 150)
    #expect(tally.refused > 1_500)
  }

  @Test("a record of another type, or with its type changed, is never accepted by the shape of k")
  func otherType() throws {
    var random = SplitMix64(seed: 5353)
    var memo = ISODate.DayMemo()
    var check = ShapeCheck()
    var line: [UInt8] = []
    repeat {
      check = ShapeCheck()
      line = Self.compact(OnePassCheckTests.record(&random, faults: 0).line)
    } while !Self.teach(line, check, &memo)
    // The taught line itself is replayed and accepted.
    let hits = check.shape.hits
    #expect(Self.answers(line, check, &memo) == (true, true))
    #expect(check.shape.hits == hits + 1)
    let type = Array("\"type\":\"k\"".utf8)
    let at = try #require(
      (0...(line.count - type.count)).first { Array(line[$0..<($0 + type.count)]) == type })
    let others = ["\"type\":\"kk\"", "\"type\":\"\"", "\"type\":\"K\"", "\"type\":\"j\""]
    for (n, other) in others.enumerated() {
      let changed = Array(line[..<at]) + Array(other.utf8) + Array(line[(at + type.count)...])
      let (shaped, walked) = Self.answers(changed, check, &memo)
      #expect(!shaped && !walked, "\(other)")
      // Replayed (the shape matches): refused by the type's check.
      #expect(check.shape.hits == hits + 2 + n, "\(other)")
    }
  }
}
