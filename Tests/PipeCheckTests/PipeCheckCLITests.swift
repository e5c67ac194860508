import Foundation
import PipeCheckCommand
import PipeProtocol
import TestSupport
import Testing

/// `pipe-check ARGUMENTS < stdin`, run in this process.
private func pipeCheck(_ arguments: [String] = [], stdin: Data = Data()) -> TestSupport.Result {
  TestSupport.runInProcess(stdin: stdin) { PipeCheck.execute(arguments) }
}

/// Parsing, checking and exit statuses run in process; what needs a real process (a pipeline at
/// scale) runs the built program.
@Suite("pipe-check, its command line")
struct PipeCheckCLITests {
  static let mixed = Data(
    """
    {"type":"note","text":"hello"}

    {"type":"x","a":[1,2.50,1e400,12345678901234567890]}\r
    {"type":"note","text":"caf\\u00e9 ☕"}
    """.utf8)

  @Test("a valid mixed stream passes, with a summary on stderr and nothing on stdout")
  func valid() throws {
    let result = pipeCheck(stdin: Self.mixed)
    #expect(result.status == 0)
    #expect(result.out.isEmpty)
    #expect(result.err == "pipe-check: 3 records, 2 types, 0 problems\n")
  }

  @Test("--pass writes exactly the bytes it read, CRLF and blank lines included")
  func passThrough() throws {
    let result = pipeCheck(["--pass", "--quiet"], stdin: Self.mixed)
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
    let fromStdin = pipeCheck(stdin: bad)
    let fromFile = pipeCheck([file.path])
    #expect(fromStdin.status == 65)
    #expect(fromFile.status == 65)
    #expect(fromStdin.err.replacingOccurrences(of: "stdin", with: file.path) == fromFile.err)
  }

  @Test("a missing file exits 66; an unknown option exits 64 with a suggestion")
  func exitStatuses() {
    let missing = pipeCheck(["/nonexistent/file.jsonl"])
    #expect(missing.status == 66)
    #expect(
      missing.err.hasPrefix(
        "pipe-check: error: cannot open '/nonexistent/file.jsonl': No such file or directory\n"))
    let usage = pipeCheck(["--qiet"])
    #expect(usage.status == 64)
    #expect(usage.err.contains("did you mean --quiet?"))
  }

  @Test("a schema problem is reported with its line and field")
  func schema() throws {
    // `pipe-check --list-types` names every type the protocol defines; the first one must reject a
    // record that has nothing but its type.
    let types = pipeCheck(["--list-types"])
    let first = try #require(types.out.split(separator: "\n").first?.split(separator: "\t").first)
    let result = pipeCheck(stdin: Data("{\"type\":\"\(first)\"}\n".utf8))
    #expect(result.status == 65)
    #expect(result.err.contains("stdin line 1: \(first) record: missing field"))
  }

  @Test("a million records (100,000 in the default run) pass through byte for byte")
  func fidelityAtScale() throws {
    let line = #"{"type":"x","a":[1,2.50,1e400,12345678901234567890]}"#
    let count = Campaign.size(small: 100_000, full: 1_000_000)
    let result = try TestSupport.shell(
      "yes '\(line)' | head -\(count) | pipe-check --pass --quiet | cmp - <(yes '\(line)' | head -\(count)) && echo same"
    )
    #expect(result.out == "same\n")
    #expect(result.status == 0)
  }

  @Test(
    "every JSONTestSuite n_ case is rejected with exit 65 and a line number; no case crashes",
    .enabled(if: Requirements.shared, "../shared/jsontestsuite is absent"))
  func jsonTestSuite() throws {
    let dir = try #require(TestSupport.sharedDirectory).appendingPathComponent("jsontestsuite/test_parsing")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }
      .sorted()
    #expect(names.count == 318)
    for name in names {
      let result = pipeCheck([dir.appendingPathComponent(name).path])
      #expect(result.status == 0 || result.status == 65, "\(name): exit \(result.status)")
      if name.hasPrefix("n_") {
        #expect(result.status == 65, "\(name) was accepted")
        #expect(result.err.contains(" line "), "\(name): no line number in \(result.err)")
      }
    }
  }
}

