import PipeProtocol

/// The record types of the Wishlist domain: trips, collections, search results (`trips`) and the
/// achievements. Their enumerations come from this kit's types (collections and their seasons,
/// search sections, goals and their kinds).
public enum WishlistSchemas {
  /// Every Wishlist schema, in PROTOCOL.md's order, by type.
  public static let catalog = SchemaCatalog(trips + achievements)

  /// The collections' ids, in display order.
  static let collectionIDs = TripCollection.allCases.map(\.rawValue)

  static let activityFields: [FieldSpec] = [
    FieldSpec("id", .nonEmptyString, note: "UUID, unique in the wishlist"),
    FieldSpec("name", .nonEmptyString),
    FieldSpec("isComplete", .bool, note: "done"),
    FieldSpec("dateCreated", .dateTime),
    FieldSpec("dateEdited", .dateTime, note: "last rename or toggle"),
  ]

  /// The record types written by `trips`.
  public static let trips: [RecordSchema] = [
    RecordSchema(
      type: "trip",
      summary: "a wishlist trip with its activities (also the store's and the backup's format)",
      fields: [
        FieldSpec(
          "id", .nonEmptyString, note: "UUID; the sample trips' ids are name-based and the same everywhere"),
        FieldSpec("name", .nonEmptyString, note: "the title"),
        FieldSpec("collection", .oneOf(collectionIDs), note: "the seasonal collection"),
        .optional("photo", .string, note: "a photo's name or path"),
        .optional("subtitle", .string),
        FieldSpec("creationDate", .dateTime),
        FieldSpec(
          "activities", .array(.object(activityFields)),
          note: "in the order added (`trips show --sort` orders them)"),
        FieldSpec("activityCount", .int(0...Int.max), note: "derived: ignored on input"),
        FieldSpec("completedCount", .int(0...Int.max), note: "derived: activities done"),
        FieldSpec("progress", .number(0...1), note: "derived: done / all, 0 without activities (2 decimals)"),
        FieldSpec("isComplete", .bool, note: "derived: has activities and all are done"),
      ],
      writers: ["trips"]),
    RecordSchema(
      type: "collection",
      summary: "one of the four seasonal collections, in display order",
      fields: [
        FieldSpec("id", .oneOf(collectionIDs)),
        FieldSpec("name", .nonEmptyString, note: "Spring Escapes, Summer Vibes, ..."),
        .optional("summary", .string, note: "only Summer Vibes has one"),
        FieldSpec("season", .oneOf(TripCollection.allCases.map(\.season))),
      ],
      writers: ["trips collections"]),
    RecordSchema(
      type: "search-result",
      summary: "one hit of `trips search`: a trip, or an activity with its trip",
      fields: [
        FieldSpec("query", .string, note: "the text searched"),
        FieldSpec(
          "section", .oneOf(SearchSection.Kind.allCases.map(\.rawValue)),
          note: "recent only for an empty query"),
        FieldSpec("sectionTitle", .oneOf(SearchSection.Kind.allCases.map(\.title))),
        FieldSpec("rank", .int(1...Int.max), note: "position within the section"),
        FieldSpec("name", .nonEmptyString, note: "the name that matched"),
        FieldSpec("trip", .nonEmptyString, note: "the trip's id (the activity's trip for an activity)"),
        FieldSpec("tripName", .nonEmptyString),
        FieldSpec("collection", .oneOf(collectionIDs), note: "the trip's collection"),
        .optional("activity", .nonEmptyString, note: "the activity's id (Activities section only)"),
        FieldSpec("isComplete", .bool, note: "the hit's (trip's or activity's) completion"),
      ],
      writers: ["trips search"]),
  ]
}
