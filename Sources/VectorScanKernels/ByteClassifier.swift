/// One instruction set's way of classifying bytes: the masks every scan is made of, a bit per
/// byte (bit i for the byte at `p + i`). The scans (`ScanKernel`) are written once over this
/// protocol; each instruction set's module instantiates them, so the same source is compiled for
/// each (see `VectorScanAVX2`).
///
/// A byte is *not plain* when it is a backslash, a control byte (below 0x20) or not ASCII; a
/// *string stop* is a quote or a byte that is not plain.
public protocol ByteClassifier {
  /// The quotes of the 64 bytes at `p`, and the bytes that are not plain.
  static func block(_ p: UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64)
  /// The quotes of the 16 bytes at `p`, and the bytes that are not plain.
  static func lanes(_ p: UnsafePointer<UInt8>) -> (quotes: UInt32, notPlain: UInt32)
  /// The string stops of the 16 bytes at `p`.
  static func stringStops16(_ p: UnsafePointer<UInt8>) -> UInt32
  /// The quotes and backslashes of the 16 bytes at `p`.
  static func quoteOrBackslash16(_ p: UnsafePointer<UInt8>) -> UInt32
  /// The string stops of the 32 bytes at `p`.
  static func stringStops32(_ p: UnsafePointer<UInt8>) -> UInt32
  /// The quotes and backslashes of the 32 bytes at `p`.
  static func quoteOrBackslash32(_ p: UnsafePointer<UInt8>) -> UInt32
  /// The bytes that are not ASCII among the 32 at `p`.
  static func nonASCII32(_ p: UnsafePointer<UInt8>) -> UInt32
  /// The quotes and the bytes that are not plain of the last `count` bytes of a scan (1 to 63) at
  /// `p`, read as one block, their bits from `count` on clear; nil when that read could touch a
  /// page the bytes are not on (the scan then reads them 16 and 1 at a time).
  static func tail(_ p: UnsafePointer<UInt8>, _ count: Int) -> (quotes: UInt64, notPlain: UInt64)?
}

extension ByteClassifier {
  /// A block as four 16-byte steps, for the classifiers with no wider vector.
  @inlinable @inline(__always)
  public static func block(_ p: UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64) {
    let a = lanes(p)
    let b = lanes(p + 16)
    let c = lanes(p + 32)
    let d = lanes(p + 48)
    return (
      UInt64(a.quotes) | UInt64(b.quotes) &<< 16 | UInt64(c.quotes) &<< 32 | UInt64(d.quotes) &<< 48,
      UInt64(a.notPlain) | UInt64(b.notPlain) &<< 16 | UInt64(c.notPlain) &<< 32 | UInt64(d.notPlain) &<< 48
    )
  }

  /// A whole block from `p` when it ends on `p`'s page: the bytes past `count` are read (a page is
  /// mapped whole, so the read cannot fault) and their bits dropped. Pages are at least 4 KiB
  /// everywhere, and a larger page is a run of 4 KiB ones.
  @inlinable @inline(__always)
  public static func tail(_ p: UnsafePointer<UInt8>, _ count: Int) -> (quotes: UInt64, notPlain: UInt64)? {
    guard Int(bitPattern: p) & 4095 <= 4096 - 64 else { return nil }
    let block = block(p)
    let kept = (1 as UInt64) &<< UInt64(truncatingIfNeeded: count) &- 1
    return (block.quotes & kept, block.notPlain & kept)
  }

  /// 32 bytes as two 16-byte steps.
  @inlinable @inline(__always)
  public static func stringStops32(_ p: UnsafePointer<UInt8>) -> UInt32 {
    stringStops16(p) | stringStops16(p + 16) &<< 16
  }

  /// 32 bytes as two 16-byte steps.
  @inlinable @inline(__always)
  public static func quoteOrBackslash32(_ p: UnsafePointer<UInt8>) -> UInt32 {
    quoteOrBackslash16(p) | quoteOrBackslash16(p + 16) &<< 16
  }
}
