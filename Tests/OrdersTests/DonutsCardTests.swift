import Foundation
import FoundationXML
import TestSupport
import Testing
import ToolSupport

@testable import FoodTruckKit
@testable import OrdersCommand

/// The Truck's Donuts card: the first 14 donuts of the menu in the sample's 5/4/5 hexagonal
/// lattice, as SVG and as text.
@Suite("the Donuts card")
struct DonutsCardTests {
  /// The top left corner of each donut picture of an SVG, in document order, with its id.
  static func pictures(_ svg: String) throws -> [(id: String, x: Double, y: Double)] {
    try XMLElements(svg).elements.filter { $0.attributes["class"] == "donut" }.map { element in
      let transform = element.attributes["transform"] ?? ""
      let numbers = transform.dropFirst("translate(".count).prefix { $0 != ")" }.split(separator: " ")
      return (element.attributes["data-donut"] ?? "", Double(numbers[0]) ?? .nan, Double(numbers[1]) ?? .nan)
    }
  }

  /// The rows of `pictures` by their y, top to bottom, each left to right.
  static func rows(_ pictures: [(id: String, x: Double, y: Double)]) -> [[Double]] {
    let ys = Array(Set(pictures.map(\.y))).sorted()
    return ys.map { y in pictures.filter { $0.y == y }.map(\.x).sorted() }
  }

  /// Checks the lattice: 14 donuts, the menu's first 14 in order, in rows of 5, 4 and 5, every
  /// row one step between neighbours, the middle row half a step in, rows √3/2 steps apart.
  static func expectLattice(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let pictures = try pictures(svg)
    #expect(pictures.map(\.id) == (0..<14).map(String.init), sourceLocation: sourceLocation)
    let rows = rows(pictures)
    #expect(rows.map(\.count) == [5, 4, 5], sourceLocation: sourceLocation)
    guard rows.count == 3, rows.allSatisfy({ $0.count > 1 }) else { return }
    let step = rows[0][1] - rows[0][0]
    #expect(step > 0, sourceLocation: sourceLocation)
    for row in rows {
      for (a, b) in zip(row, row.dropFirst()) {
        #expect(abs(b - a - step) < 0.01, sourceLocation: sourceLocation)
      }
    }
    #expect(abs(rows[1][0] - rows[0][0] - step / 2) < 0.01, sourceLocation: sourceLocation)
    #expect(rows[2] == rows[0], sourceLocation: sourceLocation)
    let ys = Array(Set(pictures.map(\.y))).sorted()
    #expect(abs(ys[1] - ys[0] - step * 3.0.squareRoot() / 2) < 0.02, sourceLocation: sourceLocation)
    #expect(abs(ys[2] - ys[1] - (ys[1] - ys[0])) < 0.02, sourceLocation: sourceLocation)
  }

  @Test("14 donuts of the menu in rows of 5, 4 and 5, the middle row half a step in, named")
  func lattice() throws {
    var menu = Menu.builtIn
    _ = menu.add(
      key: "", name: "Maple <Dream> & Co", dough: Ingredient.find(.dough, key: "powdered")!,
      topping: Ingredient.find(.topping, key: "sugarLattice"))
    let svg = DonutsCard.svg(Array(menu.donuts.prefix(14)), total: menu.donuts.count)
    try Self.expectLattice(svg)
    let elements = try XMLElements(svg).elements
    #expect(elements.filter { $0.name == "title" }.map(\.text).dropFirst().first == "The Classic")
    #expect(elements.contains { $0.name == "text" && $0.text == "14 of 18 donuts" })
    #expect(!svg.contains("Maple"))
    #expect(DonutsCard.slots(3).map(\.row) == [0, 0, 0])
    #expect(try XMLElements(DonutsCard.svg([], total: 0)).elements.contains { $0.text == "No donuts." })
  }

  @Test("as text: a glyph over each name, five a row, the middle row half a cell in, fitting the width")
  func text() {
    for width in [80, 40, 20] {
      let text = DonutsCard.text(Menu.builtIn.donuts, total: 17, width: width)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines[0] == "Donuts · 14 of 17 donuts")
      let glyphRows = lines.filter { $0.contains("◎") }
      let columns = glyphRows.map { line in line.enumerated().filter { $0.element == "◎" }.map(\.offset) }
      #expect(columns.map(\.count) == [5, 4, 5])
      let step = columns[0][1] - columns[0][0]
      #expect(columns[1][0] - columns[0][0] == step / 2)
      #expect(columns[2] == columns[0])
      #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= max(width, 40) })
    }
    #expect(DonutsCard.text([], total: 0).hasSuffix("No donuts.\n"))
  }

  @Test("orders menu --card -f svg draws the lattice; --card alone is the text card")
  func command() throws {
    let svg = try TestSupport.run("orders", ["menu", "--card", "-f", "svg"])
    #expect(svg.status == 0, "\(svg.err)")
    try Self.expectLattice(svg.out)
    let text = try TestSupport.run("orders", ["menu", "--card"], environment: ["COLUMNS": "80"])
    #expect(text.out.hasPrefix("Donuts · 14 of 17 donuts\n"))
    let json = try TestSupport.run("orders", ["menu", "--card", "-f", "json"])
    #expect(json.out.split(separator: "\n").count == 14)
  }

  @Test(
    "xmllint accepts the Donuts card",
    .enabled(if: Requirements.has("xmllint"), "xmllint is not installed (package libxml2-utils)"))
  func xmllint() throws {
    let result = try TestSupport.shell("orders menu --card -f svg | xmllint --noout -")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
  }
}
