import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `orders feed post`: a post of your own, added to the feed store.
enum FeedPostCommand {
  static let donut = Option.required(
    "donut", name: "D",
    help: "your favourite donut, by id or name in any case (built-in or custom), shown with the post"
  ).completing(OrdersCompletion.donuts)
  static let message = Option.required(
    "message", name: "TEXT", help: "what you say, 1 to \(FeedPost.maxMessageLength) characters")
  static let tags = Option.strings(
    "tag", name: "T",
    help: "a tag: a text, donut:D (an id or name) or city:NAME (repeatable, at most \(FeedPost.maxTags))")

  static let command = Command(
    name: "post", summary: "add a post of your own to the feed store",
    options: [
      donut, message, tags, OrdersOptions.format, OrdersOptions.now, FeedStore.option, MenuStore.option,
    ],
    input: FeedStore.input,
    output: """
      The new post record (kind own, id own-N), dated --now; 'orders feed' shows it from then on.
      With --format text, the post as 'orders feed --format text' shows it.
      """,
    exitStatus: ["64   an unknown donut or city, an empty or over-long message, a bad tag"],
    examples: """
      orders feed post --donut 3 --message 'Cosmos at lunch!' --tag Space --tag city:Cupertino
      orders feed post --donut 'the classic' --message 'Classic.' --tag donut:cosmos | jq -r .id
      """,
    conflicts: [
      .described(
        "`--message` is not empty and holds at most \(FeedPost.maxMessageLength) characters; at most "
          + "\(FeedPost.maxTags) `--tag`, each not empty and at most \(FeedTag.maxTitleLength) characters")
    ],
    lookups: [DonutReference.rule("--donut")],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    // The menu store stays locked (shared) until the post is in, so that the donuts it names cannot
    // be removed or renamed meanwhile.
    let post = try MenuStore.withContents(MenuStore.store(invocation), pinned: true) { contents in
      try add(invocation, menu: contents.menu)
    }
    if invocation[OrdersOptions.format] == .text {
      StandardOutput.shared.write(
        FeedText.post(
          post, now: invocation.now(OrdersOptions.now),
          zone: LocalTime.forPeople(default: City.truck.city.timeZone),
          width: TextLayout.width(), style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
    } else {
      StandardOutput.shared.writeRecord(post.record)
    }
    return ExitStatus.ok
  }

  /// Checks the post against `menu` and appends it to the feed store.
  static func add(_ invocation: Invocation, menu: Menu) throws -> FeedPost {
    let store = FeedStore.store(invocation)
    let favorite = try DonutReference.find(
      invocation[donut], in: menu, given: "--donut \(invocation[donut])")
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

  /// `--tag` words: `donut:3` or `donut:cosmos` a donut tag, `city:London` a city tag, anything else a text tag of 1
  /// to 40 characters.
  static func tag(_ word: String, menu: Menu) throws(ToolError) -> FeedTag {
    if word.hasPrefix("donut:") {
      let found = try DonutReference.find(
        String(word.dropFirst("donut:".count)), in: menu, given: "--tag \(word)")
      return .donut(id: found.id, name: found.name)
    }
    if word.hasPrefix("city:") {
      return .city(try CityReference.find(String(word.dropFirst("city:".count)), given: "--tag \(word)").name)
    }
    guard word.contains(where: { !$0.isWhitespace }) else { throw .usage("--tag is empty; give a text") }
    guard word.count <= FeedTag.maxTitleLength else {
      throw .usage(
        "--tag '\(word)' is \(word.count) characters long; a tag holds at most \(FeedTag.maxTitleLength)")
    }
    return .title(word)
  }
}
