import Foundation
import PipeProtocol
import TestSupport
import Testing

@Suite("pipe-check, run as a program")
struct PipeCheckCLITests {
  static let mixed = Data(
    """
    {"type":"note","text":"hello"}

    {"type":"x","a":[1,2.50,1e400,12345678901234567890]}\r
    {"type":"note","text":"caf\\u00e9 ☕"}
    """.utf8)

  @Test("a valid mixed stream passes, with a summary on stderr and nothing on stdout")
  func valid() throws {
    let result = try TestSupport.run("pipe-check", [], stdin: Self.mixed)
    #expect(result.status == 0)
    #expect(result.out.isEmpty)
    #expect(result.err == "pipe-check: 3 records, 2 types, 0 problems\n")
  }

  @Test("--pass writes exactly the bytes it read, CRLF and blank lines included")
  func passThrough() throws {
    let result = try TestSupport.run("pipe-check", ["--pass", "--quiet"], stdin: Self.mixed)
    #expect(result.status == 0)
    #expect(result.stdout == Self.mixed)
    #expect(result.err.isEmpty)
  }

  @Test("stdin and a file give the same verdict")
  func stdinVersusFile() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = Data("{\"type\":\"a\"}\n{\"type\":\"a\",}\n".utf8)
    let file = dir.appendingPathComponent("bad.jsonl")
    try bad.write(to: file)
    let fromStdin = try TestSupport.run("pipe-check", [], stdin: bad)
    let fromFile = try TestSupport.run("pipe-check", [file.path])
    #expect(fromStdin.status == 65)
    #expect(fromFile.status == 65)
    #expect(fromStdin.err.replacingOccurrences(of: "stdin", with: file.path) == fromFile.err)
  }

  @Test("a missing file exits 66; an unknown option exits 64 with a suggestion")
  func exitStatuses() throws {
    let missing = try TestSupport.run("pipe-check", ["/nonexistent/file.jsonl"])
    #expect(missing.status == 66)
    #expect(
      missing.err.hasPrefix(
        "pipe-check: error: cannot open '/nonexistent/file.jsonl': No such file or directory\n"))
    let usage = try TestSupport.run("pipe-check", ["--qiet"])
    #expect(usage.status == 64)
    #expect(usage.err.contains("did you mean --quiet?"))
  }

  @Test("a schema problem is reported with its line and field")
  func schema() throws {
    // `pipe-check --list-types` names every type the protocol defines; the first one must reject a
    // record that has nothing but its type.
    let types = try TestSupport.run("pipe-check", ["--list-types"])
    guard let first = types.out.split(separator: "\n").first?.split(separator: "\t").first else {
      print("SKIP schema check: no record types are defined yet")
      return
    }
    let result = try TestSupport.run("pipe-check", [], stdin: Data("{\"type\":\"\(first)\"}\n".utf8))
    #expect(result.status == 65)
    #expect(result.err.contains("stdin line 1: \(first) record: missing field"))
  }

  @Test("a million records pass through byte for byte")
  func fidelityAtScale() throws {
    let line = #"{"type":"x","a":[1,2.50,1e400,12345678901234567890]}"#
    let result = try TestSupport.shell(
      "yes '\(line)' | head -1000000 | pipe-check --pass --quiet | cmp - <(yes '\(line)' | head -1000000) && echo same"
    )
    #expect(result.out == "same\n")
    #expect(result.status == 0)
  }

  @Test("every JSONTestSuite n_ case is rejected with exit 65 and a line number; no case crashes")
  func jsonTestSuite() throws {
    guard let dir = TestSupport.sharedDirectory?.appendingPathComponent("jsontestsuite/test_parsing") else {
      print("SKIP pipe-check over JSONTestSuite: ../shared/jsontestsuite is absent")
      return
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
      .sorted()
    #expect(names.count == 318)
    for name in names {
      let result = try TestSupport.run("pipe-check", [dir.appendingPathComponent(name).path])
      #expect(result.status == 0 || result.status == 65, "\(name): exit \(result.status)")
      if name.hasPrefix("n_") {
        #expect(result.status == 65, "\(name) was accepted")
        #expect(result.err.contains(" line "), "\(name): no line number in \(result.err)")
      }
    }
  }
}
