import Glibc
import PipeProtocol
import SystemIO

/// One line of input, without its `\n` (or `\r\n`). The bytes are valid only inside the callback.
public struct Line {
  /// The line's bytes.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// The one-based line number.
  public let number: Int
  /// The line ending as read: `\n`, `\r\n`, or empty for a last line without one.
  public let ending: StaticString
}

/// Reads newline-delimited lines from a file descriptor (or from bytes in memory) in large chunks,
/// with a bounded line length.
///
/// Before each read that may block it calls `beforeRead` (by default, flushing the output it was
/// given, if any: a tool's standard output), so that a slow live stream flows record by record.
public final class LineReader {
  /// The default maximum line length: 64 MiB.
  public static let defaultMaxLineLength = 64 << 20

  /// The input's name in messages.
  public let source: String
  /// Lines longer than this are an error.
  public let maxLineLength: Int
  /// The output flushed before every read (`beforeRead`'s default), if any.
  public let output: BufferedOutput?
  /// Called before every `read(2)`: by default, flushes `output`.
  public var beforeRead: () -> Void
  /// Whether blank (empty) lines are skipped rather than delivered.
  public var skipsBlankLines = true

  /// The file descriptor read, or -1 for a reader of bytes in memory.
  let fd: Int32
  let closesOnDeinit: Bool
  /// The bytes read instead of `fd`, and how many of them were handed out.
  let inMemory: [UInt8]?
  var memoryOffset = 0
  /// The regular file's bytes, mapped (`MappedFile`), read before any byte of `fd`: `fd`'s offset
  /// is set past them, so a file that grows is read on with read(2).
  var mapped: MappedFile?
  /// The bytes of `mapped` handed out.
  var mappedOffset = 0
  var buffer: UnsafeMutablePointer<UInt8>
  var capacity: Int
  var start = 0
  var end = 0
  var eof = false
  /// The number of the last line delivered or skipped (set by the parallel driver, which frames
  /// lines itself).
  public internal(set) var lineNumber = 0
  /// Whether the last line of the input had no final newline (set as `lineNumber` is).
  public internal(set) var lastLineUnterminated = false
  /// Total bytes read so far.
  public internal(set) var bytesRead = 0

