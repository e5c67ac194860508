import TestSupport
import Testing

@testable import PipeProtocol

/// The one reading of numbers of both schema checks, against Swift's reading of the text.
@Suite("schema numbers")
struct SchemaNumberTests {
  @Test("plain decimals read directly are the doubles their text reads as; others are read as text")
  func numbers() {
    var random = SplitMix64(seed: 25)
    var texts = [
      "0", "-0", "0.5", "-0.0", "34.68", "0.30000000000000004", "1e2", "1E-2", "123456789012345",
      "1234567890123456", "0.1", "9007199254740993", "-12.000",
    ]
    for _ in 0..<Campaign.size(small: 20_000, full: 200_000) {
      let whole = UInt64.random(in: 0..<1_000_000_000_000, using: &random)
      let places = Int.random(in: 0...14, using: &random)
      var text = String(whole)
      if places > 0 {
        while text.count <= places { text = "0" + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
      }
      texts.append(Bool.random(using: &random) ? "-" + text : text)
    }
    for text in texts {
      let bytes = Array(text.utf8)
      let read = bytes.withUnsafeBufferPointer { SchemaChecker.number($0, 0..<$0.count) }
      #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }
}
