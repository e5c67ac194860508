// libFuzzer target for the protocol reader: built by Tests/tools/fuzz together with Sources/PipeProtocol
// (not a SwiftPM target). Every input must be handled without a crash, and the two parsers (tree
// builder and validator) must agree; records that index must re-serialise to what they parsed.

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var tree = JSONParser(bytes, maxDepth: 64)
  var validator = JSONParser(bytes, maxDepth: 64)
  let built = (try? tree.parseDocument()) != nil
  let valid = (try? validator.validateDocument()) != nil
  precondition(built == valid, "the tree parser and the validator disagree")

  // Line by line, as tools read streams.
  var members: [MemberSpan] = []
  var start = 0
  for i in 0...size where i == size || bytes[i] == 0x0A {
    let line = UnsafeBufferPointer(rebasing: bytes[start..<i])
    start = i + 1
    let indexed = try? RecordIndexer.index(line, source: "fuzz", line: 1, into: &members, maxDepth: 64)
    guard let type = indexed else { continue }
    var parser = JSONParser(line, maxDepth: 64)
    guard let object = (try? parser.parseDocument())?.objectValue else {
      preconditionFailure("a line that indexes must parse as an object")
    }
    precondition(object.type == type || object.keys.filter { $0 == "type" }.count > 1)
    // Serialising and parsing again gives the same value (numbers keep their text).
    var out: [UInt8] = []
    JSONWriter.append(object, to: &out)
    let again = try? JSONParser.parse(out, maxDepth: 64)
    precondition(again == .object(object), "re-serialised record differs")
    for schema in fuzzSchemas {
      // The fast path may only accept what the worded check accepts.
      let fast = schema.fastConforms(line, members: members)
      let worded = schema.wordedProblems(in: line, members: members)
      precondition(!fast || worded.isEmpty, "the fast schema check accepted what the worded check refuses")
    }
    for member in members { _ = RecordIndexer.value(of: "type", in: line, members: [member]) }
  }
  return 0
}

/// Schemas that use every field type and a rule, named after the types of the golden inputs so that
/// the corpus reaches them (the domain schemas live in the kits, outside this target).
let fuzzSchemas: [RecordSchema] =
  StorySchemas.catalog.all + [
    RecordSchema(
      type: "order", summary: "an order-like record",
      fields: [
        FieldSpec("id", .nonEmptyString), FieldSpec("status", .oneOf(["placed", "preparing", "ready"])),
        FieldSpec(
          "items",
          .array(
            .object([
              FieldSpec("donut", .int(0...Int.max)), .optional("name", .nonEmptyString),
              FieldSpec("quantity", .int(1...Int.max)),
            ]))),
        FieldSpec("grandTotal", .number(0...Double.greatestFiniteMagnitude)),
        FieldSpec("creationDate", .dateTime), .optional("wasRaining", .bool),
        .optional("temperature", .object([FieldSpec("value", .anyNumber), FieldSpec("unit", .string)])),
      ]
    ).checking([
      IntRule(path: FieldPath("items", "[]", "donut"), allowed: [0...16, 20...20], expected: "a menu id")
    ]),
    RecordSchema(
      type: "sales-partial", summary: "a record of maps",
      fields: [
        FieldSpec("version", .int(1...1)), FieldSpec("days", .map(.array(.int(0...Int.max)))),
        FieldSpec("ignored", .map(.integer)), .optional("date", .day), .optional("any", .any),
      ]),
  ]
