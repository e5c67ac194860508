import Glibc

/// A system call that failed: which one, and the system error number.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The call's name (`read`, `open`).
  public var call: String
  /// The system error number.
  public var errno: Int32

  /// A failure of `call` with `errno`.
  public init(call: String, errno: Int32) {
    self.call = call
    self.errno = errno
  }

  /// What the system says of the error number: `No such file or directory`.
  public var message: String { SystemError.describe(errno) }

  /// `read: Bad file descriptor`.
  public var description: String { "\(call): \(message)" }

  /// What the system says of `code`.
  public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Whether the reader of a pipe or socket went away.
  public var isBrokenPipe: Bool { errno == EPIPE }
}

/// What a call that may not block did: its result, or nothing because it would have had to wait
/// (`EAGAIN`): the caller waits in its own way (poll, a slice of sleep, another round of its loop).
public enum IOResult<Value> {
  /// The call was done.
  case processed(Value)
  /// The call would have blocked; nothing was done.
  case wouldBlock
}

extension IOResult: Equatable where Value: Equatable {}

/// The one caller of the system calls the tools make on file descriptors, and the one place that
/// knows `EINTR` and `EAGAIN`: `retrying` runs a call again when a signal interrupted it, reports
/// `EAGAIN` as `.wouldBlock` (never spinning on it), and turns any other failure into a
/// `SystemError`, which each module makes into its own error (an input error, a tool error, exit 74).
public enum SystemCall {
  /// Runs `body` (a system call answering -1 and setting `errno` on failure) until no signal
  /// interrupts it. `EAGAIN` (`EWOULDBLOCK`) is `.wouldBlock`; any other failure is thrown,
  /// named `name`.
  @inline(__always)
  public static func retrying<Result: BinaryInteger>(
    _ name: StaticString, _ body: () throws(SystemError) -> Result
  ) throws(SystemError) -> IOResult<Result> {
    while true {
      let result = try body()
      if result != -1 { return .processed(result) }
      let code = Glibc.errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
      throw SystemError(call: "\(name)", errno: code)
    }
  }

  /// `retrying` for a call on a descriptor that blocks: `EAGAIN` is an error here too.
  @inline(__always)
  public static func blocking<Result: BinaryInteger>(
    _ name: StaticString, _ body: () throws(SystemError) -> Result
  ) throws(SystemError) -> Result {
    switch try retrying(name, body) {
    case .processed(let result): return result
    case .wouldBlock: throw SystemError(call: "\(name)", errno: EAGAIN)
    }
  }

  // MARK: - Reading and writing

