/// A path to values inside a record: member names, with `[]` for every element of an array
/// (`items`, `[]`, `donut`: the donut of each item). Rules checked beside a schema, such as "a donut
/// id is on the menu", use it to find their values in place, without parsing the record.
public struct FieldPath: Sendable {
  /// The steps: member names, or `[]`.
  public let steps: [String]

  /// A path of these steps.
  public init(_ steps: String...) { self.steps = steps }

  /// Calls `body` with the range of each value at the path in a validated record indexed into
  /// `members`, and its name as schema problems write it (`"items"[0].donut`). A step that finds no
  /// member, or a value of another kind than the path expects, ends that branch: the schema
  /// reports those.
  public func forEach(
    in bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan],
    _ body: (_ value: Range<Int>, _ name: () -> String) -> Void
  ) {
    guard let first = steps.first, first != "[]",
      let member = RecordIndexer.member(first, in: bytes, members: members)
    else { return }
    visit(member.value, step: 1, in: bytes, name: { "\"\(first)\"" }, body)
  }

  func visit(
    _ range: Range<Int>, step: Int, in bytes: UnsafeBufferPointer<UInt8>, name: () -> String,
    _ body: (Range<Int>, () -> String) -> Void
  ) {
    guard step < steps.count else { return withoutActuallyEscaping(name) { body(range, $0) } }
    var parser = JSONParser(bytes, maxDepth: JSONParser.maxDepthCeiling)
    parser.position = range.lowerBound + 1
    parser.skipWhitespace()
    let end = range.upperBound - 1
    if steps[step] == "[]" {
      guard bytes[range.lowerBound] == UInt8(ascii: "[") else { return }
      var index = 0
      while parser.position < end {
        let start = parser.position
        guard (try? parser.skipValue(depth: 1)) != nil else { return }
        let i = index
        visit(start..<parser.position, step: step + 1, in: bytes, name: { "\(name())[\(i)]" }, body)
        index += 1
        parser.skipWhitespace()
        if parser.position < end { parser.position += 1 }
        parser.skipWhitespace()
      }
      return
    }
    guard bytes[range.lowerBound] == UInt8(ascii: "{") else { return }
    var key = steps[step]
    key.withUTF8 { wanted in
      while parser.position < end {
        guard let (keyRange, escaped) = try? parser.scanString() else { return }
        parser.skipWhitespace()
        parser.position += 1  // the ':'
        parser.skipWhitespace()
        let start = parser.position
        guard (try? parser.skipValue(depth: 1)) != nil else { return }
        let same =
          escaped
          ? JSONParser.unescape(UnsafeBufferPointer(rebasing: bytes[keyRange]))
            == String(decoding: wanted, as: UTF8.self)
          : keyRange.count == wanted.count && zip(bytes[keyRange], wanted).allSatisfy { $0 == $1 }
        if same {
          let key = steps[step]
          return visit(
            start..<parser.position, step: step + 1, in: bytes, name: { "\(name()).\(key)" }, body)
        }
        parser.skipWhitespace()
        if parser.position < end { parser.position += 1 }
        parser.skipWhitespace()
      }
    }
  }

  /// The whole number a value's bytes spell in plain digits (`17`, `-3`), or nil for anything else
  /// (a fraction, an exponent, a string, a number too large for `Int`).
  public static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var i = range.lowerBound
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    guard i < range.upperBound, range.upperBound - i <= 18 else { return nil }
    var value = 0
    while i < range.upperBound {
      let digit = bytes[i] &- 48
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
      i += 1
    }
    return negative ? -value : value
  }

  /// A value's text as schema problems quote it (at most 40 characters).
  public static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    SchemaChecker(bytes: bytes).text(range)
  }
}
