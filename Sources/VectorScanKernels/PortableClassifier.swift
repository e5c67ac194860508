/// The classifier on `SIMD16<UInt8>` arithmetic alone, for every architecture: the reference the
/// property tests hold the instruction sets' kernels to. Only wrapping arithmetic and bitwise
/// operations are used: they compile to one instruction each (SSE2 on x86-64, NEON on arm64),
/// where Swift 6.3's lane-wise comparisons (`.==`, `.<`) compile to a loop over the lanes. A
/// lane "matches" when its high bit is set.
public enum PortableClassifier: ByteClassifier {
  /// Lanes of 16 bytes.
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

  /// 0x80 in the lanes that are not plain: `\`, a control byte, or not ASCII.
  @inlinable @inline(__always)
  static func notPlain(_ v: Lanes) -> Lanes {
    // v - 0x20 wraps to 0xE0... for the control bytes; `& ~v` drops the wrap of bytes >= 0xA0,
    // and `| v` adds every byte with its high bit set (not ASCII).
    let control = (v &- Lanes(repeating: 0x20)) & ~v
    return (equalLanes(v, 0x5C) | control | v) & Lanes(repeating: 0x80)
  }

  /// A bit per lane of the lanes whose high bit is set: each 8-byte half's high bits gathered by
  /// one multiplication (no lane's product overlaps another's, so nothing carries).
  @inlinable @inline(__always)
  static func bits(_ mask: Lanes) -> UInt32 {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    let gather: UInt64 = 0x0102_0408_1020_4080
    let low = ((words[0] &>> 7) &* gather) &>> 56
    let high = ((words[1] &>> 7) &* gather) &>> 56
    return UInt32(truncatingIfNeeded: low | high &<< 8)
  }

  /// The 16 bytes at `p` (any alignment).
  @inlinable @inline(__always)
  static func load(_ p: UnsafePointer<UInt8>) -> Lanes {
    UnsafeRawPointer(p).loadUnaligned(as: Lanes.self)
  }

  /// See `ByteClassifier.lanes`.
  @inlinable @inline(__always)
  public static func lanes(_ p: UnsafePointer<UInt8>) -> (quotes: UInt32, notPlain: UInt32) {
    let v = load(p)
    return (bits(equalLanes(v, 0x22)), bits(notPlain(v)))
  }

  /// See `ByteClassifier.stringStops16`.
  @inlinable @inline(__always)
  public static func stringStops16(_ p: UnsafePointer<UInt8>) -> UInt32 {
    let v = load(p)
    return bits(notPlain(v) | equalLanes(v, 0x22))
  }

  /// See `ByteClassifier.quoteOrBackslash16`.
  @inlinable @inline(__always)
  public static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>) -> UInt32 {
    let v = load(p)
    return bits(equalLanes(v, 0x22) | equalLanes(v, 0x5C))
  }

  /// See `ByteClassifier.nonASCII32`.
  @inlinable @inline(__always)
  public static func nonASCII32(_ p: UnsafePointer<UInt8>) -> UInt32 {
    bits(load(p) & Lanes(repeating: 0x80)) | bits(load(p + 16) & Lanes(repeating: 0x80)) &<< 16
  }
}
