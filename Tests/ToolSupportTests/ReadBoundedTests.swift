import Foundation
import Glibc
import PipeProtocol
import Testing

@testable import ToolSupport

/// `Files.readBounded`, the one read of a file a tool finds by itself (a journal, a store, a state
/// file, a photo): a regular file within its limit, else a refusal that comes at once.
@Suite struct ReadBoundedTests {
  /// A fresh folder for one test.
  static func scratch() -> String {
    let path = NSTemporaryDirectory() + "read-bounded-\(UUID().uuidString)"
    mkdir(path, 0o700)
    return path
  }

  /// The refusal `body` throws, with how long it took to come.
  static func refusal(_ body: () throws(ToolError) -> [UInt8]?) -> (error: ToolError?, seconds: Double) {
    let start = Date()
    do {
      _ = try body()
      return (nil, Date().timeIntervalSince(start))
    } catch {
      return (error, Date().timeIntervalSince(start))
    }
  }

  @Test("a regular file is read whole, up to and at its limit; nothing there is nil (or exit 66)")
  func regularFile() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = Array("{\"type\":\"note\"}\n".utf8)
    FileManager.default.createFile(atPath: "\(folder)/f", contents: Data(bytes))
    #expect(try Files.readBounded("\(folder)/f", limit: 1 << 20) == bytes)
    #expect(try Files.readBounded("\(folder)/f", limit: bytes.count) == bytes)
    FileManager.default.createFile(atPath: "\(folder)/empty", contents: Data())
    #expect(try Files.readBounded("\(folder)/empty", limit: 16) == [])
    #expect(try Files.readBoundedIfPresent("\(folder)/missing", limit: 16) == nil)
    #expect(
      Self.refusal { () throws(ToolError) in try Files.readBounded("\(folder)/missing", limit: 16) }.error?
        .code == 66)
  }

  @Test("a file over the limit is exit 65, naming the limit, without being read: 4 GiB in well under 2 s")
  func tooBig() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    FileManager.default.createFile(atPath: "\(folder)/f", contents: Data(repeating: 0x61, count: 17))
    let over = Self.refusal { () throws(ToolError) in
      try Files.readBounded("\(folder)/f", limit: 16, what: "a test")
    }
    #expect(over.error?.code == 65)
    #expect(over.error?.message == "'\(folder)/f' is larger than 16 bytes, the limit for a test")
    // Sparse: 4 GiB that take no room, and would take 4 GiB of memory if read.
    #expect(truncate("\(folder)/f", 4 << 30) == 0)
    let huge = Self.refusal { () throws(ToolError) in try Files.readBounded("\(folder)/f", limit: 64 << 10) }
    #expect(huge.error?.code == 65)
    #expect(huge.seconds < 2)
  }

  @Test("a regular file whose size says 0 (/proc) is still bounded: at most limit + 1 bytes are read")
  func sizeUnknown() throws {
    var info = stat()
    try #require(stat("/proc/self/status", &info) == 0 && info.st_size == 0, "no /proc here")
    let over = Self.refusal { () throws(ToolError) in try Files.readBounded("/proc/self/status", limit: 16) }
    #expect(over.error?.code == 65)
    #expect(try Files.readBounded("/proc/self/status", limit: 1 << 20).count > 16)
  }

  @Test("a FIFO is refused at once (exit 66), with no writer and with one that never writes")
  func fifo() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = "\(folder)/pipe"
    #expect(mkfifo(path, 0o600) == 0)
    let alone = Self.refusal { () throws(ToolError) in try Files.readBounded(path, limit: 1 << 20) }
    #expect(alone.error?.code == 66)
    #expect(alone.error?.message == "cannot open '\(path)': it is a FIFO (named pipe), not a regular file")
    #expect(alone.seconds < 2)
    // A writer that holds the FIFO open and never writes: a blocking read would wait forever.
    let writer = open(path, O_RDWR | O_CLOEXEC)
    #expect(writer >= 0)
    defer { close(writer) }
    let held = Self.refusal { () throws(ToolError) in try Files.readBounded(path, limit: 1 << 20) }
    #expect(held.error?.code == 66)
    #expect(held.seconds < 2)
  }

  @Test("a device is refused at once: /dev/zero (which never ends) and /dev/null")
  func device() {
    for device in ["/dev/zero", "/dev/null"] {
      let refused = Self.refusal { () throws(ToolError) in try Files.readBounded(device, limit: 1 << 30) }
      #expect(refused.error?.code == 66, "\(device)")
      #expect(
        refused.error?.message == "cannot open '\(device)': it is a character device, not a regular file")
      #expect(refused.seconds < 2, "\(device)")
    }
  }

  @Test("a folder is refused (exit 66, as the system says it)")
  func folder() {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let refused = Self.refusal { () throws(ToolError) in try Files.readBounded(folder, limit: 1 << 20) }
    #expect(refused.error?.code == 66)
    #expect(refused.error?.message == "cannot open '\(folder)': Is a directory")
  }

  @Test("a symbolic link at a default place is not followed (exit 1); a named one is")
  func link() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    FileManager.default.createFile(atPath: "\(folder)/secret", contents: Data("secret\n".utf8))
    #expect(symlink("\(folder)/secret", "\(folder)/link") == 0)
    let refused = Self.refusal { () throws(ToolError) in
      try Files.readBounded("\(folder)/link", limit: 1 << 20, followLinks: false)
    }
    #expect(refused.error?.code == 1)
    #expect(refused.error?.message.contains("is a symbolic link at a default place") == true)
    #expect(try Files.readBounded("\(folder)/link", limit: 1 << 20) == Array("secret\n".utf8))
    // A link to a device is refused as the device, even when followed.
    #expect(symlink("/dev/zero", "\(folder)/zero") == 0)
    let zero = Self.refusal { () throws(ToolError) in try Files.readBounded("\(folder)/zero", limit: 1 << 20)
    }
    #expect(zero.error?.code == 66)
  }

  @Test("a store over its limit is refused (exit 65) and left as it is")
  func storeLimit() throws {
    let folder = Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = RecordStore(path: "\(folder)/s.jsonl", limit: 64)
    try store.append([Record(object: ["type": .string("note"), "n": .int(1)])])
    #expect(try store.load().count == 1)
    try store.append((0..<10).map { Record(object: ["type": .string("note"), "n": .int($0)]) })
    let before = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/s.jsonl"))
    let refused = Self.refusal { () throws(ToolError) in try store.load().isEmpty ? [] : [] }
    #expect(refused.error?.code == 65)
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/s.jsonl")) == before)
  }
}
