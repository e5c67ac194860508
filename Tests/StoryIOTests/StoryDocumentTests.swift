import Foundation
import PipeProtocol
import StoryIOCommand
import TestSupport
import Testing

@Suite("Story documents: titles, decoding, counts, records")
struct StoryDocumentTests {
  @Test("the document type's constants are the sample's")
  func constants() {
    #expect(StoryDocument.contentType == "com.example.writingAppDocument")
    #expect(StoryDocument.conformsTo == "public.utf8-plain-text")
    #expect(StoryDocument.typeDescription == "Writing App Document")
    #expect(StoryDocument.fileExtension == "story")
  }

  @Test("the corrupt-file message is the Darwin wording with curly quotes")
  func corruptMessage() {
    #expect(
      StoryDocument.corruptMessage("X.story")
        == "The file \u{201C}X.story\u{201D} couldn\u{2019}t be opened because it isn\u{2019}t in the correct format."
    )
  }

  @Test(
    "the title is the file name without .story",
    arguments: [
      ("Ocean.story", "Ocean"), ("stories/Ocean.story", "Ocean"), ("/a/b/Sea Side.story", "Sea Side"),
      ("notes.txt", "notes.txt"), ("a.story.story", "a.story"), (".story", ".story"), ("dir/", "dir"),
      ("Café.story", "Café"),
    ])
  func title(path: String, expected: String) {
    #expect(StoryDocument.title(ofPath: path) == expected)
  }

  @Test(
    "unsafe titles are refused",
    arguments: [
      "", ".", "..", "../x", "a/b", "/etc/passwd", "x\u{0}y", "tab\there", "new\nline", "bell\u{7}",
      "del\u{7F}", "c1\u{85}", String(repeating: "a", count: 201),
    ])
  func unsafeTitles(title: String) {
    #expect(StoryDocument.titleProblem(title) != nil)
  }

  @Test(
    "ordinary titles are accepted",
    arguments: [
      "Ocean", "Sea Side", "...", ".hidden", "a.story", "Café 🌊", "x\\y", "-dash",
      String(repeating: "é", count: 100),
    ])
  func safeTitles(title: String) {
    #expect(StoryDocument.titleProblem(title) == nil)
  }

  @Test("titles given on the command line may carry .story")
  func titleArgument() {
    #expect(StoryDocument.titleArgument("Ocean.story") == "Ocean")
    #expect(StoryDocument.titleArgument("Ocean") == "Ocean")
    #expect(StoryDocument.titleArgument(".story") == ".story")
  }

  @Test("a leading BOM is kept, unlike Foundation's String(data:encoding:), which drops it")
  func bomIsKept() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0x41]
    let text = try #require(StoryDocument.decode(bytes))
    #expect(Array(text.utf8) == bytes)
    // The sample reads with String(data:encoding:.utf8); on Linux that drops the BOM. story-io keeps it.
    let foundation = try #require(String(data: Data(bytes), encoding: .utf8))
    #expect(Array(foundation.utf8) == [0x41])
  }

  @Test("invalid UTF-8 is corrupt, never repaired")
  func invalidUTF8() {
    #expect(StoryDocument.decode([0xFF, 0xFE, 0x41]) == nil)
    #expect(UTF8Check.firstInvalidOffset([0x41, 0xFF, 0xFE, 0x41]) == 1)
    #expect(UTF8Check.firstInvalidOffset([0xC0, 0x80]) == 0)  // overlong NUL
    #expect(UTF8Check.firstInvalidOffset([0xED, 0xA0, 0x80]) == 0)  // a surrogate
    #expect(UTF8Check.firstInvalidOffset([0xF4, 0x90, 0x80, 0x80]) == 0)  // above U+10FFFF
    #expect(UTF8Check.firstInvalidOffset([0x61, 0xE2, 0x82]) == 1)  // truncated
    #expect(UTF8Check.firstInvalidOffset(Array("é🌊\u{0}\r\n".utf8)) == nil)
  }

  @Test("UTF-8 validation agrees with the standard library on random bytes")
  func validationAgrees() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      let length = Int.random(in: 0..<8, using: &generator)
      let bytes = (0..<length).map { _ -> UInt8 in
        // Bias towards interesting lead and continuation bytes.
        let pool: [UInt8] = [
          0x41, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xA0, 0x90, 0xC0, 0xFF,
        ]
        return pool.randomElement(using: &generator)!
      }
      let ours = UTF8Check.firstInvalidOffset(bytes) == nil
      let standard = String(validating: bytes, as: UTF8.self) != nil
      #expect(ours == standard, "\(bytes)")
    }
  }

  @Test(
    "words are runs of non-space characters holding a letter or digit",
    arguments: [
      ("", 0), ("   \n\t ", 0), ("one", 1), ("one two  three", 3), ("don't e-mail", 2), ("a — b", 2),
      ("1984 was 42", 3), ("Hello, world!", 2), ("x\u{0}y", 1), ("line\r\nnext", 2), ("🌊 🌊", 0),
      ("café naïve", 2), ("e\u{301}te\u{301}", 1), ("non\u{A0}breaking", 2), ("日本語", 3), ("日本 word", 3),
      ("...", 0), ("Ocean\u{2014}blue", 1),
    ])
  func words(text: String, expected: Int) {
    #expect(StoryDocument.wordCount(text) == expected)
  }

  @Test(
    "lines are line feeds, plus an unterminated last line",
    arguments: [("", 0), ("a", 1), ("a\n", 1), ("a\nb", 2), ("a\r\nb\r\n", 2), ("\n\n", 2), ("a\rb", 1)])
  func lines(text: String, expected: Int) {
    #expect(StoryDocument.lineCount(Array(text.utf8)) == expected)
  }

  @Test("a record carries the file's facts, sorted, and conforms to the schema")
  func record() throws {
    let bytes = Array("Waves\r\n".utf8)
    let object = StoryDocument.record(
      path: "stories/Ocean.story", bytes: bytes, text: "Waves\r\n", includeText: true, modified: 0)
    let json = JSONValue.object(object).jsonText
    #expect(
      json
        == #"{"bytes":7,"lines":1,"modified":"1970-01-01T00:00:00Z","path":"stories/Ocean.story","#
        + #""sha256":"\#(SHA256.hex(bytes))","text":"Waves\r\n","title":"Ocean","type":"story","words":1}"#)
    let schema = try #require(StorySchemas.catalog.schema(for: "story"))
    #expect(schema.problems(in: Record(object: object)).isEmpty)
    var listRecord = StoryDocument.record(path: "a.story", bytes: [], text: "", includeText: false)
    #expect(listRecord["text"] == nil)
    #expect(schema.problems(in: Record(object: listRecord)).isEmpty)
    listRecord["bytes"] = .string("x")
    #expect(!schema.problems(in: Record(object: listRecord)).isEmpty)
  }

  @Test("NUL in a story is written as \\u0000 and parsed back to a NUL")
  func nulRoundTrip() throws {
    let text = "a\u{0}b"
    let object = StoryDocument.record(path: "n.story", bytes: Array(text.utf8), text: text, includeText: true)
    let json = JSONValue.object(object).jsonText
    #expect(json.contains(#""text":"a\u0000b""#))
    let parsed = try JSONParser.parse(json)
    #expect(parsed.objectValue?["text"]?.stringValue.map { Array($0.utf8) } == [0x61, 0, 0x62])
  }
}

