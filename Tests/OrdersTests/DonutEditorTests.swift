import FoodTruckKit
import Foundation
import PipeProtocol
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("custom donuts: the model")
struct DonutModelTests {
  static let plain = Ingredient.find(.dough, key: "plain")!

  /// A `donut` record as a `Record`.
  static func record(_ text: String) throws -> Record { try Record(bytes: Array(text.utf8)) }

  @Test("ingredients by static name or display name, any case, spaces and hyphens ignored")
  func lookup() {
    for text in ["sugarLattice", "sugar-lattice", "Sugar Lattice", "SUGAR_LATTICE", " sugar lattice "] {
      #expect(Ingredient.lookup(.topping, text)?.key == "sugarLattice", "\(text)")
    }
    #expect(Ingredient.lookup(.dough, "Powdered Dough")?.key == "powdered")
    #expect(Ingredient.lookup(.glaze, "chocolate")?.name == "Chocolate Glaze")
    #expect(Ingredient.lookup(.dough, "Chocolate Glaze") == nil)
    #expect(Ingredient.lookup(.topping, "") == nil && Ingredient.lookup(.topping, "--") == nil)
    #expect(
      Ingredient.named(.glaze, "Chocolate Glaze") != nil && Ingredient.named(.glaze, "chocolate") == nil)
  }

  @Test("names: any text, not empty or blank, at most 40 characters and 160 bytes")
  func names() {
    #expect(Donut.nameProblem("Maple Dream") == nil)
    #expect(Donut.nameProblem("Évil \u{1B}[2J <b>&\"'") == nil)
    #expect(Donut.nameProblem(String(repeating: "x", count: 40)) == nil)
    #expect(
      Donut.nameProblem(String(repeating: "x", count: 41))
        == "the name is 41 characters long; the limit is 40")
    #expect(Donut.nameProblem("") == "the name is empty")
    #expect(Donut.nameProblem(" \t ") == "the name is only white space")
    // Ten characters, but each of many combining marks: too many bytes.
    let heavy = String(repeating: "e" + String(repeating: "\u{301}", count: 10), count: 10)
    #expect(heavy.count == 10)
    #expect(Donut.nameProblem(heavy)?.hasSuffix("the limit is 160") == true)
  }

  @Test("a donut record reads back as the donut that wrote it, for every built-in donut")
  func roundTrip() throws {
    for donut in Menu.builtIn.donuts {
      let read = try Donut(definition: Record(object: donut.record))
      #expect(read.sameEntry(as: donut))
    }
  }

  @Test("a donut record with unknown ingredients or wrong flavours is an error naming the field")
  func badDefinitions() throws {
    let good = String(decoding: Record(object: Menu.builtIn.donuts[3].record).bytes, as: UTF8.self)
    for (text, message) in [
      (
        good.replacingOccurrences(of: "Chocolate Dough", with: "Brioche"),
        #""dough" "Brioche" is not a dough"#
      ),
      (
        good.replacingOccurrences(of: "Star Sprinkles", with: "Glitter"),
        #""topping" "Glitter" is not a topping"#
      ),
      (good.replacingOccurrences(of: #""sweet":7"#, with: #""sweet":8"#), #""flavors" are salty 2, sweet 8"#),
      (
        good.replacingOccurrences(of: #""mostPotentFlavor":"sweet""#, with: #""mostPotentFlavor":"salty""#),
        #""mostPotentFlavor" is "salty", but the flavours make it "sweet""#
      ),
      (
        good.replacingOccurrences(of: #""name":"Cosmos""#, with: #""name":"""#), #""name": the name is empty"#
      ),
      (good.replacingOccurrences(of: #""id":3"#, with: #""id":10000"#), #""id""#),
      (good.replacingOccurrences(of: #""glaze":"Chocolate Glaze""#, with: #""glaze":null"#), #""glaze""#),
    ] {
      #expect(throws: InputError.self) { try Donut(definition: Self.record(text)) }
      do {
        _ = try Donut(definition: Self.record(text))
      } catch let error as InputError {
        #expect(error.message.contains(message), "\(error.message)")
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }

  @Test("define: built-in ids exactly, new ids once, the same definition again is fine")
  func define() throws {
    var menu = Menu.builtIn
    #expect(try menu.define(Menu.builtIn.donuts[3]) == false)
    var moon = Menu.builtIn.donuts[3]
    moon.name = "Moon"
    #expect(
      throws: MenuError(
        #"built-in donut 3 is "Cosmos", not "Moon" (ids 0...16 are the sample's donuts; a custom donut takes a new id)"#
      )
    ) {
      try menu.define(moon)
    }
    var plainCosmos = Menu.builtIn.donuts[3]
    plainCosmos.topping = nil
    #expect(throws: MenuError.self) { try menu.define(plainCosmos) }
    let maple = Donut(id: 20, name: "Maple", dough: Self.plain)
    #expect(try menu.define(maple) == true)
    #expect(try menu.define(maple) == false)
    #expect(menu.validIDs == "0...16, 20" && menu.custom.map(\.id) == [20])
    var other = maple
    other.name = "Other"
    #expect(throws: MenuError.self) { try menu.define(other) }
    #expect(menu.donut(id: 20)?.name == "Maple")
  }

  @Test("a menu with gaps: ids stay sorted, lookups by id, runs in messages")
  func gaps() {
    var menu = Menu.builtIn
    menu.insert(Donut(id: 19, name: "B", dough: Self.plain))
    menu.insert(Donut(id: 17, name: "A", dough: Self.plain))
    #expect(menu.donuts.map(\.id) == Array(0...17) + [19])
    #expect(menu.idRanges == [0...17, 19...19] && menu.validIDs == "0...17, 19")
    #expect(menu.idDescription == "integer 0...17, 19")
    #expect(!menu.contains(id: 18) && menu.donut(id: 19)?.name == "B")
    menu.remove(id: 17)
    #expect(menu.validIDs == "0...16, 19" && menu.donut(id: 19)?.name == "B")
    #expect(menu.add(key: "", name: "C", dough: Self.plain).id == 20)
  }

  @Test("popularity: most sold first, ties by id ascending (the gallery's sort), unsold last")
  func popularity() {
    let donuts = Menu.builtIn.donuts.prefix(5) + [Donut(id: 17, name: "Maple", dough: Self.plain)]
    let ranked = Popularity.ranked(Array(donuts), sales: [3: 5, 17: 5, 1: 9, 0: 0])
    #expect(ranked.map(\.id) == [1, 3, 17, 0, 2, 4])
  }

  @Test("popularity windows: today is the orders of the day; week adds the last 6 days of history")
  func popularityWindows() {
    let today = 20_786  // 2026-11-29
    let order = Order(
      id: "Order#1225", status: .placed, items: [OrderItem(donut: Menu.builtIn.donuts[3], quantity: 7)],
      city: "Cupertino", parkingSpot: "Apple Park", creationDate: today * 86_400 + 3600)
    let yesterday = Order(
      id: "Order#1226", status: .placed, items: [OrderItem(donut: Menu.builtIn.donuts[3], quantity: 2)],
      city: "Cupertino", parkingSpot: "Apple Park", creationDate: today * 86_400 - 3600)
    #expect(Popularity.sales(orders: [order, yesterday], timeframe: .today, today: today) == [3: 7])
    let week = Popularity.sales(orders: [order], timeframe: .week, today: today)
    var expected: [Int: Int] = [3: 7]
    for city in City.all {
      for entry in SalesHistory.daily(city: city, today: today).suffix(6) {
        for (id, n) in entry.summary.sales { expected[id, default: 0] += n }
      }
    }
    #expect(week == expected)
    var year: [Int: Int] = [:]
    for city in City.all {
      for entry in SalesHistory.monthly(city: city, today: today).suffix(12) {
        for (id, n) in entry.summary.sales { year[id, default: 0] += n }
      }
    }
    #expect(Popularity.sales(orders: [], timeframe: .year, today: today) == year)
    #expect(Popularity.Timeframe.year.firstDay(today: today) == 20_423)  // 2025-12-01
  }
}

@Suite("custom donuts on the command line", .serialized)
struct DonutCLITests {
  static let maple = [
    "--name", "Maple Dream", "--dough", "powdered", "--glaze", "none", "--topping", "sugar-lattice",
  ]

  func menuText(_ box: Sandbox) -> String { (try? String(contentsOfFile: box.menu, encoding: .utf8)) ?? "" }

  @Test("new: ids from 17, the record with ingredients and flavours; never an id twice, even after a removal")
  func newIDs() throws {
    let box = try Sandbox()
    let first = try box.run(["donut", "new"] + Self.maple, now: nil)
    #expect(first.status == 0, "\(first.err)")
    #expect(
      first.out
        == #"{"dough":"Powdered Dough","flavors":{"salty":1,"sweet":7,"bitter":0,"sour":0,"savory":1,"spicy":0},"id":17,"mostPotentFlavor":"sweet","name":"Maple Dream","topping":"Sugar Lattice","type":"donut"}"#
        + "\n")
    let second = try box.records(try box.run(["donut", "new", "--name", "Zesty"], now: nil).out)[0]
    // The sample's New Donut: plain, chocolate glaze, sprinkles.
    #expect(second["id"] as? Int == 18 && second["glaze"] as? String == "Chocolate Glaze")
    #expect(second["topping"] as? String == "Sprinkles" && second["dough"] as? String == "Plain")
    #expect(try box.run(["donut", "remove", "--yes", "18"], now: nil).status == 0)
    let third = try box.records(try box.run(["donut", "new", "--name", "Zesty"], now: nil).out)[0]
    #expect(third["id"] as? Int == 19)
    #expect(try box.run(["donut", "remove", "18"], now: nil).err.contains("donut 18 was removed"))
    let ids = try box.records(try box.run(["menu"], now: nil).out).map { $0["id"] as! Int }
    #expect(ids == Array(0...17) + [19])
  }

  @Test("remove asks as trips remove does: off a terminal it needs --yes (exit 64, the menu untouched)")
  func removeNeedsYes() throws {
    let box = try Sandbox()
    #expect(try box.run(["donut", "new"] + Self.maple, now: nil).status == 0)
    let before = menuText(box)
    let refused = try box.run(["donut", "remove", "17"], now: nil)
    #expect(refused.status == 64 && refused.out.isEmpty)
    #expect(refused.err.contains("stdin is not a terminal to ask on; nothing was removed"))
    #expect(refused.err.contains("give --yes to remove without asking"))
    // Piping an answer does not count as asking.
    let piped = try TestSupport.run(
      "orders", ["donut", "remove", "17"], stdin: Data("y\n".utf8),
      environment: ["SAMPLEPIPES_MENU": box.menu, "SAMPLEPIPES_ORDERS": box.store])
    #expect(piped.status == 64)
    #expect(menuText(box) == before)
    let yes = try box.run(["donut", "remove", "-y", "17"], now: nil)
    #expect(yes.status == 0 && yes.out.contains(#""type":"donut-removed""#), "\(yes.err)")
  }

  @Test("every refusal leaves the menu store byte for byte as it was, with its exit status")
  func refusals() throws {
    let box = try Sandbox()
    #expect(try box.run(["donut", "new"] + Self.maple, now: nil).status == 0)
    #expect(try box.run(["place", "--donut", "17x2"]).status == 0)
    let before = menuText(box)
    for (arguments, status, message) in [
      (["donut", "new", "--name", ""], 64, "--name: the name is empty"),
      (["donut", "new", "--name", String(repeating: "é", count: 41)], 64, "41 characters long"),
      (["donut", "new", "--name", "x", "--dough", "brioche"], 64, "unknown dough 'brioche'"),
      (["donut", "new", "--name", "x", "--glaze", "chocolat"], 64, "did you mean 'Chocolate Glaze'?"),
      (["donut", "new", "--name", "x", "--dough", "none"], 64, "unknown dough 'none'"),
      (["donut", "new", "--name", "maple dream"], 1, #"donut 17 is already named "Maple Dream""#),
      (["donut", "new", "--name", "the classic"], 1, #"donut 0 is already named "The Classic""#),
      (["donut", "remove", "3"], 1, #"donut 3 "Cosmos" is built in"#),
      (["donut", "edit", "3", "--name", "Moon"], 1, "built in"),
      (["donut", "remove", "17"], 1, "is named in 1 order of the store"),
      (["donut", "edit", "17", "--name", "Maple Night"], 1, "cannot be renamed"),
      (["donut", "edit", "17"], 64, "give what to change"),
      (["donut", "remove", "42"], 1, "no custom donut 42"),
      (["donut", "remove", "x"], 64, "unknown donut 'x'"),
      (["donut", "remove", "-1"], 64, "'-1' is not a donut id"),
      (["donut", "edit", "maple dreem", "--glaze", "none"], 64, "did you mean 'Maple Dream'?"),
      (["donut", "remove", "cosmos"], 1, #"donut 3 "Cosmos" is built in"#),
    ] {
      let result = try box.run(arguments, now: nil)
      #expect(result.status == Int32(status), "\(arguments): \(result.err)")
      #expect(result.err.contains(message), "\(arguments): \(result.err)")
      #expect(result.out.isEmpty)
      #expect(menuText(box) == before, "\(arguments)")
    }
    // Its ingredients may change although orders name it; the record keeps unknown fields.
    let edited = try box.run(["donut", "edit", "17", "--glaze", "rainbow"], now: nil)
    #expect(edited.status == 0 && edited.out.contains(#""glaze":"Rainbow Glaze""#))
  }

  @Test("a donut that a feed post names is neither removed nor renamed; posts take custom donuts")
  func feedPosts() throws {
    let box = try Sandbox()
    #expect(try box.run(["donut", "new"] + Self.maple, now: nil).status == 0)
    #expect(try box.run(["donut", "new", "--name", "Zesty"], now: nil).status == 0)
    let post = try box.run(["feed", "post", "--donut", "17", "--message", "Mine!", "--tag", "donut:18"])
    #expect(post.status == 0, "\(post.err)")
    #expect(post.out.contains(#""favoriteDonut":{"id":17,"name":"Maple Dream"}"#))
    #expect(post.out.contains(#"{"donut":18,"kind":"donut","title":"Zesty"}"#))
    let before = menuText(box)
    for (arguments, message) in [
      (["donut", "remove", "17"], "is named in 1 post of the store"),
      (["donut", "remove", "18"], "is named in 1 post of the store"),
      (["donut", "edit", "18", "--name", "Zest"], "cannot be renamed"),
    ] {
      let result = try box.run(arguments, now: nil)
      #expect(result.status == 1 && result.err.contains(message), "\(arguments): \(result.err)")
      #expect(menuText(box) == before)
    }
    #expect(try box.run(["feed", "--donut", "18"]).out.contains(#""id":"own-1""#))
    let unknown = try box.run(["feed", "post", "--donut", "19", "--message", "Hm"])
    #expect(unknown.status == 64 && unknown.err.contains("unknown donut id 19 in '--donut 19'"))
    #expect(unknown.err.contains("17 Maple Dream, 18 Zesty"))
  }

  @Test("edit keeps the fields it does not know; a rename of an unordered donut is written")
  func editKeepsFields() throws {
    let box = try Sandbox()
    let record =
      #"{"dough":"Plain","flavors":{"salty":2,"sweet":5,"bitter":2,"sour":0,"savory":6,"spicy":0},"glaze":"Chocolate Glaze","id":17,"mostPotentFlavor":"savory","name":"Mine","note":"keep me","topping":"Sprinkles","type":"donut"}"#
    try (record + "\n").write(toFile: box.menu, atomically: true, encoding: .utf8)
    let result = try box.run(["donut", "edit", "17", "--name", "Ours", "--topping", "none"], now: nil)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      menuText(box)
        == #"{"dough":"Plain","flavors":{"salty":2,"sweet":2,"bitter":2,"sour":0,"savory":4,"spicy":0},"glaze":"Chocolate Glaze","id":17,"mostPotentFlavor":"savory","name":"Ours","note":"keep me","type":"donut"}"#
        + "\n")
  }

  @Test("a menu store with a bad line is reported with its line (exit 65) and never changed")
  func badStore() throws {
    let box = try Sandbox()
    let lines = [
      #"{"dough":"Plain","flavors":{"salty":2,"sweet":5,"bitter":2,"sour":0,"savory":6,"spicy":0},"glaze":"Chocolate Glaze","id":17,"mostPotentFlavor":"savory","name":"Mine","topping":"Sprinkles","type":"donut"}"#,
      #"{"dough":"Plain","flavors":{"salty":2,"sweet":5,"bitter":2,"sour":0,"savory":6,"spicy":0},"glaze":"Chocolate Glaze","id":3,"mostPotentFlavor":"savory","name":"Mine","topping":"Sprinkles","type":"donut"}"#,
      #"{"id":17,"name":"Mine","type":"donut-removed"}"#,
      #"{"dough":"Plain","flavors":{"salty":2,"sweet":5"#,
    ]
    for (bad, message) in [
      (lines[1], "donut 3 is a built-in id"), (lines[2], "donut 17 is given twice, lines 1 and 2"),
      (lines[3], "line 2"),
    ] {
      let text = lines[0] + "\n" + bad + "\n"
      try text.write(toFile: box.menu, atomically: true, encoding: .utf8)
      for arguments in [
        ["donut", "new", "--name", "x"], ["menu"], ["place", "--donut", "17", "--now", Sandbox.now],
      ] {
        let result = try box.run(arguments, now: nil)
        #expect(result.status == 65, "\(arguments)")
        #expect(result.err.contains(message) && result.err.contains("menu.jsonl' line 2"), "\(result.err)")
      }
      #expect(menuText(box) == text)
    }
  }

  @Test("orders of custom donuts: placed, listed, searched, shown, moved on; the item is the custom name")
  func ordersOfCustomDonuts() throws {
    let box = try Sandbox()
    #expect(try box.run(["donut", "new"] + Self.maple, now: nil).status == 0)
    let placed = try box.run(["place", "--donut", "17x3", "--donut", "0"])
    #expect(placed.out.contains(#""items":[{"donut":17,"name":"Maple Dream","quantity":3},{"donut":0"#))
    #expect(try box.run(["list", "--search", "maple"]).out.contains("Order#1225"))
    #expect(try box.run(["show", "1225", "--format", "text"]).out.contains("3 × Maple Dream"))
    #expect(try box.run(["next", "1225"]).status == 0)
    // Without the menu store, the orders of a custom donut cannot be read: said, not guessed.
    let lost = try box.run(["list"], environment: ["SAMPLEPIPES_MENU": box.folder.path + "/none.jsonl"])
    #expect(lost.status == 65 && lost.err.contains("names unknown donut id 17"))
    #expect(lost.err.contains("custom donuts are read from the menu store $SAMPLEPIPES_MENU"))
  }

  @Test("menu: searches and sorts include custom donuts; text escapes their names")
  func menu() throws {
    let box = try Sandbox()
    #expect(
      try box.run(
        [
          "donut", "new", "--name", "Aa \u{1B}[31m", "--dough", "lemonade", "--glaze", "none", "--topping",
          "none",
        ], now: nil
      ).status == 0)
    let byName = try box.run(["menu", "--sort", "name", "--format", "text"], now: nil)
    #expect(byName.out.hasPrefix("17  Aa \\u{1B}[31m"))
    #expect(byName.out.split(separator: "\n")[0].hasSuffix("$5.78  sour    Lemonade"))
    #expect(
      try box.run(["menu", "--search", "lemonade", "--format", "text"], now: nil).out.contains("17  Aa"))
    #expect(
      try box.run(["menu", "--sort", "flavor:sour", "--format", "text"], now: nil).out.contains("17  Aa"))
    let json = try box.run(["menu", "--search", "aa"], now: nil).out
    #expect(json.contains(#""name":"Aa \u001b[31m""#))
  }

  @Test("popularity:T ranks as sales-chart counts orders and history over T (ties by id ascending)")
  func popularityMatchesTheChart() throws {
    let box = try Sandbox()
    #expect(try box.run(["donut", "new"] + Self.maple, now: nil).status == 0)
    #expect(try box.run(["place", "--donut", "17x40"]).status == 0)
    let menu = try box.run(["menu"]).stdout
    let orders = try box.run(["list"]).stdout
    for timeframe in ["today", "week", "month", "year"] {
      let history = try box.run(["history"] + (timeframe == "year" ? ["--months", "13"] : [])).stdout
      let chart = try TestSupport.run(
        "sales-chart", ["--now", Sandbox.now, "-t", timeframe, "-n", "18", "-f", "json"],
        stdin: menu + orders + history)
      #expect(chart.status == 0, "\(chart.err)")
      // The chart's ranking with its ties put in the gallery's order (lower id first).
      let bars = try box.records(chart.out).map { ($0["sales"] as! Int, $0["donut"] as! Int) }
      let expected = bars.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }.map(\.1)
      let sorted = try box.records(try box.run(["menu", "--sort", "popularity:\(timeframe)"]).out)
        .map { $0["id"] as! Int }
      #expect(Array(sorted.prefix(expected.count)) == expected, "\(timeframe)")
      #expect(Set(sorted) == Set(0...17), "every donut is listed, sold or not")
    }
    #expect(try box.run(["menu", "--sort", "popularity:today"]).out.hasPrefix(#"{"dough":"Powdered Dough""#))
  }

  @Test("eight donuts made at once get eight different ids, and the store holds them all")
  func concurrentNew() throws {
    let box = try Sandbox()
    let processes = try (0..<8).map { i in
      try Faults.start(
        "orders", ["donut", "new", "--name", "Donut \(i)"], in: box.folder, name: "new\(i)",
        environment: ["SAMPLEPIPES_MENU": box.menu])
    }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let ids = try (0..<8).map { i in
      let out = try String(contentsOf: box.folder.appendingPathComponent("new\(i).out"), encoding: .utf8)
      return try box.records(out)[0]["id"] as! Int
    }
    #expect(Set(ids) == Set(17...24))
    #expect(try box.records(menuText(box)).count == 8)
  }

  @Test("place waits while the menu store is locked for a change (a removal cannot slip in)")
  func placePinsTheMenu() throws {
    let box = try Sandbox()
    #expect(try box.run(["donut", "new"] + Self.maple, now: nil).status == 0)
    let lock = try #require(Faults.holdLock(box.menu + ".lock"))
    let process = try Faults.start(
      "orders", ["place", "--donut", "17", "--now", Sandbox.now], in: box.folder, name: "place",
      environment: ["SAMPLEPIPES_ORDERS": box.store, "SAMPLEPIPES_MENU": box.menu])
    usleep(400_000)
    #expect(process.isRunning)
    #expect(!box.storeText.contains("Maple Dream"))
    close(lock)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(box.storeText.contains(#"{"donut":17,"name":"Maple Dream","quantity":1}"#))
  }
}
