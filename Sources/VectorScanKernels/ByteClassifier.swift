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
