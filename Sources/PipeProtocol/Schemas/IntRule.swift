/// A path to values inside a record: member names, with `[]` for every element of an array and
/// `*` for every value of a map (`items`, `[]`, `donut`: the donut of each item).
public struct FieldPath: Sendable, Equatable {
  /// The steps: member names, `[]` or `*`.
  public let steps: [String]

  /// A path of these steps.
  public init(_ steps: String...) { self.steps = steps }
}

/// A rule on the whole numbers at one path of a record, beyond what its schema says of their
/// shape: they must be among values that the rule's owner holds, and may change at run time (the
/// donut ids of a menu). `RecordSchema.checking(_:)` adds rules to a schema; they are checked in
/// the same pass as its fields, and a value the field's type accepts but a rule refuses is a
/// problem worded like the schema's (`"items"[0].donut must be integer 0...16, not 99`).
public struct IntRule: Sendable {
  /// Where the numbers are.
  public var path: FieldPath
  /// The values allowed.
  public var allowed: [ClosedRange<Int>]
  /// What is expected, for messages: `integer 0...16`.
  public var expected: String
  /// Said after the problem when a value is above every allowed one (where the values can grow:
  /// how a new one is made known), or nil.
  public var hintAbove: String?

  /// A rule that the numbers at `path` are in one of the `allowed` ranges.
  public init(path: FieldPath, allowed: [ClosedRange<Int>], expected: String, hintAbove: String? = nil) {
    self.path = path
    self.allowed = allowed
    self.expected = expected
    self.hintAbove = hintAbove
  }

  /// The hint for `value`: `hintAbove` when it is above every allowed value.
  public func hint(for value: Int) -> String? {
    guard let hintAbove, let highest = allowed.map(\.upperBound).max(), value > highest else { return nil }
    return hintAbove
  }

  /// Whether the rule allows `value`.
  public func allows(_ value: Int) -> Bool { allowed.contains { $0.contains(value) } }
}
