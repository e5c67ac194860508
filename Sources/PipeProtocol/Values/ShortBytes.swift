/// Comparisons and copies of short byte strings (keys, names, pieces of a line) without a call:
/// words of 16, 8 or 4 bytes, the last overlapping the one before rather than reading past the end.
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

  /// Copies `count` bytes from `a` to `b` (apart) without a call when there are at most 64: words
  /// of 16, 8 or 4 bytes from each end, overlapping in the middle rather than reading or writing
  /// past either end. More go to `memmove`. (A small copy through the library's call cost annotate
  /// more than the copy itself: a line is written in five pieces.)
  @inlinable @inline(__always)
  public static func copy(_ a: UnsafePointer<UInt8>, to b: UnsafeMutablePointer<UInt8>, count: Int) {
    let x = UnsafeRawPointer(a)
    let y = UnsafeMutableRawPointer(b)
    if count >= 16 {
      guard count <= 64 else {
        b.update(from: a, count: count)
        return
      }
      typealias Word = SIMD16<UInt8>
      let first = x.loadUnaligned(as: Word.self)
      let last = x.loadUnaligned(fromByteOffset: count &- 16, as: Word.self)
      if count > 32 {
        let second = x.loadUnaligned(fromByteOffset: 16, as: Word.self)
        let third = x.loadUnaligned(fromByteOffset: count &- 32, as: Word.self)
        y.storeBytes(of: second, toByteOffset: 16, as: Word.self)
        y.storeBytes(of: third, toByteOffset: count &- 32, as: Word.self)
      }
      y.storeBytes(of: first, as: Word.self)
      y.storeBytes(of: last, toByteOffset: count &- 16, as: Word.self)
    } else if count >= 8 {
      let first = x.loadUnaligned(as: UInt64.self)
      let last = x.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      y.storeBytes(of: first, as: UInt64.self)
      y.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 {
      let first = x.loadUnaligned(as: UInt32.self)
      let last = x.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      y.storeBytes(of: first, as: UInt32.self)
      y.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
    } else if count > 0 {
      // 1 to 3 bytes: the first, the middle and the last (some of them the same).
      let first = a[0]
      let middle = a[count &>> 1]
      let last = a[count &- 1]
      b[0] = first
      b[count &>> 1] = middle
      b[count &- 1] = last
    }
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
