import Foundation
import PipeProtocol
import PipeReading
import TestSupport
import Testing

/// Reads bytes in memory with a LineReader, `chunkSize` bytes at a time, and collects the lines.
func readLines(_ input: [UInt8], maxLineLength: Int = 1 << 20, chunkSize: Int = 7) throws -> [String] {
  let reader = LineReader(bytes: input, source: "test", maxLineLength: maxLineLength, chunkSize: chunkSize)
  reader.beforeRead = {}
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
    let text = "ok\n" + String(repeating: "x", count: 300) + "\nafter\n"
    let reader = LineReader(bytes: Array(text.utf8), source: "test", maxLineLength: 100, chunkSize: 16)
    reader.beforeRead = {}
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

  @Test("endings, numbers and the unterminated last line are reported as read")
  func lineDetails() throws {
    let reader = LineReader(bytes: Array("a\r\nb\n\nc".utf8), source: "test", chunkSize: 2)
    reader.beforeRead = {}
    reader.skipsBlankLines = false
    var seen: [String] = []
    while try reader.next({
      seen.append("\($0.number):\(String(decoding: $0.bytes, as: UTF8.self)):\($0.ending)")
    }) {}
    #expect(seen == ["1:a:\r\n", "2:b:\n", "3::\n", "4:c:"])
    #expect(reader.lastLineUnterminated)
    #expect(reader.bytesRead == 7)
  }

  @Test("an empty input has no lines")
  func empty() throws {
    #expect(try readLines([]) == [])
    #expect(try readLines(Array("\n\n\r\n".utf8)) == [])
  }

  @Test("a file read through its descriptor gives the same lines as its bytes in memory")
  func fileAndMemoryAgree() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bytes = Array(("x\r\n\n" + String(repeating: "long line ", count: 40) + "\nlast").utf8)
    let file = dir.appendingPathComponent("lines.txt")
    try Data(bytes).write(to: file)
    let reader = try LineReader.open(path: file.path)
    reader.beforeRead = {}
    #expect(reader.source == file.path)
    var lines: [String] = []
    while try reader.next({ lines.append(String(decoding: $0.bytes, as: UTF8.self)) }) {}
    #expect(lines == (try readLines(bytes)))
    #expect(lines.count == 3)
  }

  @Test("standard input reads injected bytes when a test gives them")
  func injectedStandardInput() throws {
    // Other tests inject stdin only through TestSupport.runInProcess, under its lock.
    let lines = TestSupport.runInProcess(stdin: Data("one\ntwo\n".utf8)) {
      let reader = LineReader.standardInput()
      reader.beforeRead = {}
      var count: Int32 = 0
      while (try? reader.next { _ in count += 1 }) == true {}
      return reader.source == "stdin" ? count : -1
    }
    #expect(lines.status == 2)
  }
}
