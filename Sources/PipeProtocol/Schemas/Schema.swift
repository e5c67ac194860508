/// The expected shape of one field of a record.
public indirect enum FieldType: Sendable {
  /// Any string.
  case string
  /// A non-empty string.
  case nonEmptyString
  /// An integer (no fraction, no exponent) within a range.
  case int(ClosedRange<Int>)
  /// Any finite number within a range.
  case number(ClosedRange<Double>)
  /// `true` or `false`.
  case bool
  /// An ISO 8601 date-time string (`2026-11-29T10:02:13Z`).
  case dateTime
  /// A day string (`2026-11-29`).
  case day
  /// One of these strings.
  case oneOf([String])
  /// An array whose elements all have this type.
  case array(FieldType)
  /// An object with these fields (unknown fields allowed).
  case object([FieldSpec])
  /// An object whose values all have this type (any keys).
  case map(FieldType)
  /// Any JSON value.
  case any

  /// An integer of any size that fits `Int`.
  public static let integer = FieldType.int(Int.min...Int.max)
  /// Any finite number.
  public static let anyNumber = FieldType.number(
    -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)

  /// The type in words, for documentation and messages.
  public var description: String {
    switch self {
    case .string: return "string"
    case .nonEmptyString: return "non-empty string"
    case .int(let r):
      if r == Int.min...Int.max { return "integer" }
      if r.upperBound == Int.max { return "integer >= \(r.lowerBound)" }
      return "integer \(r.lowerBound)...\(r.upperBound)"
    case .number(let r):
      if r.lowerBound == -Double.greatestFiniteMagnitude { return "number" }
      return "number \(JSONNumber(r.lowerBound))...\(JSONNumber(r.upperBound))"
    case .bool: return "boolean"
    case .dateTime: return "ISO 8601 date-time"
    case .day: return "day (YYYY-MM-DD)"
    case .oneOf(let values): return "one of " + values.joined(separator: ", ")
    case .array(let element): return "array of \(element.description)"
    case .object(let fields): return "object {" + fields.map(\.name).joined(separator: ", ") + "}"
    case .map(let value): return "object of \(value.description)"
    case .any: return "any value"
    }
  }
}

/// One field of a record or nested object.
public struct FieldSpec: Sendable {
  /// The field's key.
  public var name: String
  /// Its type.
  public var type: FieldType
  /// Whether it must be present.
  public var required: Bool
  /// A short description for PROTOCOL.md.
  public var note: String

  /// A field.
  public init(_ name: String, _ type: FieldType, required: Bool = true, note: String = "") {
    self.name = name
    self.type = type
    self.required = required
    self.note = note
  }

  /// An optional field.
  public static func optional(_ name: String, _ type: FieldType, note: String = "") -> FieldSpec {
    FieldSpec(name, type, required: false, note: note)
  }
}

/// The schema of one record type: its required and optional fields. Unknown fields are always
/// allowed (tools must keep them).
public struct RecordSchema: Sendable {
  /// The `type` value.
  public var type: String
  /// What the record means, in one line.
  public var summary: String
  /// Its fields, `type` excluded.
  public let fields: [FieldSpec]
  /// Which tools write it.
  public var writers: [String]
  /// Rules on its numbers beyond their shape, checked with the fields (see `checking(_:)`).
  public let rules: [IntRule]
  /// The fields and rules compiled for the allocation-free check.
  let compiled: CompiledSchema

  /// A schema.
  public init(type: String, summary: String, fields: [FieldSpec], writers: [String] = []) {
    self.init(type: type, summary: summary, fields: fields, writers: writers, rules: [])
  }

  init(type: String, summary: String, fields: [FieldSpec], writers: [String], rules: [IntRule]) {
    self.type = type
    self.summary = summary
    self.fields = fields
    self.writers = writers
    self.rules = rules
    self.compiled = CompiledSchema(fields, rules: rules)
  }

  /// This schema with `rules` checked too, in the same pass as its fields: a value at a rule's
  /// path that the field's type accepts must also be one the rule allows. A rule whose path names
  /// no whole-number field of the schema checks nothing.
  public func checking(_ rules: [IntRule]) -> RecordSchema {
    RecordSchema(type: type, summary: summary, fields: fields, writers: writers, rules: self.rules + rules)
  }

