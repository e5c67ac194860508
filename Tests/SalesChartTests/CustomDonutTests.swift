import FoodTruckKit
import Foundation
import PipeProtocol
import SalesChartCommand
import TestSupport
import Testing

/// Custom donuts travel in the stream as `donut` records (PROTOCOL.md, `donut`).
@Suite("custom donuts in the stream")
struct CustomDonutTests {
  /// The `donut` record of a custom donut.
  static func donut(_ id: Int, _ name: String) -> String {
    let donut = Donut(id: id, name: name, dough: Ingredient.find(.dough, key: "powdered")!)
    return String(decoding: Record(object: donut.record).bytes, as: UTF8.self)
  }

  /// An order of `(id, name, quantity)` items on the fixtures' day.
  static func order(_ items: [(Int, String, Int)], date: String = "2026-11-29T10:00:00Z") -> String {
    let list = items.map {
      #"{"donut":\#($0.0),"name":\#(JSONValue.string($0.1).jsonText),"quantity":\#($0.2)}"#
    }
    return #"{"type":"order","creationDate":"\#(date)","items":[\#(list.joined(separator: ","))]}"#
  }

  func top(_ tally: SalesTally) throws -> [String] {
    let sales = try tally.totals(in: Timeframe.all.window(today: Fixture.today)).sales
    return TopChart.rank(sales, top: 5, menu: tally.streamMenu).map { "\($0.donut.name):\($0.sales)" }
  }

  @Test("a donut record defines a custom donut for the records after it, with gaps in the ids")
  func defines() throws {
    let tally = try Fixture.tally([
      Fixture.order("2026-11-29T10:00:00Z", [(3, 2)]), Self.donut(20, "Maple \"Dream\""),
      Self.order([(20, "Maple \"Dream\"", 9), (0, "The Classic", 1)]),
      Fixture.summary("London", "day", "2026-11-28", [(20, 4)]),
    ])
    #expect(try top(tally) == ["Maple \"Dream\":13", "Cosmos:2", "The Classic:1"])
    #expect(tally.width == 21 && tally.counts(day: Fixture.today).count == 21)
    #expect(tally.donutRecords == 1 && tally.ignored.isEmpty)
  }

  @Test("the built-in menu and the same definition twice are fine; anything else is an error naming its line")
  func conflicts() throws {
    let menu = Menu.builtIn.donuts.map { String(decoding: Record(object: $0.record).bytes, as: UTF8.self) }
    _ = try Fixture.tally(menu + menu + [Self.donut(17, "A"), Self.donut(17, "A")])
    for (lines, line, message) in [
      (
        [menu[3].replacingOccurrences(of: "Cosmos", with: "Moon")], 1,
        #"built-in donut 3 is "Cosmos", not "Moon""#
      ),
      ([Self.donut(17, "A"), Self.donut(17, "B")], 2, #"donut 17 is "A", not "B""#),
      ([Self.order([(17, "A", 1)]), Self.donut(17, "A")], 1, "unknown donut id 17 in items[0]"),
      (
        [Self.donut(17, "A"), Self.order([(17, "B", 1)])], 2,
        #"items[0] names donut 17 "B", but donut 17 is "A""#
      ),
      ([Self.donut(10_000, "A")], 1, #""id" must be"#),
      (
        [Self.order([(10_000, "A", 1)])], 1,
        "unknown donut id 10000 in items[0] (the menu has ids 0...16; see"
      ),
    ] {
      let error = Fixture.error(lines)
      #expect(error?.line == line, "\(lines)")
      #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }
  }

  @Test("split anywhere, the parts' partials merge into the single pass, custom donuts included")
  func partials() throws {
    let lines =
      [Self.donut(17, "Maple"), Self.donut(19, "Zest")]
      + (0..<30).map { i in
        Self.order([(17, "Maple", i % 3 + 1), (i % 17, Menu.builtIn.donuts[i % 17].name, 2)])
      }
      + [Self.order([(19, "Zest", 5)])]
    let single = try Fixture.tally(lines)
    for cut in [1, 2, 9, 31] {
      let parts = [Array(lines[..<cut]), Array(lines[cut...])]
      var partials: [String] = []
      for part in parts {
        let tally = SalesTally(partial: true)
        try Fixture.read(part) { try tally.add($0) }
        try tally.finish()
        partials.append(String(decoding: Record(object: tally.partialRecord).bytes, as: UTF8.self))
      }
      // The second part counted Maple without its record: it carries the name for the merge.
      if cut < 31 { #expect(partials[1].contains(#""names":{"17":"Maple""#)) }
      for order in [partials, partials.reversed()] {
        let merged = try Fixture.tally(order, merge: true)
        #expect(try top(merged) == top(single), "cut \(cut)")
      }
      // Without the part that defines the donuts, the merge says which line counted them.
      if cut < 31 {
        do {
          _ = try Fixture.tally([partials[1]], merge: true)
          Issue.record("a merge without the donuts' definitions passed")
        } catch let error as InputError {
          #expect(error.message.contains(#"donut 17 ("Maple") was counted here, but no donut record"#))
        }
      }
    }
  }

  @Test("a part's item names for an undefined id must agree, and must be the definition's")
  func pendingNames() throws {
    let tally = SalesTally(partial: true)
    #expect(throws: InputError.self) {
      try Fixture.read([Self.order([(17, "A", 1)]), Self.order([(17, "B", 1)])]) { try tally.add($0) }
    }
    let other = SalesTally(partial: true)
    try Fixture.read([Self.order([(17, "A", 1)])]) { try other.add($0) }
    let partial = String(decoding: Record(object: other.partialRecord).bytes, as: UTF8.self)
    do {
      _ = try Fixture.tally([Self.donut(17, "B"), partial], merge: true)
      Issue.record("a pending name that is not the definition's was accepted")
    } catch let error as InputError {
      #expect(
        error.message.contains(#"names.17 names donut 17 "A", but donut 17 is "B""#), "\(error.message)")
    }
  }

  @Test("the chart shows a custom name as data: escaped in text, SVG, JSON and CSV")
  func escaping() throws {
    let name = "<b>&\"Evil\u{1B}[2J\u{202E},x"
    let input = Data(
      ([Self.donut(17, name), Self.order([(17, name, 5)])].joined(separator: "\n") + "\n").utf8)
    func run(_ format: String) throws -> String {
      let result = try TestSupport.run(
        "sales-chart", ["--now", Fixture.now, "-t", "all", "-f", format], stdin: input)
      #expect(result.status == 0, "\(result.err)")
      return result.out
    }
    let text = try run("text")
    #expect(text.contains("<b>&\"Evil\\u{1B}[2J\\u{202E},x") && !text.contains("\u{1B}"))
    let svg = try run("svg")
    #expect(svg.contains("&lt;b&gt;&amp;&quot;Evil\u{FFFD}[2J") && !svg.contains("\u{1B}"))
    #expect(try run("json").contains(#""name":"<b>&\"Evil\u001b[2J"#))
    #expect(try run("csv").contains("1,17,\"<b>&\"\"Evil\u{1B}[2J\u{202E},x\",5,all"))
  }
}
