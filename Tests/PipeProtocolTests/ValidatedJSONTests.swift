import PipeProtocol
import Testing

@Suite("ValidatedJSON: reading validated bytes in place")
struct ValidatedJSONTests {
  /// Runs `body` over `text`'s bytes.
  func with<T>(_ text: String, _ body: (ValidatedJSON) -> T) -> T {
    Array(text.utf8).withUnsafeBufferPointer { body(ValidatedJSON($0)) }
  }

  @Test("members of an object: keys without quotes, values, and the end")
  func members() {
    let text = #"{ "a" : 1 ,"b\"c":[1,{"x":"]"}], "d":{"e":null}, "f":"s\\"} tail"#
    let (found, end) = with(text) { json in
      var found: [(String, String)] = []
      let end = json.forEachMember(ofObjectAt: 0) { key, value in
        found.append((json.text(key), json.text(value)))
      }
      return (found, end)
    }
    #expect(found.map(\.0) == ["a", #"b\"c"#, "d", "f"])
    #expect(found.map(\.1) == ["1", #"[1,{"x":"]"}]"#, #"{"e":null}"#, #""s\\""#])
    #expect(end == text.utf8.count - " tail".utf8.count)
    #expect(with("{}") { $0.forEachMember(ofObjectAt: 0) { _, _ in } } == 2)
  }

  @Test("elements of an array, each skipped by the caller")
  func elements() {
    let text = #"[ 1, "a,b" ,{"k":[2]} , true,[] ]"#
    let found = with(text) { json in
      var found: [String] = []
      let end = json.forEachElement(ofArrayAt: 0) { start in
        let end = json.valueEnd(start)
        found.append(json.text(start..<end))
        return end
      }
      #expect(end == text.utf8.count)
      return found
    }
    #expect(found == ["1", #""a,b""#, #"{"k":[2]}"#, "true", "[]"])
    #expect(with("[ ]") { $0.forEachElement(ofArrayAt: 0) { $0 + 1 } } == 3)
  }

  @Test("whole numbers: only plain integers within the digit limit")
  func integers() {
    func int(_ text: String, maxDigits: Int = 18) -> Int? {
      with(text) { $0.int(0..<text.utf8.count, maxDigits: maxDigits) }
    }
    #expect(int("0") == 0)
    #expect(int("-42") == -42)
    #expect(int("123456789012345678") == 123_456_789_012_345_678)
    #expect(int("1234567890123456789") == nil)
    #expect(int("1234", maxDigits: 3) == nil)
    #expect(int("1.5") == nil)
    #expect(int("1e3") == nil)
    #expect(int("\"1\"") == nil)
    #expect(int("-") == nil)
  }

  @Test("strings: decoded, or the plain bytes when there is no escape")
  func strings() {
    #expect(with(#""caf\u00e9 \"x\"""#) { $0.string(0..<$0.bytes.count) } == "café \"x\"")
    #expect(with("\"plain\"") { $0.plainString(0..<7) } == 1..<6)
    #expect(with(#""a\nb""#) { $0.plainString(0..<6) } == nil)
    #expect(with("12") { $0.string(0..<2) } == nil)
    #expect(with("\"donut\"") { $0.equals(1..<6, "donut") })
    #expect(!with("\"donut\"") { $0.equals(1..<6, "donuts") })
  }
}
