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
}
