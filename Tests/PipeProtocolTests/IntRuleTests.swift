import Testing

@testable import PipeProtocol

@Suite("rules on numbers beside a schema")
struct IntRuleTests {
  static let schema = RecordSchema(
    type: "t", summary: "a test record",
    fields: [
      FieldSpec("id", .int(0...Int.max)),
      FieldSpec("items", .array(.object([FieldSpec("n", .int(0...Int.max)), FieldSpec("q", .int(1...9))]))),
      .optional("counts", .map(.int(0...Int.max))),
    ])
  static let rules = [
    IntRule(path: FieldPath("items", "[]", "n"), allowed: [0...3, 10...10], expected: "integer 0...3 or 10"),
    IntRule(path: FieldPath("counts", "*"), allowed: [0...5], expected: "integer 0...5"),
    IntRule(path: FieldPath("id"), allowed: [], expected: "nothing"),
  ]

  func check(_ text: String, _ schema: RecordSchema) throws -> (fast: Bool, problems: [String]) {
    try schema.bothChecks(text)
  }

  @Test("a value the type accepts but a rule refuses is a problem, in field order, in both checks")
  func refused() throws {
    let checked = Self.schema.checking(Array(Self.rules.prefix(2)))
    let text =
      #"{"type":"t","id":1,"items":[{"n":3,"q":1},{"n":4,"q":0},{"n":10,"q":2},{"n":-1,"q":1}],"counts":{"a":6}}"#
    let result = try check(text, checked)
    #expect(!result.fast)
    #expect(
      result.problems == [
        #""items"[1].n must be integer 0...3 or 10, not 4"#, #""items"[1].q must be integer 1...9, not 0"#,
        #""items"[3].n must be integer >= 0, not -1"#, #""counts".a must be integer 0...5, not 6"#,
      ])
    // Without the rules only the shapes are checked.
    #expect(try check(text, Self.schema).problems.count == 2)
  }

  @Test("values the rules allow pass the fast check; a rule allowing nothing refuses everything")
  func allowed() throws {
    let text = #"{"type":"t","id":1,"items":[{"n":0,"q":1},{"n":10,"q":9}],"counts":{"a":5}}"#
    #expect(try check(text, Self.schema.checking(Array(Self.rules.prefix(2)))) == (true, []))
    let none = try check(text, Self.schema.checking([Self.rules[2]]))
    #expect(!none.fast && none.problems == [#""id" must be nothing, not 1"#])
  }
}
