import VectorScan
import VectorScanKernels

/// The protocol's UTF-8 rules (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF), shared by the JSON parser and by tools that check raw text such as a document file.
public enum UTF8Check {
  /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil when all of
  /// `bytes` is valid.
  public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      return VectorScan.firstInvalidUTF8(base, buffer.count)
    }
  }

  /// The length of the valid multi-byte sequence that starts at `i` (a byte of 0x80 or more), or
  /// nil when the bytes there are not one.
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    return UTF8Sequence.length(base, bytes.count, at: i)
  }
}
