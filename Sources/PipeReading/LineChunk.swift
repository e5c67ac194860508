import CPrefetch
import Glibc
import PipeProtocol

/// A chunk of whole lines handed to a worker of the parallel driver (`ParallelReading`): its
/// bytes, valid until its result is merged.
public struct LineChunk: @unchecked Sendable {
  /// The bytes: whole lines, each ending in `\n` except the last line of the input.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// Whether these bytes end the input.
  public let isLast: Bool

  /// A chunk of `bytes`; `isLast` when they end the input.
  public init(bytes: UnsafeBufferPointer<UInt8>, isLast: Bool) {
    self.bytes = bytes
    self.isLast = isLast
  }

  /// How far ahead of the line being read its bytes are asked for.
  static let prefetchDistance = 2048

  /// Calls `body` with each non-empty line as LineReader frames it (up to a line feed, less one
  /// carriage return before it; a last line without a line feed keeps everything) and returns the
  /// number of lines, empty ones included.
  public func forEachLine<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) -> Int {
    try forEachLine(scan: nil, body)
  }

  /// `forEachLine(_:)`, each line's end found by `scan` when given (an indexer's
  /// `RecordIndexer.lineScan`): a plain line's bytes are classified once, for its end and for its
  /// quotes, and the indexer does not read them again.
  public func forEachLine<E: Error>(
    scan: PlainLineScan?, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let count = bytes.count
    var lines = 0
    var i = 0
    while i < count {
      // The bytes 2 KiB ahead, asked for now: a mapped file's pages are apart in memory, and the
      // processor's own prefetcher stops at each 4 KiB page, so the first lines of every page
      // waited for memory (sales-chart on 1,000,000 orders: 6% less time, 61 paired runs).
      // Seven cache lines a line, as many as an order has, with no branch on its length.
      if i &+ Self.prefetchDistance &+ 7 &* 64 <= count {
        let ahead = base + (i &+ Self.prefetchDistance)
        for line in 0..<7 { samplepipes_prefetch(ahead + line &* 64) }
      }
      var lineEnd = count
      var next = count
      var from = i
      if let scan {
        let found = scan.line(at: base + i, available: count &- i)
        if let plain = found.plain {
          let line = UnsafeBufferPointer(start: base + i, count: plain)
          lines &+= 1
          i &+= plain &+ 1
          if plain > 0 { try body(line) }
          continue
        }
        from = i &+ found.searched
      }
      if let p = memchr(base + from, 0x0A, count - from) {
        lineEnd = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
        next = lineEnd + 1
        if lineEnd > i, base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      }
      lines += 1
      let line = UnsafeBufferPointer(start: base + i, count: lineEnd - i)
      i = next
      if !line.isEmpty { try body(line) }
    }
    return lines
  }
}

/// What a worker made of a chunk.
public enum ChunkOutcome<Value> {
  /// The chunk's value and its number of lines (the line feeds it holds, plus one for an
  /// unterminated last line).
  case done(Value, lines: Int)
  /// The worker does not decide this chunk: the calling thread reads it with the sequential code.
  case sequential
  /// As `sequential`, and every later chunk too (the chunk may change how later lines are read).
  case sequentialFromHere
}

/// Why a worker leaves lines to the sequential code, which reads, words and numbers everything it
/// is not sure of.
public enum SequentialHandOff: Error, Sendable {
  /// The sequential code reads this chunk.
  case chunk
  /// The sequential code reads this chunk and every later one (a line in it may change how later
  /// lines are read, as a `donut` record defines a donut).
  case rest
}

extension LineChunk {
  /// Calls `line` with each non-empty line and, when none skipped, returns `.done` with `value()`
  /// and the chunk's line count; a skip becomes `.sequential` or `.sequentialFromHere`.
  @inlinable
  public func result<Value>(
    _ value: () -> Value, scan: PlainLineScan? = nil,
    _ line: (UnsafeBufferPointer<UInt8>) throws(SequentialHandOff) -> Void
  ) -> ChunkOutcome<Value> {
    do throws(SequentialHandOff) {
      let lines = try forEachLine(scan: scan, line)
      return .done(value(), lines: lines)
    } catch {
      return error == .rest ? .sequentialFromHere : .sequential
    }
  }
}