@Suite("pipe-check and custom donuts")
struct PipeCheckCustomDonutTests {
  static let maple =
    #"{"dough":"Powdered Dough","flavors":{"salty":1,"sweet":7,"bitter":0,"sour":0,"savory":1,"spicy":0},"id":17,"mostPotentFlavor":"sweet","name":"Maple Dream","topping":"Sugar Lattice","type":"donut"}"#
  static let order =
    #"{"city":"Cupertino","creationDate":"2026-11-29T10:30:00Z","grandTotal":5.78,"id":"Order#1225","items":[{"donut":17,"name":"Maple Dream","quantity":1}],"parkingSpot":"Apple Park","status":"placed","totalSales":1,"type":"order"}"#

  static func check(_ lines: [String], _ arguments: [String] = []) -> TestSupport.Result {
    pipeCheck(arguments, stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
  }

  @Test("an order naming an id that an earlier donut record defines passes; before it, it does not")
  func definedEarlier() {
    #expect(Self.check([Self.maple, Self.order]).status == 0)
    #expect(Self.check([Self.maple, Self.order], ["--type", "order"]).status == 0)
    let early = Self.check([Self.order, Self.maple])
    #expect(early.status == 65)
    #expect(
      early.err.contains(#"stdin line 1: order record: "items"[0].donut must be integer 0...16, not 17"#))
  }

  @Test("donut records: built-in ids exactly, each id one way, flavours that add up")
  func definitions() {
    for (lines, message) in [
      (
        [Self.maple.replacingOccurrences(of: #""id":17"#, with: #""id":3"#)],
        #"built-in donut 3 is "Cosmos", not "Maple Dream""#
      ),
      (
        [Self.maple, Self.maple.replacingOccurrences(of: "Maple Dream", with: "Other")],
        #"donut 17 is "Maple Dream", not "Other""#
      ),
      (
        [Self.maple.replacingOccurrences(of: #""sweet":7"#, with: #""sweet":6"#)],
        #""flavors" are salty 1, sweet 6"#
      ),
      (
        [Self.maple.replacingOccurrences(of: "Sugar Lattice", with: "Glitter")],
        #""topping" "Glitter" is not a topping"#
      ),
    ] {
      let result = Self.check(lines)
      #expect(result.status == 65)
      #expect(result.err.contains("donut record: \(message)"), "\(result.err)")
    }
    #expect(Self.check([Self.maple, Self.maple]).status == 0)
  }

  @Test("posts, tags and widgets naming a donut: on the menu the stream built so far")
  func otherRecords() {
    let post =
      #"{"date":"2026-11-29T10:30:00Z","favoriteDonut":{"id":17,"name":"Maple Dream"},"id":"own-1","kind":"own","message":"Mine","tags":[{"donut":17,"kind":"donut","title":"Maple Dream"}],"type":"post"}"#
    let tag = #"{"donut":17,"kind":"donut","title":"Maple Dream","type":"tag"}"#
    let widget =
      #"{"date":"2026-11-29T10:30:00Z","donut":{"id":17,"name":"Maple Dream"},"kind":"donut","text":"Maple Dream","tooltip":"x","type":"widget"}"#
    #expect(Self.check([Self.maple, post, tag, widget]).status == 0)
    for (line, message) in [
      (post, #""favoriteDonut".id must be integer 0...16, not 17"#),
      (
        post.replacingOccurrences(of: #""id":17,"name""#, with: #""id":3,"name""#),
        #""tags"[0].donut must be"#
      ),
      (tag, #""donut" must be integer 0...16, not 17"#), (widget, #""donut".id must be integer 0...16"#),
    ] {
      let result = Self.check([line])
      #expect(result.status == 65)
      #expect(result.err.contains("stdin line 1: ") && result.err.contains(message), "\(result.err)")
    }
  }

  @Test("a name from the stream is shown terminal-safe in problems")
  func safeProblems() {
    let evil = Self.maple.replacingOccurrences(of: "Maple Dream", with: #"Evil\u001b[2J"#)
    let result = Self.check([evil, evil.replacingOccurrences(of: "Evil", with: "Good")])
    #expect(result.status == 65)
    #expect(!result.err.contains("\u{1B}") && result.err.contains(#"Evil\u001b[2J"#))
  }
}
