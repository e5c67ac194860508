/// The scans, written once over a classifier: stage 1's block pass, the string scans and UTF-8
/// validation. Each instruction set's kernel is this source instantiated with its classifier in a
/// module built for that instruction set; `VectorScan` chooses one at run time.
public enum ScanKernel<C: ByteClassifier> {
  /// The block pass of stage 1: fills `quotes` with a bit per byte of the `count` bytes at `base`
  /// that is a quote (bit `i % 64` of word `i / 64`; `(count + 63) / 64` words), and returns
  /// whether they are plain (the bitmap is meaningful only then).
  @inlinable @inline(__always)
  public static func blocks(_ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>)
    -> Bool
  {
    var found: UInt64 = 0
    var i = 0
    var word = 0
    while i &+ 64 <= count {
      let block = C.block(base + i)
      found |= block.notPlain
      quotes[word] = block.quotes
      i &+= 64
      word &+= 1
    }
    if i < count {
      // The last bytes as one block where it can be read; else 16 and then 1 at a time. The
      // byte loop turned a different number of times line by line, so its end was hard to
      // predict: the block made sales-chart 0.95x (paired, one core and two).
      if let tail = C.tail(base + i, count &- i) {
        quotes[word] = tail.quotes
        return found | tail.notPlain == 0
      }
      var last: UInt64 = 0
      var shift: UInt64 = 0
      while i &+ 16 <= count {
        let lanes = C.lanes(base + i)
        found |= UInt64(lanes.notPlain)
        last |= UInt64(lanes.quotes) &<< shift
        shift &+= 16
        i &+= 16
      }
      while i < count {
        let c = base[i]
        if isNotPlain(c) { return false }
        if c == 0x22 { last |= 1 &<< shift }
        shift &+= 1
        i &+= 1
      }
      quotes[word] = last
    }
    return found == 0
  }

  /// The offset of the first byte of the `count` bytes at `base` that is not plain, or `count`
  /// when there is none, with `quotes` filled as `blocks` fills it for the bytes before that one
  /// (the bits from it on clear): a line's plain bytes up to its line feed, which is a control
  /// byte, found in the one pass that finds its quotes.
  @inlinable @inline(__always)
  public static func plainRun(
    _ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>
  )
    -> Int
  {
    var i = 0
    var word = 0
    /// Writes the block's quotes before its first byte that is not plain, and returns that byte's
    /// offset in the block (64 when there is none).
    @inline(__always) func stop(_ block: (quotes: UInt64, notPlain: UInt64)) -> Int {
      let at = block.notPlain.trailingZeroBitCount
      quotes[word] =
        at == 64 ? block.quotes : block.quotes & ((1 as UInt64) &<< UInt64(truncatingIfNeeded: at) &- 1)
      return at
    }
    while i &+ 64 <= count {
      let at = stop(C.block(base + i))
      if at < 64 { return i &+ at }
      i &+= 64
      word &+= 1
    }
    guard i < count else { return count }
    // The tail's bits from `count` on are clear: no stop there means none before `count`.
    if let tail = C.tail(base + i, count &- i) { return min(i &+ stop(tail), count) }
    var last: UInt64 = 0
    var shift: UInt64 = 0
    while i < count {
      let c = base[i]
      if isNotPlain(c) { break }
      if c == 0x22 { last |= 1 &<< shift }
      shift &+= 1
      i &+= 1
    }
    quotes[word] = last
    return i
  }

  /// Whether the `count` bytes at `base` are plain: no backslash, control byte or byte that is
  /// not ASCII.
  @inlinable @inline(__always)
  public static func isPlain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    var found: UInt64 = 0
    while i &+ 64 <= count {
      found |= C.block(base + i).notPlain
      i &+= 64
    }
    if i < count, let tail = C.tail(base + i, count &- i) { return found | tail.notPlain == 0 }
    while i &+ 16 <= count {
      found |= UInt64(C.lanes(base + i).notPlain)
      i &+= 16
    }
    if found != 0 { return false }
    while i < count {
      if isNotPlain(base[i]) { return false }
      i &+= 1
    }
    return true
  }

  /// Whether `c` is a backslash, a control byte or not ASCII.
  @inlinable @inline(__always)
  public static func isNotPlain(_ c: UInt8) -> Bool { c == 0x5C || c < 0x20 || c >= 0x80 }

  /// The offset of the first string stop (a quote, a backslash, a control byte or a byte that is
  /// not ASCII) in `from..<end`, or `end`.
  @inlinable @inline(__always)
  public static func firstStringStop(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
    var i = from
    // Most strings of records (keys, names, dates) end within 16 bytes: one step finds it.
    if i &+ 16 <= end {
      let stops = C.stringStops16(base + i)
      if stops != 0 { return i &+ stops.trailingZeroBitCount }
      i &+= 16
    }
    while i &+ 32 <= end {
      let stops = C.stringStops32(base + i)
      if stops != 0 { return i &+ stops.trailingZeroBitCount }
      i &+= 32
    }
    if i &+ 16 <= end {
      let stops = C.stringStops16(base + i)
      if stops != 0 { return i &+ stops.trailingZeroBitCount }
      i &+= 16
    }
    while i < end {
      let c = base[i]
      if c == 0x22 || isNotPlain(c) { return i }
      i &+= 1
    }
    return end
  }

  /// The offset of the first `"` or `\` in `from..<end`, or `end`: where a string of validated
  /// JSON text may end.
  @inlinable @inline(__always)
  public static func firstQuoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
    var i = from
    if i &+ 16 <= end {
      let stops = C.quoteOrBackslash16(base + i)
      if stops != 0 { return i &+ stops.trailingZeroBitCount }
      i &+= 16
    }
    while i &+ 32 <= end {
      let stops = C.quoteOrBackslash32(base + i)
      if stops != 0 { return i &+ stops.trailingZeroBitCount }
      i &+= 32
    }
    if i &+ 16 <= end {
      let stops = C.quoteOrBackslash16(base + i)
      if stops != 0 { return i &+ stops.trailingZeroBitCount }
      i &+= 16
    }
    while i < end {
      let c = base[i]
      if c == 0x22 || c == 0x5C { return i }
      i &+= 1
    }
    return end
  }

  /// The offset of the first byte of the `count` bytes at `base` that is not part of a valid UTF-8
  /// sequence (RFC 3629), or nil when they are all valid: ASCII 32 bytes at a time, each sequence
  /// that is not ASCII by `UTF8Sequence.length`.
  @inlinable @inline(__always)
  public static func firstInvalidUTF8(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    var i = 0
    while i < count {
      if i &+ 32 <= count {
        let high = C.nonASCII32(base + i)
        if high == 0 {
          i &+= 32
          continue
        }
        i &+= high.trailingZeroBitCount
      } else if base[i] < 0x80 {
        i &+= 1
        continue
      }
      guard let length = UTF8Sequence.length(base, count, at: i) else { return i }
      i &+= length
    }
    return nil
  }
}
