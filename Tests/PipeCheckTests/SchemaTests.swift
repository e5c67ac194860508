import FoodTruckKit
import Foundation
import PipeCheckCommand
import TestSupport
import Testing

@testable import PipeProtocol

/// The schemas pipe-check gets from the kits, through PipeProtocol's checks.
@Suite("record schemas")
struct SchemaTests {
  /// The schemas as pipe-check checks with them: with the menu rule on donut ids.
  static let checked = RecordTypes.checked()

  /// Every line of every golden input, and variants with one field broken, through both checks.
  static func lines() throws -> [[UInt8]] {
    var lines: [[UInt8]] = []
    let root = TestSupport.packageRoot.appendingPathComponent("Tests/golden")
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard url.lastPathComponent == "input.jsonl" || url.lastPathComponent == "expout" else { continue }
      let data = (try? Data(contentsOf: url)) ?? Data()
      for line in data.split(separator: 0x0A) where line.first == UInt8(ascii: "{") {
        lines.append(Array(line))
      }
    }
    // Each line once (many cases share their input).
    var seen = Set<[UInt8]>()
    return lines.filter { seen.insert($0).inserted }
  }

  @Test("the two checks agree both ways: the fast one accepts exactly what the worded one accepts")
  func fastPathAgrees() throws {
    var checked = 0
    var accepted = 0
    var members: [MemberSpan] = []
    // Every line with the campaigns in full; every eighth in the default run.
    for (n, original) in try Self.lines().enumerated() where Campaign.full || n % 8 == 0 {
      // The record as is, and with each number, string and boolean changed in turn.
      var variants = [original]
      for (i, byte) in original.enumerated() where byte == UInt8(ascii: ":") && i + 1 < original.count {
        // A value in front of the one there (which becomes the value of a new key): numbers read
        // near every bound, an exponent, a long fraction, a string, a huge and an infinite number.
        for value in Campaign.size(
          small: ["-0.0", "\"cooking\""],
          full: ["-1e400", "\"cooking\"", "0.30000000000000004", "-0.0", "12345678901234567890"])
        {
          var v = original
          v.insert(contentsOf: Array("\(value),\"x\(variants.count)\":".utf8), at: i + 1)
          variants.append(v)
        }
      }
      for line in variants {
        line.withUnsafeBufferPointer { buffer in
          guard
            let type = try? RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512),
            let schema = Self.checked.schema(for: type)
          else { return }
          checked += 1
          let fast = schema.fastConforms(buffer, members: members)
          let worded = schema.wordedProblems(in: buffer, members: members)
          #expect(
            !fast || worded.isEmpty, "fast accepted \(String(decoding: line, as: UTF8.self)): \(worded)")
          // The fast check leaves escaped keys and whole numbers of more than 18 digits to the
          // worded one; of anything else it is sure.
          if !line.contains(UInt8(ascii: "\\")), !Self.hasLongWholeNumber(line) {
            #expect(
              fast || !worded.isEmpty,
              "fast was not sure of a valid record: \(String(decoding: line, as: UTF8.self))")
          }
          if fast { accepted += 1 }
        }
      }
    }
    #expect(checked > 1000)
    #expect(accepted > 100)
  }

  /// Whether `line` holds a run of more than 18 digits.
  static func hasLongWholeNumber(_ line: [UInt8]) -> Bool {
    var run = 0
    for byte in line {
      run = byte &- 48 < 10 ? run + 1 : 0
      if run > 18 { return true }
    }
    return false
  }

  @Test("the fast check accepts a plain valid order, so the fast path is really taken")
  func fastPathTaken() throws {
    let line = Array(
      #"{"type":"order","id":"Order#1201","status":"placed","items":[{"donut":3,"name":"Cosmos","quantity":2}],"totalSales":2,"grandTotal":11.56,"city":"Cupertino","parkingSpot":"Apple Park","creationDate":"2026-11-29T10:02:13Z","temperature":{"value":72,"unit":"fahrenheit"},"wasRaining":false}"#
        .utf8)
    var members: [MemberSpan] = []
    try line.withUnsafeBufferPointer { buffer in
      _ = try RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)
      let schema = try #require(Self.checked.schema(for: "order"))
      #expect(schema.fastConforms(buffer, members: members))
      #expect(schema.wordedProblems(in: buffer, members: members).isEmpty)
    }
  }

  @Test("problems are worded with the field and the value")
  func wording() throws {
    let line = Array(
      #"{"type":"order","status":"cooking","items":[{"donut":99,"quantity":0},{"donut":-1}]}"#.utf8)
    var members: [MemberSpan] = []
    try line.withUnsafeBufferPointer { buffer in
      _ = try RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)
      let problems = try #require(Self.checked.schema(for: "order")).problems(in: buffer, members: members)
      #expect(
        problems.contains {
          $0.hasPrefix("\"status\" must be one of placed") && $0.hasSuffix("not \"cooking\"")
        })
      #expect(problems.contains("\"items\"[0].donut must be integer 0...16, not 99; " + Menu.customDonutHint))
      #expect(problems.contains("\"items\"[0].quantity must be integer >= 1, not 0"))
      #expect(problems.contains("\"items\"[1].donut must be integer 0...9999, not -1"))
      #expect(problems.contains { $0.hasPrefix("missing field \"id\"") })
    }
  }

  @Test("donut ids: the schemas check their shape; the menu's rule, added by pipe-check, the rest")
  func donutIDsLeftToTheMenu() throws {
    let record = try Record(
      bytes: Array(#"{"type":"order-summary","sales":[{"donut":99,"quantity":1}]}"#.utf8))
    let plain = try #require(RecordTypes.catalog.schema(for: "order-summary"))
    #expect(!plain.problems(in: record).contains { $0.contains("donut") })
    let checked = try #require(Self.checked.schema(for: "order-summary"))
    #expect(
      checked.problems(in: record).contains(
        #""sales"[0].donut must be integer 0...16, not 99; "# + Menu.customDonutHint))
  }

  @Test("every domain's record types, in PROTOCOL.md's order, each once")
  func catalog() {
    let types = RecordTypes.catalog.all.map(\.type)
    #expect(types.first == "donut" && types.last == "achievement-date")
    #expect(Set(types).count == types.count)
    #expect(types.contains("story") && types.contains("forecast") && types.contains("sales-partial"))
  }
}
