import PipeProtocol

/// A tag on a social feed post, or a trending topic: a title, a donut or a city (the sample's
/// `SocialFeedTag`). Its `title` is what is shown: the text, the donut's name or the city's name.
public enum FeedTag: Equatable, Sendable {
  /// A free text tag: `Space`.
  case title(String)
  /// A donut of the menu.
  case donut(id: Int, name: String)
  /// One of the truck's cities, by name.
  case city(String)

  /// The kinds, as records name them.
  public static let kinds = ["title", "donut", "city"]

  /// The longest title a tag may have, in characters.
  public static let maxTitleLength = 40

  /// `title`, `donut` or `city`.
  public var kind: String {
    switch self {
    case .title: return "title"
    case .donut: return "donut"
    case .city: return "city"
    }
  }

  /// What is shown: the text, the donut's name or the city's name.
  public var title: String {
    switch self {
    case .title(let text): return text
    case .donut(_, let name): return name
    case .city(let name): return name
    }
  }

  /// The tag's object in a record, keys sorted: `{"kind":"title","title":"Space"}`,
  /// `{"donut":3,"kind":"donut","title":"Cosmos"}`, `{"city":"London","kind":"city","title":"London"}`.
  public var object: JSONObject {
    var object: JSONObject = ["kind": .string(kind), "title": .string(title)]
    if case .donut(let id, _) = self { object["donut"] = .int(id) }
    if case .city(let name) = self { object["city"] = .string(name) }
    object.sortKeys()
    return object
  }

  /// Whether the tag reads `text`, ignoring case (`--tag space` finds `Space`).
  public func matches(_ text: String) -> Bool { title.lowercased() == text.lowercased() }

  /// Reads a tag object; the kind's field must name a donut on `menu` or one of the cities, and
  /// `title` must be what that donut or city is called. A title is 1 to 40 characters.
  public init(fields: Fields, menu: Menu) throws(InputError) {
    let kindValue = try fields.required("kind")
    let title = try fields.nonEmptyString("title")
    guard title.count <= FeedTag.maxTitleLength else {
      throw fields.error("\(fields.fieldName("title")) is longer than \(FeedTag.maxTitleLength) characters")
    }
    switch kindValue.stringValue {
    case "title":
      self = .title(title)
    case "donut":
      let id = try fields.int("donut")
      let donut = try menu.donut(id: id, place: fields.fieldName("donut"), in: fields)
      try menu.check(name: title, place: fields.fieldName("title"), of: donut, in: fields)
      self = .donut(id: id, name: donut.name)
    case "city":
      let name = try fields.nonEmptyString("city")
      guard let city = City.all.first(where: { $0.name == name }) else {
        throw fields.error(
          "\(fields.fieldName("city")) names unknown city \(JSONValue.string(name).jsonText)")
      }
      guard title == city.name else {
        throw fields.error(
          "\(fields.fieldName("title")) must be the city's name, \(JSONValue.string(city.name).jsonText)")
      }
      self = .city(city.name)
    default:
      throw fields.mismatch(
        "kind", expected: "one of \(FeedTag.kinds.joined(separator: ", "))", found: kindValue)
    }
  }

  /// A tag as the sample writes it, from the kit's data: `{"donut":"cosmos"}` (a donut's static
  /// name), `{"city":"london"}` (a city's key) or `{"title":"Space"}`.
  init(sample object: JSONObject, menu: Menu) {
    if let key = object["donut"]?.stringValue, let donut = menu.donuts.first(where: { $0.key == key }) {
      self = .donut(id: donut.id, name: donut.name)
    } else if let key = object["city"]?.stringValue, let city = City.all.first(where: { $0.key == key }) {
      self = .city(city.name)
    } else {
      self = .title(object["title"]?.stringValue ?? "")
    }
  }
}

/// A post of the social feed (the sample's `SocialFeedPost`): a customer's favourite donut, a
/// message, a date and tags.
public struct FeedPost: Equatable, Sendable {
  /// Where a post comes from: the sample's "Posts", its "Highlighted Posts" (Social Feed+), or the
  /// user's own (`orders feed post`).
  public enum Kind: String, CaseIterable, Sendable {
    /// The sample's seven posts.
    case standard
    /// The sample's three Social Feed+ posts.
    case highlighted
    /// A post written with `orders feed post`.
    case own
  }

  /// `standard-1`, `highlighted-2`, `own-3`.
  public var id: String
  /// Where it comes from.
  public var kind: Kind
  /// The favourite donut's menu id.
  public var favoriteDonut: Int
  /// The favourite donut's name.
  public var favoriteDonutName: String
  /// The message, as written (control characters included: escape them to show it).
  public var message: String
  /// When it was posted (seconds since 1970).
  public var date: Int
  /// Its tags, in order.
  public var tags: [FeedTag]

  /// The longest message, in characters.
  public static let maxMessageLength = 280
  /// The most tags a post may have.
  public static let maxTags = 10

  /// A post.
  public init(
    id: String, kind: Kind, favoriteDonut: Donut, message: String, date: Int, tags: [FeedTag]
  ) {
    self.id = id
    self.kind = kind
    self.favoriteDonut = favoriteDonut.id
    self.favoriteDonutName = favoriteDonut.name
    self.message = message
    self.date = date
    self.tags = tags
  }

  /// The `post` record, keys sorted: `{"date":…,"favoriteDonut":{"id":0,"name":"The Classic"},
  /// "id":"standard-1","kind":"standard","message":…,"tags":[…],"type":"post"}`.
  public var record: JSONObject {
    var object: JSONObject = [
      "type": .string("post"), "id": .string(id), "kind": .string(kind.rawValue),
      "favoriteDonut": .object(["id": .int(favoriteDonut), "name": .string(favoriteDonutName)]),
      "message": .string(message), "date": .string(ISODate.format(date)),
      "tags": .array(tags.map { .object($0.object) }),
    ]
    object.sortKeys()
    return object
  }