  /// The problems of a record (already validated as JSON), as messages; empty when it conforms.
  public func problems(in bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan]) -> [String] {
    if compiled.conforms(bytes, members: members) { return [] }
    return wordedProblems(in: bytes, members: members)
  }

  /// `problems(in:members:)` for a line whose quote bitmap is `quotes` when it is plain
  /// (`RecordIndexer.plainQuotes`), the fast check reading date-times with `memo` (the day of the
  /// last one this reader met).
  public func problems(
    in bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan], quotes: UnsafePointer<UInt64>?,
    memo: inout ISODate.DayMemo
  ) -> [String] {
    if members.withUnsafeBufferPointer({ compiled.conforms(bytes, members: $0, quotes: quotes, memo: &memo) })
    {
      return []
    }
    return wordedProblems(in: bytes, members: members)
  }

  /// `problems(in:members:quotes:memo:)` with the members as a worker's indexer lists them
  /// (`RecordIndexer.spans`): no array is made unless the fast check is not sure.
  public func problems(
    in bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<MemberSpan>,
    quotes: UnsafePointer<UInt64>?,
    memo: inout ISODate.DayMemo
  ) -> [String] {
    if compiled.conforms(bytes, members: spans, quotes: quotes, memo: &memo) { return [] }
    return wordedProblems(in: bytes, members: Array(spans))
  }

  /// Whether `line` is surely a plain, valid record (duplicate keys refused, nesting within
  /// `maxDepth`, at most `maxLineLength` bytes) whose `"type"` is `type` (its text between the
  /// quotes, without escapes) and which conforms to this schema: read once, stage 1's block pass
  /// and one walk checking the grammar and the schema together (`OnePassCheck`), reading
  /// date-times with `memo`. False means "not sure": index the line and ask `problems`. With a
  /// `shape` (one per worker), a line of the last conforming lines' shape is checked by its plan
  /// (`ShapeCheck`); with a `scan` (the worker's indexer's), a line it found plain is not
  /// classified again.
  public func conformsInOnePass(
    _ line: UnsafeBufferPointer<UInt8>, type: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxLineLength: Int,
    memo: inout ISODate.DayMemo, shape: ShapeCheck? = nil, scan: PlainLineScan? = nil
  ) -> Bool {
    compiled.conformsInOnePass(
      line, type: type, maxDepth: maxDepth, maxLineLength: maxLineLength, memo: &memo, shape: shape,
      scan: scan)
  }

  /// The readable check alone (the fast path's fallback; tests compare the two).
  func wordedProblems(in bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan]) -> [String] {
    var problems: [String] = []
    SchemaChecker(bytes: bytes, rules: rules).check(
      fields: fields, members: members, path: "", steps: [], into: &problems)
    return problems
  }

  /// Whether the allocation-free check accepts the record (false means "look closer"), with the
  /// quote bitmap of a plain line as a worker has it, so that the tests try that path too.
  func fastConforms(_ bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan]) -> Bool {
    var memo = ISODate.DayMemo()
    var scratch: [MemberSpan] = []
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: StructuralIndexer.quoteWords) { bitmap in
      let verdict = StructuralIndexer.index(
        bytes, maxDepth: JSONParser.maxDepthCeiling, quotes: bitmap.baseAddress!, into: &scratch)
      let quotes = verdict == .plain ? UnsafePointer(bitmap.baseAddress!) : nil
      return members.withUnsafeBufferPointer {
        compiled.conforms(bytes, members: $0, quotes: quotes, memo: &memo)
      }
    }
  }

  /// The problems of a record, as messages.
  public func problems(in record: Record) -> [String] {
    record.bytes.withUnsafeBufferPointer { problems(in: $0, members: record.members) }
  }
}

/// Checks values in place, worded for messages. `RecordSchema.problems` runs it only when the
/// allocation-free check (`CompiledSchema`) is not sure; names are built only for problems found.
struct SchemaChecker {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The schema's rules; a field's `steps` (its path) say which apply.
  let rules: [IntRule]

  init(bytes: UnsafeBufferPointer<UInt8>, rules: [IntRule] = []) {
    self.bytes = bytes
    self.rules = rules
  }

  func check(
    fields: [FieldSpec], members: [MemberSpan], path: @autoclosure () -> String, steps: [String],
    into problems: inout [String]
  ) {
    for field in fields {
      guard let member = RecordIndexer.member(field.name, in: bytes, members: members) else {
        if field.required {
          problems.append("missing field \(Self.join(path(), field.name)) (\(field.type.description))")
        }
        continue
      }
      check(member.value, field.type, Self.join(path(), field.name), steps + [field.name], &problems)
    }
  }

  static func join(_ path: String, _ name: String) -> String {
    path.isEmpty ? "\"\(name)\"" : "\(path).\(name)"
  }

