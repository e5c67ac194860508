import PipeProtocol

/// The rule a record schema cannot hold, since the menu can grow at run time: every donut id in a
/// Food Truck record is on the menu. The schemas check the ids' shape (whole numbers of at least
/// 0); this check, against a menu value, runs beside them.
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

  /// The ids at `path` in a validated record that are not on this menu, worded as schema problems
  /// (`"items"[0].donut must be integer 0...16, not 99`). Values that are not whole numbers of at
  /// least 0 are left to the schema.
  public func problems(at path: FieldPath, in bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan])
    -> [String]
  {
    var problems: [String] = []
    path.forEach(in: bytes, members: members) { range, name in
      guard let id = FieldPath.integer(bytes, range), id >= 0, !contains(id: id) else { return }
      problems.append("\(name()) must be \(idType.description), not \(FieldPath.text(bytes, range))")
    }
    return problems
  }
}
