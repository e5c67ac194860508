import FoodTruckKit
import PipeProtocol
import Testing

@Suite("the Food Truck menu")
struct MenuTests {
  /// The flavour sums and most potent flavours of the sample's 17 donuts, from the domain facts.
  static let expected: [(String, String, String)] = [
    ("The Classic", "2/5/2/0/6/0", "savory"), ("Blueberry Frosted", "4/8/0/-1/4/0", "sweet"),
    ("Strawberry Drizzle", "3/8/0/0/4/0", "sweet"), ("Cosmos", "2/7/2/-1/5/0", "sweet"),
    ("Strawberry Sprinkles", "2/6/1/0/6/0", "sweet"), ("Lemon Chocolate", "2/2/4/2/4/1", "bitter"),
    ("Rainbow", "3/3/1/0/2/1", "salty"), ("Picnic Basket", "3/7/2/-2/5/0", "sweet"),
    ("Figure Skater", "4/7/1/-1/4/0", "sweet"), ("Powdered Chocolate", "2/7/1/-1/1/0", "sweet"),
    ("Powdered Strawberry", "1/7/0/0/2/0", "sweet"), ("Custard", "2/1/2/6/0/4", "sour"),
    ("Super Lemon", "1/5/0/6/2/1", "sour"), ("Fire Zest", "3/1/0/4/1/6", "spicy"),
    ("Black Raspberry", "3/4/3/-1/6/0", "savory"), ("Daytime", "3/3/0/3/0/1", "salty"),
    ("Nighttime", "4/5/4/-1/3/0", "sweet"),
  ]

  @Test("17 donuts with ids equal to their index, flavours and most potent flavour as in the sample")
  func menu() {
    #expect(Menu.builtIn.count == 17)
    for (index, donut) in Menu.builtIn.donuts.enumerated() {
      #expect(donut.id == index)
      let (name, flavors, potent) = Self.expected[index]
      #expect(donut.name == name)
      #expect(donut.flavors.values.map(String.init).joined(separator: "/") == flavors)
      #expect(donut.flavors.mostPotent.flavor.rawValue == potent)
    }
  }

  @Test("ingredients: 7 doughs, 7 glazes, 24 toppings; the blueberryLines image quirk is kept")
  func ingredients() {
    #expect(Ingredient.all.filter { $0.kind == .dough }.count == 7)
    #expect(Ingredient.all.filter { $0.kind == .glaze }.count == 7)
    #expect(Ingredient.all.filter { $0.kind == .topping }.count == 24)
    #expect(Ingredient.find(.topping, key: "blueberryLines")?.image == "crisscross-blue")
  }

  @Test("three cities with 2, 8 and 6 spots")
  func cities() {
    #expect(City.all.map(\.name) == ["Cupertino", "San Francisco", "London"])
    #expect(City.all.map(\.spots.count) == [2, 8, 6])
    #expect(City.truck.spot.name == "Apple Park")
    #expect(City.spot(named: "ferry building")?.city.name == "San Francisco")
  }

  @Test("the menu grows at run time: an added donut takes the next id and orders may name it")
  func growingMenu() throws {
    var menu = Menu.builtIn
    let custom = menu.add(
      key: "midnight", name: "Midnight", dough: Ingredient.find(.dough, key: "plain")!,
      topping: Ingredient.find(.topping, key: "sprinkles"))
    #expect(custom.id == 17 && menu.count == 18 && menu.contains(id: 17))
    #expect(menu.validIDs == "0...17" && Menu.builtIn.validIDs == "0...16")
    #expect(!Menu.builtIn.contains(id: 17))
    let text =
      #"{"type":"order","id":"Order#1201","status":"placed","items":[{"donut":17,"quantity":1}],"city":"Cupertino","parkingSpot":"Apple Park","creationDate":"2026-11-29T10:02:13Z"}"#
    let record = try Record(bytes: Array(text.utf8))
    #expect(try Order(record: record, menu: menu).items[0].name == "Midnight")
    #expect(throws: InputError.self) { try Order(record: record) }
  }

  @Test("the rule beside the schemas: donut ids of orders, summaries and donuts are on a menu value")
  func menuRule() throws {
    func problems(_ text: String, _ menu: Menu = .builtIn) throws -> [String] {
      let record = try Record(bytes: Array(text.utf8))
      let schema = try #require(FoodTruckSchemas.catalog.schema(for: record.type))
      return schema.checking(menu.idRules(for: record.type)).problems(in: record)
    }
    let order = String(
      decoding: Record(object: Array(StartingOrders(now: 1_764_410_400))[0].record).bytes, as: UTF8.self)
    #expect(try problems(order) == [])
    let bad = order.replacingOccurrences(of: #"{"donut":"#, with: #"{"donut":9"#)
    let found = try problems(bad)
    #expect(!found.isEmpty && found.allSatisfy { $0.contains("].donut must be integer 0...16, not 9") })
    let summary =
      #"{"type":"order-summary","city":"London","period":"day","date":"2026-11-28","sales":[{"donut":17,"quantity":2}],"totalSales":2}"#
    #expect(
      try problems(summary) == [#""sales"[0].donut must be integer 0...16, not 17; "# + Menu.customDonutHint])
    var menu = Menu.builtIn
    menu.add(key: "midnight", name: "Midnight", dough: Menu.builtIn.donuts[0].dough)
    #expect(try problems(summary, menu) == [])
    // A donut record defines its id (Menu.define), so its id has no menu rule; its shape is checked.
    let donut =
      #"{"type":"donut","id":18,"name":"X","dough":"Plain","flavors":{"salty":0,"sweet":0,"bitter":0,"sour":0,"savory":0,"spicy":0},"mostPotentFlavor":"sweet"}"#
    #expect(try problems(donut, menu) == [])
    #expect(
      try problems(donut.replacingOccurrences(of: "18", with: "10000"), menu) == [
        #""id" must be integer 0...9999, not 10000"#
      ])
    #expect(menu.idRules(for: "notice").isEmpty && menu.idRules(for: "donut").isEmpty)
    // With a gap (a removed donut's id is never given again), messages list the ids.
    menu.insert(Donut(id: 19, name: "Y", dough: Menu.builtIn.donuts[0].dough))
    #expect(menu.validIDs == "0...17, 19")
    #expect(
      try problems(summary.replacingOccurrences(of: "17", with: "18"), menu) == [
        #""sales"[0].donut must be integer 0...17, 19, not 18"#
      ])
  }
}
