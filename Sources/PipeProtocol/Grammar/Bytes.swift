/// Comparing runs of bytes in place, as `memcmp` did, in Swift (this module imports no C library).
enum Bytes {
  /// Whether the `count` bytes at `a` and at `b` are the same: eight at a time, then one at a time
  /// (keys are short, so this beats a call).
  @inline(__always)
  static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
    var i = 0
    let rawA = UnsafeRawPointer(a)
    let rawB = UnsafeRawPointer(b)
    while i &+ 8 <= count {
      if rawA.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        != rawB.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      {
        return false
      }
      i &+= 8
    }
    while i < count {
      if a[i] != b[i] { return false }
      i &+= 1
    }
    return true
  }
}
