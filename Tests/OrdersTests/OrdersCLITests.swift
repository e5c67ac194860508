import Foundation
import TestSupport
import Testing

/// Runs the built `orders` with a store in a fresh folder.
struct Sandbox {
  let folder: URL
  var store: String { folder.appendingPathComponent("orders.jsonl").path }
  var menu: String { folder.appendingPathComponent("menu.jsonl").path }
  static let now = "2026-11-29T10:30:00Z"

  init() throws { folder = try TestSupport.temporaryDirectory() }

  func run(_ arguments: [String], now: String? = Sandbox.now, environment: [String: String] = [:]) throws
    -> TestSupport.Result
  {
    var arguments = arguments
    if let now { arguments += ["--now", now] }
    var env = [
      "SAMPLEPIPES_ORDERS": store, "SAMPLEPIPES_MENU": menu,
      "SAMPLEPIPES_FEED": folder.appendingPathComponent("feed.jsonl").path, "TZ": "UTC", "COLUMNS": "80",
    ]
    for (k, v) in environment { env[k] = v }
    return try TestSupport.run("orders", arguments, environment: env)
  }

  func records(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  var storeText: String { (try? String(contentsOfFile: store, encoding: .utf8)) ?? "" }
}

@Suite("orders on the command line", .serialized)
struct OrdersCLITests {
  @Test("the store is created on first use with the 24 starting orders, oldest first")
  func seeded() throws {
    let box = try Sandbox()
    let result = try box.run(["list"])
    #expect(result.status == 0)
    let ids = try box.records(result.out).map { $0["id"] as! String }
    #expect(ids == (1...24).map { sampleID($0) })
    // The store holds the same orders as 'orders generate' (in creation order).
    let generated = try box.run(["generate"])
    #expect(generated.out.split(separator: "\n").reversed() == box.storeText.split(separator: "\n"))
  }

  @Test("--store, the environment variable and XDG_DATA_HOME choose the store")
  func storeLocation() throws {
    let box = try Sandbox()
    let explicit = box.folder.appendingPathComponent("elsewhere/mine.jsonl").path
    #expect(try box.run(["place", "--donut", "1", "--store", explicit]).status == 0)
    #expect(FileManager.default.fileExists(atPath: explicit))
    #expect(!FileManager.default.fileExists(atPath: box.store))
    let data = box.folder.appendingPathComponent("xdg")
    let result = try TestSupport.run(
      "orders", ["recent", "-n", "1", "--now", Sandbox.now],
      environment: ["XDG_DATA_HOME": data.path, "SAMPLEPIPES_ORDERS": ""])
    #expect(result.status == 0)
    #expect(
      FileManager.default.fileExists(atPath: data.appendingPathComponent("samplepipes/orders.jsonl").path))
  }

