@testable import PipeProtocol

extension RecordSchema {
  /// The fast check's answer on the record `text` and the worded check's problems, for the tests
  /// that hold the two together.
  func bothChecks(_ text: String) throws -> (fast: Bool, problems: [String]) {
    let bytes = Array(text.utf8)
    var members: [MemberSpan] = []
    return try bytes.withUnsafeBufferPointer { buffer in
      _ = try RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)
      return (fastConforms(buffer, members: members), wordedProblems(in: buffer, members: members))
    }
  }
}
