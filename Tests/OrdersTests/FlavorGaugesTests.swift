import FoodTruckKit
import Testing
import ToolSupport

@testable import OrdersCommand

@Suite("the Donut Editor's flavour gauges")
struct FlavorGaugesTests {
  static let plain = Terminal.Style(enabled: false)

  func rows(_ text: String) -> [String] {
    Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).suffix(7).prefix(6))
  }

  @Test("svg: the same six gauges as the text, the most potent full and in the accent colour, -1 empty")
  func svgGauges() {
    let cosmos = Menu.builtIn.donuts[3]  // 2/7/2/-1/5/0
    let svg = FlavorGauges.svg(cosmos)
    let rows = svg.split(separator: "\n").filter { $0.contains("<rect x=\"96\"") }
    // A track for each flavour, and a filled bar for the four that are positive.
    #expect(rows.count == 6 + 4)
    #expect(svg.contains("width=\"200\" height=\"8\" rx=\"4\" class=\"fill-accent\""))
    #expect(svg.contains(">Sweet</text>") && svg.contains(">-1</text>"))
    #expect(svg.contains("width=\"142.9\" height=\"8\""))  // savory 5 of 7
  }

  @Test("a gauge shows max(value, 0) over 0...mostPotentValue; the most potent one is full and marked")
  func gauges() throws {
    let cosmos = Menu.builtIn.donuts[3]  // 2/7/2/-1/5/0
    let text = FlavorGauges.text(cosmos, width: 80, style: Self.plain)
    let rows = rows(text)
    #expect(
      rows.map { String($0.prefix(8)) } == [
        "  Salty ", "▸ Sweet ", "  Bitter", "  Sour  ", "  Savory", "  Spicy ",
      ])
    func filled(_ row: String) -> Int { row.filter { $0 == "█" }.count }
    #expect(filled(rows[1]) == FlavorGauges.maximumGauge)
    #expect(filled(rows[4]) == Int(Double(5) / 7 * Double(FlavorGauges.maximumGauge)))
    #expect(filled(rows[3]) == 0)  // -1 shows as 0
    #expect(rows[3].hasSuffix(" -1"))
    #expect(filled(rows[5]) == 0)
    #expect(text.hasPrefix("Cosmos · donut 3\nChocolate Dough, Chocolate Glaze, Star Sprinkles\n\n"))
  }

  @Test("every row fits the width, at 80 and 40 columns and narrower; the gauges narrow")
  func widths() {
    for width in [80, 40, 24] {
      for donut in Menu.builtIn.donuts {
        let lines = FlavorGauges.text(donut, width: width, style: Self.plain).split(separator: "\n")
        #expect(lines.allSatisfy { TextLayout.displayWidth($0) < width }, "\(donut.name) at \(width)")
      }
    }
    let narrow = rows(FlavorGauges.text(Menu.builtIn.donuts[13], width: 40, style: Self.plain))
    #expect(narrow.allSatisfy { TextLayout.displayWidth($0) == 39 })
  }

  @Test("with colour the most potent flavour is bold and pink, and only it")
  func highlight() {
    let text = FlavorGauges.text(Menu.builtIn.donuts[13], width: 80, style: Terminal.Style(enabled: true))
    let pink = text.split(separator: "\n").filter { $0.contains("\u{1B}[38;5;205m") }
    #expect(pink.count == 1)
    #expect(pink.first?.contains("Spicy") == true)
  }

  @Test("bars: eighths of a column, an empty gauge when nothing is positive")
  func bars() {
    #expect(FlavorGauges.bar(1, of: 2, width: 4) == ("██", "░░"))
    #expect(FlavorGauges.bar(1, of: 3, width: 4) == ("█▍", "░░"))
    #expect(FlavorGauges.bar(0, of: 0, width: 3) == ("", "░░░"))
    #expect(FlavorGauges.bar(5, of: 5, width: 3) == ("███", ""))
  }
}
