import Glibc

/// A buffered writer to a file descriptor for records and text.
///
/// A closed downstream pipe (`EPIPE`) ends the process quietly through `onBrokenPipe`; any other
/// write error goes to `onError`.
public final class OutputStream {
  /// The file descriptor written to.
  public let fd: Int32
  var buffer: [UInt8] = []
  let limit: Int
  /// Called when the reader has gone away; by default exits with status 0 and no message.
  public var onBrokenPipe: () -> Never = { exit(0) }
  /// Called on any other write error with the system error number; by default prints and exits 74.
  public var onError: (Int32) -> Never = { code in
    let message = "error: cannot write output: \(String(cString: strerror(code)))\n"
    _ = message.withCString { Glibc.write(2, $0, strlen($0)) }
    exit(74)
  }

  /// A writer to `fd` flushing whenever `limit` bytes are pending.
  public init(fd: Int32, limit: Int = 1 << 16) {
    self.fd = fd
    self.limit = limit
    buffer.reserveCapacity(limit + 4096)
  }

  /// Appends bytes.
  @inline(__always)
  public func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    if buffer.count >= limit { flush() }
  }

  /// Appends the bytes of a buffer.
  public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count > limit {
      flush()
      writeAll(bytes)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= limit { flush() }
  }

  /// Appends text.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write($0) }
  }

  /// Appends one byte.
  public func write(byte: UInt8) {
    buffer.append(byte)
    if buffer.count >= limit { flush() }
  }

  /// Writes a value as one compact JSON line.
  public func writeRecord(_ value: JSONValue) {
    JSONWriter.append(value, to: &buffer)
    buffer.append(0x0A)
    if buffer.count >= limit { flush() }
  }

  /// Writes an object as one compact JSON line, members in their order.
  public func writeRecord(_ object: JSONObject) {
    JSONWriter.append(object, to: &buffer)
    buffer.append(0x0A)
    if buffer.count >= limit { flush() }
  }

  /// Writes a line's bytes followed by `\n`, exactly as given.
  public func writeLine(_ bytes: UnsafeBufferPointer<UInt8>) {
    write(bytes)
    write(byte: 0x0A)
  }

  /// Writes everything pending.
  public func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBufferPointer { writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Whether bytes are waiting to be written.
  public var hasPending: Bool { !buffer.isEmpty }

  func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n >= 0 {
        offset += n
        continue
      }
      let code = errno
      if code == EINTR || code == EAGAIN { continue }
      if code == EPIPE { onBrokenPipe() }
      onError(code)
    }
  }
}

/// The process's shared standard output and standard error writers.
public enum StandardOutput {
  /// Buffered standard output; flushed at exit by `ToolSupport`, and before blocking reads.
  nonisolated(unsafe) public static let shared = OutputStream(fd: 1)
  /// Standard error (flushed after every message by its users).
  nonisolated(unsafe) public static let error = OutputStream(fd: 2, limit: 1 << 12)
}
