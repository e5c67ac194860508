import PipeReading
import TestSupport
import Testing

@testable import PipeProtocol

/// Three fast paths and their slow twins: a worker's framing (`LineChunk.forEachLine`) against
/// `LineReader`'s, cut at every chunk boundary; `ShortBytes.equal` and `copy` against a byte-by-byte
/// comparison and copy; and the sure mode (`RecordIndexer.indexIfSure`) against the throwing mode
/// (`RecordIndexer.index`), which reads every line the sequential code reads.
@Suite("fast twins: chunk framing, short comparisons, the sure mode")
struct FramingTwinsTests {
  /// The lines `LineReader` delivers for `bytes` (blank ones skipped), with their numbers.
  static func readerLines(_ bytes: [UInt8]) -> [(Int, [UInt8])] {
    let reader = LineReader(bytes: bytes, source: "test", chunkSize: 64)
    var lines: [(Int, [UInt8])] = []
    while (try? reader.next({ lines.append(($0.number, Array($0.bytes))) })) == true {}
    return lines
  }

  /// The lines and count of `forEachLine` over `bytes[range]` as one chunk, the same with an
  /// indexer's scan (`forEachLine(scan:_:)`); for each line the scan found plain, its quote bitmap
  /// is checked against stage 1's own.
  static func chunkLines(_ bytes: [UInt8], _ range: Range<Int>, isLast: Bool) -> (
    lines: [[UInt8]], count: Int
  ) {
    bytes.withUnsafeBufferPointer { buffer in
      let chunk = LineChunk(bytes: UnsafeBufferPointer(rebasing: buffer[range]), isLast: isLast)
      var lines: [[UInt8]] = []
      let count = chunk.forEachLine { lines.append(Array($0)) }
      let index = RecordIndexer(maxDepth: 64, maxLineLength: 1 << 20)
      let scan = index.lineScan
      var scanned: [[UInt8]] = []
      let scannedCount = chunk.forEachLine(scan: scan) { line in
        scanned.append(Array(line))
        guard scan.holds(line) else { return }
        // Asking leaves the bitmap to the next reader (the indexer after pipe-check's one-pass
        // check); the indexer takes it once.
        #expect(scan.holds(line) && scan.take(line) && !scan.take(line) && !scan.holds(line))
        #expect(StructuralIndexer.isPlain(line), "scanned plain: \(Array(line))")
        let words = (line.count + 63) / 64
        var quotes = [UInt64](repeating: 0, count: words)
        _ = quotes.withUnsafeMutableBufferPointer {
          StructuralIndexer.scan(line.baseAddress!, line.count, quotes: $0.baseAddress!)
        }
        let made = Array(UnsafeBufferPointer(start: index.buffers.quoteWords, count: words))
        #expect(made == quotes, "the scan's quotes of \(Array(line))")
      }
      #expect(scanned == lines && scannedCount == count, "with a scan: \(Array(buffer[range]))")
      return (lines, count)
    }
  }

  /// Splits `bytes` into two chunks after the line feed at every position, and checks that the two
  /// chunks frame the lines `LineReader` frames, numbered alike.
  static func checkEverySplit(_ bytes: [UInt8]) {
    let expected = readerLines(bytes)
    var splits = [0]
    for (i, byte) in bytes.enumerated() where byte == 0x0A { splits.append(i + 1) }
    for split in splits {
      let first = chunkLines(bytes, 0..<split, isLast: split == bytes.count)
      let second = chunkLines(bytes, split..<bytes.count, isLast: true)
      let lines = first.lines + second.lines
      #expect(lines == expected.map(\.1), "split at \(split) of \(bytes)")
      // Numbers: the first chunk's count says where the second chunk's lines start.
      var numbered: [Int] = []
      var number = 0
      for (chunk, range) in [(first, 0..<split), (second, split..<bytes.count)] {
        var n = number
        for line in Self.framed(Array(bytes[range])) {
          n += 1
          if !line.isEmpty { numbered.append(n) }
        }
        number += chunk.count
      }
      #expect(numbered == expected.map(\.0), "line numbers, split at \(split) of \(bytes)")
    }
  }

