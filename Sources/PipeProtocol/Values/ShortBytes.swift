/// Comparisons of short byte strings (keys, names) without a call: words of 8 or 4 bytes, the last
/// overlapping the one before rather than reading past the end.
public enum ShortBytes {
  /// Whether the `count` bytes at `a` and at `b` are the same.
  @inlinable @inline(__always)
  public static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
    let x = UnsafeRawPointer(a)
    let y = UnsafeRawPointer(b)
    if count >= 8 {
      var i = 0
      while i &+ 8 < count {
        guard
          x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        else { return false }
        i &+= 8
      }
      let last = count &- 8
      return x.loadUnaligned(fromByteOffset: last, as: UInt64.self)
        == y.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }
    if count >= 4 {
      let last = count &- 4
      return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
        && x.loadUnaligned(fromByteOffset: last, as: UInt32.self)
          == y.loadUnaligned(fromByteOffset: last, as: UInt32.self)
    }
    var i = 0
    while i < count, a[i] == b[i] { i &+= 1 }
    return i == count
  }

  /// A word that, with the length, tells `count` bytes at `p` apart from any other as far as their
  /// first 8: the first 8 bytes when there are 8 or more; else every byte, read without reading past
  /// the end (two overlapping 4-byte words, or the first, middle and last byte).
  @inlinable @inline(__always)
  public static func head(_ p: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let x = UnsafeRawPointer(p)
    if count >= 8 { return x.loadUnaligned(as: UInt64.self) }
    if count >= 4 {
      return UInt64(x.loadUnaligned(as: UInt32.self))
        | UInt64(x.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) &<< 32
    }
    if count == 0 { return 0 }
    return UInt64(p[0]) | UInt64(p[count &- 1]) &<< 8 | UInt64(p[count &>> 1]) &<< 16
  }

  /// The last 8 of `count` bytes at `p` (at least 8), as a word.
  @inlinable @inline(__always)
  public static func tail(_ p: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    UnsafeRawPointer(p).loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
  }

  /// Whether `count` bytes at `a` are the bytes whose `head` and (for more than 8) `tail` are given
  /// and which are at `b`: one or two comparisons of words up to 16 bytes, then the middle.
  @inlinable @inline(__always)
  public static func equal(
    _ a: UnsafePointer<UInt8>, count: Int, head: UInt64, tail: UInt64, _ b: UnsafePointer<UInt8>
  ) -> Bool {
    guard Self.head(a, count: count) == head else { return false }
    if count <= 8 { return true }
    guard Self.tail(a, count: count) == tail else { return false }
    return count <= 16 || equal(a + 8, b + 8, count: count &- 16)
  }
}
