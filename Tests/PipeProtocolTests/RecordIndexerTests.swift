import PipeProtocol
import Testing

@Suite("the record indexer's sure mode: sure lines only")
struct RecordIndexerTests {
  /// What `index` returns for `line`: the type's text, or nil when the worker is not sure.
  func type(_ line: String, maxLineLength: Int = 1 << 20) -> String? {
    var index = RecordIndexer(maxDepth: 512, maxLineLength: maxLineLength)
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      index.sure(buffer).map { String(decoding: buffer[$0], as: UTF8.self) }
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
}
