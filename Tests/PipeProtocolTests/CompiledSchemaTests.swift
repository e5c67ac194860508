import Testing

@testable import PipeProtocol

/// The fast check's key tables (one per object of a schema): a member's field is found in its slot
/// and compared; a slot that several fields share, a key no field has, and a key that lands in a
/// field's slot without being its name all read as the worded check reads them.
@Suite("the fast schema check's key tables")
struct CompiledSchemaTests {
  /// Fields whose names share their first byte and length, so that no multiplier parts them (every
  /// slot of theirs is shared), beside fields that get slots of their own.
  static let schema = RecordSchema(
    type: "t", summary: "a test record",
    fields: [
      FieldSpec("ka", .int(0...9)), FieldSpec("kb", .string), .optional("kc", .bool),
      FieldSpec("inner", .object([FieldSpec("x", .int(0...9)), .optional("", .string)])),
      .optional("id", .nonEmptyString),
    ])

  @Test("fields that share their slots, and one that has its own")
  func tables() {
    let compiled = Self.schema.compiled
    let top = compiled.nodes[compiled.root]
    let slots = compiled.slots[top.slotBase..<(top.slotBase + CompiledSchema.slotCount)]
    #expect(slots.contains(CompiledSchema.severalFields))
    #expect(slots.contains { $0 >= 0 })
  }

  @Test(
    "both checks agree, whatever slot a key lands in",
    arguments: [
      #"{"type":"t","ka":1,"kb":"x","inner":{"x":2}}"#,
      #"{"type":"t","kb":"x","kc":true,"ka":1,"inner":{"x":2,"":"y"},"id":"a"}"#,
      #"{"type":"t","ka":1,"kb":"x","kc":1,"inner":{"x":2}}"#,
      #"{"type":"t","ka":10,"kb":"x","inner":{"x":2}}"#,
      #"{"type":"t","ka":1,"inner":{"x":2}}"#,
      #"{"type":"t","ka":1,"kb":"x","kd":"unknown, in the shared slots","inner":{"x":2}}"#,
      #"{"type":"t","ka":1,"kb":"x","inner":{"x":2,"y":"unknown"},"ix":5}"#,
      #"{"type":"t","ka":1,"kb":"x","inner":{"x":2,"":3}}"#,
      #"{"type":"t","ka":1,"kb":"x","inner":{}}"#,
      #"{"type":"t","ka":1,"kb":"x","inner":{"x":2},"id":""}"#,
    ])
  func agree(_ text: String) throws {
    let (fast, problems) = try Self.schema.bothChecks(text)
    #expect(fast == problems.isEmpty, "\(text): \(problems)")
  }
}
