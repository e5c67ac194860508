import Glibc
import PipeProtocol
import SystemIO

/// A buffered writer of records and text to a file descriptor, or to memory (for tests).
///
/// A write error is handed to `onError` with the system error number (`EPIPE` when the reader has
/// gone away). What happens then is the program's policy, not this module's: by default the error
/// is kept in `failure` and later output is dropped; `ToolSupport`'s runtime exits instead.
public final class BufferedOutput {
  /// The file descriptor written to, or -1 for a writer to memory.
  public let fd: Int32
  var buffer: [UInt8] = []
  let limit: Int
  /// Everything written, for a writer to memory.
  public private(set) var captured: [UInt8] = []
  /// The first write error's system error number, if any.
  public private(set) var failure: Int32?
  /// Called on a write error with the system error number.
  public var onError: (Int32) -> Void = { _ in }

  /// A writer to `fd` flushing whenever `limit` bytes are pending.
  public init(fd: Int32, limit: Int = 1 << 16) {
    self.fd = fd
    self.limit = limit
    buffer.reserveCapacity(limit + 4096)
  }

  /// A writer that keeps what it is given in `captured`.
  public static func memory() -> BufferedOutput { BufferedOutput(fd: -1) }

  /// The captured bytes as text.
  public var capturedText: String { String(decoding: captured, as: UTF8.self) }

  /// Appends bytes.
  @inline(__always)
  public func write<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    if buffer.count >= limit { flush() }
  }

  /// Whether the pipe written to was asked to grow (once, at the first large write).
  var pipeGrown = false

  /// The bytes a pipe written to in large pieces is asked to hold: with the default 64 KiB, a
  /// writer of whole chunks and its reader take turns at every 64 KiB (each turn a wake-up and a
  /// switch); with 1 MiB, sixteen times fewer.
  static let largePipe = 1 << 20

  /// Appends the bytes of a buffer.
  public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count > limit {
      flush()
      if !pipeGrown, fd >= 0 {
        pipeGrown = true
        SystemCall.growPipe(fd, to: Self.largePipe)
      }
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
    guard failure == nil else { return }
    if fd < 0 {
      captured.append(contentsOf: bytes)
      return
    }
    do {
      try SystemCall.writeAll(fd, UnsafeRawBufferPointer(bytes))
    } catch {
      failure = error.errno
      onError(error.errno)
    }
  }
}

/// The process's shared standard output and standard error writers.
public enum StandardOutput {
  /// Buffered standard output; flushed at exit by `ToolSupport`, and before blocking reads.
  /// Tests may replace it with a writer to memory.
  nonisolated(unsafe) public static var shared = BufferedOutput(fd: 1)
  /// Standard error (flushed after every message by its users). Tests may replace it too.
  nonisolated(unsafe) public static var error = BufferedOutput(fd: 2, limit: 1 << 12)
}
