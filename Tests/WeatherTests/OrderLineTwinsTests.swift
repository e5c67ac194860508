import FoodTruckKit
import PipeProtocol
import TestSupport
import Testing

@testable import WeatherCommand

/// `weather annotate`'s worker reads an order through its sure indexer (`OrderLine(_:indexed:)`:
/// the members' places from the indexer, no array, a plain line's date without a look for
/// escapes); the sequential code through the authority (`OrderLine(_:members:)`: one pass over
/// the members, any keys). On random orders, spelled in every way the protocol allows, and
/// mutations of them, every order the worker is sure of gets the same places, the same date and the
/// same annotated line (or an error both ways).
@Suite("annotate's worker reading of an order against the sequential reading")
struct OrderLineTwinsTests {
  /// A random order: its members in a random order, some absent, with spaces or not, values of
  /// the right kind mostly.
  static func order(_ random: inout SplitMix64) -> String {
    let city = City.all.randomElement(using: &random)!
    let spot = city.spots.randomElement(using: &random)!.name
    func pick(_ values: [String]) -> String { values.randomElement(using: &random)! }
    let space = { (random: inout SplitMix64) in ["", "", "", " "].randomElement(using: &random)! }
    var members: [(String, String)] = [
      ("type", "\"order\""), ("id", pick(["\"Order#1201\"", "\"Order#12999\"", "7"])),
      ("city", pick(["\"\(city.name)\"", "\"\(city.name)\"", "\"\(city.name)\"", "\"Atlantis\"", "1"])),
      ("parkingSpot", pick(["\"\(spot)\"", "\"\(spot)\"", "\"\(spot)\"", "\"Nowhere\""])),
      (
        "creationDate",
        pick([
          "\"2026-11-29T10:02:13Z\"", "\"2026-11-29T23:59:59Z\"", "\"2026-11-30T00:00:00Z\"",
          "\"2026-11-29T10:02:13.250Z\"", "\"2026-11-29T10:02:13+01:00\"", "\"2026-11-29\"", "12",
        ])
      ),
      ("items", "[{\"donut\":3,\"name\":\"Cosmos\",\"quantity\":2}]"), ("status", "\"placed\""),
      (
        "temperature",
        pick([
          "{\"unit\":\"fahrenheit\",\"value\":72}", "{\"value\":61.5,\"unit\":\"celsius\",\"x\":[1]}", "72",
          "null", "{}",
        ])
      ),
      ("wasRaining", pick(["false", "true", "null"])),
      ("note", pick(["\"a, b\"", "{\"city\":\"x\"}", "[]"])),
    ]
    members = members.filter { $0.0 == "type" || Int.random(in: 0..<12, using: &random) != 0 }
    members.shuffle(using: &random)
    let text = members.map { "\"\($0.0)\"" + space(&random) + ":" + space(&random) + $0.1 }
    return "{" + space(&random) + text.joined(separator: "," + space(&random)) + space(&random) + "}"
  }

  /// `line` with one to three bytes replaced, removed or inserted (`Mutations`), drawn from the
  /// bytes an order's grammar and dates turn on.
  static func mutate(_ line: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    Mutations.mutate(line, from: Array("{}[]\":,0123456789-. \\uétTZ".utf8), using: &random)
  }

