import PipeProtocol
import PipeReading

/// A store read in one streaming pass, a line at a time, in constant memory, with the whole-file
/// reading of `load` as its slow twin. The fast pass (`stream`) answers only when it is sure: when
/// it throws (a line it cannot vouch for, a torn last line, a line too long), the slow twin runs
/// under the same lock, reads the records whole and words any error as it always has. So a bad
/// store gets one message and exit whichever way it is read, and a good one is never held whole.
extension RecordStore {
  /// Reads the store under its lock shared with other readers (as `loadShared`): `stream` reads
  /// its lines, else `slow` reads the records `load` reads.
  public func read<T>(
    streaming stream: (LineReader) throws -> T, orLoaded slow: ([Record]) throws -> T
  ) throws -> T {
    let file = try target()
    return try Files.withSharedLock(file) { () throws(ToolError) -> T in
      try Self.asToolError {
        if let fast = try? streamed(file, stream) { return fast }
        return try slow(try load())
      }
    }
  }

  /// `update(seed:_:)` in one streaming pass when the store exists: under the lock, `stream` reads
  /// the old lines and writes the whole new text to the writer, which replaces the file as `write`
  /// does (a temporary file, synced, renamed). When `stream` is nil or throws, nothing is
  /// replaced, and under the same lock `slow` changes the records `load` reads (or `seed()`),
  /// written when it says they `changed` or the file is new.
  @discardableResult
  public func update<T>(
    seed: () -> [Record] = { [] }, streaming stream: ((LineReader, FileWriter) throws -> T)?,
    orLoaded slow: (inout [Record]) throws -> (result: T, changed: Bool)
  ) throws -> T {
    let store = try resolved()
    if store.path != path { return try store.update(seed: seed, streaming: stream, orLoaded: slow) }
    try Files.makeDirectories(Files.directory(of: path))
    return try Files.withLock(path) { () throws(ToolError) -> T in
      try Self.asToolError {
        if let stream, exists {
          var result: T?
          do {
            try Files.writeAtomically(path) { (writer: FileWriter) throws(ToolError) in
              result = try? streamed(path) { lines in try stream(lines, writer) }
              // Not sure: the temporary file is removed and nothing is replaced.
              if result == nil { throw ToolError("the streaming pass was not sure") }
            }
          } catch {
            // The pass was sure but the new file could not be made whole (a full disk, a size
            // limit at the sync): that is the command's failure, never a success to report.
            if result != nil { throw error }
          }
          if let result { return result }
        }
        var records = exists ? try load() : seed()
        let created = !exists
        let outcome = try slow(&records)
        if outcome.changed || created { try write(records) }
        return outcome.result
      }
    }
  }

  /// `append(seed:_:)` with the store read in one streaming pass: under the lock, `stream` reads
  /// its lines into what `body` needs (the highest id, say); when `stream` is nil or throws,
  /// `slow` reads that from the records `load` reads. `body` makes the records appended durably;
  /// nothing is written when it throws. Temporary files that killed writers left beside the store
  /// are removed first, and a missing store is seeded first.
  @discardableResult
  public func append<S, T>(
    seed: () -> [Record] = { [] }, streaming stream: ((LineReader) throws -> S)?,
    orLoaded slow: ([Record]) throws -> S, _ body: (S) throws -> (records: [Record], result: T)
  ) throws -> T {
    let store = try resolved()
    if store.path != path { return try store.append(seed: seed, streaming: stream, orLoaded: slow, body) }
    try Files.makeDirectories(Files.directory(of: path))
    return try Files.withLock(path) { () throws(ToolError) -> T in
      try Self.asToolError {
        Files.removeStaleTemporaries(of: path)
        if !exists { try write(seed()) }
        let summary = try stream.flatMap { stream in try? streamed(path, stream) } ?? slow(try load())
        let outcome = try body(summary)
        var bytes: [UInt8] = []
        for record in outcome.records {
          bytes += record.bytes
          bytes.append(0x0A)
        }
        if !bytes.isEmpty { try Files.appendDurably(path, bytes: bytes) }
        return outcome.result
      }
    }
  }

  /// `stream` reading the lines of `file` in one pass. It reads them all; a last line without
  /// its newline (a torn write) is refused after it, as `load` refuses it.
  func streamed<T>(_ file: String, _ stream: (LineReader) throws -> T) throws -> T {
    guard let (fd, _) = try Files.openBounded(file, limit: limit, followLinks: false, what: "a store") else {
      throw ToolError("'\(file)' is missing")
    }
    let lines = LineReader(fd: fd, source: "store '\(path)'", closeOnDeinit: true)
    lines.beforeRead = {}
    let result = try stream(lines)
    guard try !lines.next({ _ in }), !lines.lastLineUnterminated else {
      throw ToolError("'\(file)' ends with an incomplete line")
    }
    return result
  }

  /// Runs `body`, an error other than a `ToolError` worded as one (as `update` words them).
  static func asToolError<T>(_ body: () throws -> T) throws(ToolError) -> T {
    do {
      return try body()
    } catch let error as ToolError {
      throw error
    } catch {
      throw ToolError("\(error)")
    }
  }
}
