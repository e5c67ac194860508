import Foundation
import PipeProtocol
import PipeReading
import TestSupport
import Testing
import ToolSupport

/// `ParallelReading`: chunks of whole lines, worked on by threads, merged in the order read; what
/// workers leave to the sequential code comes to it with its line numbers, in order.
@Suite("parallel reading")
struct ParallelReadingTests {
  /// What a reading saw, in order: `w:LINE` for a line a worker read, `s:N:LINE` for a line the
  /// sequential code read as line N (lines read from `reader` after the reading included).
  static func read(
    _ text: String, threads: Int, chunkSize: Int, from given: LineReader? = nil, drains: Bool = false
  ) throws -> [String] {
    let reader = given ?? LineReader(bytes: Array(text.utf8), source: "test")
    reader.beforeRead = {}
    let reading = ParallelReading<[String]>(
      reader, threads: threads, chunkSize: chunkSize, drainsBeforeBlocking: drains
    ) {
      { chunk in
        let text = String(decoding: chunk.bytes, as: UTF8.self)
        if text.contains("seq") { return .sequential }
        if text.contains("rest") { return .sequentialFromHere }
        // Lines as LineReader frames them (bytes: "\r\n" is one Character).
        var lines = chunk.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
          String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
        }
        if chunk.bytes.last == 0x0A { lines.removeLast() }
        return .done(lines.filter { !$0.isEmpty }.map { "w:\($0)" }, lines: lines.count)
      }
    }
    var seen: [String] = []
    func sequential(_ lines: LineReader) throws {
      while try lines.next({ seen.append("s:\($0.number):\(String(decoding: $0.bytes, as: UTF8.self))") }) {}
    }
    try reading.run(
      merge: { value, _ in
        seen += value
        return true
      },
      sequential: { part in
        try sequential(part)
        return true
      })
    try sequential(reader)
    return seen
  }

  @Test("every line once, in order, whatever the chunk size and the number of threads")
  func order() throws {
    let lines = (1...200).map { i in i % 17 == 0 ? "seq \(i)" : "line \(i)" }
    let text = lines.joined(separator: "\n") + "\n"
    for threads in [1, 2, 4] {
      for chunkSize in [1, 5, 16, 100, 1 << 20] {
        let seen = try Self.read(text, threads: threads, chunkSize: chunkSize)
        // The same lines in the same order; those of a chunk a worker left were read sequentially,
        // numbered as in the input.
        #expect(seen.map { $0.split(separator: ":").last.map(String.init) } == lines)
        for (i, entry) in seen.enumerated() where entry.hasPrefix("s:") {
          #expect(entry.hasPrefix("s:\(i + 1):"), "\(entry) at \(i + 1), chunk \(chunkSize)")
        }
        if chunkSize < 100 { #expect(seen.contains { $0.hasPrefix("s:") }) }
        if chunkSize >= 16, chunkSize < 1000 { #expect(seen.contains { $0.hasPrefix("w:") }) }
      }
    }
  }

  @Test("n threads are the calling thread and n - 1 started ones, each working chunks")
  func callingThreadWorks() throws {
    // Who made a worker and who worked each chunk, as thread ids.
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var makers: [UInt] = []
      var workers: Set<UInt> = []
      func note(maker: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if maker { makers.append(UInt(pthread_self())) } else { workers.insert(UInt(pthread_self())) }
      }
    }
    let caller = UInt(pthread_self())
    let text = (1...40).map { "line \($0)" }.joined(separator: "\n") + "\n"
    for threads in [2, 3] {
      let seen = Seen()
      let reader = LineReader(bytes: Array(text.utf8), source: "test")
      reader.beforeRead = {}
      let reading = ParallelReading<Int>(reader, threads: threads, chunkSize: 16) {
        seen.note(maker: true)
        return { chunk in
          seen.note(maker: false)
          usleep(2000)  // long enough that every thread finds chunks waiting
          return .done(1, lines: chunk.bytes.filter { $0 == 0x0A }.count)
        }
      }
      var merged = 0
      try reading.run(
        merge: { value, _ in
          merged += value; return true
        }, sequential: { _ in true })
      #expect(merged >= 20, "every chunk merged")
      #expect(seen.makers.count == threads, "one worker per thread, the calling thread's included")
      #expect(seen.makers.contains(caller), "the calling thread makes a worker")
      #expect(seen.workers.contains(caller), "and works chunks with it")
      #expect(seen.workers.count == threads)
    }
  }

  @Test("after a chunk left to the sequential code from there on, the reader holds the rest")
  func handBack() throws {
    let lines = (1...300).map { i in i == 150 ? "rest \(i)" : "line \(i)" }
    let text = lines.joined(separator: "\n")  // no final newline
    for chunkSize in [7, 64, 1000] {
      let seen = try Self.read(text, threads: 3, chunkSize: chunkSize)
      #expect(seen.count == 300)
      #expect(seen.map { $0.split(separator: ":").last.map(String.init) } == lines)
      #expect(seen[149].hasPrefix("s:150:"))
      #expect(seen[299] == "s:300:line 300")
    }
  }

  // The driver once waited forever here, for that chunk's result a second time.
  @Test(
    "from a pipe that drains before blocking, a chunk left to the sequential code from there on ends the reading"
  )
  func handBackFromAPipe() throws {
    let lines = (1...300).map { i in i == 150 ? "rest \(i)" : "line \(i)" }
    let text = lines.joined(separator: "\n") + "\n"
    for threads in [1, 2, 3] {
      let fds = try TestSupport.closedOnExecPipe()
      let (readEnd, writeEnd) = (fds[0], fds[1])
      // The writer writes a line at a time, so that the reader often finds nothing waiting and
      // drains what is in flight before it blocks.
      let writer = Thread {
        for line in lines {
          _ = (line + "\n").withCString { write(writeEnd, $0, strlen($0)) }
          usleep(300)
        }
        close(writeEnd)
      }
      writer.start()
      // Read on a thread of its own, so that a reading that never ends fails the test, not hangs it.
      let done = DispatchSemaphore(value: 0)
      nonisolated(unsafe) var outcome: Result<[String], any Error>?
      Thread {
        let reader = LineReader(fd: readEnd, source: "pipe", closeOnDeinit: true)
        outcome = Result { try Self.read(text, threads: threads, chunkSize: 64, from: reader, drains: true) }
        done.signal()
      }.start()
      guard done.wait(timeout: .now() + 30) == .success, let outcome else {
        Issue.record("the reading with \(threads) threads did not end within 30 s")
        return
      }
      let seen = try outcome.get()
      #expect(seen.map { $0.split(separator: ":").last.map(String.init) } == lines, "\(threads) threads")
      #expect(seen.count == 300 && seen[149].hasPrefix("s:150:"))
    }
  }

  @Test("blank lines and carriage returns keep their numbers")
  func framing() throws {
    let text = "a\r\n\r\nseq\n\nb\r\nc"
    for chunkSize in [1, 2, 3, 4, 8, 64] {
      let seen = try Self.read(text, threads: 2, chunkSize: chunkSize)
      #expect(seen.contains("s:3:seq"), "chunk \(chunkSize): \(seen)")
      #expect(seen.filter { $0.hasSuffix(":a") || $0.hasSuffix(":b") || $0.hasSuffix(":c") }.count == 3)
      if let c = seen.first(where: { $0.hasPrefix("s:") && $0.hasSuffix(":c") }) { #expect(c == "s:6:c") }
    }
  }
}