  @Test("random and mutated orders: the worker's reading and annotation are the sequential code's")
  func randomAndMutated() {
    var random = SplitMix64(seed: 4647)
    var worker = Annotator(provider: ModelProvider(seed: 0))
    var sequential = Annotator(provider: ModelProvider(seed: 0))
    var index = RecordIndexer(
      maxDepth: JSONParser.defaultMaxDepth, maxLineLength: 1 << 20, keepsMemberArray: false,
      names: OrderLine.Name.table)
    var compared = 0
    var annotated = 0
    var copiedAround = 0
    var places = OrderLine.Places()
    for _ in 0..<Campaign.size(small: 3_000, full: 30_000) {
      let base = Array(Self.order(&random).utf8)
      for line in [base, Self.mutate(base, &random), Self.mutate(base, &random)] {
        line.withUnsafeBufferPointer { buffer in
          guard let type = index.indexIfSure(buffer), ValidatedJSON(buffer).equals(type, "order") else {
            return
          }
          let text = String(decoding: line, as: UTF8.self)
          var members: [MemberSpan] = []
          guard
            let authority = try? RecordIndexer.index(
              buffer, source: "t", line: 1, into: &members, maxDepth: JSONParser.defaultMaxDepth)
          else {
            Issue.record("the sure indexer read a line the authority refuses: \(text)")
            return
          }
          compared += 1
          let view = RecordView(bytes: buffer, members: members, type: authority, line: 1, source: "t")
          let fast = OrderLine(buffer, indexed: index, places: &places)
          members.withUnsafeBufferPointer { spans in
            let slow = OrderLine(view, members: spans)
            // (The worker does not look for "id": only the sequential code's messages read it.)
            for name in OrderLine.Name.allCases where name != .id {
              #expect(fast.place(name) == slow.place(name), "\(name): \(text)")
            }
            var fastMemo = ISODate.DayMemo()
            var slowMemo = ISODate.DayMemo()
            #expect(fast.plainDate(memo: &fastMemo) == slow.plainDate(memo: &slowMemo), "date: \(text)")
          }
          var fastOut: [UInt8] = []
          var slowOut: [UInt8] = []
          let fastDone = (try? worker.annotate(fast, to: &fastOut)) != nil
          let slowDone = (try? sequential.annotate(view, to: &slowOut)) != nil
          #expect(fastDone == slowDone, "annotated by one only: \(text)")
          #expect(fastOut == slowOut, "\(text)")
          if fastDone { annotated += 1 }
          // `write`'s copy around both values and its splicer, for the values set and others.
          for (temperature, wasRaining) in [
            ("{\"unit\":\"fahrenheit\",\"value\":61.5}", "true"), ("7", "null"),
          ] {
            var copied: [UInt8] = []
            var spliced: [UInt8] = []
            temperature.utf8.withContiguousStorageIfAvailable { t in
              wasRaining.utf8.withContiguousStorageIfAvailable { w in
                fast.write(temperature: t, wasRaining: w, to: &copied)
                fast.write(temperature: t, wasRaining: w, to: &spliced, spliced: true)
              }
            }
            #expect(copied == spliced, "\(text)")
            if fast.place(.temperature) >= 0, fast.place(.wasRaining) > fast.place(.temperature) {
              copiedAround += 1
            }
          }
        }
      }
    }
    #expect(compared > 3_000)
    #expect(annotated > 500)
    #expect(copiedAround > 1_000)
  }

  @Test("a stream of a few shapes: the places kept from a line of the same shape are the sequential code's")
  func keptPlaces() {
    var random = SplitMix64(seed: 4648)
    var index = RecordIndexer(
      maxDepth: JSONParser.defaultMaxDepth, maxLineLength: 1 << 20, keepsMemberArray: false,
      names: OrderLine.Name.table)
    var places = OrderLine.Places()
    // A few orders without spaces, each repeated with other values of the same kinds.
    let templates = (0..<4).map { _ in
      Self.order(&random).filter { $0 != " " }
    }
    var kept = 0
    for n in 0..<Campaign.size(small: 3_000, full: 30_000) {
      // A shape for 300 lines, then the next (as a stream changes shape now and then), its first
      // line a record of another type: the orders after it are replayed with the shape learned
      // from it, which no order was read with (the places kept are another shape's).
      var line = Array(templates[n / 300 % templates.count].utf8)
      if n % 300 == 0 {
        let note = Array(
          String(decoding: line, as: UTF8.self).replacingOccurrences(
            of: #""type":"order""#, with: #""type":"note""#
          )
          .utf8)
        _ = note.withUnsafeBufferPointer { index.indexIfSure($0) }
      }
      // Another id and another date: values of other lengths, the keys where they were.
      if let range = String(decoding: line, as: UTF8.self).range(of: "Order#") {
        let at = String(decoding: line, as: UTF8.self).utf8.distance(
          from: String(decoding: line, as: UTF8.self).startIndex, to: range.upperBound)
        line.insert(contentsOf: Array(String(Int.random(in: 0...99_999, using: &random)).utf8), at: at)
      }
      if Int.random(in: 0..<50, using: &random) == 0 {
        line = Self.mutate(line, &random)
      }
      line.withUnsafeBufferPointer { buffer in
        guard let type = index.indexIfSure(buffer), ValidatedJSON(buffer).equals(type, "order") else {
          return
        }
        if index.shapeGeneration >= 0, index.shapeGeneration == places.generation { kept += 1 }
        let fast = OrderLine(buffer, indexed: index, places: &places)
        var members: [MemberSpan] = []
        guard
          (try? RecordIndexer.index(
            buffer, source: "t", line: 1, into: &members, maxDepth: JSONParser.defaultMaxDepth)) != nil
        else { return }
        let view = RecordView(bytes: buffer, members: members, type: "order", line: 1, source: "t")
        members.withUnsafeBufferPointer { spans in
          let slow = OrderLine(view, members: spans)
          for name in OrderLine.Name.allCases where name != .id {
            #expect(fast.place(name) == slow.place(name), "\(name): \(String(decoding: line, as: UTF8.self))")
          }
        }
      }
    }
    #expect(kept > 1_000, "\(templates)")
  }
}
