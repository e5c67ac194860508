import PipeProtocol

extension FoodTruckSchemas {
  /// A tag: on a post (`tags`) and, with a type, as a `tag` record.
  static let tagFields = [
    FieldSpec("kind", .oneOf(FeedTag.kinds), note: "a text, a donut or a city"),
    FieldSpec(
      "title", .nonEmptyString,
      note:
        "what is shown, at most \(FeedTag.maxTitleLength) characters: the text, the donut's or the city's name"
    ),
    .optional("donut", donutID, note: "with kind donut: its menu id"),
    .optional("city", .nonEmptyString, note: "with kind city: `San Francisco`"),
  ]

  /// The record types of the social feed and the widgets, written by `orders feed` and `orders widget`.
  public static let feed: [RecordSchema] = [
    RecordSchema(
      type: "post", summary: "A post of the social feed.",
      fields: [
        FieldSpec("id", .nonEmptyString, note: "`standard-1`, `highlighted-2`, `own-3`"),
        FieldSpec(
          "kind", .oneOf(FeedPost.Kind.allCases.map(\.rawValue)),
          note: "the sample's Posts, its Highlighted Posts (Social Feed+), or written with orders feed post"),
        FieldSpec(
          "favoriteDonut",
          .object([
            FieldSpec("id", donutID, note: "menu id, on the menu"),
            FieldSpec("name", .nonEmptyString, note: "the menu name of that id"),
          ]), note: "the poster's favourite donut (the post's picture)"),
        FieldSpec(
          "message", .nonEmptyString,
          note:
            "at most \(FeedPost.maxMessageLength) characters, as written (shown with control characters escaped)"
        ),
        FieldSpec("date", .dateTime, note: "when it was posted"),
        FieldSpec(
          "tags", .array(.object(tagFields)), note: "at most \(FeedPost.maxTags), in order"),
      ], writers: ["orders feed", "orders feed post"]),
    RecordSchema(
      type: "tag", summary: "A trending topic of the truck's Social Feed card.",
      fields: tagFields, writers: ["orders feed --trending"]),
    RecordSchema(
      type: "widget", summary: "What a home-screen widget shows, for a status bar.",
      fields: [
        FieldSpec(
          "kind", .oneOf(["orders", "donut", "activity"]),
          note: "the Orders gauge, the Daily Donut or the Live Activity"),
        FieldSpec("date", .dateTime, note: "the moment shown"),
        FieldSpec(
          "text", .nonEmptyString,
          note: "the one line: `7 of 25 Orders`, `The Classic` (the expanded island form: two lines)"),
        FieldSpec("tooltip", .nonEmptyString, note: "a longer line, with the local time"),
        .optional("orders", .int(0...Int.max), note: "kind orders: orders so far"),
        .optional("quota", .int(1...Int.max), note: "kind orders: the day's quota"),
        .optional(
          "donut",
          .object([
            FieldSpec("id", donutID, note: "menu id, on the menu"),
            FieldSpec("name", .nonEmptyString, note: "the menu name of that id"),
          ]), note: "kind donut: the donut shown"),
        .optional("order", .nonEmptyString, note: "kind activity: the order in the oven"),
        .optional("donuts", .int(0...Int.max), note: "kind activity: its donuts"),
        .optional("state", .oneOf(["preparing", "ready"]), note: "kind activity: the 60 s run, or are up"),
        .optional("remaining", .int(0...Int.max), note: "kind activity: seconds left of the 60"),
        .optional("stale", .bool, note: "kind activity: true from the preparation's stale date on"),
        .optional(
          "form", .oneOf(["compact", "minimal", "expanded"]),
          note: "kind activity: the Dynamic Island view the text draws (`--form`); absent for the line"),
        .optional(
          "preparation",
          .object([
            FieldSpec("start", .dateTime, note: "preparation started"),
            FieldSpec("end", .dateTime, note: "start + 60 s"),
            FieldSpec("staleDate", .dateTime, note: "start + 2 min"),
          ]), note: "kind activity: the order's preparation"),
        .optional("url", .nonEmptyString, note: "kind activity: the deep link, foodtruck://order/1224"),
      ], writers: ["orders widget"]),
  ]
}
