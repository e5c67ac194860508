import FoodTruckKit
import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

@testable import OrdersCommand

/// Issue 24 for orders: donuts by name, one format vocabulary, text that fits the width, numbers
/// for people, the clock rule, and the history's days and months in one call.
@Suite("orders: names, words, widths and the clock", .serialized)
struct NamesAndWordsTests {
  static let maple = Donut(
    id: 17, name: "Maple Dream", dough: Ingredient.find(.dough, key: "plain")!, glaze: nil, topping: nil)
  static var menu: Menu {
    var menu = Menu.builtIn
    menu.insert(maple)
    return menu
  }

  @Test("a donut by id or by name, in any case and with spaces around it, custom donuts too")
  func lookup() throws {
    #expect(DonutReference.lookup("3", in: .builtIn)?.name == "Cosmos")
    #expect(DonutReference.lookup("cosmos", in: .builtIn)?.id == 3)
    #expect(DonutReference.lookup("  FIRE zest ", in: .builtIn)?.id == 13)
    #expect(DonutReference.lookup("maple dream", in: Self.menu)?.id == 17)
    #expect(DonutReference.lookup("maple dream", in: .builtIn) == nil)
    #expect(DonutReference.lookup("17", in: .builtIn) == nil)
    #expect(try DonutReference.find("the classic", in: .builtIn).id == 0)
  }

