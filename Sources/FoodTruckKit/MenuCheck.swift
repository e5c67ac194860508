import PipeProtocol

/// The rule a record schema cannot hold, since the menu can grow at run time: every donut id in a
/// Food Truck record is on the menu. The schemas check the ids' shape (whole numbers of at least
/// 0); a menu value gives the rule, and `RecordSchema.checking(_:)` adds it to a schema.
extension Menu {
  /// Where each record type holds donut ids: an `order`'s items, an `order-summary`'s sales and a
  /// `donut`'s own id.
  public static let donutIDs: [String: FieldPath] = [
    "donut": FieldPath("id"),
    "order": FieldPath("items", "[]", "donut"),
    "order-summary": FieldPath("sales", "[]", "donut"),
  ]

  /// The ids on this menu as a field type, for messages: `integer 0...16`.
  public var idType: FieldType { .int(0...(count - 1)) }

  /// The rules that the donut ids of records of `type` are on this menu (none for other types).
  public func idRules(for type: String) -> [IntRule] {
    guard let path = Menu.donutIDs[type] else { return [] }
    return [IntRule(path: path, allowed: [0...(count - 1)], expected: idType.description)]
  }

  /// `schemas` with the rules that their donut ids are on this menu.
  public func checking(_ schemas: [RecordSchema]) -> [RecordSchema] {
    schemas.map { $0.checking(idRules(for: $0.type)) }
  }
}