@Suite("SHA-256")
struct SHA256Tests {
  @Test("the FIPS 180-4 examples")
  func vectors() {
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test("agrees with sha256sum at block boundaries", arguments: [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000])
  func agreesWithSha256sum(length: Int) throws {
    let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let dir = try TemporaryFolder()
    let file = dir.url.appendingPathComponent("data")
    try Data(bytes).write(to: file)
    let result = try TestSupport.runProcess("/usr/bin/env", ["sha256sum", file.path])
    #expect(result.status == 0)
    #expect(result.out.prefix(64) == SHA256.hex(bytes))
  }
}

/// A temporary folder removed when released.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("story-io-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  var path: String { url.path }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

@Suite("titles with combining marks (found by fuzzing)")
struct CombiningMarkTitleTests {
  @Test("a '/' followed by a combining mark is still a slash: such titles are refused")
  func slashWithCombiningMark() {
    // Swift joins "/" and U+05A0 into one Character, which is not "/"; the kernel sees a slash.
    #expect(!"../\u{05A0}escape".contains("/"))
    #expect(StoryDocument.titleProblem("../\u{05A0}escape") != nil)
    #expect(StoryDocument.titleProblem("a/\u{0301}b")?.contains("contains '/'") == true)
    #expect(StoryDocument.titleProblem("/\u{0301}etc")?.contains("absolute path") == true)
    #expect(StoryDocument.titleProblem("\u{05A0}..") == nil, "a combining mark alone is a fine title")
  }

  @Test("the title of a path whose name starts with a combining mark is that name, not the folder")
  func titleOfPath() {
    #expect(StoryDocument.fileName(ofPath: "stories/\u{05A0}..story") == "\u{05A0}..story")
    #expect(StoryDocument.title(ofPath: "stories/\u{05A0}..story") == "\u{05A0}.")
    #expect(
      StoryDocument.title(ofPath: "dir/" + StoryDocument.fileName(forTitle: "\u{0301}x")) == "\u{0301}x")
  }
}