  /// The size of the input when it is a regular file (or bytes in memory), else nil (a pipe, a
  /// terminal, a FIFO): what a progress line can give a percentage of.
  public var knownSize: Int? {
    if let inMemory { return inMemory.count }
    guard let info = SystemCall.statusIfAny(fd), info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// A reader of `fd`, named `source` in messages, flushing `output` before each read.
  public convenience init(
    fd: Int32, source: String, maxLineLength: Int = LineReader.defaultMaxLineLength,
    closeOnDeinit: Bool = false, chunkSize: Int = 1 << 18, flushing output: BufferedOutput? = nil
  ) {
    self.init(
      fd: fd, inMemory: nil, source: source, maxLineLength: maxLineLength, closesOnDeinit: closeOnDeinit,
      chunkSize: chunkSize, output: output)
  }

  /// A reader of `bytes` in memory, named `source` in messages: lines, limits and errors are as
  /// for a file holding those bytes, read `chunkSize` bytes at a time.
  public convenience init(
    bytes: [UInt8], source: String, maxLineLength: Int = LineReader.defaultMaxLineLength,
    chunkSize: Int = 1 << 18, flushing output: BufferedOutput? = nil
  ) {
    self.init(
      fd: -1, inMemory: bytes, source: source, maxLineLength: maxLineLength, closesOnDeinit: false,
      chunkSize: chunkSize, output: output)
  }

  private init(
    fd: Int32, inMemory: [UInt8]?, source: String, maxLineLength: Int, closesOnDeinit: Bool, chunkSize: Int,
    output: BufferedOutput?
  ) {
    self.fd = fd
    self.output = output
    self.beforeRead = { output?.flush() }
    self.inMemory = inMemory
    self.source = source
    self.maxLineLength = maxLineLength
    self.closesOnDeinit = closesOnDeinit
    self.capacity = max(64, min(chunkSize, maxLineLength + 2))
    // malloc and realloc (not allocate and copy): a long line grows the buffer in place or by
    // remapping, so memory stays near the line length rather than twice it.
    guard let memory = malloc(capacity) else { fatalError("out of memory for a \(capacity)-byte buffer") }
    self.buffer = memory.assumingMemoryBound(to: UInt8.self)
  }

  /// Bytes that `standardInput()` (and so `open(path: "-")`) reads instead of file descriptor 0,
  /// when set. A test running a tool in its own process sets them (and swaps
  /// `StandardOutput.shared` for memory); tools never set them.
  nonisolated(unsafe) public static var injectedStandardInput: [UInt8]?

  /// A reader of standard input: file descriptor 0, or `injectedStandardInput` when set; flushing
  /// `output` before each read.
  public static func standardInput(
    maxLineLength: Int = LineReader.defaultMaxLineLength, flushing output: BufferedOutput? = nil
  ) -> LineReader {
    if let bytes = injectedStandardInput {
      return LineReader(bytes: bytes, source: "stdin", maxLineLength: maxLineLength, flushing: output)
    }
    return LineReader(fd: 0, source: "stdin", maxLineLength: maxLineLength, flushing: output)
  }

  /// Opens `path` for reading (`-`: standard input), flushing `output` before each read; throws an
  /// `OpenError` when it cannot.
  public static func open(
    path: String, maxLineLength: Int = LineReader.defaultMaxLineLength, flushing output: BufferedOutput? = nil
  ) throws(OpenError) -> LineReader {
    if path == "-" { return standardInput(maxLineLength: maxLineLength, flushing: output) }
    let fd: Int32
    do {
      fd = try SystemCall.open(path, O_RDONLY | O_CLOEXEC)
    } catch {
      throw OpenError(path: path, errno: error.errno)
    }
    if let info = SystemCall.statusIfAny(fd), info.st_mode & S_IFMT == S_IFDIR {
      SystemCall.close(fd)
      throw OpenError(path: path, errno: EISDIR)
    }
    let reader = LineReader(
      fd: fd, source: path, maxLineLength: maxLineLength, closeOnDeinit: true, flushing: output)
    if let map = MappedFile(fd: fd, source: path), (try? SystemCall.seek(fd, to: map.count)) == map.count {
      reader.mapped = map
      MappedFile.afterMapping?(path)
    }
    return reader
  }

  deinit {
    free(buffer)
    if closesOnDeinit { SystemCall.close(fd) }
  }

  /// Calls `body` with the next non-blank line; returns false at the end of input.
  public func next(_ body: (Line) throws -> Void) throws -> Bool {
    while true {
      if discarding {
        if let nl = findNewline() {
          start = nl + 1
          discarding = false
          continue
        }
        start = end
        if eof {
          discarding = false
          return false
        }
        try fill()
        continue
      }
      if let nl = findNewline() {
        lineNumber += 1
        var lineEnd = nl
        if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let lineStart = start
        start = nl + 1
        if lineEnd == lineStart, skipsBlankLines { continue }
        if lineEnd - lineStart > maxLineLength { throw tooLong() }
        try body(
          Line(
            bytes: UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart),
            number: lineNumber,
            ending: lineEnd == nl ? "\n" : "\r\n"))
        return true
      }
      if eof {
        guard start < end else { return false }
        lineNumber += 1
        lastLineUnterminated = true
        let lineEnd = end
        let lineStart = start
        start = end
        if lineEnd == lineStart, skipsBlankLines { return false }
        if lineEnd - lineStart > maxLineLength { throw tooLong() }
        try body(
          Line(
            bytes: UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart),
            number: lineNumber, ending: ""))
        return true
      }
      try fill()
    }
  }

  var scanFrom = 0
  var discarding = false

  func findNewline() -> Int? {
    let from = max(start, scanFrom)
    guard from < end else { return nil }
    if let p = memchr(buffer + from, 0x0A, end - from) {
      let index = buffer.distance(to: p.assumingMemoryBound(to: UInt8.self))
      scanFrom = index + 1
      return index
    }
    scanFrom = end
    return nil
  }

  func fill() throws {
    if start > 0 {
      let pending = end - start
      if pending > 0 { memmove(buffer, buffer + start, pending) }
      scanFrom -= start
      start = 0
      end = pending
    }
    if end == capacity {
      guard end <= maxLineLength else {
        // Drop what was read of the long line; the next call skips the rest of it.
        start = 0
        end = 0
        scanFrom = 0
        discarding = true
        lineNumber += 1
        throw tooLong()
      }
      let newCapacity = min(capacity * 2, maxLineLength + 2)
      guard let grown = realloc(buffer, newCapacity) else {
        throw InputError(
          .io, source: source, line: lineNumber + 1,
          message: "cannot hold a line of \(LineReader.describeSize(newCapacity)) in memory")
      }
      buffer = grown.assumingMemoryBound(to: UInt8.self)
      capacity = newCapacity
    }
    beforeRead()
    if let inMemory {
      let n = min(capacity - end, inMemory.count - memoryOffset)
      if n == 0 {
        eof = true
        return
      }
      inMemory.withUnsafeBufferPointer { _ = memcpy(buffer + end, $0.baseAddress! + memoryOffset, n) }
      memoryOffset += n
      end += n
      bytesRead += n
      return
    }
    if let n = try copyMapped(into: buffer + end, count: capacity - end) {
      end += n
      return
    }
    let n = try readFD(into: buffer + end, count: capacity - end)
    end += n
    if n == 0 { eof = true }
  }

  func tooLong() -> InputError {
    InputError(
      source: source, line: lineNumber,
      message: "line is longer than the limit of \(LineReader.describeSize(maxLineLength))")
  }

  /// `1 GiB`, `64 MiB`, `512 KiB`, `100 bytes`.
  public static func describeSize(_ n: Int) -> String {
    if n >= 1 << 30, n % (1 << 30) == 0 { return "\(n >> 30) GiB" }
    if n >= 1 << 20, n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
    if n >= 1 << 10, n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
    return "\(n) bytes"
  }
}

