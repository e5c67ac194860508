/// Stage 1's vector helpers, 16 bytes at a time: the block scan (`StructuralIndexer.scan`) and
/// the string scans of stage 1 and stage 2 (`ValidatedJSON`) are written with these alone, so a
/// wider lane type would change this file only.
extension StructuralIndexer {
  /// Lanes of 16 bytes. Only wrapping arithmetic and bitwise operations of `SIMD16<UInt8>` are
  /// used: they compile to one SSE2 instruction each on x86-64 and to NEON on arm64. (The
  /// lane-wise comparisons `.==` and `.<` compile, with Swift 6.3, to a loop over the lanes.) A
  /// lane "matches" when its high bit is set. Lines are still split with `memchr`: glibc's (AVX2)
  /// finds line feeds faster than a 16-byte loop does. `SIMD64<UInt8>` was measured for the
  /// 64-byte blocks (Swift 6.3, this block scan over 434 MB, one core): its lane operations compile
  /// to code hundreds of times slower (44 s, and 13 s with `-target-cpu skylake-avx512`, against
  /// 0.10 s with these lanes), so a block is four of these lanes.
  public typealias Lanes = SIMD16<UInt8>

  /// 0x80 in the lanes that are zero.
  @inlinable @inline(__always)
  static func zeroLanes(_ v: Lanes) -> Lanes {
    // For a lane y: (y - 1) has its high bit set for y == 0 and for y > 0x80; ~y for y < 0x80.
    (v &- Lanes(repeating: 1)) & ~v & Lanes(repeating: 0x80)
  }

  /// 0x80 in the lanes equal to `byte`.
  @inlinable @inline(__always)
  static func equalLanes(_ v: Lanes, _ byte: UInt8) -> Lanes {
    zeroLanes(v ^ Lanes(repeating: byte))
  }

  /// 0x80 in the lanes that a string scan stops at: `"`, `\`, a control byte, or non-ASCII.
  @inlinable @inline(__always)
  static func stringStops(_ v: Lanes) -> Lanes {
    // v - 0x20 wraps to 0xE0... for the control bytes; `& ~v` drops the wrap of bytes >= 0xA0,
    // and `| v` adds every byte with its high bit set (not ASCII).
    let control = (v &- Lanes(repeating: 0x20)) & ~v
    return (equalLanes(v, 0x22) | equalLanes(v, 0x5C) | control | v) & Lanes(repeating: 0x80)
  }

  /// 0x80 in the lanes that are not plain text: `\`, a control byte, or non-ASCII.
  @inlinable @inline(__always)
  static func notPlain(_ v: Lanes) -> Lanes {
    let control = (v &- Lanes(repeating: 0x20)) & ~v
    return (equalLanes(v, 0x5C) | control | v) & Lanes(repeating: 0x80)
  }

  /// 0x80 in the lanes that a scan of validated JSON text stops at: `"` or `\`.
  @inlinable @inline(__always)
  static func quoteOrBackslash(_ v: Lanes) -> Lanes {
    equalLanes(v, 0x22) | equalLanes(v, 0x5C)
  }

  /// A bit per lane (bit i for lane i) of the lanes whose high bit is set: each 8-byte half's
  /// high bits gathered by one multiplication (no lane's product overlaps another's, so nothing
  /// carries).
  @inlinable @inline(__always)
  static func bits(_ mask: Lanes) -> Int {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    let gather: UInt64 = 0x0102_0408_1020_4080
    let low = ((words[0] &>> 7) &* gather) &>> 56
    let high = ((words[1] &>> 7) &* gather) &>> 56
    return Int(truncatingIfNeeded: low | high &<< 8)
  }

  /// The index (0 to 15) of the first lane whose high bit is set, or 16 when none is; without a
  /// branch, which strings of every length would make unpredictable.
  @inlinable @inline(__always)
  static func firstLane(_ mask: Lanes) -> Int {
    (bits(mask) | 0x1_0000).trailingZeroBitCount
  }

  /// Whether any lane of `mask` is not zero.
  @inlinable @inline(__always)
  static func any(_ mask: Lanes) -> Bool {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return words[0] | words[1] != 0
  }

  /// The 16 bytes at `base + i` (any alignment).
  @inlinable @inline(__always)
  static func load(_ base: UnsafePointer<UInt8>, _ i: Int) -> Lanes {
    UnsafeRawPointer(base + i).loadUnaligned(as: Lanes.self)
  }

  /// The index (0 to 15) of the first byte of the 16 at `p` that a string scan stops at (a quote,
  /// a backslash, a control byte or a byte that is not ASCII), or 16 when there is none.
  @inlinable @inline(__always)
  public static func stringStop16(_ p: UnsafePointer<UInt8>) -> Int {
    firstLane(stringStops(load(p, 0)))
  }

  /// The index (0 to 15) of the first `"` or `\` of the 16 bytes at `p`, or 16 when there is none.
  @inlinable @inline(__always)
  public static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>) -> Int {
    firstLane(quoteOrBackslash(load(p, 0)))
  }

  /// The index of the first `"` or `\` among the first `limit` (0 to 16) of the 16 bytes at `p`,
  /// or `limit` when there is none.
  @inlinable @inline(__always)
  public static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>, within limit: Int) -> Int {
    (bits(quoteOrBackslash(load(p, 0))) | 1 &<< limit).trailingZeroBitCount
  }

  /// The offset of the first byte in `from..<end` that a string scan stops at (a quote, a
  /// backslash, a control byte or a byte that is not ASCII), or `end` when there is none.
  @inlinable
  public static func firstStringStop(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
    firstStop(base, from: from, end: end, stringStops) { c in c == 0x22 || c == 0x5C || c < 0x20 || c >= 0x80
    }
  }

  /// The offset of the first `"` or `\` in `from..<end`, or `end`: where a string of validated
  /// JSON text may end.
  @inlinable
  public static func firstQuoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
    firstStop(base, from: from, end: end, quoteOrBackslash) { c in c == 0x22 || c == 0x5C }
  }

  /// The offset of the first byte in `from..<end` that `stops` marks (16 bytes at a time) and
  /// `isStop` says (byte by byte, in the last 15), or `end`.
  @inlinable @inline(__always)
  static func firstStop(
    _ base: UnsafePointer<UInt8>, from: Int, end: Int, _ stops: (Lanes) -> Lanes, _ isStop: (UInt8) -> Bool
  ) -> Int {
    var i = from
    // Most strings of records (keys, names, dates) end within 16 bytes: one step finds it.
    if i &+ 16 <= end {
      let lane = firstLane(stops(load(base, i)))
      if lane < 16 { return i &+ lane }
      i &+= 16
    }
    while i &+ 32 <= end {
      let a = stops(load(base, i))
      let b = stops(load(base, i &+ 16))
      if any(a | b) {
        let lane = firstLane(a)
        return i &+ (lane < 16 ? lane : 16 &+ firstLane(b))
      }
      i &+= 32
    }
    if i &+ 16 <= end {
      let lane = firstLane(stops(load(base, i)))
      if lane < 16 { return i &+ lane }
      i &+= 16
    }
    while i < end {
      if isStop(base[i]) { return i }
      i &+= 1
    }
    return end
  }
}