  /// `read(2)`: the bytes read, 0 at the end; `.wouldBlock` from a non-blocking descriptor with
  /// nothing waiting.
  @inline(__always)
  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int)
    throws(SystemError) -> IOResult<Int>
  {
    try retrying("read") { Glibc.read(fd, buffer, count) }
  }

  /// `read(2)` that waits when the descriptor is non-blocking and nothing is there yet.
  public static func readWaiting(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int)
    throws(SystemError) -> Int
  {
    while true {
      switch try read(fd, into: buffer, count: count) {
      case .processed(let n): return n
      case .wouldBlock: try waitFor(fd, events: Int16(POLLIN))
      }
    }
  }

  /// `readWaiting` into `bytes` from index `start` to its end.
  public static func readWaiting(_ fd: Int32, into bytes: inout [UInt8], from start: Int = 0)
    throws(SystemError) -> Int
  {
    let result = bytes.withUnsafeMutableBytes { raw -> Result<Int, SystemError> in
      do throws(SystemError) {
        return .success(try readWaiting(fd, into: raw.baseAddress! + start, count: raw.count - start))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// `pread(2)`: the bytes read at `offset`.
  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int)
    throws(SystemError) -> Int
  {
    try blocking("pread") { Glibc.pread(fd, buffer, count, off_t(offset)) }
  }

  /// `write(2)`: the bytes written; `.wouldBlock` when a non-blocking descriptor is full.
  @inline(__always)
  public static func write(_ fd: Int32, from buffer: UnsafeRawPointer, count: Int)
    throws(SystemError) -> IOResult<Int>
  {
    try retrying("write") { Glibc.write(fd, buffer, count) }
  }

  /// Writes all of `bytes` to `fd`: the one write-all loop of the tools. A non-blocking descriptor
  /// that is full is waited for with `poll` (no spinning); any error is thrown (`EPIPE` when the
  /// reader has gone away).
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      switch try write(fd, from: base + offset, count: bytes.count - offset) {
      case .processed(let n): offset += n
      case .wouldBlock: try waitFor(fd, events: Int16(POLLOUT))
      }
    }
  }

  /// `writeAll` of an array's bytes.
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
    // (withUnsafeBytes rethrows untyped errors.)
    let failure = bytes.withUnsafeBytes { raw -> SystemError? in
      do throws(SystemError) {
        try writeAll(fd, raw)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Waits until `fd` is ready for `events` (or reports an error or hang-up, which the next call
  /// then meets).
  static func waitFor(_ fd: Int32, events: Int16) throws(SystemError) {
    var entry = pollfd(fd: fd, events: events, revents: 0)
    _ = try poll(&entry, count: 1, timeout: -1)
  }

  // MARK: - Opening and examining

  /// `open(2)`: the new descriptor (close-on-exec is the caller's flag to give).
  public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemError) -> Int32 {
    try blocking("open") { Glibc.open(path, flags, mode) }
  }

  /// `open(2)` for a caller that words each error number its own way: the descriptor and 0, or -1
  /// and the error number.
  public static func descriptor(opening path: String, _ flags: Int32, mode: mode_t = 0) -> (
    fd: Int32, errno: Int32
  ) {
    do {
      return (try open(path, flags, mode: mode), 0)
    } catch {
      return (-1, error.errno)
    }
  }

  /// `openat(2)`.
  public static func open(at directory: Int32, _ path: String, _ flags: Int32, mode: mode_t = 0)
    throws(SystemError) -> Int32
  {
    try blocking("openat") { Glibc.openat(directory, path, flags, mode) }
  }

  /// `close(2)`. An interrupted close is not retried (Linux has closed the descriptor already).
  @discardableResult
  public static func close(_ fd: Int32) -> Bool { Glibc.close(fd) == 0 }

  /// `fstat(2)`.
  public static func status(_ fd: Int32) throws(SystemError) -> stat {
    var info = stat()
    _ = try blocking("fstat") { Glibc.fstat(fd, &info) }
    return info
  }

  /// `fstat(2)`, nil on failure.
  public static func statusIfAny(_ fd: Int32) -> stat? { try? status(fd) }

  /// `lseek(2)`: the new offset.
  @discardableResult
  public static func seek(_ fd: Int32, to offset: Int, from whence: Int32 = SEEK_SET) throws(SystemError)
    -> Int
  {
    Int(try blocking("lseek") { Glibc.lseek(fd, off_t(offset), whence) })
  }

  /// `fcntl(F_SETFL)`: sets or clears `O_NONBLOCK`.
  public static func setNonBlocking(_ fd: Int32, _ on: Bool) throws(SystemError) {
    let flags = try blocking("fcntl") { Glibc.fcntl(fd, F_GETFL) }
    _ = try blocking("fcntl") { Glibc.fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
  }

  /// `fcntl(F_SETPIPE_SZ)`: asks that the pipe `fd` hold `bytes` (rounded up by the kernel), when
  /// it holds fewer. Whether it now holds at least that many; nothing changes for a descriptor that
  /// is no pipe, or past the system's limits for the user (`/proc/sys/fs/pipe-max-size`,
  /// `pipe-user-pages-soft`), which are no error.
  @discardableResult
  public static func growPipe(_ fd: Int32, to bytes: Int) -> Bool {
    // Linux's numbers: Glibc declares the names only under _GNU_SOURCE, which Swift's Glibc
    // module does not define.
    let getPipeSize: Int32 = 1032
    let setPipeSize: Int32 = 1031
    guard let size = try? blocking("fcntl", { Glibc.fcntl(fd, getPipeSize) }) else { return false }
    if size >= bytes { return true }
    return (try? blocking("fcntl", { Glibc.fcntl(fd, setPipeSize, Int32(clamping: bytes)) })) != nil
  }

  /// `fsync(2)`.
  public static func sync(_ fd: Int32) throws(SystemError) {
    _ = try blocking("fsync") { Glibc.fsync(fd) }
  }

  /// `ftruncate(2)`.
  public static func truncate(_ fd: Int32, to length: Int) throws(SystemError) {
    _ = try blocking("ftruncate") { Glibc.ftruncate(fd, off_t(length)) }
  }

  // MARK: - Locks, waiting, processes

  /// `flock(2)`, waiting for the lock (taken again when a signal interrupts the wait);
  /// `.wouldBlock` for `LOCK_NB` when another holds it.
  public static func lock(_ fd: Int32, _ operation: Int32) throws(SystemError) -> IOResult<Int32> {
    try retrying("flock") { flock(fd, operation) }
  }

  /// `poll(2)`: the descriptors ready, 0 on a timeout. A signal restarts the wait.
  public static func poll(_ fds: UnsafeMutablePointer<pollfd>, count: Int, timeout: Int32)
    throws(SystemError) -> Int32
  {
    try blocking("poll") { Glibc.poll(fds, nfds_t(count), timeout) }
  }

  /// `poll(2)` of an array of descriptors.
  public static func poll(_ fds: inout [pollfd], timeout: Int32) throws(SystemError) -> Int32 {
    let count = fds.count
    return try fds.withUnsafeMutableBufferPointer { (entries) throws(SystemError) in
      try poll(entries.baseAddress!, count: count, timeout: timeout)
    }
  }

  /// `waitpid(2)`: the pid collected (0 with `WNOHANG` when it has not ended) and its status.
  public static func wait(for pid: pid_t, options: Int32 = 0) throws(SystemError) -> (
    pid: pid_t, status: Int32
  ) {
    var status: Int32 = 0
    let collected = try blocking("waitpid") { Glibc.waitpid(pid, &status, options) }
    return (collected, status)
  }

  /// Sleeps `seconds`, resumed after signals for the time left.
  public static func sleep(_ seconds: Double) {
    guard seconds > 0 else { return }
    let whole = seconds.rounded(.down)
    var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    var remaining = timespec()
    _ = try? blocking("nanosleep") { () -> Int32 in
      let result = nanosleep(&request, &remaining)
      request = remaining
      return result
    }
  }

  // MARK: - Mapping

  /// `mmap(2)` of `count` bytes of `fd` for reading, private; nil when it cannot be mapped.
  public static func mapForReading(_ fd: Int32, count: Int) -> UnsafeRawPointer? {
    guard let address = Glibc.mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
      return nil
    }
    return UnsafeRawPointer(address)
  }

  /// Puts a page of zeros (readable, private) at `address`: what a SIGBUS handler puts where a
  /// page of a truncated file was. Safe in a signal handler.
  public static func mapZeros(at address: UnsafeMutableRawPointer, count: Int) {
    _ = Glibc.mmap(address, count, PROT_READ, MAP_FIXED | MAP_ANONYMOUS | MAP_PRIVATE, -1, 0)
  }

  /// `munmap(2)`.
  public static func unmap(_ address: UnsafeRawPointer, count: Int) {
    _ = Glibc.munmap(UnsafeMutableRawPointer(mutating: address), count)
  }

  /// `madvise(2)`: a hint, whose failure changes nothing.
  public static func advise(_ address: UnsafeRawPointer, count: Int, _ advice: Int32) {
    _ = Glibc.madvise(UnsafeMutableRawPointer(mutating: address), count, advice)
  }
}
