import Foundation
import PipeProtocol
import TestSupport
import Testing

/// What `Tests/tools/difffuzz` found, kept as unit tests, and the fuzzer itself run briefly so that CI
/// keeps the reader and the second reader (Python's `json` with the protocol's rules) in step.
@Suite("Differential fuzzing against a second reader")
struct DiffFuzzTests {
  static func index(_ line: String) throws(InputError) -> (type: String, members: [MemberSpan]) {
    var members: [MemberSpan] = []
    let type = try Array(line.utf8).withUnsafeBufferPointer { buffer throws(InputError) in
      try RecordIndexer.index(buffer, source: "test", line: 1, into: &members, maxDepth: 512)
    }
    return (type, members)
  }

  @Test(
    "canonically equivalent keys are different keys (found by Tests/tools/difffuzz)",
    arguments: [
      #"{"type":"x","\u00e9":1,"e\u0301":2}"#,  // é and e + combining acute
      #"{"type":"x","é":1,"e\u0301":2}"#,
      #"{"type":"x","a":{"\u00C5":null,"\u212b":false}}"#,  // Å and the Angstrom sign
      #"{"type":"x","K":[{"k":1}],"\u212A":false}"#,  // K and the Kelvin sign
    ])
  func canonicallyEquivalentKeys(_ line: String) throws {
    #expect(throws: Never.self) { _ = try Self.index(line) }
  }

  @Test(
    "the same key written with or without escapes is a duplicate",
    arguments: [
      #"{"type":"x","\u00e9":1,"é":2}"#,
      #"{"type":"x","a":{"e\u0301":1,"e\u0301":2}}"#,
      #"{"type":"x","\ud83d\ude00":1,"😀":2}"#,
      #"{"t\u0079pe":"x","type":"y"}"#,
    ])
  func escapedDuplicates(_ line: String) {
    #expect(throws: InputError.self) { _ = try Self.index(line) }
  }

  @Test("a member is found by its code points, not by canonical equivalence")
  func memberLookup() throws {
    let line = #"{"typ\u0065":"x","\u212a":1,"\u00e9":2}"#
    let (type, members) = try Self.index(line)
    #expect(type == "x")
    Array(line.utf8).withUnsafeBufferPointer { bytes in
      #expect(RecordIndexer.member("K", in: bytes, members: members) == nil)
      #expect(RecordIndexer.member("e\u{301}", in: bytes, members: members) == nil)
      #expect(RecordIndexer.member("\u{212A}", in: bytes, members: members) == members[1])
      #expect(RecordIndexer.member("\u{E9}", in: bytes, members: members) == members[2])
    }
  }

  static let script = TestSupport.packageRoot.appendingPathComponent("Tests/tools/difffuzz").path

  static func difffuzz(_ arguments: [String]) throws -> TestSupport.Result {
    try TestSupport.runProcess("/usr/bin/env", ["python3", script] + arguments)
  }

  /// The closing line's counts: lines, agreed, disagreed.
  static func counts(_ output: String) -> (Int, Int, Int)? {
    for line in output.split(separator: "\n").reversed() {
      let words = line.split(separator: " ")
      guard words.count == 6, words[1] == "lines,", words[3] == "agreed,", words[5] == "disagreed" else {
        continue
      }
      guard let n = Int(words[0]), let agreed = Int(words[2]), let disagreed = Int(words[4]) else {
        return nil
      }
      return (n, agreed, disagreed)
    }
    return nil
  }

  @Test(
    "Tests/tools/difffuzz --count 2000 --seed 1: pipe-check and Python's json agree on every line",
    .enabled(if: Requirements.has("python3"), "python3 is not installed (.ci/run installs it)"))
  func noDisagreement() throws {
    let result = try Self.difffuzz([
      "--count", "2000", "--seed", "1", "--pipe-check", TestSupport.tool("pipe-check"),
    ])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    let counts = Self.counts(result.out)
    #expect(counts != nil, "no closing line in: \(result.out)")
    if let (lines, agreed, disagreed) = counts {
      #expect(lines >= 1900 && agreed == lines && disagreed == 0, "\(result.out)")
    }
  }

  @Test(
    "Tests/tools/difffuzz reports a reader that accepts a byte order mark",
    .enabled(if: Requirements.has("python3"), "python3 is not installed (.ci/run installs it)"))
  func findsDisagreement() throws {
    // A pipe-check that never sees byte order marks: every line with one becomes a disagreement.
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wrapper = folder.appendingPathComponent("pipe-check")
    try TestSupport.writeExecutable(
      """
      #!/bin/sh
      python3 -c 'import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().replace(b"\\xef\\xbb\\xbf", b""))' \\
        | exec '\(TestSupport.tool("pipe-check"))' "$@"

      """, to: wrapper)
    let result = try Self.difffuzz([
      "--count", "2000", "--seed", "1", "--show", "3", "--budget", "10", "--pipe-check", wrapper.path,
    ])
    #expect(result.status == 1, "\(result.out)\(result.err)")
    #expect(result.out.contains("swift ok, python reader"), "\(result.out)")
    // Which BOM disagreement comes first (a BOM before the object, or one inside a string that
    // the wrapper strips) depends on the generated lines: either is minimised down to the BOM.
    #expect(
      result.out.split(separator: "\n").contains {
        $0.contains("minimised:") && $0.contains("\\xef\\xbb\\xbf")
      },
      "\(result.out)")
    if let (lines, agreed, disagreed) = Self.counts(result.out) {
      #expect(disagreed > 0 && agreed + disagreed == lines)
    } else {
      Issue.record("no closing line in: \(result.out)")
    }
  }
}
