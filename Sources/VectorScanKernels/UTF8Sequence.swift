/// The protocol's UTF-8 rules (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF) for one sequence.
public enum UTF8Sequence {
  /// The length of the valid multi-byte sequence that starts at `i` (a byte of 0x80 or more) of
  /// the `count` bytes at `base`, or nil when the bytes there are not one.
  @inlinable @inline(__always)
  public static func length(_ base: UnsafePointer<UInt8>, _ count: Int, at i: Int) -> Int? {
    @inline(__always) func cont(_ k: Int) -> UInt8? { k < count && base[k] & 0xC0 == 0x80 ? base[k] : nil }
    let b0 = base[i]
    switch b0 {
    case 0xC2...0xDF:
      return cont(i &+ 1) != nil ? 2 : nil
    case 0xE0...0xEF:
      guard let b1 = cont(i &+ 1), cont(i &+ 2) != nil else { return nil }
      if b0 == 0xE0 && b1 < 0xA0 { return nil }  // overlong
      if b0 == 0xED && b1 >= 0xA0 { return nil }  // a surrogate
      return 3
    case 0xF0...0xF4:
      guard let b1 = cont(i &+ 1), cont(i &+ 2) != nil, cont(i &+ 3) != nil else { return nil }
      if b0 == 0xF0 && b1 < 0x90 { return nil }  // overlong
      if b0 == 0xF4 && b1 >= 0x90 { return nil }  // above U+10FFFF
      return 4
    default:
      return nil
    }
  }
}
