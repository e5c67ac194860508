import Foundation
import PipeProtocol
import PipeReading
import TestSupport
import Testing
import ToolSupport

/// Reading a regular file through its mapping (`MappedFile`): the same lines as reading its bytes,
/// a file that grows read on, and a file that shrinks while mapped an I/O error naming it, never
/// SIGBUS and never lines made of the missing bytes.
@Suite("mapped reading")
struct MappedReadingTests {
  /// A file of `count` numbered lines (about 40 bytes each) in a fresh folder.
  static func file(lines count: Int, final: Bool = true) throws -> String {
    let path = try TestSupport.temporaryDirectory().appendingPathComponent("lines.jsonl").path
    var text = (1...count).map { "{\"type\":\"line\",\"n\":\($0),\"pad\":\"xxxxxxxx\"}" }.joined(
      separator: "\n")
    if final { text += "\n" }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Every line of `reader`, by `next`.
  static func lines(_ reader: LineReader) throws -> [String] {
    var seen: [String] = []
    while try reader.next({ seen.append(String(decoding: $0.bytes, as: UTF8.self)) }) {}
    return seen
  }

  /// Every line of `reader` as the parallel driver hands them out (workers, then the rest).
  static func parallelLines(_ reader: LineReader, threads: Int, chunkSize: Int) throws -> [String] {
    let reading = ParallelReading<[String]>(reader, threads: threads, chunkSize: chunkSize) {
      { chunk in
        var lines: [String] = []
        let count = chunk.forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
        return .done(lines, lines: count)
      }
    }
    var seen: [String] = []
    try reading.run(
      merge: { value, _ in
        seen += value
        return true
      },
      sequential: { part in
        seen += try lines(part)
        return true
      })
    return seen + (try lines(reader))
  }

  @Test("a mapped file gives the lines its bytes give, sequentially and in parallel")
  func sameLines() throws {
    // 20,000 lines (800 KB): several of LineReader's 256 KiB copies.
    for (count, final) in [(1, true), (1, false), (3000, true), (3000, false), (20_000, false)] {
      let path = try Self.file(lines: count, final: final)
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      let expected = try Self.lines(LineReader(bytes: bytes, source: path))
      #expect(try Self.lines(LineReader.open(path: path)) == expected)
      for threads in [1, 2] {
        for chunkSize in [100, 4096, 1 << 20] {
          let reader = try LineReader.open(path: path)
          #expect(
            try Self.parallelLines(reader, threads: threads, chunkSize: chunkSize) == expected,
            "\(count) lines, threads \(threads), chunks of \(chunkSize)")
          #expect(reader.bytesRead == bytes.count)
        }
      }
    }
  }

  @Test("a file that grows after it was mapped is read on to its new end")
  func grows() throws {
    for parallel in [false, true] {
      let path = try Self.file(lines: 100)
      let reader = try LineReader.open(path: path)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("{\"type\":\"late\"}\n".utf8))
      try handle.close()
      let seen =
        parallel ? try Self.parallelLines(reader, threads: 2, chunkSize: 512) : try Self.lines(reader)
      #expect(seen.count == 101)
      #expect(seen.last == "{\"type\":\"late\"}")
    }
  }

  /// Runs `read` on a reader of a file of 20,000 lines (about 800 KB) shrunk to `size` bytes once
  /// open, and returns the error it threw.
  static func errorAfterShrinking(to size: Int, _ read: (LineReader) throws -> [String]) throws -> InputError?
  {
    let path = try file(lines: 20_000)
    let reader = try LineReader.open(path: path)
    #expect(truncate(path, off_t(size)) == 0)
    do {
      let seen = try read(reader)
      Issue.record(
        "no error after shrinking to \(size) bytes: \(seen.count) lines, the last \(seen.last ?? "")")
      return nil
    } catch let error as InputError {
      #expect(error.source == path)
      return error
    }
  }

  @Test("a file shrunk while mapped is an I/O error naming it", arguments: [0, 10_000, 300_001])
  func shrinks(_ size: Int) throws {
    for read in [
      { try Self.lines($0) },
      { try Self.parallelLines($0, threads: 1, chunkSize: 64 << 10) },
      { try Self.parallelLines($0, threads: 2, chunkSize: 64 << 10) },
    ] as [(LineReader) throws -> [String]] {
      let error = try Self.errorAfterShrinking(to: size, read)
      #expect(error?.kind == .io)
      #expect(error?.message.contains("shrank") == true, "\(String(describing: error))")
    }
  }
}
