import Glibc
import PipeProtocol
import PipeReading
import SystemIO

/// A JSON-lines file used as a store: itself a valid stream of records, read whole (or a line at a
/// time, `StoreStreaming.swift`), updated under a lock by atomic replacement or durable append.
///
/// A store that does not parse (a bad line, or a last line without its newline after a crash) is
/// reported with its line and never overwritten.
public struct RecordStore: Sendable {
  /// The store file's path, as the user named it or the default.
  public let path: String
  /// Whether the user named the path (an option or an environment variable), rather than the
  /// default location: only a named path may be a symbolic link.
  public let named: Bool
  /// How the user names this store (`--menu or $SAMPLEPIPES_MENU`, say), for messages.
  public let how: String?
  /// The largest file read as this store (`ReadLimit`): a larger one is refused, exit 65.
  public let limit: Int

  /// A store at `path`, read up to `limit` bytes.
  public init(path: String, named: Bool = true, how: String? = nil, limit: Int = ReadLimit.store) {
    self.path = path
    self.named = named
    self.how = how
    self.limit = limit
  }

  /// The store named by an option (`option`, given as `given`), else by `$VARIABLE`, else the
  /// default location (`defaultPath`).
  public static func locate(
    _ given: String?, option: String = "--store", file: String, environmentVariable: String,
    limit: Int = ReadLimit.store
  )
    -> RecordStore
  {
    let how = "\(option) (or $\(environmentVariable))"
    if let given { return RecordStore(path: given, how: how, limit: limit) }
    if let explicit = Environment.get(environmentVariable), !explicit.isEmpty {
      return RecordStore(path: explicit, how: how, limit: limit)
    }
    return RecordStore(
      path: defaultPath(file: file, environmentVariable: environmentVariable), named: false, how: how,
      limit: limit)
  }

  /// The file written: the path itself, or where a symbolic link the user named points (so that
  /// the link stays a link). `WriteTarget` decides: a link at a path the user did not name is
  /// refused, and so is anything but a regular file.
  public func target() throws(ToolError) -> String {
    try WriteTarget.resolve(path, named: named, how: how)
  }

  /// This store at its `target()`, before a change; a folder others may write in gets a warning.
  func resolved() throws(ToolError) -> RecordStore {
    let file = try target()
    if file == path { warnIfShared() }
    return file == path ? self : RecordStore(path: file, how: how, limit: limit)
  }

  /// Warns when others may write in the store's folder (they could replace the store).
  func warnIfShared() {
    var info = stat()
    let folder = Files.directory(of: path)
    guard stat(folder, &info) == 0, info.st_mode & 0o002 != 0, info.st_mode & S_ISVTX == 0 else { return }
    Diagnostics.warn(
      "others may write in '\(folder)', the folder of the store '\(path)'; keep stores in a private folder",
      tool: CommandLine.arguments.first.map(Files.basename) ?? "samplepipes")
  }

  /// The default location of a store file: `$VARIABLE` when set, else
  /// `$XDG_DATA_HOME/samplepipes/FILE`, else `~/.local/share/samplepipes/FILE`.
  public static func defaultPath(file: String, environmentVariable: String) -> String {
    if let explicit = Environment.get(environmentVariable), !explicit.isEmpty { return explicit }
    if let data = Environment.get("XDG_DATA_HOME"), !data.isEmpty { return "\(data)/samplepipes/\(file)" }
    let home = Environment.get("HOME") ?? "."
    return "\(home)/.local/share/samplepipes/\(file)"
  }

  /// Whether the file exists.
  public var exists: Bool { Files.exists(path) }

  /// Reads every record. Throws (exit 65) on a line that is not a record, a torn last line, or a
  /// file over `limit`; the file is read through `Files.readBounded` (a regular file only).
  public func load() throws(ToolError) -> [Record] {
    // The target is the path itself or a named link's resolved file: no link is left to follow.
    let bytes: [UInt8]
    do {
      bytes = try Files.readBounded(try target(), limit: limit, followLinks: false, what: "a store")
    } catch {
      guard error.code == ExitStatus.dataError else { throw error }
      throw ToolError.data(
        "\(error.message); the store was left unchanged",
        notes: [
          "repair '\(path)' (it is plain JSON lines) or move records out of it, then run the command again"
        ])
    }
    if let last = bytes.last, last != 0x0A {
      let lineCount = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + 1
      throw ToolError.data(
        "store '\(path)' line \(lineCount) is incomplete (a write was interrupted?); nothing was changed",
        notes: ["remove or repair that last line, then run the command again"])
    }
    var records: [Record] = []
    try Self.forEachLine(bytes) { (line: Range<Int>, number: Int) throws(ToolError) in
      if line.isEmpty { return }
      if line.count > LineReader.defaultMaxLineLength {
        throw ToolError.data(
          "store '\(path)' line \(number): line is longer than the limit of "
            + "\(LineReader.describeSize(LineReader.defaultMaxLineLength)); the store was left unchanged",
          notes: ["repair that line of '\(path)' (it is plain JSON lines), then run the command again"])
      }
      do throws(InputError) {
        records.append(try Record(bytes: Array(bytes[line]), source: "store '\(path)'", line: number))
      } catch {
        throw ToolError.data(
          "\(error.description); the store was left unchanged",
          notes: ["repair that line of '\(path)' (it is plain JSON lines), then run the command again"])
      }
    }
    return records
  }

