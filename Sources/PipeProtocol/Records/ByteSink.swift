/// Where `RecordSplicer` writes: an array of bytes (the store's edits, the sequential reader), or
/// a `ByteBuffer` (a worker of `weather annotate`, which writes every line of a stream: an array's
/// append of a few bytes, with its uniqueness and capacity checks and its generic copy, cost that
/// tool a tenth of its instructions).
public protocol ByteSink {
  /// The bytes written so far.
  var count: Int { get }
  /// Appends one byte.
  mutating func append(_ byte: UInt8)
  /// Appends `bytes`.
  mutating func append(bytes: UnsafeBufferPointer<UInt8>)
  /// Keeps only the first `count` bytes.
  mutating func truncate(to count: Int)
}

extension Array: ByteSink where Element == UInt8 {
  /// Appends `bytes`.
  @inlinable @inline(__always)
  public mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }

  /// Keeps only the first `count` bytes.
  @inlinable
  public mutating func truncate(to count: Int) { removeSubrange(count...) }
}
