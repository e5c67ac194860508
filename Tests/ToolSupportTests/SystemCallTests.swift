import Glibc
import Testing

@testable import SystemIO

/// `SystemCall.retrying`, the one place that knows EINTR and EAGAIN: an interrupted call is made
/// again, a call that would block is reported (never spun on), any other failure is thrown.
@Suite struct SystemCallTests {
  /// A call that fails `failures` times with `code` (-1 and `errno`), then answers 7; and how
  /// many times it was made.
  static func flaky(failures: Int, code: Int32) -> (call: () -> Int, calls: () -> Int) {
    final class Count { var value = 0 }
    let count = Count()
    let call = { () -> Int in
      count.value += 1
      if count.value <= failures {
        errno = code
        return -1
      }
      return 7
    }
    return (call, { count.value })
  }

  @Test("a call interrupted by a signal is made again until it is done")
  func interruptedIsRetried() throws {
    let (call, calls) = Self.flaky(failures: 3, code: EINTR)
    let result = try SystemCall.retrying("test") { call() }
    #expect(result == .processed(7))
    #expect(calls() == 4)
  }

  @Test("a call that would block is reported once, not made again")
  func wouldBlockIsReported() throws {
    let (call, calls) = Self.flaky(failures: 3, code: EAGAIN)
    let result = try SystemCall.retrying("test") { call() }
    #expect(result == .wouldBlock)
    #expect(calls() == 1)
    #expect(throws: SystemError(call: "test", errno: EAGAIN)) { try SystemCall.blocking("test") { call() } }
  }

  @Test("any other failure is thrown with its call and number, once")
  func otherFailureIsThrown() {
    let (call, calls) = Self.flaky(failures: 3, code: EIO)
    #expect(throws: SystemError(call: "read", errno: EIO)) { try SystemCall.retrying("read") { call() } }
    #expect(calls() == 1)
    #expect(SystemError(call: "read", errno: EIO).description == "read: Input/output error")
  }

  @Test("writeAll writes everything to a full non-blocking pipe, waiting rather than failing")
  func writeAllWaitsForRoom() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { _ = ends.map { close($0) } }
    try SystemCall.setNonBlocking(ends[1], true)
    let bytes = [UInt8](repeating: 0x61, count: 1 << 20)  // more than a pipe holds
    let reader = DrainThread { fd in
      var total = 0
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while total < 1 << 20, let n = try? SystemCall.readWaiting(fd, into: &chunk), n > 0 { total += n }
      return total
    }
    reader.start(ends[0])
    try SystemCall.writeAll(ends[1], bytes)
    #expect(reader.join() == 1 << 20)
  }
}

/// A thread running one function of a descriptor, for the pipe test.
private final class DrainThread: @unchecked Sendable {
  let body: @Sendable (Int32) -> Int
  var result = 0
  var thread = pthread_t()
  init(_ body: @escaping @Sendable (Int32) -> Int) { self.body = body }

  func start(_ fd: Int32) {
    let box = Unmanaged.passRetained(Box(self, fd)).toOpaque()
    pthread_create(
      &thread, nil,
      { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        box.owner.result = box.owner.body(box.fd)
        return nil
      }, box)
  }

  func join() -> Int {
    pthread_join(thread, nil)
    return result
  }

  final class Box {
    let owner: DrainThread
    let fd: Int32
    init(_ owner: DrainThread, _ fd: Int32) {
      self.owner = owner
      self.fd = fd
    }
  }
}

/// `SystemCall.growPipe`: a pipe is asked to hold more, anything else is left as it is.
@Suite struct GrowPipeTests {
  @Test("a pipe grows to the size asked for; a file is no pipe, and nothing changes")
  func grows() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let pipeSize: Int32 = 1032  // F_GETPIPE_SZ
    #expect(fcntl(ends[1], pipeSize) < 1 << 20)
    #expect(SystemCall.growPipe(ends[1], to: 1 << 20))
    #expect(fcntl(ends[1], pipeSize) >= 1 << 20)
    // Asked again for less: it stays as large.
    #expect(SystemCall.growPipe(ends[1], to: 1 << 16))
    #expect(fcntl(ends[1], pipeSize) >= 1 << 20)
    let file = open("/proc/self/stat", O_RDONLY)
    try #require(file >= 0)
    defer { close(file) }
    #expect(!SystemCall.growPipe(file, to: 1 << 20))
  }
}