  /// Calls `body` with the bounds (without the line's ending, `\n` or `\r\n`, as the framing
  /// says) and the number, from 1, of each line of `bytes`; a last line without a line feed is not
  /// whole yet, and is passed over. So a line that is only `\r\n` is an empty line, as one that is
  /// only `\n` (`hardening/orders-store-crlf-blank-line`).
  static func forEachLine<E: Error>(_ bytes: [UInt8], _ body: (Range<Int>, Int) throws(E) -> Void) throws(E) {
    var number = 0
    var start = 0
    for i in bytes.indices where bytes[i] == 0x0A {
      number += 1
      try body(start..<(i > start && bytes[i - 1] == 0x0D ? i - 1 : i), number)
      start = i + 1
    }
  }

  /// The records a completion may offer from, read now without any lock (so no writer waits and no
  /// lock file is made): the lines that are records, passing over the others and a last line
  /// still being written. Nothing when the store is missing, is not a regular file, cannot be read
  /// or is larger than `limit` bytes.
  public func peek(limit: Int = 32 << 20) -> [Record] {
    guard let file = try? target(),
      let bytes = try? Files.readBoundedIfPresent(file, limit: min(limit, self.limit), followLinks: false)
    else { return [] }
    var records: [Record] = []
    Self.forEachLine(bytes) { line, number in
      if let record = try? Record(bytes: Array(bytes[line]), source: "store '\(path)'", line: number) {
        records.append(record)
      }
    }
    return records
  }

  /// Reads every record under the store's lock shared with other readers (so that an append in
  /// progress is never mistaken for a torn line), at its `target()`. A store in a read-only folder
  /// can still be read.
  public func loadShared() throws(ToolError) -> [Record] {
    let file = try target()
    return try Files.withSharedLock(file) { () throws(ToolError) -> [Record] in try load() }
  }

  /// Under the store's lock: loads the records (or `seed()` when the file does not exist), lets
  /// `body` change them, and, when `body` returns true for `changed`, replaces the file atomically.
  @discardableResult
  public func update<T>(
    seed: () -> [Record] = { [] }, _ body: (inout [Record]) throws -> (result: T, changed: Bool)
  ) throws -> T {
    try update(seed: seed, streaming: nil, orLoaded: body)
  }

  /// Under the store's lock, appends records durably (seeding the file first when missing).
  /// Temporary files that killed writers left beside the store are removed first.
  public func append(_ new: [Record], seed: () -> [Record] = { [] }) throws(ToolError) {
    let store = try resolved()
    if store.path != path { return try store.append(new, seed: seed) }
    try Files.makeDirectories(Files.directory(of: path))
    try Files.withLock(path) { () throws(ToolError) in
      Files.removeStaleTemporaries(of: path)
      if !exists { try write(seed()) } else { _ = try checkTail() }
      var bytes: [UInt8] = []
      for record in new {
        bytes += record.bytes
        bytes.append(0x0A)
      }
      try Files.appendDurably(path, bytes: bytes)
    }
  }

  /// Under the store's lock: loads the records (seeding the file first when missing), lets `body`
  /// make the records to add from them (new ids, say), and appends those durably. Nothing is written
  /// when `body` throws.
  @discardableResult
  public func append<T>(
    seed: () -> [Record] = { [] }, _ body: ([Record]) throws -> (records: [Record], result: T)
  ) throws -> T {
    try append(seed: seed, streaming: nil, orLoaded: { $0 }, body)
  }

  /// Creates the store with `seed()` when it does not exist yet (under the lock).
  public func createIfMissing(seed: () -> [Record]) throws(ToolError) {
    let store = try resolved()
    if store.path != path { return try store.createIfMissing(seed: seed) }
    guard !exists else { return }
    try Files.makeDirectories(Files.directory(of: path))
    try Files.withLock(path) { () throws(ToolError) in
      if !exists { try write(seed()) }
    }
  }

  /// Replaces the file with these records (call under the lock).
  func write(_ records: [Record]) throws(ToolError) {
    try Files.writeAtomically(path) { (writer: FileWriter) throws(ToolError) in
      for record in records {
        try writer.write(record.bytes)
        try writer.write(CollectionOfOne(UInt8(0x0A)))
      }
    }
  }

  /// Checks that the file ends with a newline (no torn last line) without reading it all.
  func checkTail() throws(ToolError) -> Bool {
    let (fd, _) = SystemCall.descriptor(opening: path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    try WriteTarget.requireRegular(fd: fd, path: path)
    let size = lseek(fd, 0, SEEK_END)
    guard size > 0 else { return true }
    var last: UInt8 = 0
    guard (try? SystemCall.read(fd, into: &last, count: 1, at: Int(size) - 1)) == 1 else {
      throw ToolError.io("cannot read '\(path)'")
    }
    if last != 0x0A {
      throw ToolError.data(
        "store '\(path)' ends with an incomplete line (a write was interrupted?); nothing was changed",
        notes: ["remove or repair that last line, then run the command again"])
    }
    return true
  }
}
