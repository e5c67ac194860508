import Glibc
import PipeProtocol

/// A buffered writer to a file being written, that reports errors as `ToolError`s (exit 74).
public final class FileWriter {
  let fd: Int32
  let path: String
  var buffer: [UInt8] = []

  init(fd: Int32, path: String) {
    self.fd = fd
    self.path = path
    buffer.reserveCapacity(1 << 16)
  }

  /// Appends bytes.
  public func write<C: Collection>(_ bytes: C) throws(ToolError) where C.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Appends text.
  public func write(_ text: String) throws(ToolError) { try write(text.utf8) }

  /// Appends a record line.
  public func writeRecord(_ object: JSONObject) throws(ToolError) {
    JSONWriter.append(object, to: &buffer)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Writes what is pending.
  public func flush() throws(ToolError) {
    var offset = 0
    while offset < buffer.count {
      let n = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ToolError.io("cannot write '\(path)': \(Files.describe(errno))")
      }
      offset += n
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
