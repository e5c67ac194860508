import PipeProtocol

/// The rule a record schema cannot hold, since the menu can grow at run time: every donut id in a
/// Food Truck record is on the menu. The schemas check the ids' shape (whole numbers of at least
/// 0); a menu value gives the rule, and `RecordSchema.checking(_:)` adds it to a schema. A `donut`
/// record is not checked by it: it defines its id (`Menu.define(_:)`).
extension Menu {
  /// Where each record type holds donut ids of the menu: an `order`'s items, an `order-summary`'s
  /// sales, a `post`'s favourite donut and donut tags, a `tag`'s donut and a `widget`'s donut.
  public static let donutIDs: [String: [FieldPath]] = [
    "order": [FieldPath("items", "[]", "donut")],
    "order-summary": [FieldPath("sales", "[]", "donut")],
    "post": [FieldPath("favoriteDonut", "id"), FieldPath("tags", "[]", "donut")],
    "tag": [FieldPath("donut")],
    "widget": [FieldPath("donut", "id")],
  ]

  /// What a record naming an id above the menu's is told: custom donuts travel as `donut` records.
  public static let customDonutHint =
    "a custom donut is known from its donut record, which must come earlier in the stream "
    + "('orders menu' writes them)"

  /// The ids on this menu, for messages: `integer 0...16`, or `integer 0...17, 19` with gaps.
  public var idDescription: String {
    let ranges = idRanges
    if ranges.count == 1 { return FieldType.int(ranges[0]).description }
    return "integer \(validIDs)"
  }

  /// The rules that the donut ids of records of `type` are on this menu (none for other types).
  public func idRules(for type: String) -> [IntRule] {
    guard let paths = Menu.donutIDs[type] else { return [] }
    let (allowed, expected) = (idRanges, idDescription)
    return paths.map {
      IntRule(path: $0, allowed: allowed, expected: expected, hintAbove: Menu.customDonutHint)
    }
  }

  /// `schemas` with the rules that their donut ids are on this menu.
  public func checking(_ schemas: [RecordSchema]) -> [RecordSchema] {
    // Schemas without donut ids are kept as they are (not compiled again).
    schemas.map { schema in
      let rules = idRules(for: schema.type)
      return rules.isEmpty ? schema : schema.checking(rules)
    }
  }
}