  /// Reads a `post` record, its donuts from `menu`: the favourite donut and donut tags must be on
  /// it under their names, the message 1 to 280 characters, at most 10 tags. Anything else is an
  /// error naming the record's line.
  public init(record: some FieldAccess, menu: Menu) throws(InputError) {
    guard record.type == "post" else { throw record.error("expected a post record, not \(record.type)") }
    id = try record.nonEmptyString("id")
    let kindValue = try record.required("kind")
    guard let kind = kindValue.stringValue.flatMap(Kind.init(rawValue:)) else {
      throw record.mismatch(
        "kind", expected: "one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))", found: kindValue)
    }
    self.kind = kind
    let donut = try record.object("favoriteDonut")
    favoriteDonut = try donut.int("id")
    favoriteDonutName = try donut.string("name")
    let known = try menu.donut(id: favoriteDonut, place: donut.fieldName("id"), in: record)
    try menu.check(name: favoriteDonutName, place: donut.fieldName("name"), of: known, in: record)
    message = try record.nonEmptyString("message")
    guard message.count <= FeedPost.maxMessageLength else {
      throw record.error("\"message\" is longer than \(FeedPost.maxMessageLength) characters")
    }
    date = try record.date("date")
    let tagValues = try record.array("tags")
    guard tagValues.count <= FeedPost.maxTags else {
      throw record.error("\"tags\" holds \(tagValues.count) tags; a post has at most \(FeedPost.maxTags)")
    }
    tags = []
    for (index, value) in tagValues.enumerated() {
      tags.append(try FeedTag(fields: try record.fields("tags[\(index)]", value), menu: menu))
    }
  }

  /// Whether the post has a tag reading `text` (ignoring case).
  public func hasTag(_ text: String) -> Bool { tags.contains { $0.matches(text) } }

  /// Whether the post is about a donut: its favourite, or a donut tag.
  public func mentions(donut id: Int) -> Bool {
    favoriteDonut == id
      || tags.contains {
        guard case .donut(let tagged, _) = $0 else { return false }
        return tagged == id
      }
  }

  /// Whether the post has a tag for the city named `name`.
  public func mentions(city name: String) -> Bool { tags.contains(.city(name)) }
}

/// The sample's social feed: its posts, dated as the sample dates them but from a seeded
/// generator, and the truck card's trending topics.
public enum SocialFeed {
  /// A post of the kit's data, not yet dated.
  struct Template {
    var kind: FeedPost.Kind
    var favoriteDonut: Donut
    var message: String
    var tags: [FeedTag]
  }

  static let data = FoodTruckKit.records(EmbeddedData.socialFeed)

  /// The sample's ten posts in its order: the seven of "Posts", then the three of "Highlighted
  /// Posts" (Social Feed+).
  static let templates: [Template] = data.filter { $0.type == "feed-post" }.map { r in
    let menu = Menu.builtIn
    let key = r["favoriteDonut"]?.stringValue ?? ""
    return Template(
      kind: FeedPost.Kind(rawValue: r["section"]?.stringValue ?? "") ?? .standard,
      favoriteDonut: menu.donuts.first { $0.key == key } ?? menu.donuts[0],
      message: r["message"]?.stringValue ?? "",
      tags: (r["tags"]?.arrayValue ?? []).compactMap(\.objectValue).map { FeedTag(sample: $0, menu: menu) })
  }

  /// The truck card's 16 trending topics, in the sample's order.
  public static let trending: [FeedTag] = data.filter { $0.type == "trending-tag" }.map {
    FeedTag(sample: $0, menu: .builtIn)
  }

  /// The sample's posts, dated: each section starts at `now`, and each post is 5 to 30 minutes
  /// (`Double.random(in: 5...30)`) older than the one before it, the draws coming from
  /// `SeededRandom(seed:)`: the seven standard posts first, then the three highlighted ones (so
  /// `plus` never changes the standard posts' dates). Dates are whole seconds, rounded down. The
  /// posts are in the sample's order, each section newest first.
  public static func samplePosts(now: Int, seed: Int, plus: Bool) -> [FeedPost] {
    var generator = SeededRandom(seed: seed)
    var posts: [FeedPost] = []
    for kind in [FeedPost.Kind.standard, .highlighted] {
      var minutesAgo = 0.0
      var number = 0
      for template in templates where template.kind == kind {
        minutesAgo += Double.random(in: 5...30, using: &generator)
        number += 1
        guard kind == .standard || plus else { continue }
        let date = Int((Double(now) - minutesAgo * 60).rounded(.down))
        posts.append(
          FeedPost(
            id: "\(kind.rawValue)-\(number)", kind: kind, favoriteDonut: template.favoriteDonut,
            message: template.message, date: date, tags: template.tags))
      }
    }
    return posts
  }

  /// Posts newest first; among posts of the same second, own posts (the later written first), then
  /// highlighted, then standard ones, each in their given order.
  public static func newestFirst(_ posts: [FeedPost]) -> [FeedPost] {
    let rank: [FeedPost.Kind: Int] = [.own: 0, .highlighted: 1, .standard: 2]
    let ordered = posts.enumerated().map { (offset, post) in
      (post, rank[post.kind]!, post.kind == .own ? -offset : offset)
    }
    return ordered.sorted { a, b in
      (-a.0.date, a.1, a.2) < (-b.0.date, b.1, b.2)
    }.map(\.0)
  }
}
