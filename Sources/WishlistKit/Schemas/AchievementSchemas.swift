import PipeProtocol

extension WishlistSchemas {
  /// The goals' ids, in the sample's order.
  static let goalIDs = Goal.allCases.map(\.rawValue)

  /// The goal kinds' names, in the order the goals first use them.
  static let goalKinds = Goal.allCases.reduce(into: [String]()) { kinds, goal in
    if !kinds.contains(goal.kind.id) { kinds.append(goal.kind.id) }
  }

  static let goalFields: [FieldSpec] = [
    FieldSpec("goal", .oneOf(goalIDs), note: "the goal's id, in the sample's order"),
    FieldSpec("name", .nonEmptyString, note: "the badge title: First Activity, 3 Trips, Fall Explorer, ..."),
    FieldSpec("badge", .nonEmptyString, note: "the badge image name: activities5, trips3, fall1, ..."),
    FieldSpec("kind", .oneOf(goalKinds)),
    .optional("collection", .oneOf(collectionIDs), note: "seasonal goals only"),
    FieldSpec("target", .int(1...Int.max), note: "1, 5, 10 (activities) or 1, 3, 5"),
    FieldSpec("count", .int(0...Int.max), note: "the live count of the kind, not capped"),
  ]

  /// An event of `achievements --events`: the goal's fields, then `fields` (its dates).
  static func event(_ type: String, _ summary: String, _ fields: FieldSpec...) -> RecordSchema {
    RecordSchema(
      type: type, summary: summary + " (`achievements --events`)", fields: goalFields + fields,
      writers: ["achievements --events"])
  }

  /// The record types written by `achievements`.
  public static let achievements: [RecordSchema] = [
    RecordSchema(
      type: "achievement",
      summary: "one of the 18 goals: achieved newest first, then the next milestones in order",
      fields: goalFields + [
        FieldSpec("progress", .number(0...1), note: "min(count / target, 1), 2 decimals"),
        FieldSpec("progressText", .nonEmptyString, note: "\"9 of 10\": min(count, target) of target"),
        FieldSpec("achieved", .bool),
        .optional("dateAchieved", .dateTime, note: "when achieved (kept across runs with --state)"),
        .optional("subtitle", .nonEmptyString, note: "the award text, when achieved"),
      ],
      writers: ["achievements"]),
    event(
      "achievement-earned", "a goal achieved since the last run",
      FieldSpec("dateAchieved", .dateTime, note: "this run's time"),
      FieldSpec("subtitle", .nonEmptyString, note: "the award text")),
    event(
      "achievement-revoked", "a goal no longer achieved since the last run",
      FieldSpec("dateAchieved", .dateTime, note: "when it had been achieved"),
      FieldSpec("dateRevoked", .dateTime, note: "this run's time")),
    RecordSchema(
      type: "achievement-date",
      summary: "the `--state` file of `achievements`: when an achieved goal was achieved",
      fields: [FieldSpec("goal", .oneOf(goalIDs)), FieldSpec("dateAchieved", .dateTime)],
      writers: ["achievements --state"]),
  ]
}
