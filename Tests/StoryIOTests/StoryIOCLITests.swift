import Foundation
import PipeProtocol
import TestSupport
import Testing

/// Runs `story-io` in `folder`.
func storyIO(
  _ arguments: [String], in folder: TemporaryFolder, stdin: Data? = nil, environment: [String: String] = [:]
) throws -> TestSupport.Result {
  try TestSupport.run(
    "story-io", arguments, stdin: stdin, environment: environment, currentDirectory: folder.url)
}

/// Runs a bash line in `folder` with the built tools first on PATH.
func sh(_ command: String, in folder: TemporaryFolder, environment: [String: String] = [:]) throws
  -> TestSupport.Result
{
  try TestSupport.shell(command, environment: environment, currentDirectory: folder.url)
}

func corruptLine(_ name: String) -> String {
  "story-io: error: The file \u{201C}\(name)\u{201D} couldn\u{2019}t be opened because it isn\u{2019}t in the correct format.\n"
}

func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

func records(_ data: Data) throws -> [JSONObject] {
  try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
    try #require(try JSONParser.parse(String($0)).objectValue)
  }
}

@Suite("story-io on the command line", .serialized)
struct StoryIOCLITests {
  static let samples: [(String, [UInt8])] = [
    ("bom", [0xEF, 0xBB, 0xBF] + Array("Once upon a time\n".utf8)),
    ("crlf", Array("line one\r\nline two\r\n".utf8)),
    ("nul", Array("a\u{0}b\u{0}".utf8)),
    ("no-newline", Array("The end".utf8)),
    ("emoji", Array("🌊 waves 👩‍👩‍👧 family 🇫🇷\n".utf8)),
    ("combining", Array("e\u{301}te\u{301} n\u{303}\n".utf8)),
    ("empty", []),
    ("controls", Array("tab\tesc\u{1B}[31m del\u{7F} bell\u{7} \u{2028}sep\u{85}".utf8)),
    ("quotes", Array(#"say "hi" \ back\slash / slash"#.utf8)),
  ]

  @Test("read | write reproduces every sample byte for byte", arguments: samples.map(\.0))
  func roundTrip(name: String) throws {
    let folder = try TemporaryFolder()
    let content = Self.samples.first { $0.0 == name }!.1
    try Data(content).write(to: folder.file("\(name).story"))
    let result = try sh(
      "story-io read \(name).story | story-io write --dir out && cmp \(name).story out/\(name).story",
      in: folder)
    #expect(result.status == 0, "\(result.err)")
    #expect(try bytes(folder.file("out/\(name).story")) == content)
  }

  @Test("a story record's text and counts are exact; a BOM is kept")
  func readRecord() throws {
    let folder = try TemporaryFolder()
    let content: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Hi there\r\nx\u{0}y".utf8)
    try Data(content).write(to: folder.file("Ocean.story"))
    let result = try storyIO(["read", "Ocean.story"], in: folder)
    #expect(result.status == 0)
    let record = try #require(try records(result.stdout).first)
    #expect(record["type"] == .string("story"))
    #expect(record["title"] == .string("Ocean"))
    #expect(record["path"] == .string("Ocean.story"))
    #expect(record["bytes"] == .int(content.count))
    #expect(record["lines"] == .int(2))
    #expect(record["words"] == .int(3))
    #expect(record["text"]?.stringValue.map { Array($0.utf8) } == content)
    #expect(result.out.contains(#"x\u0000y"#))
    let hash = try TestSupport.runProcess("/usr/bin/env", ["sha256sum", folder.file("Ocean.story").path])
    #expect(record["sha256"]?.stringValue == String(hash.out.prefix(64)))
  }

  @Test("a corrupt file gives the exact message, exit 65, and the other files are still read")
  func corrupt() throws {
    let folder = try TemporaryFolder()
    try Data([0xFF, 0xFE, 0x41]).write(to: folder.file("X.story"))
    try Data("good".utf8).write(to: folder.file("a.story"))
    try Data("fine".utf8).write(to: folder.file("b.story"))
    let result = try storyIO(["read", "a.story", "X.story", "b.story"], in: folder)
    #expect(result.status == 65)
    #expect(try records(result.stdout).map { $0["title"] } == [.string("a"), .string("b")])
    #expect(result.err.hasPrefix(corruptLine("X.story")))
    #expect(result.err.contains("byte 0xFF at offset 0"))
  }

  @Test("a folder given as a file is a corrupt document; other files are still read")
  func folderAsFile() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(at: folder.file("Dir.story"), withIntermediateDirectories: false)
    try Data("ok".utf8).write(to: folder.file("a.story"))
    let result = try storyIO(["read", "Dir.story", "a.story"], in: folder)
    #expect(result.status == 65)
    #expect(result.err.hasPrefix(corruptLine("Dir.story")))
    #expect(try records(result.stdout).count == 1)
  }

  @Test("an empty file is a valid empty story")
  func emptyFile() throws {
    let folder = try TemporaryFolder()
    try Data().write(to: folder.file("Blank.story"))
    let result = try storyIO(["read", "Blank.story"], in: folder)
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    let record = try #require(try records(result.stdout).first)
    #expect(record["text"] == .string(""))
    #expect(record["bytes"] == .int(0))
    #expect(record["words"] == .int(0))
    #expect(record["lines"] == .int(0))
  }

  @Test("a missing file is exit 66 and the others are still read")
  func missing() throws {
    let folder = try TemporaryFolder()
    try Data("ok".utf8).write(to: folder.file("a.story"))
    let result = try storyIO(["read", "nope.story", "a.story"], in: folder)
    #expect(result.status == 66)
    #expect(result.err == "story-io: error: cannot open 'nope.story': No such file or directory\n")
    #expect(try records(result.stdout).count == 1)
  }

  @Test("folders: their documents by name, hidden names left out, subfolders with -r")
  func folders() throws {
    let folder = try TemporaryFolder()
    let fm = FileManager.default
    try fm.createDirectory(at: folder.file("s/sub"), withIntermediateDirectories: true)
    try Data("b".utf8).write(to: folder.file("s/b.story"))
    try Data("a".utf8).write(to: folder.file("s/a.story"))
    try Data("h".utf8).write(to: folder.file("s/.hidden.story"))
    try Data("n".utf8).write(to: folder.file("s/notes.txt"))
    try Data("c".utf8).write(to: folder.file("s/sub/c.story"))
    let flat = try storyIO(["read", "s"], in: folder)
    #expect(flat.status == 0)
    #expect(try records(flat.stdout).map { $0["path"] } == [.string("s/a.story"), .string("s/b.story")])
    let deep = try storyIO(["read", "-r", "s/"], in: folder)
    #expect(
      try records(deep.stdout).map { $0["path"] } == [
        .string("s/a.story"), .string("s/b.story"), .string("s/sub/c.story"),
      ])
  }