  @Test("an unknown donut name says did you mean and lists the menu (exit 64)")
  func unknownName() {
    #expect {
      try DonutReference.find("cosmso", in: .builtIn, given: "--donut cosmso")
    } throws: { error in
      guard let error = error as? ToolError else { return false }
      return error.code == ExitStatus.usage && error.message == "unknown donut 'cosmso' in '--donut cosmso'"
        && error.notes.first == "did you mean 'Cosmos'?"
        && error.notes.last?.hasPrefix("valid donuts (id or name): 0 The Classic, ") == true
    }
    #expect {
      try DonutReference.find("maple dreem", in: Self.menu)
    } throws: { error in
      (error as? ToolError)?.notes.first == "did you mean 'Maple Dream'?"
    }
    #expect {
      try DonutReference.find("99", in: .builtIn, given: "--donut 99")
    } throws: { error in
      (error as? ToolError)?.message == "unknown donut id 99 in '--donut 99'"
    }
  }

  @Test("--donut D[xN]: an id or a name, and a quantity after the last x, X or *")
  func requests() throws {
    func parsed(_ text: String) throws -> [String] {
      let request = try Place.parseRequest(text)
      return [request.donut, String(request.quantity)]
    }
    #expect(try parsed("3") == ["3", "1"])
    #expect(try parsed("3x2") == ["3", "2"])
    #expect(try parsed("3X2") == ["3", "2"])
    #expect(try parsed("cosmos") == ["cosmos", "1"])
    #expect(try parsed("cosmos*4") == ["cosmos", "4"])
    #expect(try parsed("Fire Zest x 6") == ["Fire Zest", "6"])
    #expect(try parsed("Fox") == ["Fox", "1"])
    #expect(throws: ToolError.self) { try Place.parseRequest("3x0") }
    #expect(throws: ToolError.self) { try Place.parseRequest("3x") }
    #expect(throws: ToolError.self) { try Place.parseRequest("cosmos x1001") }
    #expect(throws: ToolError.self) { try Place.parseRequest(" ") }
    // A donut whose whole name looks like a quantity is found by its whole name first.
    var menu = Menu.builtIn
    menu.insert(Donut(id: 17, name: "Box 2", dough: Ingredient.find(.dough, key: "plain")!))
    let box = try Place.resolve([Place.parseRequest("box 2")], menu: menu)
    #expect(box.map(\.donut) == [17] && box.map(\.quantity) == [1])
    let items = try Place.resolve(
      [Place.parseRequest("cosmos x2"), Place.parseRequest("3"), Place.parseRequest("box 2x3")], menu: menu)
    #expect(items.map(\.donut) == [3, 17] && items.map(\.quantity) == [3, 3])
  }

  @Test("orders place --donut cosmos orders donut 3; edit and remove take names")
  func placeByName() throws {
    let box = try Sandbox()
    let placed = try box.run(["place", "--donut", "cosmos", "-d", "fire zest x2"])
    #expect(placed.status == 0, "\(placed.err)")
    #expect(placed.out.contains(#""items":[{"donut":3,"name":"Cosmos","quantity":1},{"donut":13,"#))
    #expect(try box.run(["donut", "new", "--name", "Maple Dream"], now: nil).status == 0)
    let edited = try box.run(["donut", "edit", "MAPLE DREAM", "--glaze", "none"], now: nil)
    #expect(edited.status == 0 && edited.out.contains(#""id":17"#), "\(edited.err)")
    let removed = try box.run(["donut", "remove", "--yes", "maple dream", "--format", "text"], now: nil)
    #expect(removed.out == "removed donut 17 Maple Dream from the menu; its id is never given again\n")
  }

  @Test("one format vocabulary: -f and --format, text and json, jsonl accepted, a typo suggested")
  func formats() throws {
    let box = try Sandbox()
    let jsonl = try box.run(["recent", "-n", "1", "-f", "jsonl"])
    #expect(jsonl.status == 0 && jsonl.out.hasPrefix(#"{"city":"Cupertino""#))
    for arguments in [
      ["menu", "-f", "text"], ["list", "-f", "text"], ["recent", "-f", "text"],
      ["show", "1224", "-f", "text"],
      ["feed", "-f", "text"], ["notices", "-f", "text"], ["history", "--days", "1", "-f", "text"],
      ["widget", "-f", "text"], ["widget", "orders", "-f", "jsonl"], ["generate", "-n", "1", "-f", "text"],
    ] {
      let result = try box.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.err)")
      #expect(!result.out.hasPrefix("{") || arguments.contains("jsonl"), "\(arguments)")
    }
    let typo = try box.run(["menu", "-f", "txt"])
    #expect(typo.status == 64)
    #expect(typo.err.contains("did you mean 'text'?"))
  }

  @Test("orders widget alone lists the widgets; with -f json, the record each shows")
  func widgetList() throws {
    let box = try Sandbox()
    let text = try box.run(["widget"], now: nil)
    #expect(text.status == 0, "\(text.err)")
    #expect(
      text.out.contains("  orders    the Orders widget") && text.out.contains("  donut     the Daily Donut")
        && text.out.contains("  activity  the Live Activity"))
    let json = try box.records(try box.run(["widget", "-f", "json"]).out)
    #expect(json.map { $0["kind"] as? String } == ["orders", "donut"])
    #expect(json.allSatisfy { $0["type"] as? String == "widget" })
  }

  @Test("New Orders rows fit the width: names shortened with …, two lines a row where narrow")
  func rowsFit() {
    let orders = Array(StartingOrders(now: 1_796_000_000))
    for width in [40, 50, 60, 70, 80, 100, 132] {
      let text = OrderTable.text(orders, now: 1_796_000_000 + 86_400, width: width)
      for line in text.split(separator: "\n") {
        #expect(TextLayout.displayWidth(line) <= width, "\(width): \(line)")
      }
      #expect(text.hasSuffix("24 orders · 213 donuts · $1,231.14\n"))
    }
    let wide = OrderTable.text(orders, now: 1_796_000_000, width: 300)
    #expect(!wide.contains("…"))
    #expect(TextLayout.shorten("Evil\\u{1B}]0;pwned", to: 8) == "Evil…")
    #expect(TextLayout.shorten("Evil\\u{1B}]0;pwned", to: 11) == "Evil\\u{1B}…")
    #expect(TextLayout.shorten("Cosmos", to: 6) == "Cosmos")
  }

  @Test("the menu's text view: id, name, price, flavour, ingredients, fitting any width")
  func menuText() {
    for width in [30, 40, 60, 80, 120] {
      let text = MenuText.text(Self.menu.donuts, idWidth: 2, width: width)
      for line in text.split(separator: "\n") {
        #expect(TextLayout.displayWidth(line) <= width, "\(width): \(line)")
      }
      #expect(text.contains("Cosmos") && text.contains("$5.78") && text.contains("sweet"))
      #expect(text.contains("Star Sprinkles") || text.contains("Star\n"))
    }
    #expect(
      MenuText.text([Menu.builtIn.donuts[0]], idWidth: 2, width: 80)
        == " 0  The Classic  $5.78  savory  Plain, Chocolate Glaze, Sprinkles\n")
  }

  @Test("numbers for people: grouped counts and money in rows, footers, details and widgets")
  func numbers() throws {
    let big = Order(
      id: "Order#1225", status: .placed, items: [OrderItem(donut: Menu.builtIn.donuts[3], quantity: 1000)],
      city: "Cupertino", parkingSpot: "Apple Park", creationDate: 0)
    #expect(OrderTable.footer([big]) == "1 order · 1,000 donuts · $5,780.00")
    #expect(OrderText.detail(big, now: 0, zone: .utc).contains("  1,000 × Cosmos\n"))
    #expect(
      OrdersWidget.entry(orders: 1234, quota: 1_000_000, date: 0, zone: .utc).text
        == "1,234 of 1,000,000 Orders")
  }

  @Test("history: days and months in one call, city by city; days end by the clock rule")
  func history() throws {
    let box = try Sandbox()
    let both = try box.records(try box.run(["history", "--days", "60", "--months", "13"]).out)
    #expect(both.count == 3 * (60 + 13))
    #expect(both.prefix(73).allSatisfy { $0["city"] as? String == "Cupertino" })
    #expect(both[59]["period"] as? String == "day" && both[60]["period"] as? String == "month")
    #expect(try box.records(try box.run(["history"]).out).count == 180)
    #expect(try box.records(try box.run(["history", "--months", "2"]).out).count == 6)
    // 03:00Z on Nov 30 is still Nov 29 in Cupertino: its yesterday is Nov 28.
    func lastDay(_ zone: String) throws -> String? {
      let out = try box.run(
        ["history", "--days", "1", "--city", "cupertino"], now: "2026-11-30T03:00:00Z",
        environment: ["TZ": zone]
      ).out
      return try box.records(out).first?["date"] as? String
    }
    #expect(try lastDay("America/Los_Angeles") == "2026-11-28")
    #expect(try lastDay("UTC") == "2026-11-29")
    #expect(try lastDay("") == "2026-11-28")
  }
}
