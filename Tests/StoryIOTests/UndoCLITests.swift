import Foundation
import PipeProtocol
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The text of a file, or nil when it is missing.
func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

/// The permission bits of a file.
func permissions(_ url: URL) throws -> Int {
  try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
}

@Suite("story-io undo, versions and backups", .serialized)
struct UndoCLITests {
  /// Saves `text` over A.story with `story-io edit` (the editor writes it).
  func save(
    _ text: String, in folder: TemporaryFolder, _ extra: [String] = [], environment: [String: String] = [:],
    file: String = "A.story"
  )
    throws
  {
    try Data(text.utf8).write(to: folder.file("new.txt"))
    var env = ["VISUAL": "cp \(folder.file("new.txt").path)"]
    for (k, v) in environment { env[k] = v }
    let result = try storyIO(["edit"] + extra + [file], in: folder, environment: env)
    #expect(result.status == 0, "\(result.err)")
  }

  @Test("simple: undo swaps FILE and FILE~, a second undo redoes; permissions and times stay with the texts")
  func simpleUndoRedo() throws {
    let folder = try TemporaryFolder()
    try Data("one".utf8).write(to: folder.file("A.story"))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o640], ofItemAtPath: folder.file("A.story").path)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
      ofItemAtPath: folder.file("A.story").path)
    try save("two", in: folder)
    #expect(text(folder.file("A.story~")) == "one")
    let backupDate =
      try FileManager.default.attributesOfItem(atPath: folder.file("A.story~").path)[
        .modificationDate] as? Date
    #expect(backupDate == Date(timeIntervalSince1970: 1_700_000_000), "the backup keeps the time of its text")
    #expect(try permissions(folder.file("A.story~")) == 0o600)
    let undone = try storyIO(["undo", "A.story"], in: folder)
    #expect(undone.status == 0, "\(undone.err)")
    #expect(try records(undone.stdout).first?["bytes"] == .int(3))
    #expect(text(folder.file("A.story")) == "one")
    #expect(text(folder.file("A.story~")) == "two")
    #expect(try permissions(folder.file("A.story")) == 0o640)
    #expect(try permissions(folder.file("A.story~")) == 0o600)
    #expect(try storyIO(["undo", "A.story"], in: folder).status == 0)
    #expect(text(folder.file("A.story")) == "two")
    #expect(text(folder.file("A.story~")) == "one")
    #expect(Faults.temporaryFiles(in: folder.url).isEmpty)
  }

  @Test("numbered: every save adds FILE.~N~, undo adds none; --to N swaps in an older one; nothing is lost")
  func numberedHistory() throws {
    let folder = try TemporaryFolder()
    try Data("v1".utf8).write(to: folder.file("A.story"))
    let numbered = ["VERSION_CONTROL": "numbered"]
    try save("v2", in: folder, environment: numbered)
    try save("v3", in: folder, environment: numbered)
    #expect(text(folder.file("A.story.~1~")) == "v1")
    #expect(text(folder.file("A.story.~2~")) == "v2")
    #expect(text(folder.file("A.story~")) == nil)
    // existing (the default) goes on numbering once there are numbered backups.
    try save("v4", in: folder)
    #expect(text(folder.file("A.story.~3~")) == "v3")
    func names() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("A.story") }
        .sorted()
    }
    let before = try names()
    #expect(try storyIO(["undo", "A.story"], in: folder).status == 0)
    #expect(text(folder.file("A.story")) == "v3")
    #expect(text(folder.file("A.story.~3~")) == "v4", "the newest backup now holds the text undone")
    #expect(try storyIO(["undo", "A.story"], in: folder).status == 0)
    #expect(text(folder.file("A.story")) == "v4", "a second undo redoes")
    #expect(text(folder.file("A.story.~3~")) == "v3")
    #expect(try storyIO(["undo", "--to", "1", "A.story"], in: folder).status == 0)
    #expect(text(folder.file("A.story")) == "v1")
    #expect(text(folder.file("A.story.~1~")) == "v4")
    #expect(try names() == before, "undo swaps; it adds no backup")
    let texts = Set(try names().compactMap { text(folder.file($0)) })
    #expect(texts == ["v1", "v2", "v3", "v4"])
    // --backup wins over VERSION_CONTROL; an empty --backup means VERSION_CONTROL (as GNU).
    try save("v5", in: folder, ["--backup=simple"], environment: numbered)
    #expect(text(folder.file("A.story~")) == "v1")
    try save("v6", in: folder, ["--backup="], environment: ["VERSION_CONTROL": "simple"])
    #expect(text(folder.file("A.story~")) == "v5")
  }

  @Test("rename moves the backups with the document: versions lists them and undo finds them")
  func renameMovesBackups() throws {
    let folder = try TemporaryFolder()
    try Data("one".utf8).write(to: folder.file("Ocean.story"))
    try save("two", in: folder, environment: [:], file: "Ocean.story")
    try save("three", in: folder, ["--backup=numbered"], file: "Ocean.story")
    try save("four", in: folder, ["--backup=numbered"], file: "Ocean.story")
    let renamed = try storyIO(["rename", "Ocean.story", "Sea"], in: folder)
    #expect(renamed.status == 0, "\(renamed.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "new.txt" }
    #expect(names.sorted() == ["Sea.story", "Sea.story.~1~", "Sea.story.~2~", "Sea.story~"])
    #expect(text(folder.file("Sea.story.~2~")) == "three")
    let listed = try records(try storyIO(["versions", "Sea.story"], in: folder).stdout)
    #expect(
      listed.map { $0["path"] } == [
        .string("Sea.story.~2~"), .string("Sea.story.~1~"), .string("Sea.story~"),
      ])
    #expect(try storyIO(["undo", "Sea.story"], in: folder).status == 0)
    #expect(text(folder.file("Sea.story")) == "three")
    // A backup's new name that is taken (an earlier Sea's) stops the rename before anything moves.
    try Data("x".utf8).write(to: folder.file("Lake.story"))
    try Data("y".utf8).write(to: folder.file("Lake.story~"))
    try Data("old lake".utf8).write(to: folder.file("Pond.story~"))
    try Data("z".utf8).write(to: folder.file("Pond.story"))
    try FileManager.default.removeItem(at: folder.file("Pond.story"))
    let refused = try storyIO(["rename", "Lake.story", "Pond"], in: folder)
    #expect(refused.status == 1)
    #expect(
      refused.err.hasPrefix(
        "story-io: error: 'Pond.story~' already exists (a backup of an earlier 'Pond.story'); 'Lake.story' was not renamed\n"
      ))
    #expect(text(folder.file("Lake.story")) == "x" && text(folder.file("Lake.story~")) == "y")
    #expect(text(folder.file("Pond.story~")) == "old lake")
    #expect(!FileManager.default.fileExists(atPath: folder.file("Pond.story").path))
  }

  @Test("versions: story-version records in undo's order that pipe-check --strict accepts")
  func versions() throws {
    let folder = try TemporaryFolder()
    try Data("one".utf8).write(to: folder.file("A.story"))
    try save("two", in: folder)
    try save("three", in: folder, ["--backup=numbered"])
    let listed = try storyIO(["versions", "--text", "A.story"], in: folder)
    #expect(listed.status == 0, "\(listed.err)")
    let rows = try records(listed.stdout)
    #expect(rows.map { $0["path"] } == [.string("A.story.~1~"), .string("A.story~")])
    #expect(rows.map { $0["text"] } == [.string("two"), .string("one")])
    #expect(rows.map { $0["undo"] } == [.bool(true), .bool(false)])
    #expect(rows.map { $0["kind"] } == [.string("numbered"), .string("simple")])
    #expect(rows.first?["number"] == .int(1))
    #expect(rows.last?["number"] == nil)
    let checked = try sh("story-io versions A.story | pipe-check --strict", in: folder)
    #expect(checked.status == 0, "\(checked.err)")
    // The backup holding the current text is passed over by undo, and said so.
    try Data("two".utf8).write(to: folder.file("A.story"))
    let again = try records(try storyIO(["versions", "A.story"], in: folder).stdout)
    #expect(again.map { $0["current"] } == [.bool(true), .bool(false)])
    #expect(again.map { $0["undo"] } == [.bool(false), .bool(true)])
  }

  @Test("undo refusals: no backup (1), backups off (64), a corrupt backup (65); nothing changes")
  func refusals() throws {
    let folder = try TemporaryFolder()
    try Data("one".utf8).write(to: folder.file("A.story"))
    let none = try storyIO(["undo", "A.story"], in: folder)
    #expect(none.status == 1)
    #expect(none.err.hasPrefix("story-io: error: 'A.story' has no backup to undo to; nothing was changed\n"))
    try Data("two".utf8).write(to: folder.file("A.story~"))
    let off = try storyIO(["undo", "A.story"], in: folder, environment: ["VERSION_CONTROL": "off"])
    #expect(off.status == 64)
    try Data([0x62, 0xFF]).write(to: folder.file("A.story~"))
    let corrupt = try storyIO(["undo", "A.story"], in: folder)
    #expect(corrupt.status == 65)
    #expect(corrupt.err.hasPrefix(corruptLine("A.story~")))
    #expect(text(folder.file("A.story")) == "one")
    #expect(try bytes(folder.file("A.story~")) == [0x62, 0xFF])
  }

  @Test(
    "a read-only folder: undo and edit exit 74 and change nothing",
    .enabled(if: Faults.canMakeReadOnly, "neither a read-only bind mount nor chmod works here"))
  func readOnlyFolder() throws {
    let folder = try TemporaryFolder()
    let box = folder.file("ro")
    try FileManager.default.createDirectory(at: box, withIntermediateDirectories: true)
    try Data("one".utf8).write(to: box.appendingPathComponent("A.story"))
    try Data("two".utf8).write(to: box.appendingPathComponent("A.story~"))
    let how = try #require(Faults.makeReadOnly(box), "the folder could not be made read-only")
    defer { Faults.makeWritable(box) }
    for control in ["simple", "numbered"] {
      let result = try storyIO(["undo", "--backup", control, "ro/A.story"], in: folder)
      #expect(result.status == 74, "\(how), \(control): \(result.err)")
    }
    try Data("three".utf8).write(to: folder.file("new.txt"))
    let edited = try storyIO(
      ["edit", "ro/A.story"], in: folder, environment: ["VISUAL": "cp \(folder.file("new.txt").path)"])
    #expect(edited.status == 74, "\(how): \(edited.err)")
    #expect(text(box.appendingPathComponent("A.story")) == "one")
    #expect(text(box.appendingPathComponent("A.story~")) == "two")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: box.path).sorted() == ["A.story", "A.story~"])
  }

  @Test("edit without $VISUAL, $EDITOR or a terminal refuses (exit 1) before copying anything")
  func noEditor() throws {
    let folder = try TemporaryFolder()
    try Data("draft".utf8).write(to: folder.file("A.story"))
    let tmp = folder.file("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let result = try sh(
      "env -u VISUAL -u EDITOR TMPDIR='\(tmp.path)' story-io edit A.story < /dev/null", in: folder)
    #expect(result.status == 1)
    #expect(
      result.err.hasPrefix(
        "story-io: error: no editor to edit 'A.story' with: VISUAL and EDITOR are not set and there is no terminal for vi\n"
      ))
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    #expect(text(folder.file("A.story")) == "draft")
  }

  @Test(
    "edit removes its copy when SIGTERM ends story-io, and when Ctrl-C (SIGINT) ends the editor",
    arguments: [
      ("echo edited > \"$1\"; kill -TERM $PPID; sleep 0.5; :", Int32(143)), ("kill -INT $$", Int32(1)),
    ])
  func signals(_ editor: String, _ expected: Int32) throws {
    let folder = try TemporaryFolder()
    try Data("draft".utf8).write(to: folder.file("A.story"))
    let tmp = folder.file("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let result = try storyIO(
      ["edit", "A.story"], in: folder, environment: ["VISUAL": editor, "TMPDIR": tmp.path])
    #expect(result.status == expected, "\(result.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    #expect(text(folder.file("A.story")) == "draft")
    #expect(text(folder.file("A.story~")) == nil)
  }

  @Test("new without a title: Untitled, Untitled 2...; eight at once get eight names")
  func untitledConcurrently() throws {
    let folder = try TemporaryFolder()
    let processes = try (1...8).map { i in
      try Faults.start("story-io", ["new"], in: folder.url, name: "new\(i)")
    }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".story")
    }
    #expect(Set(names) == Set(["Untitled.story"] + (2...8).map { "Untitled \($0).story" }))
    for name in names { #expect(try permissions(folder.file(name)) & 0o077 == 0 || umaskLeavesGroupWrite()) }
  }

  /// Whether this process's umask leaves group write open (then new files are 0666 less it).
  func umaskLeavesGroupWrite() -> Bool {
    let mask = umask(0o022)
    umask(mask)
    return mask & 0o020 == 0
  }

  @Test("a file not named *.story is read as text with one warning on stderr")
  func notAStory() throws {
    let folder = try TemporaryFolder()
    try Data("plain".utf8).write(to: folder.file("notes.txt"))
    let result = try storyIO(["read", "notes.txt", "notes.txt"], in: folder)
    #expect(result.status == 0)
    #expect(try records(result.stdout).count == 2)
    #expect(
      result.err
        == "story-io: warning: 'notes.txt' is not a .story document; it is read as plain UTF-8 text\n")
    try Data("story".utf8).write(to: folder.file("A.story"))
    #expect(try storyIO(["read", "A.story"], in: folder).err.isEmpty)
  }
}
