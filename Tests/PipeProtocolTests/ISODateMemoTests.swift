import TestSupport
import Testing

@testable import PipeProtocol

/// `ISODate.parse(bytes:memo:)`, the fast path of the readers, against `parse(bytes:)`.
@Suite("ISODate's day memo")
struct ISODateMemoTests {
  /// A date-time near `base` or broken in one byte: the same day as the last one often, another
  /// day, another form (an offset, a fraction), an impossible day or a stray byte sometimes.
  static func date(_ random: inout SplitMix64, after last: [UInt8]) -> [UInt8] {
    var bytes = last
    switch random.next() % 8 {
    case 0, 1, 2:  // the same day, another time
      let time = Array(
        String(
          format2(Int(random.next() % 26)) + ":" + format2(Int(random.next() % 62)) + ":"
            + format2(Int(random.next() % 62))
        ).utf8)
      bytes.replaceSubrange(11..<19, with: time)
    case 3:  // another day, maybe impossible (the 30th of February, month 13)
      let day = format2(Int(random.next() % 32)), month = format2(Int(random.next() % 14))
      bytes.replaceSubrange(5..<10, with: Array((month + "-" + day).utf8))
    case 4:  // one byte anywhere changed, to any byte (the time's bytes, read as one word, most often)
      let at = random.next() % 2 == 0 ? 11 + Int(random.next() % 8) : Int(random.next() % 20)
      bytes[at] = UInt8(truncatingIfNeeded: random.next())
    case 5:  // another form
      bytes = Array(
        [
          "2026-11-29T10:02:13.5Z", "2026-11-29T10:02:13+01:00", "2026-11-29T10:02:13z",
          "2026-11-29T10:02Z", "2026-11-29", "0000-02-29T00:00:00Z", "9999-12-31T23:59:59Z",
        ][
          Int(random.next() % 7)
        ].utf8)
    default:  // a valid date of another day in the memo's month
      bytes = Array("2026-11-29T10:02:13Z".utf8)
      bytes.replaceSubrange(8..<10, with: Array(format2(1 + Int(random.next() % 28)).utf8))
    }
    return bytes
  }

  static func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  @Test("the memo's answers are parse(bytes:)'s, over a stream of near and broken dates")
  func sameAnswers() {
    var random = SplitMix64(seed: 29)
    var memo = ISODate.DayMemo()
    var last = Array("2026-11-29T10:02:13Z".utf8)
    var hits = 0
    var valid = 0
    for _ in 0..<20_000 {
      let bytes = last.count == 20 ? Self.date(&random, after: last) : Array("2026-11-29T10:02:13Z".utf8)
      let before = memo
      let fast = bytes.withUnsafeBufferPointer { ISODate.parse(bytes: $0, memo: &memo) }
      let slow = bytes.withUnsafeBufferPointer { ISODate.parse(bytes: $0) }
      #expect(fast == slow, "\(String(decoding: bytes, as: UTF8.self))")
      if fast != nil { valid += 1 }
      if before.seconds != Int.min, before.seconds == memo.seconds, bytes.count == 20 { hits += 1 }
      last = bytes
    }
    // The stream tries both paths: days the memo knew, and days it had to read.
    #expect(hits > 5_000 && valid > 10_000, "\(hits) memo hits, \(valid) valid")
  }
}
