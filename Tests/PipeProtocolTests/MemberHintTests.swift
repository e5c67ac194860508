import TestSupport
import Testing

@testable import PipeProtocol

/// A worker's indexer finds a name where it found it last, unchecked when the shape replay read
/// both lines with one shape (`RecordIndexer.place`): on streams whose lines change shape in runs
/// (members in other orders, members missing, other keys), every name's value is the one the
/// parser finds on that line.
@Suite("member hints by shape against the parser")
struct MemberHintTests {
  enum Name: String, CaseIterable, MemberName {
    case city, id, items, total, type
    static let table = MemberTable<Name>()
  }

  /// A compact record with `names` in that order (and a key of no name sometimes), its values by
  /// the round.
  static func line(_ names: [String], round: Int) -> [UInt8] {
    let members = names.map { name -> String in
      switch name {
      case "items": return #""items":[{"donut":\#(round % 17),"quantity":\#(1 + round % 5)}]"#
      case "total": return #""total":\#(round)"#
      case "type": return #""type":"order""#
      default: return #""\#(name)":"\#(name)-\#(round)""#
      }
    }
    return Array(("{" + members.joined(separator: ",") + "}").utf8)
  }

  @Test("runs of lines of several shapes: each name's value is the parser's")
  func shapesInRuns() throws {
    var random = SplitMix64(seed: 8181)
    var index = RecordIndexer(
      maxDepth: 64, maxLineLength: 1 << 16, keepsMemberArray: false, names: Name.table)
    let all = ["city", "id", "items", "total", "type", "other"]
    var compact = 0
    var round = 0
    for _ in 0..<60 {
      // A shape: the names in a random order, one or two left out (never the type).
      var names = all.shuffled(using: &random)
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        if let drop = names.indices.randomElement(using: &random), names[drop] != "type" {
          names.remove(at: drop)
        }
      }
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        round += 1
        let line = Self.line(names, round: round)
        try line.withUnsafeBufferPointer { buffer in
          #expect(index.indexIfSure(buffer) != nil)
          if index.compact { compact += 1 }
          var members: [MemberSpan] = []
          _ = try RecordIndexer.index(buffer, source: "t", line: round, into: &members, maxDepth: 64)
          // Some names only, now and then (as a reader asks for some names of some records):
          // a hint checked on a line of one shape must not be trusted on a line of another.
          let asked =
            Bool.random(using: &random)
            ? Name.allCases : Name.allCases.filter { _ in Bool.random(using: &random) }
          for name in asked {
            let parsed = members.first { String(decoding: buffer[$0.key], as: UTF8.self) == name.rawValue }
            #expect(index.value(name) == parsed?.value, "\(name) in \(String(decoding: line, as: UTF8.self))")
          }
        }
      }
    }
    // The replay read most lines, so the hints were taken unchecked on them.
    #expect(compact > round / 2)
  }
}
