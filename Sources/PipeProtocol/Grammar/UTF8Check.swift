/// The protocol's UTF-8 rules (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF), shared by the JSON parser and by tools that check raw text such as a document file.
public enum UTF8Check {
  /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil when all of
  /// `bytes` is valid.
  public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer -> Int? in
      var i = 0
      while i < buffer.count {
        if buffer[i] < 0x80 {
          i += 1
          continue
        }
        guard let length = sequenceLength(buffer, at: i) else { return i }
        i += length
      }
      return nil
    }
  }

  /// The length of the valid multi-byte sequence that starts at `i` (a byte of 0x80 or more), or
  /// nil when the bytes there are not one.
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    let count = bytes.count
    func cont(_ k: Int) -> UInt8? { k < count && bytes[k] & 0xC0 == 0x80 ? bytes[k] : nil }
    let b0 = bytes[i]
    switch b0 {
    case 0xC2...0xDF:
      return cont(i + 1) != nil ? 2 : nil
    case 0xE0...0xEF:
      guard let b1 = cont(i + 1), cont(i + 2) != nil else { return nil }
      if b0 == 0xE0 && b1 < 0xA0 { return nil }  // overlong
      if b0 == 0xED && b1 >= 0xA0 { return nil }  // a surrogate
      return 3
    case 0xF0...0xF4:
      guard let b1 = cont(i + 1), cont(i + 2) != nil, cont(i + 3) != nil else { return nil }
      if b0 == 0xF0 && b1 < 0x90 { return nil }  // overlong
      if b0 == 0xF4 && b1 >= 0x90 { return nil }  // above U+10FFFF
      return 4
    default:
      return nil
    }
  }
}
