import PipeProtocol

/// Reads records from one input, validating each line.
public final class RecordReader {
  /// The underlying line reader.
  public let lines: LineReader
  /// The nesting limit.
  public var maxDepth = JSONParser.defaultMaxDepth
  var members: [MemberSpan] = []

  /// A record reader over a line reader.
  public init(_ lines: LineReader) { self.lines = lines }

  /// Calls `body` with each record in place (no copy); stops at the first invalid line with an error.
  public func forEach(_ body: (RecordView) throws -> Void) throws {
    while try lines.next({ line in
      let type = try RecordIndexer.index(
        line.bytes, source: lines.source, line: line.number, into: &members, maxDepth: maxDepth)
      try body(
        RecordView(bytes: line.bytes, members: members, type: type, line: line.number, source: lines.source))
    }) {}
  }

  /// The next record, copied; nil at the end.
  public func next() throws -> Record? {
    var result: Record?
    _ = try lines.next { line in
      let type = try RecordIndexer.index(
        line.bytes, source: lines.source, line: line.number, into: &members, maxDepth: maxDepth)
      result = Record(
        bytes: Array(line.bytes), source: lines.source, line: line.number, type: type, members: members)
    }
    return result
  }
}
