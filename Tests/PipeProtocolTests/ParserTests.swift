import PipeProtocol
import Testing

@Suite("JSON parser and writer")
struct ParserTests {
  @Test("numbers keep their literal text")
  func numberFidelity() throws {
    let value = try JSONParser.parse(#"{"a":[1,2.50,1e400,12345678901234567890,-0.0]}"#)
    #expect(value.jsonText == #"{"a":[1,2.50,1e400,12345678901234567890,-0.0]}"#)
  }

  @Test("object member order and duplicates are kept")
  func memberOrder() throws {
    let value = try JSONParser.parse(#"{"z":1,"a":2,"z":3}"#)
    #expect(value.objectValue?.keys == ["z", "a", "z"])
    #expect(value.jsonText == #"{"z":1,"a":2,"z":3}"#)
  }

  @Test("strings round-trip through escapes and surrogate pairs")
  func strings() throws {
    let value = try JSONParser.parse(#"["\u00e9\ud83d\ude00\n\t\"\\\/", "caf\u00e9"]"#)
    #expect(value.arrayValue?[0].stringValue == "é😀\n\t\"\\/")
    #expect(JSONValue.string("a\"b\\c\n\u{1}").jsonText == #""a\"b\\c\n\u0001""#)
  }

  @Test("errors name the column and what was expected")
  func errors() {
    do {
      _ = try JSONParser.parse(#"{"type":"x",}"#)
      Issue.record("accepted a trailing comma")
    } catch {
      #expect(error.message == "expected a string key in object, found '}'")
      #expect(error.offset == 12)
    }
  }

  @Test("deep nesting is refused, not a stack overflow")
  func depth() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONError.self) { _ = try JSONParser.parse(deep) }
    let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    #expect(throws: Never.self) { _ = try JSONParser.parse(ok) }
  }

  @Test("invalid UTF-8 and a BOM are refused")
  func encoding() {
    #expect(throws: JSONError.self) { _ = try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    #expect(throws: JSONError.self) { _ = try JSONParser.parse([0x22, 0xED, 0xA0, 0x80, 0x22]) }
    #expect(throws: JSONError.self) { _ = try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) }
  }

  @Test("created objects sort their keys")
  func sortedKeys() {
    let object: JSONObject = ["type": .string("t"), "b": .int(1), "a": .bool(true)]
    #expect(JSONValue.object(object).jsonText == #"{"a":true,"b":1,"type":"t"}"#)
  }

  @Test("decimal numbers are written with at most the given fraction digits")
  func decimals() {
    #expect(JSONNumber(5.78 * 3, fractionDigits: 2).text == "17.34")
    #expect(JSONNumber(5.0, fractionDigits: 2).text == "5")
    #expect(JSONNumber(0.1 + 0.2, fractionDigits: 2).text == "0.3")
    #expect(JSONNumber(-0.004, fractionDigits: 2).text == "0")
    #expect(JSONNumber(0.33333, fractionDigits: 2).text == "0.33")
  }

  @Test("ISO 8601 dates format and parse in UTC")
  func dates() {
    #expect(ISODate.format(0) == "1970-01-01T00:00:00Z")
    #expect(ISODate.parse("2026-11-29T10:02:13Z") == 1_795_946_533)
    #expect(ISODate.format(1_795_946_533) == "2026-11-29T10:02:13Z")
    #expect(ISODate.parse("2026-11-29T12:02:13+02:00") == 1_795_946_533)
    #expect(ISODate.parseDay("2026-11-29") == 1_795_910_400)
    #expect(ISODate.parseOption("2026-11-29") == 1_795_910_400)
    #expect(ISODate.parseDay("2026-02-30") == nil)
    #expect(ISODate.parse("2026-11-29T25:00:00Z") == nil)
    #expect(ISODate.format(-1) == "1969-12-31T23:59:59Z")
  }

  @Test(
    "records have one date-time grammar; every other form is refused",
    arguments: [
      "2026-11-29 10:02:13Z", "2026-11-29t10:02:13Z", "2026-11-29T10:02:13z", "2026-11-29T10:02Z",
      "2026-11-29T10:02:13", "2026-11-29", "2026-11-29T10:02:13+0100", "2026-11-29T10:02:13+01",
      "2026-11-29T10:02:60Z", "@1795946533", "2026-11-29T10:02:13.Z", "2026-11-29T10:02:13.1234567891Z",
      " 2026-11-29T10:02:13Z", "2026-11-29T10:02:13Z ",
    ])
  func refusedDates(_ text: String) {
    #expect(ISODate.parse(text) == nil)
  }

  @Test("fractions are dropped and offsets converted")
  func acceptedDates() {
    #expect(ISODate.parse("2026-11-29T10:02:13.999Z") == 1_795_946_533)
    #expect(ISODate.parse("2026-11-29T05:02:13-05:00") == 1_795_946_533)
    #expect(ISODate.parseOption("@1795946533") == 1_795_946_533)
    #expect(ISODate.parseDay("2026-11-29T10:02:13Z") == nil)
  }

  @Test("duplicate keys are refused in records at any depth, allowed by the bare JSON grammar")
  func duplicateKeys() throws {
    for line in [
      #"{"type":"t","a":1,"a":2}"#, #"{"type":"t","o":{"k":1,"k":2}}"#, #"{"type":"t","a":1,"a":2}"#,
      #"{"type":"t","l":[{"k":1},{"k":2,"k":3}]}"#,
    ] {
      #expect(throws: InputError.self) { try Record(bytes: Array(line.utf8)) }
      #expect(throws: Never.self) { try JSONParser.parse(line) }
    }
    #expect(throws: Never.self) { try Record(bytes: Array(#"{"type":"t","o":{"k":1},"p":{"k":2}}"#.utf8)) }
    // Keys compare code point by code point: canonically equivalent spellings are two keys.
    #expect(throws: Never.self) { try Record(bytes: Array(#"{"type":"t","e\u0301":1,"\u00e9":2}"#.utf8)) }
  }

  @Test("a whole document parsed with duplicate keys refused: at any depth, escapes or not, same keys apart")
  func duplicateKeysInDocuments() throws {
    func strict(_ text: String) throws(JSONError) -> JSONValue {
      try JSONParser.parse(Array(text.utf8), rejectsDuplicateKeys: true)
    }
    for (text, key, offset) in [
      (#"{"a":1,"a":2}"#, "a", 7), (#"[{"o":{"k":1,"\u006b":2}}]"#, "k", 13),
      (#"{"l":[{"k":1},{"k":2,"k":3}]}"#, "k", 21),
    ] {
      do {
        _ = try strict(text)
        Issue.record("accepted \(text)")
      } catch {
        #expect(error == JSONError("duplicate key \"\(key)\" in object (a key may appear once)", at: offset))
      }
      #expect(throws: Never.self) { try JSONParser.parse(Array(text.utf8)) }
    }
    // The same key in sibling or nested objects, and canonically equivalent spellings, are not duplicates.
    let value = try strict(#"{"o":{"k":1},"p":{"k":2,"o":{"k":3}},"e\u0301":1,"\u00e9":2}"#)
    #expect(value.objectValue?.keys == ["o", "p", "e\u{301}", "\u{e9}"])
  }
}

@Suite("dates at the edges")
struct DateRangeTests {
  @Test("@SECONDS is accepted only for the years 0000 to 9999, so date arithmetic cannot overflow")
  func secondsRange() {
    #expect(ISODate.parseOption("@0") == 0)
    #expect(ISODate.parseOption("@253402300799") == 253_402_300_799)
    #expect(ISODate.format(253_402_300_799) == "9999-12-31T23:59:59Z")
    #expect(ISODate.parseOption("@-62167219200") == -62_167_219_200)
    #expect(ISODate.format(-62_167_219_200) == "0000-01-01T00:00:00Z")
    #expect(ISODate.parseOption("@253402300800") == nil)
    #expect(ISODate.parseOption("@-62167219201") == nil)
    #expect(ISODate.parse("@9223372036854775807") == nil)
    #expect(ISODate.parse("@-9223372036854775808") == nil)
    #expect(ISODate.parse("9999-12-31T23:59:59Z") == ISODate.range.upperBound)
    #expect(ISODate.parse("0000-01-01T00:00:00Z") == ISODate.range.lowerBound)
  }
}
