import PipeProtocol
import Testing

@Suite("field paths")
struct FieldPathTests {
  func found(_ path: FieldPath, _ text: String) throws -> [String] {
    let bytes = Array(text.utf8)
    var members: [MemberSpan] = []
    return try bytes.withUnsafeBufferPointer { buffer in
      _ = try RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)
      var result: [String] = []
      path.forEach(in: buffer, members: members) { range, name in
        result.append("\(name())=\(FieldPath.text(buffer, range))")
      }
      return result
    }
  }

  @Test("members and every element of arrays, named as schema problems name them")
  func walk() throws {
    let text =
      #"{"type":"t", "items" : [ {"a":1,"donut" : 3} , {"donut":"x"}, 5, {"d\u006fnut":[7]} ], "x":{"y":{"z":true}}}"#
    #expect(
      try found(FieldPath("items", "[]", "donut"), text)
        == [#""items"[0].donut=3"#, #""items"[1].donut="x""#, #""items"[3].donut=[7]"#])
    #expect(try found(FieldPath("x", "y", "z"), text) == [#""x".y.z=true"#])
    #expect(try found(FieldPath("items", "[]"), text).count == 4)
    #expect(try found(FieldPath("x", "[]"), text) == [])
    #expect(try found(FieldPath("missing", "[]", "donut"), text) == [])
    #expect(try found(FieldPath("items", "[]", "donut"), #"{"type":"t","items":[]}"#) == [])
  }

  @Test("whole numbers in plain digits only")
  func integers() {
    for (text, value) in [
      ("17", 17), ("-3", -3), ("0", 0), ("1.0", nil), ("1e2", nil), ("\"4\"", nil),
      ("12345678901234567890", nil),
    ] as [(String, Int?)] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer { FieldPath.integer($0, 0..<$0.count) } == value, "\(text)")
    }
  }
}
