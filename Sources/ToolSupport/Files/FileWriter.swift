import PipeProtocol
import SystemIO

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
    do {
      try SystemCall.writeAll(fd, buffer)
    } catch {
      throw ToolError.io("cannot write '\(path)': \(error.message)")
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
