import FoodTruckKit
import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

@testable import OrdersCommand

@Suite("the social feed")
struct FeedTests {
  static let now = ISODate.parse("2026-11-29T18:00:00Z")!

  @Test("the sample's seven posts, then the three highlighted ones, in its order, with its tags")
  func samplePosts() {
    let posts = SocialFeed.samplePosts(now: Self.now, seed: 1, plus: true)
    #expect(posts.map(\.id) == (1...7).map { "standard-\($0)" } + (1...3).map { "highlighted-\($0)" })
    #expect(posts.map(\.favoriteDonutName).prefix(3) == ["The Classic", "Black Raspberry", "Daytime"])
    #expect(posts[0].message == "I can't wait for the Food Truck to make its way to London!")
    #expect(posts[0].tags == [.city("London"), .title("I'm waiting..."), .title("One of these days!")])
    #expect(
      posts[1].tags == [
        .donut(id: 5, name: "Lemon Chocolate"), .title("Chocolate!!!"),
        .donut(id: 9, name: "Powdered Chocolate"),
        .city("San Francisco"),
      ])
    #expect(posts[9].favoriteDonutName == "Fire Zest" && posts[9].tags.count == 5)
    #expect(SocialFeed.samplePosts(now: Self.now, seed: 1, plus: false).count == 7)
  }

  @Test("each section starts at now; each post is 5 to 30 minutes older than the one before")
  func dates() {
    for seed in [1, 2, 99] {
      let posts = SocialFeed.samplePosts(now: Self.now, seed: seed, plus: true)
      for section in [FeedPost.Kind.standard, .highlighted] {
        var previous = Self.now
        for post in posts where post.kind == section {
          let gap = previous - post.date
          #expect((299...1801).contains(gap), "seed \(seed): \(post.id) is \(gap) s older")
          previous = post.date
        }
      }
    }
  }

  @Test("dates repeat for a seed, differ between seeds, and --plus never moves the standard posts")
  func seeded() {
    let one = SocialFeed.samplePosts(now: Self.now, seed: 1, plus: false)
    #expect(one == SocialFeed.samplePosts(now: Self.now, seed: 1, plus: false))
    #expect(one.map(\.date) != SocialFeed.samplePosts(now: Self.now, seed: 2, plus: false).map(\.date))
    #expect(one == Array(SocialFeed.samplePosts(now: Self.now, seed: 1, plus: true).prefix(7)))
  }

  @Test("the truck card's 16 trending topics, in the sample's order")
  func trending() {
    let tags = SocialFeed.trending
    #expect(tags.count == 16)
    #expect(tags.first == .donut(id: 9, name: "Powdered Chocolate"))
    #expect(tags[4] == .city("San Francisco"))
    #expect(tags.last == .title("Donut vs Doughnut"))
    #expect(tags.filter { $0.kind == "city" }.map(\.title) == ["San Francisco", "Cupertino", "London"])
  }

  @Test("newest first; at the same second own posts, then highlighted, then standard ones")
  func order() throws {
    let donut = try #require(Menu.builtIn.donut(id: 0))
    func post(_ id: String, _ kind: FeedPost.Kind, _ date: Int) -> FeedPost {
      FeedPost(id: id, kind: kind, favoriteDonut: donut, message: "m", date: date, tags: [])
    }
    let sorted = SocialFeed.newestFirst([
      post("standard-1", .standard, 10), post("highlighted-1", .highlighted, 10), post("own-1", .own, 10),
      post("own-2", .own, 10), post("standard-2", .standard, 20),
    ])
    #expect(sorted.map(\.id) == ["standard-2", "own-2", "own-1", "highlighted-1", "standard-1"])
  }

  @Test("a post record reads back as the same post")
  func roundTrip() throws {
    for post in SocialFeed.samplePosts(now: Self.now, seed: 3, plus: true) {
      var bytes: [UInt8] = []
      JSONWriter.append(post.record, to: &bytes)
      #expect(try FeedPost(record: Record(bytes: bytes), menu: .builtIn) == post)
    }
  }

  @Test(
    "a post record that breaks a rule is an error naming its line",
    arguments: [
      (#""favoriteDonut":{"id":99,"name":"Ghost"}"#, "unknown donut id 99"),
      (#""favoriteDonut":{"id":3,"name":"Comet"}"#, #"but donut 3 is "Cosmos""#),
      (#""kind":"secret""#, "\"kind\" must be one of standard, highlighted, own"),
      (#""message":"""#, "\"message\" is empty"),
      (#""tags":[{"kind":"city","city":"Paris","title":"Paris"}]"#, "unknown city \"Paris\""),
      (#""tags":[{"kind":"donut","donut":3,"title":"Comet"}]"#, #"but donut 3 is "Cosmos""#),
      (#""tags":[{"kind":"hashtag","title":"x"}]"#, "\"tags[0].kind\" must be one of title, donut, city"),
      (#""date":"yesterday""#, "\"date\""),
    ])
  func badRecords(change: String, message: String) throws {
    let base: [String: String] = [
      "date": #""date":"2026-11-29T17:00:00Z""#,
      "favoriteDonut": #""favoriteDonut":{"id":3,"name":"Cosmos"}"#,
      "kind": #""kind":"own""#, "message": #""message":"hi""#, "tags": #""tags":[]"#,
    ]
    let key = String(change.dropFirst().prefix { $0 != "\"" })
    var members = base
    members[key] = change
    let text =
      "{\"type\":\"post\",\"id\":\"own-1\","
      + members.keys.sorted().map { members[$0]! }.joined(separator: ",") + "}"
    let record = try Record(bytes: Array(text.utf8), source: "store 'feed.jsonl'", line: 4)
    let error = #expect(throws: InputError.self) { try FeedPost(record: record, menu: .builtIn) }
    #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("line 4") == true)
  }

  @Test("over-long messages and too many tags are refused when read, too")
  func limits() throws {
    let long = String(repeating: "a", count: FeedPost.maxMessageLength + 1)
    let tags = Array(repeating: #"{"kind":"title","title":"t"}"#, count: FeedPost.maxTags + 1).joined(
      separator: ",")
    for (message, tagList) in [(long, ""), ("hi", tags)] {
      let text =
        #"{"date":"2026-11-29T17:00:00Z","favoriteDonut":{"id":3,"name":"Cosmos"},"id":"own-1","kind":"own","message":"#
        + "\"\(message)\",\"tags\":[\(tagList)],\"type\":\"post\"}"
      #expect(throws: InputError.self) {
        try FeedPost(record: Record(bytes: Array(text.utf8)), menu: .builtIn)
      }
    }
  }

  @Test("text: chips by kind with data escaped; long words cut; lines wrapped at the width")
  func text() {
    #expect(FeedText.chip(.title("Space")) == "# Space")
    #expect(FeedText.chip(.donut(id: 3, name: "Cosmos")) == "◉ Cosmos")
    #expect(FeedText.chip(.city("London")) == "⌂ London")
    #expect(FeedText.chip(.title("a\u{1B}[2Jb")) == "# a\\u{1B}[2Jb")
    #expect(FeedText.wrap(["aa", "bb", "cc"], width: 5, gap: " ") == ["aa bb", "cc"])
    #expect(FeedText.wrap(["abcdefg", "i"], width: 3, gap: " ") == ["abc", "def", "g i"])
    #expect(FeedText.wrap(["abcdefgh", "i"], width: 3, gap: " ") == ["abc", "def", "gh", "i"])
  }

  @Test("orders feed post, then orders feed shows it first; a broken store is refused and kept")
  func postAndRead() throws {
    let folder = try TestSupport.temporaryDirectory()
    let store = folder.appendingPathComponent("feed.jsonl").path
    let posted = TestSupport.runInProcess(
      Orders.command,
      [
        "feed", "post", "--donut", "3", "--message", "Cosmos!", "--tag", "donut:5", "--feed", store, "--now",
        "2026-11-29T17:59:00Z",
      ])
    #expect(posted.status == 0, "\(posted.err)")
    #expect(posted.out.contains(#""id":"own-1","kind":"own","message":"Cosmos!""#))
    let feed = TestSupport.runInProcess(
      Orders.command, ["feed", "--donut", "5", "--feed", store, "--now", "2026-11-29T18:00:00Z"])
    #expect(feed.out.split(separator: "\n").map { $0.contains(#""id":"own-1""#) } == [true, false])
    let before = try String(contentsOfFile: store, encoding: .utf8)
    try (before + "{\"type\":\"post\"}\n").write(toFile: store, atomically: true, encoding: .utf8)
    let refused = TestSupport.runInProcess(
      Orders.command, ["feed", "post", "--donut", "1", "--message", "Hi", "--feed", store])
    #expect(refused.status == 65)
    #expect(refused.err.contains("line 2"))
    #expect(try String(contentsOfFile: store, encoding: .utf8) == before + "{\"type\":\"post\"}\n")
  }
}

@Suite("New Orders and the widgets")
struct NewOrdersTests {
  static func order(_ number: Int, _ status: OrderStatus, donuts: [Int], date: Int = 0) -> Order {
    Order(
      id: Order.id(number: number), status: status,
      items: donuts.map { OrderItem(donut: Menu.builtIn.donut(id: $0)!, quantity: 2) }, city: "Cupertino",
      parkingSpot: "Apple Park", creationDate: date)
  }

  @Test("the donut stack: up to three names, then +N; the footer counts orders, donuts and money")
  func stack() {
    #expect(OrderTable.stack(Self.order(1, .placed, donuts: [0])) == "The Classic")
    #expect(OrderTable.stack(Self.order(1, .placed, donuts: [0, 3, 6])) == "The Classic, Cosmos, Rainbow")
    #expect(
      OrderTable.stack(Self.order(1, .placed, donuts: [0, 3, 6, 7, 8])) == "The Classic, Cosmos, Rainbow +2")
    #expect(
      OrderTable.footer([Self.order(1, .placed, donuts: [0, 3]), Self.order(2, .placed, donuts: [1])])
        == "2 orders · 6 donuts · $34.68")
    #expect(OrderTable.footer([Self.order(1, .placed, donuts: [0])]) == "1 order · 2 donuts · $11.56")
  }

  @Test("list --sort: status descending by default, ties in store order; ids by number; --reverse")
  func sort() {
    let orders = [
      Self.order(99, .placed, donuts: [0], date: 5), Self.order(100, .ready, donuts: [0, 1, 2], date: 1),
      Self.order(3, .placed, donuts: [0, 1], date: 9), Self.order(4, .completed, donuts: [0], date: 2),
    ].enumerated().map { (index: $0.offset, order: $0.element) }
    func ids(_ key: List.SortKey, _ reverse: Bool = false) -> [String] {
      List.sorted(orders, by: key, reverse: reverse).map(\.order.id)
    }
    #expect(ids(.status) == ["Order#1204", "Order#12100", "Order#1299", "Order#1203"])
    #expect(ids(.status, true) == ["Order#1299", "Order#1203", "Order#12100", "Order#1204"])
    #expect(ids(.id) == ["Order#1203", "Order#1204", "Order#1299", "Order#12100"])
    #expect(ids(.donuts) == ["Order#1299", "Order#1204", "Order#1203", "Order#12100"])
    #expect(ids(.date, true) == ["Order#1203", "Order#1299", "Order#1204", "Order#12100"])
  }

  @Test("the orders gauge: text as the sample's, the percentage of min(orders, quota), a class when met")
  func gauge() {
    let zone = LocalTime.Zone.utc
    let seven = OrdersWidget.entry(orders: 7, quota: 25, date: 0, zone: zone)
    #expect(seven.text == "7 of 25 Orders" && seven.tooltip == "7 out of 25 · 12:00 AM UTC")
    #expect(seven.percentage == 28 && seven.waybarClass == "orders")
    let over = OrdersWidget.entry(orders: 30, quota: 25, date: 0, zone: zone)
    #expect(over.percentage == 100 && over.waybarClass == "quota-met" && over.text == "30 of 25 Orders")
  }

  @Test(
    "the Live Activity's island forms: minimal within 4 columns, compact within 20, expanded lines within 40")
  func islandForms() {
    for id in ["Order#1224", "Order#123456789012345", "a-very-long-order-name-of-letters"] {
      for (state, done) in [("0:42", nil), ("ready", "Out of the oven"), ("stale", "Stale")]
        as [(String, String?)]
      {
        func text(_ form: ActivityWidget.Form) -> String {
          ActivityWidget.text(form, id: id, state: state, donuts: "6 donuts", done: done)
        }
        #expect(text(.minimal).count <= 4 && text(.minimal).hasPrefix("◎"))
        #expect(text(.compact).count <= 20 && text(.compact).hasSuffix(" \(state)"))
        let expanded = text(.expanded).split(separator: "\n")
        #expect(expanded.count == 2 && expanded.allSatisfy { $0.count <= 40 })
        #expect(expanded[0].hasSuffix(state) && expanded[1].hasSuffix(done ?? "Remaining"))
      }
    }
    #expect(
      ActivityWidget.text(.line, id: "Order#1224", state: "0:42", donuts: "6 donuts", done: nil)
        == "Order#1224 · 0:42 · 6 donuts")
  }

  @Test("the Daily Donut: The Classic at now, then the next menu donuts an hour apart")
  func dailyDonut() {
    let result = TestSupport.runInProcess(
      Orders.command, ["widget", "donut", "--timeline", "--now", "2026-11-29T18:00:00Z"])
    #expect(result.status == 0)
    #expect(
      result.out == "The Classic\nBlueberry Frosted\nStrawberry Drizzle\nCosmos\nStrawberry Sprinkles\n")
  }

  @Test("a completed order is confirmed as the sample's sheet says it, on stderr only when a terminal")
  func confirmation() throws {
    let folder = try TestSupport.temporaryDirectory()
    let store = folder.appendingPathComponent("orders.jsonl").path
    let result = try TestSupport.run(
      "orders", ["complete", "1224", "--store", store, "--now", "2026-11-29T18:00:00Z"],
      environment: ["TZ": "America/New_York"])
    #expect(result.status == 0)
    // stderr is a pipe here: the records alone, no confirmation (golden complete-terminal has it).
    #expect(result.err == "")
    let now = try #require(ISODate.parse("2026-11-29T18:00:00Z"))
    let order = try OrderStore.order(try #require(OrderStore.seed(now: now).last))
    let zone = try #require(LocalTime.Zone.named("America/New_York"))
    #expect(
      Complete.confirmation(order, now: now, zone: zone) == [
        "Order#1224 completed!", "6 donuts • 1:00 PM EST",
      ])
  }
}
