import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

/// Shell words, checked by a real reader: a POSIX shell reads every quoted word back exactly,
/// and the pages' JavaScript twin quotes as the Swift helper does.
@Suite("shell words")
struct ShellWordsTests {
  static let words =
    ["", "-x", "--", "-", "'", "'\u{301}", "a b", "it's", "$(id)", "`id`", "~", "*", "a\nb", "plain", "a=b"]
    + HostileText.strings(seed: 1003, count: 400)

  @Test("bare when safe, else single-quoted; -- before names")
  func quoting() {
    #expect(ShellWords.quoted("Cupertino") == "Cupertino")
    #expect(ShellWords.quoted("a,b/c.d-e_f@g%h+i=j:k") == "a,b/c.d-e_f@g%h+i=j:k")
    #expect(ShellWords.quoted("") == "''")
    #expect(ShellWords.quoted("it's") == "'it'\\''s'")
    #expect(ShellWords.quoted("'\u{301}") == "''\\''\u{301}'", "a quote with a combining mark is a quote")
    #expect(
      ShellWords.command(["trips", "activity", "toggle"], names: ["-x", "Big Sur"])
        == "trips activity toggle -- -x 'Big Sur'")
  }

  @Test(
    "a POSIX shell reads every quoted word back exactly",
    .enabled(if: Requirements.has("sh"), "needs sh, the reader of shell words"))
  func shellReadsThemBack() throws {
    let line = "printf '%s\\0' " + Self.words.map(ShellWords.quoted).joined(separator: " ")
    let result = try TestSupport.runProcess(Requirements.path(of: "sh")!, ["-c", line])
    try #require(result.status == 0, "\(result.err)")
    let read = result.stdout.split(separator: 0, omittingEmptySubsequences: false).dropLast()
      .map { String(decoding: $0, as: UTF8.self) }
    try #require(read.count == Self.words.count)
    for (got, want) in zip(read, Self.words) {
      #expect(got.unicodeScalars.elementsEqual(want.unicodeScalars), "\(want.debugDescription)")
    }
  }

  @Test(
    "the pages' JavaScript quotes every word as the Swift helper does",
    .enabled(if: Requirements.has("node"), "needs node, to run the pages' JavaScript"))
  func javaScriptTwin() throws {
    let script =
      ShellWords.javaScript + """

        const words = JSON.parse(require("fs").readFileSync(0, "utf8"));
        process.stdout.write(JSON.stringify(words.map(quote)));
        """
    let input = JSONValue.array(Self.words.map { .string($0) }).jsonText
    let result = try TestSupport.runProcess(
      Requirements.path(of: "node")!, ["-e", script], stdin: Data(input.utf8))
    try #require(result.status == 0, "\(result.err)")
    let quoted = try #require(try JSONParser.parse(result.out).arrayValue?.compactMap(\.stringValue))
    try #require(quoted.count == Self.words.count)
    for (got, want) in zip(quoted, Self.words.map(ShellWords.quoted)) {
      #expect(got.unicodeScalars.elementsEqual(want.unicodeScalars), "\(want.debugDescription)")
    }
  }
}