/// A file that could not be opened.
public struct OpenError: Error, Sendable, Equatable {
  /// The path given.
  public var path: String
  /// The system error number.
  public var errno: Int32

  /// An open failure.
  public init(path: String, errno: Int32) {
    self.path = path
    self.errno = errno
  }

  /// `cannot open 'x': No such file or directory`.
  public var description: String { "cannot open '\(path)': \(String(cString: strerror(errno)))" }
}

/// What the parallel driver (`ParallelReading`, in this module) needs of a reader: raw reads of
/// whole chunks, the mapping in place, and putting bytes back. Internal: no other code reads so.
extension LineReader {
  /// Whether a read may block: the input is a pipe, a terminal, a socket or a FIFO (not a regular
  /// file, and not bytes in memory).
  var mayBlock: Bool {
    if inMemory != nil { return false }
    guard let info = SystemCall.statusIfAny(fd) else { return true }
    return info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFBLK
  }

  /// Whether bytes are waiting to be read (so that a read would not block).
  var hasWaitingInput: Bool {
    if start < end || inMemory != nil { return true }
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return ((try? SystemCall.poll(&entry, count: 1, timeout: 0)) ?? 0) > 0
  }

  /// Reads up to `count` bytes of the input, unsplit, into `destination`: first what is buffered,
  /// then new bytes (calling `beforeRead` before a read, as `next` does). Returns 0 at the end.
  func readRaw(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(InputError) -> Int {
    if start < end {
      let n = min(count, end - start)
      destination.update(from: buffer + start, count: n)
      start += n
      if start == end {
        start = 0
        end = 0
        scanFrom = 0
      }
      return n
    }
    if eof { return 0 }
    beforeRead()
    if let inMemory {
      let n = min(count, inMemory.count - memoryOffset)
      if n == 0 {
        eof = true
        return 0
      }
      inMemory.withUnsafeBufferPointer { destination.update(from: $0.baseAddress! + memoryOffset, count: n) }
      memoryOffset += n
      bytesRead += n
      return n
    }
    if let n = try copyMapped(into: destination, count: count) { return n }
    let n = try readFD(into: destination, count: count)
    if n == 0 { eof = true }
    return n
  }

  /// Reads up to `count` bytes of `fd` (waiting, when it does not block, for bytes to come);
  /// counts them in `bytesRead`. A failure is an input error of kind `.io` (exit 74).
  func readFD(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(InputError) -> Int {
    do {
      let n = try SystemCall.readWaiting(fd, into: destination, count: count)
      bytesRead += n
      return n
    } catch {
      throw InputError(.io, source: source, line: 0, message: "cannot read: \(error.message)")
    }
  }

  /// Copies up to `count` bytes of the mapping not handed out yet into `destination`, once they
  /// are known intact; nil when there is no mapping or nothing is left of it.
  func copyMapped(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(InputError) -> Int? {
    guard let mapped, mappedOffset < mapped.count else { return nil }
    let n = min(count, mapped.count - mappedOffset)
    destination.update(from: mapped.base + mappedOffset, count: n)
    try mapped.checkIntact(upTo: mappedOffset + n)
    mappedOffset += n
    bytesRead += n
    mapped.release(upTo: mappedOffset)
    return n
  }

  /// The mapped bytes not handed out yet, when nothing is buffered before them: a driver may use
  /// them in place (then `takeMapped`, and `checkMapped` before trusting them). Nil otherwise.
  var mappedRest: UnsafeBufferPointer<UInt8>? {
    guard start == end, let mapped, mappedOffset < mapped.count else { return nil }
    return UnsafeBufferPointer(start: mapped.base + mappedOffset, count: mapped.count - mappedOffset)
  }

  /// Hands out the first `count` bytes of `mappedRest`; returns their offset in the mapping.
  func takeMapped(_ count: Int) -> Int {
    let offset = mappedOffset
    mappedOffset += count
    bytesRead += count
    return offset
  }

  /// Throws the I/O error of a file that shrank when the mapping's bytes before `end` cannot be
  /// trusted (`MappedFile.checkIntact`).
  func checkMapped(upTo end: Int) throws(InputError) {
    try mapped?.checkIntact(upTo: end)
  }

  /// Gives back the mapping's whole pages before `offset` (used, and not needed again).
  func releaseMapped(upTo offset: Int) {
    mapped?.release(upTo: offset)
  }

  /// Puts `bytes` back before what is still unread, to be read as lines again, numbered after
  /// `lineNumber`; `eof` when the input behind them has ended.
  func putBack(_ bytes: [UInt8], lineNumber: Int, eof: Bool) {
    let pending = end - start
    let needed = bytes.count + pending
    if needed > capacity {
      guard let grown = realloc(buffer, needed) else { fatalError("out of memory for \(needed) bytes") }
      buffer = grown.assumingMemoryBound(to: UInt8.self)
      capacity = needed
    }
    if pending > 0 { memmove(buffer + bytes.count, buffer + start, pending) }
    bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
    start = 0
    end = needed
    scanFrom = 0
    self.lineNumber = lineNumber
    self.eof = self.eof || eof
  }
}
