import VectorScan

/// A worker's line framing and stage 1's block pass in one: the bytes from a line's start are
/// classified 64 at a time up to the first byte that is not plain, and when that byte is the line
/// feed (a control byte), the line is plain, its end is found and its quote bitmap is made, with
/// no pass of its own to find the line feed. The indexer whose bitmap this fills
/// (`RecordIndexer.lineScan`) then skips its block pass for that line.
public struct PlainLineScan {
  /// The indexer's quote bitmap (`StructuralIndexer.quoteWords` words).
  @usableFromInline let quotes: UnsafeMutablePointer<UInt64>
  /// The line last scanned plain: its first byte's address and its length (0 and 0: none).
  @usableFromInline let scanned: UnsafeMutablePointer<Int>

  @usableFromInline
  init(quotes: UnsafeMutablePointer<UInt64>, scanned: UnsafeMutablePointer<Int>) {
    self.quotes = quotes
    self.scanned = scanned
  }

  /// Scans the line at `p`, of which `available` bytes are readable: its length when it is plain
  /// and ends at a line feed within `StructuralIndexer.maxPlainLength` bytes (the bitmap is then
  /// its own until the indexer reads it); else nil and how many of its first bytes hold no line
  /// feed (the search for it goes on from there).
  @inlinable @inline(__always)
  public func line(at p: UnsafePointer<UInt8>, available: Int) -> (plain: Int?, searched: Int) {
    let limit = min(available, StructuralIndexer.maxPlainLength &+ 1)
    let stop = VectorScan.plainRun(p, limit, quotes: quotes)
    if stop < limit, p[stop] == 0x0A {
      scanned[0] = Int(bitPattern: p)
      scanned[1] = stop
      return (stop, stop)
    }
    scanned[0] = 0
    return (nil, stop)
  }

  /// Whether `line` is the one scanned last, plain: then its bitmap is made. The bitmap is read,
  /// not written, by whoever asks (pipe-check's one-pass check, then its indexer if that check
  /// is not sure); the next line's scan, or `take`, ends it.
  @inline(__always)
  func holds(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    scanned[0] == Int(bitPattern: line.baseAddress) && scanned[1] == line.count
  }

  /// `holds`, for the indexer, which writes the bitmap of any other line it reads: the answer is
  /// given once.
  @inline(__always)
  func take(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard holds(line) else { return false }
    scanned[0] = 0
    return true
  }
}