  /// The slow framing: split at line feeds, one carriage return dropped before each, the last
  /// piece kept only when it is not empty.
  static func framed(_ bytes: [UInt8]) -> [[UInt8]] {
    var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if pieces.last?.isEmpty == true { pieces.removeLast() }
    return pieces.enumerated().map { index, piece in
      let ended = index < pieces.count - 1 || bytes.last == 0x0A
      return ended && piece.last == 0x0D ? Array(piece.dropLast()) : piece
    }
  }

  @Test("forEachLine frames as LineReader does, at every chunk boundary")
  func chunkBoundaries() {
    var random = SplitMix64(seed: 3901)
    let pieces: [[UInt8]] = [
      Array(#"{"type":"x"}"#.utf8), [0x0A], [0x0A], [0x0D, 0x0A], [0x0D], Array("ab".utf8),
      [0x0D, 0x0D, 0x0A],
      [0x20], Array("é".utf8),
    ]
    let fixed: [[UInt8]] = [
      [], [0x0A], [0x0A, 0x0A], [0x0D], [0x0D, 0x0A], Array("a".utf8), Array("a\n".utf8), Array("a\r".utf8),
      Array("a\r\n\r\nb".utf8), Array("\na\nb\n".utf8), Array("a\r\r\n".utf8),
    ]
    for bytes in fixed { Self.checkEverySplit(bytes) }
    // Plain lines around the longest a scan classifies (`StructuralIndexer.maxPlainLength`).
    for length in [8_190, 8_191, 8_192, 8_193, 9_000] {
      let long = Array(#"{"k":""#.utf8) + [UInt8](repeating: 0x61, count: length - 8) + Array(#""}"#.utf8)
      Self.checkEverySplit(long + [0x0A] + long + [0x0A] + Array("a\n".utf8) + long)
    }
    for _ in 0..<Campaign.size(small: 1_500, full: 15_000) {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...10, using: &random) { bytes += pieces.randomElement(using: &random)! }
      Self.checkEverySplit(bytes)
    }
  }

  @Test("forEachLine counts every line, empty ones and an unterminated last one included")
  func counts() {
    #expect(Self.chunkLines([], 0..<0, isLast: true).count == 0)
    #expect(Self.chunkLines(Array("\n\n".utf8), 0..<2, isLast: true).count == 2)
    #expect(Self.chunkLines(Array("a\nb".utf8), 0..<3, isLast: true).count == 2)
    #expect(Self.chunkLines(Array("a\r\n".utf8), 0..<3, isLast: true).lines == [Array("a".utf8)])
  }

  @Test(
    "ShortBytes.equal, with and without words made beforehand, is a byte-by-byte comparison at every length and every differing byte"
  )
  func shortBytes() {
    for count in 0...40 {
      let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      a.withUnsafeBufferPointer { x in
        let start = x.baseAddress ?? UnsafePointer(bitPattern: 1)!
        #expect(ShortBytes.equal(start, start, count: count))
      }
      for position in 0..<count {
        for flip: UInt8 in [0x01, 0x20, 0x80] {
          var b = a
          b[position] ^= flip
          let equal = a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in ShortBytes.equal(x.baseAddress!, y.baseAddress!, count: count) }
          }
          #expect(!equal, "a byte differs at \(position) of \(count)")
          // The same with the first bytes' words made beforehand (as a member table keeps them).
          let withWords = a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
              let head = ShortBytes.head(x.baseAddress!, count: count)
              let tail = count > 8 ? ShortBytes.tail(x.baseAddress!, count: count) : 0
              return ShortBytes.equal(y.baseAddress!, count: count, head: head, tail: tail, x.baseAddress!)
            }
          }
          #expect(!withWords, "a byte differs at \(position) of \(count), with words")
        }
      }
      a.withUnsafeBufferPointer { x in
        guard let start = x.baseAddress else { return }
        let tail = count > 8 ? ShortBytes.tail(start, count: count) : 0
        #expect(
          ShortBytes.equal(start, count: count, head: ShortBytes.head(start, count: count), tail: tail, start)
        )
      }
    }
  }

  @Test("ShortBytes.copy copies every length to 80 as a byte-by-byte copy, and writes nothing around it")
  func shortCopies() {
    for count in 0...80 {
      for offset in 0..<3 {
        let source = (0...(count + offset)).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
        // The copy lands at `offset + 16` of a buffer of sentinels 16 bytes wider on each side.
        var target = [UInt8](repeating: 0xA5, count: count + offset + 32)
        source.withUnsafeBufferPointer { from in
          target.withUnsafeMutableBufferPointer { to in
            ShortBytes.copy(from.baseAddress! + offset, to: to.baseAddress! + offset + 16, count: count)
          }
        }
        var expected = [UInt8](repeating: 0xA5, count: count + offset + 32)
        for i in 0..<count { expected[offset + 16 + i] = source[offset + i] }
        #expect(target == expected, "\(count) bytes from offset \(offset)")
      }
    }
  }

  /// The throwing mode's type for `line`, or nil when it refuses the line.
  static func thrown(_ line: [UInt8]) -> String? {
    line.withUnsafeBufferPointer { buffer in
      var members: [MemberSpan] = []
      return try? RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)
    }
  }

  /// Checks one line: whatever the sure mode decides, the throwing mode decides the same, with the
  /// same members; and on a line without escapes in its keys or type, within the limits, the sure
  /// mode decides every line the throwing mode accepts.
  static func checkSure(_ line: [UInt8], _ indexer: inout RecordIndexer) {
    let text = String(decoding: line, as: UTF8.self)
    let slow = Self.thrown(line)
    line.withUnsafeBufferPointer { buffer in
      guard let type = indexer.indexIfSure(buffer) else {
        if let slow, !line.contains(0x5C), line.count <= indexer.maxLineLength,
          line.filter({ $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }).count
            < StructuralIndexer.maxNesting
        {
          var members: [MemberSpan] = []
          _ = try? RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)
          #expect(
            members.count > StructuralIndexer.maxOpenKeys,
            "the sure mode left a plain record of type \(slow) to the sequential code: \(text)")
        }
        return
      }
      #expect(String(decoding: buffer[type], as: UTF8.self) == slow, "\(text)")
      var members: [MemberSpan] = []
      _ = try? RecordIndexer.index(buffer, source: "t", line: 1, into: &members, maxDepth: 512)
      #expect(Array(indexer.spans) == members, "\(text)")
    }
  }

  @Test("the sure mode decides as the throwing mode on random and mutated records")
  func indexIfSure() {
    var random = SplitMix64(seed: 3902)
    var indexer = RecordIndexer(maxDepth: 512, maxLineLength: 1 << 16, keepsMemberArray: false)
    let base = Array(StructuralIndexerTests.order.utf8)
    let bytes: [UInt8] = Array("{}[]\":,0123456789-+.eE \\u\tty".utf8) + [0xC3, 0xA9, 0x01]
    let fixed = [
      #"{"type":"x"}"#, #"{"type":1}"#, #"{"a":1}"#, #"{"type":"x","type":"y"}"#, #"{"type":"\u0078"}"#,
      #"{"typ\u0065":"x"}"#, "[]", #"{"type":"x"} "#, #" {"type":"é"}"#,
    ]
    for line in fixed { Self.checkSure(Array(line.utf8), &indexer) }
    for _ in 0..<Campaign.size(small: 6_000, full: 40_000) {
      let line = Mutations.mutate(base, from: bytes, edits: 0...3, using: &random)
      Self.checkSure(line, &indexer)
    }
  }
}
