import Foundation
import PipeProtocol
import Testing

/// Feeds bytes through a pipe to a LineReader and collects the lines.
func readLines(_ input: [UInt8], maxLineLength: Int = 1 << 20, chunkSize: Int = 7) throws -> [String] {
  var fds: [Int32] = [0, 0]
  #expect(pipe(&fds) == 0)
  let writeEnd = fds[1]
  let writer = Thread {
    input.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress!, $0.count) }
    close(writeEnd)
  }
  writer.start()
  let reader = LineReader(fd: fds[0], source: "test", maxLineLength: maxLineLength, chunkSize: chunkSize)
  reader.beforeRead = {}
  defer { close(fds[0]) }
  var lines: [String] = []
  while try reader.next({ lines.append(String(decoding: $0.bytes, as: UTF8.self)) }) {}
  return lines
}

@Suite("line reader")
struct LineReaderTests {
  @Test("CRLF, a missing final newline and empty lines")
  func framing() throws {
    let lines = try readLines(Array("a\r\n\nbb\n\ncccccccccccccccccccc".utf8))
    #expect(lines == ["a", "bb", "cccccccccccccccccccc"])
  }

  @Test("a line over the limit is an error naming it, and reading goes on after it")
  func tooLong() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let text = "ok\n" + String(repeating: "x", count: 300) + "\nafter\n"
    _ = text.withCString { write(fds[1], $0, strlen($0)) }
    close(fds[1])
    let reader = LineReader(fd: fds[0], source: "test", maxLineLength: 100, chunkSize: 16)
    reader.beforeRead = {}
    defer { close(fds[0]) }
    var lines: [String] = []
    #expect(try reader.next { lines.append(String(decoding: $0.bytes, as: UTF8.self)) })
    do {
      _ = try reader.next { _ in }
      Issue.record("a 300-byte line passed a 100-byte limit")
    } catch let error as InputError {
      #expect(error.line == 2)
      #expect(error.message.contains("longer than the limit"))
    }
    #expect(try reader.next { lines.append(String(decoding: $0.bytes, as: UTF8.self)) })
    #expect(lines == ["ok", "after"])
    #expect(reader.lineNumber == 3)
  }
}
