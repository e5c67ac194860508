/// A growing run of bytes in memory of its own: a `ByteSink` whose append is a bounds check and a
/// copy. Its holder frees it (`free`), once: copies of the value share the memory.
public struct ByteBuffer: ByteSink {
  /// The first byte, the bytes written and the bytes there is room for.
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var written = 0
  @usableFromInline var capacity: Int

  /// An empty buffer with room for `capacity` bytes.
  public init(capacity: Int = 4096) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  /// The bytes written.
  @inlinable public var count: Int { written }

  /// Gives the memory back; the buffer is not used again.
  public func free() { base.deallocate() }

  /// The bytes written.
  public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: written) }

  /// Forgets the bytes written, keeping the room.
  public mutating func removeAll() { written = 0 }

  /// Makes room for `extra` more bytes.
  @inlinable @inline(__always)
  public mutating func reserve(_ extra: Int) {
    if capacity &- written < extra { grow(written &+ extra) }
  }

  /// Moves the bytes to a block of at least `needed` bytes (twice the room, at least).
  @usableFromInline mutating func grow(_ needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    moved.update(from: base, count: written)
    base.deallocate()
    base = moved
    capacity = newCapacity
  }

  /// Appends one byte.
  @inlinable @inline(__always)
  public mutating func append(_ byte: UInt8) {
    reserve(1)
    base[written] = byte
    written &+= 1
  }

  /// Appends `bytes`.
  @inlinable @inline(__always)
  public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
    guard let from = bytes.baseAddress else { return }
    reserve(bytes.count)
    ShortBytes.copy(from, to: base + written, count: bytes.count)
    written &+= bytes.count
  }

  /// Keeps only the first `count` bytes.
  public mutating func truncate(to count: Int) {
    precondition(count >= 0 && count <= written, "truncating a byte buffer past its end")
    written = count
  }
}
