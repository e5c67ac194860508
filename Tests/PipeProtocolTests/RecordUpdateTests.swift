import PipeProtocol
import TestSupport
import Testing

/// `Record.updated(to:)` changes only what changed: every other member keeps its bytes.
@Suite struct RecordUpdateTests {
  static let line = #"{"a":"caf\u00e9","b" : 1.50,"n":{"x":"\/"},"type":"t","z":"\u202e"}"#

  func record(_ text: String = line) throws -> Record { try Record(bytes: Array(text.utf8)) }

  @Test func theSameObjectKeepsEveryByte() throws {
    let record = try record()
    #expect(record.updated(to: record.object).bytes == record.bytes)
  }

  @Test func oneChangedFieldIsTheOnlyChange() throws {
    let record = try record()
    var object = record.object
    object["b"] = .int(2)
    let text = String(decoding: record.updated(to: object).bytes, as: UTF8.self)
    #expect(text == #"{"a":"caf\u00e9","b" : 2,"n":{"x":"\/"},"type":"t","z":"\u202e"}"#)
  }

  @Test func newKeysGoInSortedPlacesAndDroppedKeysGo() throws {
    let record = try record()
    var object = record.object
    object["m"] = .bool(true)
    object["zz"] = .null
    object["n"] = nil
    let text = String(decoding: record.updated(to: object).bytes, as: UTF8.self)
    #expect(text == #"{"a":"caf\u00e9","b" : 1.50,"m":true,"type":"t","z":"\u202e","zz":null}"#)
  }

  @Test func anEscapedKeyIsMatchedByItsCodePoints() throws {
    let record = try record(#"{"caf\u00e9":1,"type":"t"}"#)
    var object = record.object
    object["type"] = .string("u")
    let text = String(decoding: record.updated(to: object).bytes, as: UTF8.self)
    #expect(text == #"{"caf\u00e9":1,"type":"u"}"#)
  }

  /// Against the slow twin: whatever is changed, the result parses to exactly the object asked for.
  @Test func theResultHoldsTheObjectAskedFor() throws {
    var generator = SplitMix64(seed: 3911)
    let record = try record()
    let keys = ["a", "b", "c", "n", "type", "y", "z"]
    for _ in 0..<500 {
      var object = record.object
      for key in keys where Bool.random(using: &generator) {
        object[key] = Bool.random(using: &generator) ? nil : .int(Int.random(in: 0...9, using: &generator))
      }
      object.sortKeys()
      #expect(record.updated(to: object).object == object)
    }
  }
}
