import Testing

@testable import PipeProtocol

/// The fast check's key tables (one per object of a schema): a member's field is found in its slot
/// and compared; a slot that several fields share, a key no field has, and a key that lands in a
/// field's slot without being its name all read as the worded check reads them. And its numbers:
/// those it accepts without reading them, at every kind of bound.
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
    let slots = UnsafeBufferPointer(start: top.table.core.slots, count: MemberSlots.slotCount)
    #expect(slots.contains(MemberSlots.several))
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

  /// Numbers of every kind of bounds: from zero up, any finite one, and a closed range.
  static let numbers = RecordSchema(
    type: "n", summary: "a test record",
    fields: [
      FieldSpec("up", .number(0...Double.greatestFiniteMagnitude)), FieldSpec("any", .anyNumber),
      FieldSpec("few", .number(-5...5)),
    ])

  @Test(
    "numbers read unread or read: both checks agree at every bound",
    arguments: [
      "0", "-0", "-0.0", "0.5", "-0.5", "1e400", "-1e400", "1E2", "5", "5.0", "5.0000000001", "0.99999",
      "123456789012345678901234567890", "-" + String(repeating: "9", count: 301),
      String(repeating: "9", count: 299) + ".5", String(repeating: "9", count: 310),
    ])
  func numbers(_ number: String) throws {
    for (field, others) in [
      ("up", #""any":1,"few":2"#), ("any", #""up":1,"few":2"#), ("few", #""up":1,"any":2"#),
    ] {
      let text = #"{"type":"n",\#(others),"\#(field)":\#(number)}"#
      let (fast, problems) = try Self.numbers.bothChecks(text)
      #expect(fast == problems.isEmpty, "\(text): \(problems)")
    }
  }
}
