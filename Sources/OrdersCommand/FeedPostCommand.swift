import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `orders feed post`: a post of your own, added to the feed store.
enum FeedPostCommand {
  static let donut = Option<Int>(
    "donut", name: "ID", help: "your favourite donut (built-in or custom), shown with the post", default: -1,
    required: true
  ) { (text: String) throws(ToolError) -> Int in
    guard let id = Int(text), id >= 0 else {
      throw .usage("--donut takes a donut id such as 3, not '\(text)'")
    }
    return id
  }.completing(OrdersCompletion.donuts)
  static let message = Option.required(
    "message", name: "TEXT", help: "what you say, 1 to \(FeedPost.maxMessageLength) characters")
  static let tags = Option.strings(
    "tag", name: "T",
    help: "a tag: a text, donut:ID or city:NAME (repeatable, at most \(FeedPost.maxTags))")

  static let command = Command(
    name: "post", summary: "add a post of your own to the feed store",
    options: [donut, message, tags, OrdersOptions.now, FeedStore.option, MenuStore.option],
    input: FeedStore.input,
    output: "The new post record (kind own, id own-N), dated --now; 'orders feed' shows it from then on.",
    exitStatus: ["64   an unknown donut or city, an empty or over-long message, a bad tag"],
    examples: [
      "orders feed post --donut 3 --message 'Cosmos at lunch!' --tag Space --tag city:Cupertino",
      "orders feed post --donut 0 --message 'Classic.' | jq -r .id",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    // The menu store stays locked (shared) until the post is in, so that the donuts it names cannot
    // be removed or renamed meanwhile.
    let post = try MenuStore.withContents(MenuStore.store(invocation), pinned: true) { contents in
      try add(invocation, menu: contents.menu)
    }
    StandardOutput.shared.writeRecord(post.record)
    return ExitStatus.ok
  }

  /// Checks the post against `menu` and appends it to the feed store.
  static func add(_ invocation: Invocation, menu: Menu) throws -> FeedPost {
    let store = FeedStore.store(invocation)
    let favorite = try donut(invocation[donut], menu: menu, given: "--donut \(invocation[donut])")
    let text = invocation[message]
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw ToolError.usage("--message is empty; say something")
    }
    guard text.count <= FeedPost.maxMessageLength else {
      throw ToolError.usage(
        "--message is \(text.count) characters long; a post holds at most \(FeedPost.maxMessageLength)")
    }
    let given = invocation[tags]
    guard given.count <= FeedPost.maxTags else {
      throw ToolError.usage("\(given.count) tags given; a post has at most \(FeedPost.maxTags)")
    }
    let postTags = try given.map { try tag($0, menu: menu) }
    let now = invocation.now(OrdersOptions.now)
    return try store.append { records in
      let existing = try FeedStore.posts(records, menu: menu)
      let highest = existing.compactMap { Int($0.id.dropFirst("own-".count)) }.max() ?? 0
      let post = FeedPost(
        id: "own-\(highest + 1)", kind: .own, favoriteDonut: favorite, message: text, date: now,
        tags: postTags)
      return ([Record(object: post.record)], post)
    }
  }

  /// A donut of the menu by id; an unknown one is a usage error listing the ids.
  static func donut(_ id: Int, menu: Menu, given: String) throws(ToolError) -> Donut {
    guard let found = menu.donut(id: id) else {
      throw .usage(
        "unknown donut id \(id) in '\(given)'",
        notes: ["valid donut ids: \(menu.donuts.map { "\($0.id) \($0.name)" }.joined(separator: ", "))"])
    }
    return found
  }

  /// `--tag` words: `donut:3` a donut tag, `city:London` a city tag, anything else a text tag of 1
  /// to 40 characters.
  static func tag(_ word: String, menu: Menu) throws(ToolError) -> FeedTag {
    if word.hasPrefix("donut:") {
      let rest = word.dropFirst("donut:".count)
      guard let id = Int(rest), id >= 0 else {
        throw .usage("--tag donut: takes a donut id, such as donut:3, not '\(word)'")
      }
      let found = try donut(id, menu: menu, given: "--tag \(word)")
      return .donut(id: found.id, name: found.name)
    }
    if word.hasPrefix("city:") {
      let name = String(word.dropFirst("city:".count))
      guard let city = City.named(name) else {
        throw .usage("unknown city '\(name)' in '--tag \(word)'", notes: ["cities: \(City.names)"])
      }
      return .city(city.name)
    }
    guard word.contains(where: { !$0.isWhitespace }) else { throw .usage("--tag is empty; give a text") }
    guard word.count <= FeedTag.maxTitleLength else {
      throw .usage(
        "--tag '\(word)' is \(word.count) characters long; a tag holds at most \(FeedTag.maxTitleLength)")
    }
    return .title(word)
  }
}