  @Test(
    "write keeps an existing file's permissions; new files are private (0600 unless the umask leaves group write)"
  )
  func permissions() throws {
    let folder = try TemporaryFolder()
    try Data("old".utf8).write(to: folder.file("P.story"))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o640], ofItemAtPath: folder.file("P.story").path)
    let result = try sh(
      #"story-io read P.story | sed 's/"text":"old"/"text":"new"/' | story-io write && umask 027 && "#
        + #"echo '{"type":"story","title":"Q","text":"q"}' | story-io write"#, in: folder)
    #expect(result.status == 0, "\(result.err)")
    #expect(try String(contentsOf: folder.file("P.story"), encoding: .utf8) == "new")
    let p = try FileManager.default.attributesOfItem(atPath: folder.file("P.story").path)
    #expect((p[.posixPermissions] as? Int) == 0o640)
    let q = try FileManager.default.attributesOfItem(atPath: folder.file("Q.story").path)
    #expect((q[.posixPermissions] as? Int) == 0o600)
    // The replaced text is kept as P.story~, private and never more open than P.story.
    #expect(try String(contentsOf: folder.file("P.story~"), encoding: .utf8) == "old")
    let backup = try FileManager.default.attributesOfItem(atPath: folder.file("P.story~").path)
    #expect((backup[.posixPermissions] as? Int) == 0o600)
    let shared = try sh(
      #"umask 002 && echo '{"type":"story","title":"G","text":"g"}' | story-io write"#, in: folder)
    #expect(shared.status == 0, "\(shared.err)")
    let g = try FileManager.default.attributesOfItem(atPath: folder.file("G.story").path)
    #expect((g[.posixPermissions] as? Int) == 0o664, "a umask that leaves group write open is honoured")
  }

  @Test("write refuses a file changed on disk since it was read, unless --force")
  func changedOnDisk() throws {
    let folder = try TemporaryFolder()
    try Data("version 1".utf8).write(to: folder.file("C.story"))
    let read = try storyIO(["read", "C.story"], in: folder)
    let edited = Data(read.out.replacingOccurrences(of: "version 1", with: "mine").utf8)
    try Data("theirs, same size".utf8).write(to: folder.file("C.story"))
    let refused = try storyIO(["write"], in: folder, stdin: edited)
    #expect(refused.status == 1)
    #expect(
      refused.err == """
        story-io: error: 'C.story' changed on disk since it was read (stdin line 1); nothing was written
        story-io: read it again and redo the change, or add --force to replace it

        """)
    #expect(try String(contentsOf: folder.file("C.story"), encoding: .utf8) == "theirs, same size")
    // Same size, different content: the hash decides.
    try Data("version 2".utf8).write(to: folder.file("C.story"))
    #expect(try storyIO(["write"], in: folder, stdin: edited).status == 1)
    let forced = try storyIO(["write", "--force"], in: folder, stdin: edited)
    #expect(forced.status == 0)
    #expect(try String(contentsOf: folder.file("C.story"), encoding: .utf8) == "mine")
    // A record without sha256 or bytes does not replace an existing file.
    let bare = Data(#"{"type":"story","title":"C","text":"bare"}"#.utf8)
    let noBase = try storyIO(["write"], in: folder, stdin: bare)
    #expect(noBase.status == 1)
    #expect(noBase.err.contains("does not say which version it replaces"))
    // Writing the text the file already holds is a no-op, not a conflict.
    let same = Data(#"{"type":"story","title":"C","text":"mine"}"#.utf8)
    #expect(try storyIO(["write"], in: folder, stdin: same).status == 0)
  }

  @Test("unsafe titles are refused with exit 65 naming the line; nothing is written outside --dir")
  func unsafeTitles() throws {
    let folder = try TemporaryFolder()
    let titles = ["../x", "a/b", "/tmp/abs", "", ".", "..", "ctl\u{1}", "nul\u{0}"]
    for title in titles {
      // A good story, then the unsafe one, then another good one: write stops at the bad record.
      let lines = [
        #"{"type":"story","title":"fine","text":"good"}"#,
        JSONValue.object(["type": .string("story"), "title": .string(title), "text": .string("evil")])
          .jsonText,
        #"{"type":"story","title":"later","text":"never"}"#,
      ]
      let input = Data((lines.joined(separator: "\n") + "\n").utf8)
      let result = try storyIO(["write", "--dir", "out"], in: folder, stdin: input)
      #expect(result.status == 65)
      #expect(result.err.hasPrefix("story-io: error: stdin line 2: refusing to save: "))
      let written = try FileManager.default.contentsOfDirectory(atPath: folder.file("out").path)
      #expect(written == ["fine.story"])
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("x.story").path))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/abs.story"))
  }

  @Test("write reads records from stdin or from files, with the same result")
  func stdinAndFiles() throws {
    let folder = try TemporaryFolder()
    let input = #"{"type":"note","keep":1.50}"# + "\n" + #"{"type":"story","title":"S","text":"s\n"}"# + "\n"
    try Data(input.utf8).write(to: folder.file("in.jsonl"))
    let fromStdin = try storyIO(["write", "--dir", "a"], in: folder, stdin: Data(input.utf8))
    let fromFile = try storyIO(["write", "--dir", "b", "in.jsonl"], in: folder)
    #expect(fromStdin.status == 0 && fromFile.status == 0)
    #expect(fromStdin.stdout == fromFile.stdout)
    #expect(fromStdin.out == #"{"type":"note","keep":1.50}"# + "\n")
    #expect(try bytes(folder.file("a/S.story")) == bytes(folder.file("b/S.story")))
  }

  @Test("write: a malformed line stops with exit 65; a lone surrogate or missing text is refused")
  func badRecords() throws {
    let folder = try TemporaryFolder()
    let input =
      #"{"type":"story","title":"A","text":"a"}"# + "\n{oops\n" + #"{"type":"story","title":"B","text":"b"}"#
    let result = try storyIO(["write"], in: folder, stdin: Data(input.utf8))
    #expect(result.status == 65)
    #expect(result.err.hasPrefix("story-io: error: stdin line 2, column 2: "))
    #expect(FileManager.default.fileExists(atPath: folder.file("A.story").path))
    #expect(!FileManager.default.fileExists(atPath: folder.file("B.story").path))
    let lone = try storyIO(
      ["write"], in: folder, stdin: Data(#"{"type":"story","title":"L","text":"\ud800"}"#.utf8))
    #expect(lone.status == 65)
    #expect(lone.err.contains("lone high surrogate"))
    let noText = try storyIO(
      ["write"], in: folder, stdin: Data(#"{"type":"story","title":"T","bytes":3}"#.utf8))
    #expect(noText.status == 65)
    #expect(noText.err.contains(#"story record has no "text" field"#))
  }

  /// Starts `story-io write` on a large story, kills it with `signal` while the temporary file is
  /// being written, and returns whether the kill landed mid-write.
  func killDuringWrite(_ folder: TemporaryFolder, signal: Int32, input: URL) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestSupport.tool("story-io"))
    process.arguments = ["write", "--force"]
    process.currentDirectoryURL = folder.url
    process.standardInput = try FileHandle(forReadingFrom: input)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var sawTemporary = false
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if names.contains(where: { $0.hasPrefix(".Big.story.tmp-") }) {
        sawTemporary = true
        kill(process.processIdentifier, signal)
        break
      }
      usleep(500)
    }
    process.waitUntilExit()
    return sawTemporary
  }

  @Test("kill -9 during write of a large story leaves the old file intact")
  func killNine() throws {
    let folder = try TemporaryFolder()
    let old = Data("the old story, every word of it\n".utf8)
    try old.write(to: folder.file("Big.story"))
    // 8.8 MB (2.2 MB in the default run): under story-io's 10 MiB read limit, and long enough for a
    // kill to land mid-write.
    let text = String(
      repeating: "All work and no play. ", count: Campaign.size(small: 100_000, full: 400_000))
    let line = JSONValue.object(["type": .string("story"), "title": .string("Big"), "text": .string(text)])
      .jsonText
    let input = folder.file("big.jsonl")
    try Data((line + "\n").utf8).write(to: input)
    var midWrite = 0
    for _ in 0..<Campaign.size(small: 3, full: 5) {
      _ = try killDuringWrite(folder, signal: SIGKILL, input: input)
      let now = try Data(contentsOf: folder.file("Big.story"))
      // SIGKILL cannot clean up: a temporary file left beside the document shows that the kill
      // landed before the rename, so the document must still be the old one, whole.
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix(".Big.story.tmp-")
      }
      if !leftovers.isEmpty {
        midWrite += 1
        #expect(now == old, "the old document was damaged by a kill during write")
      } else {
        #expect(now == old || now == Data(text.utf8), "a half-written document")
      }
      if now != old { try old.write(to: folder.file("Big.story")) }
      for name in leftovers { try FileManager.default.removeItem(at: folder.file(name)) }
    }
    #expect(midWrite > 0, "no kill landed while the story was being written")
    // SIGTERM: the document is whole (old, or new if the rename came first) and the temporary
    // file is removed.
    _ = try killDuringWrite(folder, signal: SIGTERM, input: input)
    let afterTerm = try Data(contentsOf: folder.file("Big.story"))
    #expect(afterTerm == old || afterTerm == Data(text.utf8))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix(".Big")
    }
    #expect(left.isEmpty)
    // Left alone, the same write completes.
    let done = try TestSupport.shell("story-io write --force < big.jsonl", currentDirectory: folder.url)
    #expect(done.status == 0)
    #expect(try Data(contentsOf: folder.file("Big.story")) == Data(text.utf8))
  }

  @Test("new creates an empty document, refuses an existing one unless --force, and refuses unsafe titles")
  func new() throws {
    let folder = try TemporaryFolder()
    let created = try storyIO(["new", "Ocean", "--dir", "stories"], in: folder)
    #expect(created.status == 0)
    #expect(try bytes(folder.file("stories/Ocean.story")) == [])
    #expect(try records(created.stdout).first?["path"] == .string("stories/Ocean.story"))
    try Data("words".utf8).write(to: folder.file("stories/Ocean.story"))
    let again = try storyIO(["new", "Ocean.story", "--dir", "stories"], in: folder)
    #expect(again.status == 1)
    #expect(again.err.hasPrefix("story-io: error: 'stories/Ocean.story' already exists\n"))
    #expect(try bytes(folder.file("stories/Ocean.story")) == Array("words".utf8))
    #expect(try storyIO(["new", "Ocean", "--dir", "stories", "--force"], in: folder).status == 0)
    #expect(try bytes(folder.file("stories/Ocean.story")) == [])
    for bad in ["../x", "a/b", "", ".", ".."] {
      let refused = try storyIO(["new", bad], in: folder)
      #expect(refused.status == 64, "\(bad)")
    }
  }

  @Test("rename keeps the bytes, refuses unsafe titles and an existing target")
  func rename() throws {
    let folder = try TemporaryFolder()
    let content: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("keep\r\nme".utf8)
    try Data(content).write(to: folder.file("Old.story"))
    try Data("other".utf8).write(to: folder.file("Taken.story"))
    let renamed = try storyIO(["rename", "Old.story", "New"], in: folder)
    #expect(renamed.status == 0, "\(renamed.err)")
    #expect(try bytes(folder.file("New.story")) == content)
    #expect(!FileManager.default.fileExists(atPath: folder.file("Old.story").path))
    #expect(try records(renamed.stdout).first?["title"] == .string("New"))
    let taken = try storyIO(["rename", "New.story", "Taken"], in: folder)
    #expect(taken.status == 1)
    #expect(
      taken.err.hasPrefix("story-io: error: 'Taken.story' already exists; 'New.story' was not renamed\n"))
    #expect(try bytes(folder.file("Taken.story")) == Array("other".utf8))
    for bad in ["", ".", "..", "a/b", "../up", "x\u{1}"] {
      #expect(try storyIO(["rename", "New.story", bad], in: folder).status == 64, "\(bad)")
    }
    #expect(try bytes(folder.file("New.story")) == content)
  }

  @Test("focus prints only the story, wrapped with a margin")
  func focus() throws {
    let folder = try TemporaryFolder()
    try Data("The quick brown fox jumps over the lazy dog.\n\nEnd.".utf8).write(to: folder.file("F.story"))
    let result = try storyIO(["focus", "F.story", "--width", "30", "--margin", "3"], in: folder)
    #expect(result.status == 0)
    #expect(result.out == "   The quick brown fox\n   jumps over the lazy dog.\n\n   End.\n")
    #expect(try storyIO(["focus", "F.story", "--width", "20", "--margin", "6"], in: folder).status == 64)
  }

  @Test(
    "focus goes through $PAGER only on a terminal and when longer than the screen",
    .enabled(if: Requirements.has("script"), "needs script(1) from util-linux, which is not installed"))
  func pager() throws {
    let folder = try TemporaryFolder()
    let long = (1...60).map { "line \($0)" }.joined(separator: "\n")
    try Data(long.utf8).write(to: folder.file("Long.story"))
    try Data("short".utf8).write(to: folder.file("Short.story"))
    let env = ["PAGER": "cat > paged.txt", "LINES": "24", "COLUMNS": "40"]
    _ = try sh("script -qec 'story-io focus Long.story' /dev/null", in: folder, environment: env)
    let paged = try String(contentsOf: folder.file("paged.txt"), encoding: .utf8)
    #expect(paged.split(separator: "\n").count == 60)
    #expect(paged.hasPrefix("    line 1\n"))
    try FileManager.default.removeItem(at: folder.file("paged.txt"))
    let short = try sh("script -qec 'story-io focus Short.story' /dev/null", in: folder, environment: env)
    #expect(short.out.contains("short"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("paged.txt").path))
    // Not a terminal: never the pager.
    let piped = try sh("story-io focus Long.story | wc -l", in: folder, environment: env)
    #expect(piped.out.trimmingCharacters(in: .whitespacesAndNewlines) == "60")
    #expect(!FileManager.default.fileExists(atPath: folder.file("paged.txt").path))
  }

  @Test("edit saves valid UTF-8 atomically and keeps the previous version as FILE~")
  func edit() throws {
    let folder = try TemporaryFolder()
    let original: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("draft\n".utf8)
    try Data(original).write(to: folder.file("E.story"))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: folder.file("E.story").path)
    try Data("final ✓".utf8).write(to: folder.file("new.txt"))
    let env = ["EDITOR": "cp \(folder.file("new.txt").path)", "VISUAL": ""]
    let saved = try storyIO(["edit", "E.story"], in: folder, environment: env)
    #expect(saved.status == 0, "\(saved.err)")
    #expect(try bytes(folder.file("E.story")) == Array("final ✓".utf8))
    #expect(try bytes(folder.file("E.story~")) == original)
    let mode = try FileManager.default.attributesOfItem(atPath: folder.file("E.story").path)[
      .posixPermissions]
    #expect((mode as? Int) == 0o600)
    let backupMode = try FileManager.default.attributesOfItem(atPath: folder.file("E.story~").path)[
      .posixPermissions]
    #expect((backupMode as? Int) == 0o600)
    // VISUAL wins over EDITOR.
    try Data("visual".utf8).write(to: folder.file("v.txt"))
    let visual = try storyIO(
      ["edit", "E.story"], in: folder,
      environment: ["VISUAL": "cp \(folder.file("v.txt").path)", "EDITOR": "false"])
    #expect(visual.status == 0)
    #expect(try bytes(folder.file("E.story")) == Array("visual".utf8))
    #expect(try bytes(folder.file("E.story~")) == Array("final ✓".utf8))
  }

  @Test(
    "edit refuses a result that is not UTF-8 and an editor that fails; the file is untouched, the copy removed"
  )
  func editRefusals() throws {
    let folder = try TemporaryFolder()
    try Data("keep".utf8).write(to: folder.file("E.story"))
    try Data([0x61, 0xFF]).write(to: folder.file("bad.txt"))
    let tmp = folder.file("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let bad = try storyIO(
      ["edit", "E.story"], in: folder,
      environment: ["VISUAL": "cp \(folder.file("bad.txt").path)", "TMPDIR": tmp.path])
    #expect(bad.status == 65)
    #expect(
      bad.err
        == "story-io: error: the edited text is not UTF-8 (byte 0xFF at offset 1); 'E.story' was not changed and the copy was removed\n"
    )
    #expect(try bytes(folder.file("E.story")) == Array("keep".utf8))
    #expect(!FileManager.default.fileExists(atPath: folder.file("E.story~").path))
    // The edited copy is removed, whatever happened.
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    let failed = try storyIO(
      ["edit", "E.story"], in: folder, environment: ["VISUAL": "false", "TMPDIR": tmp.path])
    #expect(failed.status == 1)
    #expect(
      failed.err
        == "story-io: error: the editor 'false' exited with status 1; 'E.story' was not changed and the copy was removed\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    #expect(try bytes(folder.file("E.story")) == Array("keep".utf8))
    let corrupt = try storyIO(["edit", "bad.txt"], in: folder, environment: ["VISUAL": "true"])
    #expect(corrupt.status == 65)
    #expect(corrupt.err.hasPrefix(corruptLine("bad.txt")))
  }

  @Test("list: documents most recently changed first, without text unless --text")
  func list() throws {
    let folder = try TemporaryFolder()
    let fm = FileManager.default
    for (name, age) in [("old", 3000.0), ("new", 10.0), ("mid", 500.0)] {
      try Data(name.utf8).write(to: folder.file("\(name).story"))
      try fm.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_800_000_000 - age)],
        ofItemAtPath: folder.file("\(name).story").path)
    }
    let result = try storyIO(["list"], in: folder)
    #expect(result.status == 0)
    let listed = try records(result.stdout)
    #expect(listed.map { $0["title"] } == [.string("new"), .string("mid"), .string("old")])
    #expect(listed.allSatisfy { $0["text"] == nil })
    #expect(listed.first?["modified"] == .string("2027-01-15T07:59:50Z"))
    let full = try records(try storyIO(["list", "--text"], in: folder).stdout)
    #expect(full.map { $0["text"] } == [.string("new"), .string("mid"), .string("old")])
    let screen = try storyIO(["--now", "@1800000000"], in: folder)
    #expect(screen.out.hasPrefix("Writing App\n"))
    #expect(screen.out.contains("story-io new TITLE"))
    #expect(screen.out.contains("  new        1 word   just now\n"))
    #expect(screen.out.contains("  old        1 word   50 minutes ago\n"))
  }

  @Test(
    "mime prints valid shared-mime-info XML",
    .enabled(if: Requirements.has("xmllint"), "needs xmllint, which is not installed"))
  func mime() throws {
    let folder = try TemporaryFolder()
    let result = try sh("story-io mime | xmllint --noout - && echo valid", in: folder)
    #expect(result.out == "valid\n", "\(result.err)")
  }

  @Test(
    "mime --install writes the package and updates the database; --uninstall removes it",
    .enabled(
      if: Requirements.has("update-mime-database"), "update-mime-database (shared-mime-info) is not installed"
    ))
  func mimeInstall() throws {
    let folder = try TemporaryFolder()
    // XDG_CONFIG_HOME too: the desktop entry is made the default in its mimeapps.list.
    let env = ["XDG_DATA_HOME": folder.file("data").path, "XDG_CONFIG_HOME": folder.file("config").path]
    let installed = try storyIO(["mime", "--install"], in: folder, environment: env)
    #expect(installed.status == 0, "\(installed.err)")
    #expect(installed.stdout.isEmpty)
    let package = folder.file("data/mime/packages/com.example.writingAppDocument.xml")
    #expect(try String(contentsOf: package, encoding: .utf8) == (try storyIO(["mime"], in: folder)).out)
    #expect(FileManager.default.fileExists(atPath: folder.file("data/mime/text/x-writingapp-story.xml").path))
    let globs = try String(contentsOf: folder.file("data/mime/globs2"), encoding: .utf8)
    #expect(globs.contains("text/x-writingapp-story:*.story"))
    let removed = try storyIO(["mime", "--uninstall"], in: folder, environment: env)
    #expect(removed.status == 0)
    #expect(!FileManager.default.fileExists(atPath: package.path))
  }

  @Test("every command has help in the shared shape")
  func help() throws {
    let folder = try TemporaryFolder()
    for command in [
      "", "list", "new", "read", "write", "rename", "focus", "edit", "undo", "versions", "mime",
    ] {
      let args = command.isEmpty ? ["--help"] : [command, "--help"]
      let result = try storyIO(args, in: folder)
      #expect(result.status == 0)
      for section in ["USAGE", "OPTIONS", "OUTPUT", "EXIT STATUS", "EXAMPLES"] {
        #expect(result.out.contains("\n\(section)\n"), "\(command) lacks \(section)")
      }
    }
  }
}