  func text(_ range: Range<Int>) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    return MessageText.shortened(String(decoding: slice, as: UTF8.self))
  }

  func string(_ range: Range<Int>) -> String? {
    guard bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
    let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    return inner.contains(UInt8(ascii: "\\"))
      ? JSONParser.unescape(inner) : String(decoding: inner, as: UTF8.self)
  }

  func number(_ range: Range<Int>) -> Double? { Self.number(bytes, range) }

  /// The value of the JSON number at `range` of `bytes`, as Swift reads its text (the one reading
  /// of both checks). A plain decimal of at most 15 digits is computed directly: its digits as a
  /// whole number and a power of ten up to 10^22 are both exact doubles, so one division is
  /// correctly rounded, which is what reading the text gives (Clinger's fast path).
  static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
    var i = range.lowerBound
    let negative = i < range.upperBound && bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    var digits = 0
    var fraction = -1  // digits after the point, once there is one
    var whole: UInt64 = 0
    while i < range.upperBound {
      let c = bytes[i]
      if c &- 48 < 10 {
        whole = whole &* 10 &+ UInt64(c &- 48)
        digits += 1
        if fraction >= 0 { fraction += 1 }
      } else if c == UInt8(ascii: "."), fraction < 0 {
        fraction = 0
      } else {
        digits = 99  // an exponent: read as text
        break
      }
      i += 1
    }
    if digits > 0, digits <= 15, fraction != 0 {
      var scale = 1.0  // 10^fraction, exact: at most 10^15
      for _ in 0..<max(fraction, 0) { scale *= 10 }
      let value = Double(whole) / scale
      return negative ? -value : value
    }
    return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
  }

  func check(
    _ range: Range<Int>, _ type: FieldType, _ name: @autoclosure () -> String, _ steps: [String],
    _ problems: inout [String]
  ) {
    let first = bytes[range.lowerBound]
    let isNumber = first == UInt8(ascii: "-") || (first >= 48 && first <= 57)
    var ok = true
    switch type {
    case .any: return
    case .string: ok = first == UInt8(ascii: "\"")
    case .nonEmptyString: ok = first == UInt8(ascii: "\"") && range.count > 2
    case .bool: ok = first == UInt8(ascii: "t") || first == UInt8(ascii: "f")
    case .int(let allowed):
      let value =
        isNumber ? Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)) : nil
      ok = value.map(allowed.contains) ?? false
      if ok, let value, let rule = rules.first(where: { $0.path.steps == steps }), !rule.allows(value) {
        problems.append(
          "\(name()) must be \(rule.expected), not \(text(range))"
            + (rule.hint(for: value).map { "; \($0)" } ?? ""))
        return
      }
    case .number(let allowed):
      ok = isNumber && (number(range).map { $0.isFinite && allowed.contains($0) } ?? false)
    case .dateTime:
      ok = string(range).map { ISODate.parse($0) != nil } ?? false
    case .day:
      ok = string(range).map { ISODate.parseDay($0) != nil } ?? false
    case .oneOf(let values):
      ok = string(range).map(values.contains) ?? false
    case .array(let element):
      guard first == UInt8(ascii: "[") else {
        ok = false
        break
      }
      var parser = JSONParser(
        UnsafeBufferPointer(rebasing: bytes[range]), maxDepth: JSONParser.maxDepthCeiling)
      parser.position = 1
      parser.skipWhitespace()
      var index = 0
      while parser.position < range.count - 1 {
        let start = parser.position
        try? parser.skipValue(depth: 1)
        let elementRange = (range.lowerBound + start)..<(range.lowerBound + parser.position)
        check(elementRange, element, "\(name())[\(index)]", steps + ["[]"], &problems)
        index += 1
        parser.skipWhitespace()
        if parser.position < range.count - 1 { parser.position += 1 }
        parser.skipWhitespace()
      }
    case .object(let fields):
      guard first == UInt8(ascii: "{") else {
        ok = false
        break
      }
      check(fields: fields, members: members(of: range), path: name(), steps: steps, into: &problems)
    case .map(let valueType):
      guard first == UInt8(ascii: "{") else {
        ok = false
        break
      }
      for member in members(of: range) {
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[member.key]), as: UTF8.self)
        check(member.value, valueType, "\(name()).\(key)", steps + ["*"], &problems)
      }
    }
    if !ok {
      var hint: String?
      if case .dateTime = type { hint = string(range).flatMap(ISODate.hint) }
      problems.append(
        "\(name()) must be \(type.description), not \(text(range))" + (hint.map { "; \($0)" } ?? ""))
    }
  }

  /// The members of the object at `range`, positions relative to the whole record.
  func members(of range: Range<Int>) -> [MemberSpan] {
    var members: [MemberSpan] = []
    var parser = JSONParser(UnsafeBufferPointer(rebasing: bytes[range]), maxDepth: JSONParser.maxDepthCeiling)
    try? parser.indexObject(into: &members)
    return members.map {
      MemberSpan(
        key: ($0.key.lowerBound + range.lowerBound)..<($0.key.upperBound + range.lowerBound),
        keyHasEscapes: $0.keyHasEscapes,
        value: ($0.value.lowerBound + range.lowerBound)..<($0.value.upperBound + range.lowerBound),
        kind: $0.kind)
    }
  }
}

/// Record schemas looked up by type: one domain's (`FoodTruckSchemas.catalog`), or every one a tool
/// knows. The schemas themselves live with their domain: PipeProtocol holds only the machinery.
public struct SchemaCatalog: Sendable {
  /// The schemas, in documentation order.
  public let all: [RecordSchema]
  let index: [String: RecordSchema]

  /// A catalog of these schemas; for a repeated type the first one counts.
  public init(_ schemas: [RecordSchema]) {
    all = schemas
    index = Dictionary(schemas.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The schema of a type, if the catalog holds it.
  public func schema(for type: String) -> RecordSchema? { index[type] }
}
