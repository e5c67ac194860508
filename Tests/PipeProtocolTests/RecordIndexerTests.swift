import Testing

@testable import PipeProtocol

@Suite("the record indexer's sure mode: sure lines only")
struct RecordIndexerTests {
  /// What `index` returns for `line`: the type's text, or nil when the worker is not sure.
  func type(_ line: String, maxLineLength: Int = 1 << 20) -> String? {
    var index = RecordIndexer(maxDepth: 512, maxLineLength: maxLineLength)
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      index.indexIfSure(buffer).map { String(decoding: buffer[$0], as: UTF8.self) }
    }
  }

  @Test("plain and escaped records give their type; a line over the limit is left alone")
  func lines() {
    let order = #"{"type":"order","id":"Order#1201"}"#
    #expect(type(order) == "order")
    #expect(type(#"{"note":"caf\u00e9","type":"x"}"#) == "x")
    #expect(type(order, maxLineLength: order.utf8.count) == "order")
    #expect(type(order, maxLineLength: order.utf8.count - 1) == nil)
  }

  @Test("escapes in a key or the type, duplicate keys, a type that is not a string, bad JSON: not sure")
  func unsure() {
    #expect(type(#"{"typ\u0065":"x"}"#) == nil)
    #expect(type(#"{"type":"\u0078"}"#) == nil)
    #expect(type(#"{"type":"x","type":"y"}"#) == nil)
    #expect(type(#"{"type":1}"#) == nil)
    #expect(type(#"{"type":"x""#) == nil)
    #expect(type(#"[1]"#) == nil)
  }

  @Test(
    "one indexer over lines of every member count: its spans, and its array when kept, are the parser's",
    arguments: [true, false])
  func reused(keepsMemberArray: Bool) {
    var index = RecordIndexer(maxDepth: 512, maxLineLength: 1 << 20, keepsMemberArray: keepsMemberArray)
    func line(_ n: Int, escaped: Bool = false) -> String {
      let members = (0..<n).map { #""k\#($0)":"\#(escaped ? #"\u0076"# : "v")""# }
      return "{" + (members + [#""type":"t""#]).joined(separator: ",") + "}"
    }
    // Counts up and down (the array is written over or replaced), past stage 1's room for keys (the
    // parser reads those), with escapes (a line that is not plain), and past the store's room.
    let lines = [3, 3, 10, 2, 2, 40, 63, 70, 1, 5].map { line($0) } + [line(4, escaped: true), line(4)]
    for text in lines {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(buffer, maxDepth: 512)
        parser.rejectsDuplicateKeys = true
        var expected: [MemberSpan] = []
        #expect(throws: Never.self) { try parser.indexObjectByteByByte(into: &expected) }
        let type = index.indexIfSure(buffer)
        guard expected.count <= StructuralIndexer.maxOpenKeys else {
          #expect(type == nil, "more members than the store holds: left to the sequential code")
          return
        }
        #expect(type.map { String(decoding: buffer[$0], as: UTF8.self) } == "t", "\(text)")
        #expect(Array(index.spans) == expected, "\(text)")
        #expect(index.members == (keepsMemberArray ? expected : []), "\(text)")
      }
    }
  }
}
