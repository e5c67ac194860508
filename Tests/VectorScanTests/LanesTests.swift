import PipeProtocol
import TestSupport
import Testing
import VectorScan

/// The scans through the kernel chosen (the baseline's, in tests) against a byte-by-byte reading
/// of the same bytes.
@Suite("structural scan")
struct LanesTests {
  static func isStringStop(_ c: UInt8) -> Bool { c == 0x22 || c == 0x5C || c < 0x20 || c >= 0x80 }
  static func isQuoteOrBackslash(_ c: UInt8) -> Bool { c == 0x22 || c == 0x5C }

  /// The first offset in `from..<end` whose byte matches, or `end`.
  static func reference(_ bytes: [UInt8], _ from: Int, _ end: Int, _ matches: (UInt8) -> Bool) -> Int {
    (from..<end).first { matches(bytes[$0]) } ?? end
  }

  /// Checks every scan on `bytes[from..<end]`.
  static func check(_ bytes: [UInt8], from: Int, end: Int) {
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      #expect(
        VectorScan.firstStringStop(base, from: from, end: end)
          == reference(bytes, from, end, isStringStop), "string stop in \(bytes) from \(from) to \(end)")
      #expect(
        VectorScan.firstQuoteOrBackslash(base, from: from, end: end)
          == reference(bytes, from, end, isQuoteOrBackslash), "quote in \(bytes) from \(from) to \(end)")
      #expect(
        VectorScan.isPlain(base + from, end - from) == !bytes[from..<end].contains {
          $0 == 0x5C || $0 < 0x20 || $0 >= 0x80
        })
      if from + 16 <= bytes.count {
        let stop = reference(bytes, from, from + 16, isStringStop) - from
        #expect(VectorScan.stringStop16(base + from) == stop)
        let quote = reference(bytes, from, from + 16, isQuoteOrBackslash) - from
        #expect(VectorScan.quoteOrBackslash16(base + from) == quote)
        for limit in 0...16 {
          #expect(VectorScan.quoteOrBackslash16(base + from, within: limit) == min(quote, limit))
        }
      }
    }
  }

  @Test("every byte value at every position of a 16- and a 32-byte block, and past them")
  func everyByteEverywhere() {
    for size in [16, 32, 48] {
      for position in 0..<size {
        for byte in 0...255 {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: size)
          bytes[position] = UInt8(byte)
          Self.check(bytes, from: 0, end: size)
          // The same byte after a match earlier in the block, and with the start moved past it.
          bytes[size / 2] = 0x22
          Self.check(bytes, from: 0, end: size)
          Self.check(bytes, from: min(position, size - 1), end: size)
        }
      }
    }
  }

  @Test("random bytes, many of them structural, at random offsets")
  func random() {
    var random = SplitMix64(seed: 18)
    let interesting: [UInt8] = [0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xBF, 0xC3, 0xFF]
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...80, using: &random)
      let bytes = (0..<count).map { _ -> UInt8 in
        Int.random(in: 0..<10, using: &random) < 2
          ? interesting.randomElement(using: &random)! : UInt8.random(in: 0x20...0x7E, using: &random)
      }
      let from = Int.random(in: 0...count, using: &random)
      let end = Int.random(in: from...count, using: &random)
      Self.check(bytes, from: from, end: end)
    }
  }
}
