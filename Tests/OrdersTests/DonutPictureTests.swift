import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import FoodTruckKit
@testable import OrdersCommand

@Suite("donut pictures")
struct DonutPictureTests {
  static let menu = Menu.builtIn.donuts

  @Test("every built-in donut's picture is well-formed XML, one donut group labelled with its id")
  func wellFormed() throws {
    for donut in Self.menu {
      let elements = try XMLElements(svg(DonutPicture.svg(donut, x: 0, y: 0, size: 100))).elements
      let groups = elements.filter { $0.name == "g" && $0.attributes["class"] == "donut" }
      #expect(groups.count == 1)
      #expect(groups.first?.attributes["data-donut"] == String(donut.id))
    }
  }

  @Test("the 17 pictures are pairwise different, also without their labels")
  func pairwiseDifferent() {
    let drawings = Self.menu.map { donut in
      DonutPicture.svg(donut, x: 0, y: 0, size: 100).replacingOccurrences(
        of: "data-donut=\"\(donut.id)\"", with: "")
    }
    #expect(Set(drawings).count == Self.menu.count)
  }

  @Test("the same donut is drawn the same way every time; a custom copy of a recipe differs")
  func deterministic() {
    let classic = Self.menu[0]
    #expect(
      DonutPicture.svg(classic, x: 0, y: 0, size: 100) == DonutPicture.svg(classic, x: 0, y: 0, size: 100))
    var copy = classic
    copy.id = 17
    copy.name = "Classic Again"
    let a = DonutPicture.svg(classic, x: 0, y: 0, size: 100).replacingOccurrences(
      of: "data-donut=\"0\"", with: "")
    let b = DonutPicture.svg(copy, x: 0, y: 0, size: 100).replacingOccurrences(
      of: "data-donut=\"17\"", with: "")
    #expect(a != b)
  }

  @Test("each ingredient shows: its colour in the picture, each topping's pattern its own")
  func ingredientsShow() throws {
    let plain = try #require(Ingredient.find(.dough, key: "plain"))
    func picture(glaze: String? = nil, topping: String? = nil) -> String {
      DonutPicture.svg(
        Donut(
          id: 30, name: "Test", dough: plain, glaze: glaze.flatMap { Ingredient.find(.glaze, key: $0) },
          topping: topping.flatMap { Ingredient.find(.topping, key: $0) }), x: 0, y: 0, size: 100)
    }
    #expect(picture().contains(DonutPicture.doughColor("plain")))
    for glaze in Ingredient.all(.glaze) where glaze.image != "rainbow" {
      #expect(picture(glaze: glaze.key).contains("fill=\"\(DonutPicture.glazeColor(glaze.image))\""))
    }
    #expect(DonutPicture.rainbow.allSatisfy { picture(glaze: "rainbow").contains($0) })
    let toppings = Ingredient.all(.topping).map { picture(glaze: "chocolate", topping: $0.key) }
    #expect(Set(toppings).count == Ingredient.all(.topping).count)
    // Blueberry Lines borrows the lattice's image in the sample, but is drawn as lines.
    #expect(picture(topping: "blueberryLines") != picture(topping: "blueberryLattice"))
  }

  @Test("a picture fills the square it is given")
  func placement() {
    let svg = DonutPicture.svg(Self.menu[3], x: 10, y: 20, size: 50, indent: 4)
    #expect(
      svg.hasPrefix("    <g class=\"donut\" data-donut=\"3\" transform=\"translate(10 20) scale(0.5)\">\n"))
    #expect(svg.hasSuffix("    </g>\n"))
    #expect(DonutPicture.number(12.345) == "12.35")
    #expect(DonutPicture.number(-0.5) == "-0.5")
    #expect(DonutPicture.number(3.0) == "3")
    #expect(DonutPicture.number(0.05) == "0.05")
  }

  @Test("the donut gallery: a picture for each of the 17 and a custom donut, names escaped")
  func donutsCard() throws {
    var menu = Menu.builtIn
    let custom = menu.add(
      key: "", name: "Maple <Dream> & Co", dough: Ingredient.find(.dough, key: "powdered")!,
      topping: Ingredient.find(.topping, key: "sugarLattice"))
    let text = DonutGallery.svg(menu.donuts)
    let elements = try XMLElements(text).elements
    let pictures = elements.filter { $0.attributes["class"] == "donut" }
    #expect(pictures.compactMap { $0.attributes["data-donut"] } == menu.donuts.map { String($0.id) })
    #expect(custom.id == 17)
    #expect(text.contains("Maple &lt;Dream&gt; &amp; Co"))
    let texts = elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("The Classic"))
    #expect(texts.contains("Savory"))
    #expect(try XMLElements(DonutGallery.svg([])).elements.contains { $0.text == "No donuts." })
  }

  @Test("the New Orders stack: up to three donuts laid diagonally as the sample's layout, then +N")
  func stack() throws {
    let donuts = Array(Self.menu.prefix(5))
    func transforms(_ count: Int, extra: Int = 0) throws -> [String] {
      let text = NewOrdersCard.stack(Array(donuts.prefix(count)), extra: extra, x: 0, y: 0)
      return try XMLElements(svg(text)).elements.filter { $0.attributes["class"] == "donut" }
        .compactMap { $0.attributes["transform"] }
    }
    let side = NewOrdersCard.stackSize  // 68: the centre is (34, 34)
    #expect(side == 68)
    #expect(try transforms(1) == ["translate(0 0) scale(0.68)"])
    // Two at 0.7 of the side (47.6), centred 15% across and 20% down from the centre.
    #expect(try transforms(2) == ["translate(0 -3.4) scale(0.48)", "translate(20.4 23.8) scale(0.48)"])
    // Three at 0.65 (44.2): the middle one centred, the others 15% across and 23% up and down.
    #expect(
      try transforms(3) == [
        "translate(1.7 -3.74) scale(0.44)", "translate(11.9 11.9) scale(0.44)",
        "translate(22.1 27.54) scale(0.44)",
      ])
    let more = NewOrdersCard.stack(Array(donuts.prefix(3)), extra: 2, x: 0, y: 0)
    #expect(more.contains(">+2</text>"))
    #expect(!NewOrdersCard.stack(Array(donuts.prefix(3)), extra: 0, x: 0, y: 0).contains("+"))
  }

  func svg(_ body: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\n\(body)</svg>\n"
  }
}
