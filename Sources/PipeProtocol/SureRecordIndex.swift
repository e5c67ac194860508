/// Indexes lines for a chunk worker of `ParallelReading`, which decides only what it is sure of: a
/// line within the length limit is a record whose keys have no escapes and whose `"type"` is a
/// string without escapes. Anything else (an error of any kind, a line over the limit, an escape in
/// a key or in the type) is for the sequential code, which reads, words and numbers it. One per
/// worker thread: its member list is reused.
public struct SureRecordIndex {
  /// The nesting limit.
  public let maxDepth: Int
  /// The longest line, in bytes, without its ending (a longer one is an error for the sequential
  /// code to report).
  public let maxLineLength: Int
  /// The top-level members of the last line indexed.
  public private(set) var members: [MemberSpan] = []
  /// Whether the last line indexed is plain (`PlainRecord`: printable ASCII, no escapes anywhere).
  public private(set) var plain = false

  /// An index for lines at most `maxLineLength` bytes long, nested at most `maxDepth` deep.
  public init(maxDepth: Int, maxLineLength: Int) {
    self.maxDepth = maxDepth
    self.maxLineLength = maxLineLength
    members.reserveCapacity(32)
  }

  /// Indexes `line` as one record (an object, duplicate keys refused) and returns where the text of
  /// its type is (between the quotes); nil when the worker is not sure of the line.
  public mutating func index(_ line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard line.count <= maxLineLength else { return nil }
    plain = PlainRecord.index(line, maxDepth: maxDepth, into: &members)
    if !plain {
      var parser = JSONParser(line, maxDepth: maxDepth)
      parser.rejectsDuplicateKeys = true
      do {
        try parser.indexObject(into: &members)
      } catch {
        return nil
      }
      for m in members where m.keyHasEscapes { return nil }
    }
    let json = ValidatedJSON(line)
    guard let type = value("type", json) else { return nil }
    return string(type, json)
  }

  /// The value of the first member named `key` (as `RecordView.member` finds it: keys have no
  /// escapes here).
  @inline(__always)
  public func value(_ key: StaticString, _ json: ValidatedJSON) -> Range<Int>? {
    let count = key.utf8CodeUnitCount
    for m in members where m.key.count == count && json.equals(m.key, key) { return m.value }
    return nil
  }

  /// The bytes between the quotes of a string value without escapes; nil for another value.
  @inline(__always)
  public func string(_ range: Range<Int>, _ json: ValidatedJSON) -> Range<Int>? {
    if plain {
      return json.bytes[range.lowerBound] == UInt8(ascii: "\"")
        ? (range.lowerBound + 1)..<(range.upperBound - 1) : nil
    }
    return json.plainString(range)
  }
}