  @Test("place: the next id, the donuts in the order given, 5.78 each; recent shows it first")
  func place() throws {
    let box = try Sandbox()
    let placed = try box.run(["place", "--donut", "3x2", "--donut", "0", "--donut", "3"])
    #expect(placed.status == 0, "\(placed.err)")
    let order = try box.records(placed.out)[0]
    #expect(order["id"] as? String == "Order#1225")
    #expect(order["status"] as? String == "placed")
    #expect(order["totalSales"] as? Int == 4)
    #expect(placed.out.contains(#""grandTotal":23.12,"#))
    #expect(
      placed.out.contains(
        #""items":[{"donut":3,"name":"Cosmos","quantity":3},{"donut":0,"name":"The Classic","quantity":1}]"#))
    #expect(order["city"] as? String == "Cupertino" && order["parkingSpot"] as? String == "Apple Park")
    let second = try box.run(
      ["place", "-d", "13x6", "--spot", "ferry building"], now: "2026-11-29T10:31:00Z")
    #expect(
      second.out.contains(#""city":"San Francisco","#)
        && second.out.contains(#""parkingSpot":"Ferry Building","#))
    let recent = try box.run(["recent", "-n", "3"])
    #expect(
      try box.records(recent.out).map { $0["id"] as! String } == ["Order#1226", "Order#1225", "Order#1224"])
    let text = try box.run(["recent", "-n", "2", "--format", "text"], now: "2026-11-29T12:00:00Z")
    #expect(
      text.out == """
        Order#1226   6 donuts  Placed     10:31 AM UTC  Fire Zest
        Order#1225   4 donuts  Placed     10:30 AM UTC  Cosmos, The Classic
        Order#1226 · ◎ 6 donuts

        """)
  }

  @Test("an unknown donut id or name lists the menu (exit 64); nothing is placed")
  func unknownDonut() throws {
    let box = try Sandbox()
    let result = try box.run(["place", "--donut", "17x2"])
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("orders: error: unknown donut id 17 in '--donut 17x2'\n"))
    #expect(result.err.contains("orders: valid donuts (id or name): 0 The Classic, 1 Blueberry Frosted, "))
    #expect(result.err.contains("16 Nighttime"))
    #expect(result.out.isEmpty)
    let typo = try box.run(["place", "--donut", "cosmso"])
    #expect(typo.status == 64)
    #expect(
      typo.err.hasPrefix(
        "orders: error: unknown donut 'cosmso' in '--donut cosmso'\norders: did you mean 'Cosmos'?\n"))
    #expect(try box.run(["place", "--donut", "3x0"]).status == 64)
    #expect(try box.run(["place"]).status == 64)
    #expect(try box.run(["place", "--donut", "1", "--city", "Paris"]).status == 64)
    #expect(
      try box.run(["place", "--donut", "1", "--city", "London", "--spot", "Coit Tower"]).err.contains(
        "Coit Tower is in San Francisco, not in London"))
    #expect(box.storeText.isEmpty)
  }

  @Test("an unknown order id says so and suggests 'orders list' (exit 1)")
  func unknownOrder() throws {
    let box = try Sandbox()
    for command in ["show", "next", "complete"] {
      let result = try box.run([command, "1299"])
      #expect(result.status == 1)
      #expect(
        result.err
          == "orders: error: no order Order#1299 in the store '\(box.store)'\norders: see 'orders list' for the orders there\n"
      )
    }
    #expect(try box.run(["show", "not an id"]).status == 64)
  }

  @Test("next: placed → preparing (60 s timer) → ready → completed, then explains why not (exit 1)")
  func nextFlow() throws {
    let box = try Sandbox()
    let preparing = try box.records(try box.run(["next", "Order#1224"]).out)[0]
    #expect(preparing["status"] as? String == "preparing")
    let preparation = preparing["preparation"] as! [String: String]
    #expect(
      preparation == [
        "start": "2026-11-29T10:30:00Z", "end": "2026-11-29T10:31:00Z", "staleDate": "2026-11-29T10:32:00Z",
      ])
    // The Live Activity goes on through ready, and ends when the order completes.
    let ready = try box.records(try box.run(["next", "1224"], now: "2026-11-29T10:31:05Z").out)[0]
    #expect(ready["status"] as? String == "ready" && ready["preparation"] as? [String: String] == preparation)
    let completed = try box.records(
      try box.run(["next", "foodtruck://order/1224"], now: "2026-11-29T10:33:00Z").out)[0]
    #expect(completed["status"] as? String == "completed" && completed["preparation"] == nil)
    #expect(completed["completionDate"] as? String == "2026-11-29T10:33:00Z")
    let refused = try box.run(["next", "1224"])
    #expect(refused.status == 1)
    #expect(
      refused.err.hasPrefix(
        "orders: error: Order#1224 is already completed at 10:33 AM UTC; it has no next step\n"))
    #expect(try box.run(["complete", "1224"]).status == 1)
    // The store holds the completed order in its place, keys still sorted.
    let line = box.storeText.split(separator: "\n").first { $0.contains("Order#1224") }!
    #expect(line.hasPrefix(#"{"city":"Cupertino","completionDate":"2026-11-29T10:33:00Z","creationDate":"#))
  }

  @Test("several ids change together or not at all")
  func atomicBatch() throws {
    let box = try Sandbox()
    #expect(try box.run(["complete", "1201"]).status == 0)
    let before = box.storeText
    let result = try box.run(["next", "1202", "1201"])
    #expect(result.status == 1 && result.out.isEmpty)
    #expect(box.storeText == before)
    #expect(try box.run(["next", "1203", "1203"]).status == 64)
  }

  @Test("unknown fields and their order survive a status change")
  func keepsUnknownFields() throws {
    let box = try Sandbox()
    _ = try box.run(["list"])
    let text = box.storeText.replacingOccurrences(
      of: #""id":"Order#1210","#,
      with: #""id":"Order#1210","note":"extra hot","big":123456789012345678901234567890,"#)
    try text.write(toFile: box.store, atomically: true, encoding: .utf8)
    let result = try box.run(["complete", "1210"])
    #expect(result.out.contains(#""note":"extra hot","big":123456789012345678901234567890,"#))
    #expect(box.storeText.contains(#""note":"extra hot","big":123456789012345678901234567890,"#))
  }

  @Test("list filters by status and search; show accepts every id form")
  func listAndShow() throws {
    let box = try Sandbox()
    let placed = try box.records(try box.run(["list", "--status", "placed"]).out)
    #expect(placed.count == 9)
    let search = try box.run(["list", "--search", "lemon", "--format", "text"])
    #expect(search.status == 0 && !search.out.isEmpty)
    let forms = try ["Order#1203", "1203", "foodtruck://order/1203"].map { try box.run(["show", $0]).out }
    #expect(Set(forms).count == 1 && forms[0].contains(#""id":"Order#1203""#))
    #expect(try box.run(["list", "--status", "cooking"]).status == 64)
  }

  @Test(
    "eight processes placing 25 orders each (8 in the default run) at once lose none and share no id; readers see whole lines"
  )
  func concurrentPlacement() throws {
    let box = try Sandbox()
    let each = Campaign.size(small: 8, full: 25)
    let script = """
      orders list --now \(Sandbox.now) >/dev/null
      for p in 1 2 3 4 5 6 7 8; do
        (for i in $(seq \(each)); do orders place --donut $p --now \(Sandbox.now) >/dev/null || echo FAIL; done) &
      done
      # Readers meanwhile never see half an appended line.
      (for i in $(seq 30); do orders recent --now \(Sandbox.now) >/dev/null || echo READFAIL; done) &
      wait
      """
    let result = try TestSupport.shell(script, environment: ["SAMPLEPIPES_ORDERS": box.store])
    #expect(!result.out.contains("FAIL"), "\(result.out) \(result.err)")
    let list = try box.records(try box.run(["list"]).out)
    let ids = list.map { $0["id"] as! String }
    #expect(ids.count == 24 + 8 * each)
    #expect(Set(ids).count == 24 + 8 * each)
    #expect(Set(ids.dropFirst(24)) == Set((25...(24 + 8 * each)).map { "Order#12\($0)" }))
    for p in 1...8 {
      #expect(
        list.dropFirst(24).filter { (($0["items"] as! [[String: Any]])[0]["donut"] as! Int) == p }.count
          == each
      )
    }
  }

  @Test("processes killed while writing leave a store that 'orders list' reads")
  func killedWriters() throws {
    let box = try Sandbox()
    _ = try box.run(["list"])
    // Kill writers (appends and atomic rewrites) at many different moments.
    let script = """
      for i in $(seq \(Campaign.size(small: 10, full: 40))); do
        orders place --donut 2x3 --now \(Sandbox.now) >/dev/null 2>&1 & a=$!
        orders next 12$(( (i % 20) + 10 )) --now \(Sandbox.now) >/dev/null 2>&1 & b=$!
        sleep 0.0$(( RANDOM % 10 )); kill -9 $a $b 2>/dev/null; wait $a $b 2>/dev/null
        orders list --now \(Sandbox.now) >/dev/null || { echo "BROKEN after $i"; exit 1; }
      done; echo survived
      """
    let result = try TestSupport.shell(script, environment: ["SAMPLEPIPES_ORDERS": box.store])
    #expect(result.out.contains("survived"), "\(result.out) \(result.err)")
    let list = try box.run(["list"])
    #expect(list.status == 0)
    let ids = try box.records(list.out).map { $0["id"] as! String }
    #expect(Set(ids).count == ids.count)
  }

  @Test("a torn last line is reported, not dropped or passed on, and the store is not changed")
  func tornLine() throws {
    let box = try Sandbox()
    _ = try box.run(["list"])
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: box.store))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"type":"order","id":"Order#12"#.utf8))
    try handle.close()
    let before = box.storeText
    for arguments in [["list"], ["place", "--donut", "1"], ["next", "1224"], ["recent"]] {
      let result = try box.run(arguments)
      #expect(result.status == 65)
      #expect(result.err.contains("line 25 is incomplete (a write was interrupted?); nothing was changed"))
      #expect(result.out.isEmpty)
    }
    #expect(box.storeText == before)
  }

  @Test("a store line that is not a valid order is reported with its line; the store is not changed")
  func badStoreLine() throws {
    let box = try Sandbox()
    _ = try box.run(["list"])
    let text = box.storeText.replacingOccurrences(of: #""status":"ready""#, with: #""status":"lost""#)
    try text.write(toFile: box.store, atomically: true, encoding: .utf8)
    let result = try box.run(["list"])
    #expect(result.status == 65)
    #expect(
      result.err.contains(#"line 1: "status" must be one of placed, preparing, ready, completed, not "lost""#)
    )
    #expect(try box.run(["complete", "1201"]).status == 65)
    #expect(box.storeText == text)
  }

  @Test("generate streams any count; history and stream are repeatable with --now")
  func generators() throws {
    let box = try Sandbox()
    let many = try TestSupport.shell("orders generate --count 30000 --now \(Sandbox.now) | tail -n 1")
    #expect(many.out.contains(#""id":"Order#1201""#))
    let count = try TestSupport.shell("orders generate --count 1000 --now \(Sandbox.now) | wc -l")
    #expect(count.out.trimmingCharacters(in: .whitespacesAndNewlines) == "1000")
    let history = try box.run(["history", "--days", "7", "--city", "london"])
    let days = try box.records(history.out)
    #expect(days.map { $0["date"] as! String } == (22...28).map { "2026-11-\($0)" })
    #expect(try box.run(["history", "--days", "61"]).status == 64)
    // Days and months in one call: the year view's records and the week's, each city's together.
    let both = try box.records(
      try box.run(["history", "--days", "7", "--months", "2", "--city", "london"]).out)
    #expect(both.map { $0["period"] as! String } == Array(repeating: "day", count: 7) + ["month", "month"])
    let stream = try box.run(["stream", "--count", "3", "--speed", "1000"])
    let orders = try box.records(stream.out)
    #expect(orders.map { $0["id"] as! String } == ["Order#1225", "Order#1226", "Order#1227"])
    #expect(try box.run(["stream", "--count", "3", "--speed", "1000"]).out == stream.out)
  }

  @Test("watch counts down, then raises the notice no timer raised, says it on stderr and calls notify-send")
  func watch() throws {
    let box = try Sandbox()
    let bin = box.folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let log = box.folder.appendingPathComponent("notified.txt").path
    // Its --help (the probe for --action) lists no actions and is not logged.
    try TestSupport.writeExecutable(
      "#!/bin/sh\n[ \"$1\" = --help ] && exit 0\nprintf '%s|' \"$@\" >> '\(log)'\n",
      to: bin.appendingPathComponent("notify-send"))
    let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    _ = try box.run(["next", "1224"])
    let result = try box.run(
      ["watch", "--until-done", "--step", "20"], now: "2026-11-29T10:30:05Z", environment: ["PATH": path])
    #expect(result.status == 0)
    #expect(
      result.err == """
        orders: Order#1224 · 6 donuts · 0:55 remaining
        orders: Order#1224 · 6 donuts · 0:35 remaining
        orders: Order#1224 · 6 donuts · 0:15 remaining
        orders: Order#1224 · 6 donuts · done at 10:31 AM UTC
        orders: Order#1224: Donuts are done! Time to take them out of the oven.

        """)
    // Dated at the end of the preparation (10:31:00), not at the step that raised it (10:31:05).
    let notice =
      #"{"body":"Time to take them out of the oven.","date":"2026-11-29T10:31:00Z","order":"Order#1224","preparationStart":"2026-11-29T10:30:00Z","title":"Donuts are done!","type":"notice","url":"foodtruck://order/1224"}"#
      + "\n"
    #expect(result.out == notice)
    // It is in the notice store beside the order store, once.
    let stored = try? String(
      contentsOfFile: box.folder.appendingPathComponent("orders.notices.jsonl").path, encoding: .utf8)
    #expect(stored == notice)
    #expect(
      (try? String(contentsOfFile: log, encoding: .utf8))
        == "Donuts are done!|Time to take them out of the oven.|")
    let quiet = try box.run(
      ["watch", "--once", "--no-notify"], now: "2026-11-29T10:40:00Z", environment: ["PATH": path])
    #expect(
      quiet.err == "orders: Order#1224 · 6 donuts · done at 10:31 AM UTC · stale since 10:32 AM UTC\n"
        && quiet.out.isEmpty)
  }

  @Test("every command has help; a missing or unknown command is a usage error")
  func help() throws {
    for command in [
      "menu", "generate", "history", "stream", "place", "list", "recent", "show", "next", "complete", "watch",
      "notices",
    ] {
      let result = try TestSupport.run("orders", [command, "--help"])
      #expect(result.status == 0 && result.out.contains("EXAMPLES"))
    }
    #expect(try TestSupport.run("orders", []).status == 64)
    #expect(try TestSupport.run("orders", ["lsit"]).err.contains("did you mean 'list'?"))
  }

  @Test("menu: search in names and ingredients; sort by flavour")
  func menu() throws {
    let box = try Sandbox()
    // Lemon: Lemonade dough (11, 12, 13, 15), Lemon Spread (12), Lemon Lines (5, 11), from the domain tables.
    let lemon = try box.records(try box.run(["menu", "--search", "LEMON"], now: nil).out).map {
      $0["id"] as! Int
    }
    #expect(lemon == [5, 11, 12, 13, 15])
    let spicy = try box.records(try box.run(["menu", "--sort", "flavor:spicy"], now: nil).out)
    #expect(spicy.prefix(2).map { $0["name"] as! String } == ["Fire Zest", "Custard"])
    #expect(try box.run(["menu", "--sort", "flavor:umami"], now: nil).status == 64)
  }
}
