import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

@testable import StoryIOCommand

#if canImport(Glibc)
  import Glibc
#endif

@Suite("GNU backup control and backup names")
struct BackupControlTests {
  @Test(
    "every GNU word and its synonym, and unambiguous abbreviations",
    arguments: [
      ("none", BackupControl.none), ("off", .none), ("simple", .simple), ("never", .simple),
      ("existing", .existing), ("nil", .existing), ("numbered", .numbered), ("t", .numbered),
      ("num", .numbered), ("nu", .numbered), ("no", .none), ("o", .none), ("s", .simple), ("ne", .simple),
      ("e", .existing), ("ni", .existing), ("ex", .existing),
    ])
  func words(_ word: String, _ control: BackupControl) throws {
    #expect(try BackupControl.parse(word, context: "--backup") == control)
  }

  @Test("an ambiguous or unknown word is a usage error naming where it came from")
  func refusals() {
    for (word, kind) in [("n", "ambiguous"), ("x", "invalid"), ("numberedx", "invalid"), ("T", "invalid")] {
      do {
        _ = try BackupControl.parse(word, context: "$VERSION_CONTROL")
        Issue.record("'\(word)' was accepted")
      } catch {
        #expect(error.code == 64)
        #expect(error.message == "\(kind) argument '\(word)' for '$VERSION_CONTROL'")
        #expect(error.notes.last?.contains("'numbered', 't'") == true)
      }
    }
  }

  @Test("a typo of a word gets did-you-mean before the list")
  func typo() {
    do {
      _ = try BackupControl.parse("numberd", context: "--backup")
      Issue.record("'numberd' was accepted")
    } catch {
      #expect(error.notes.first == "did you mean 'numbered'?")
    }
  }

  @Test("a --backup value wins over VERSION_CONTROL")
  func given() throws {
    #expect(try BackupControl.resolve("t") == .numbered)
    #expect(try BackupControl.resolve("never") == .simple)
  }

  @Test("numbered backup names: digits not starting with 0, any kind of file counts for the next number")
  func numbers() throws {
    let folder = try TemporaryFolder()
    for name in [
      "A.story.~1~", "A.story.~12~", "A.story.~3~", "A.story.~01~", "A.story.~0~", "A.story.~2a~",
      "A.story.~~", "A.story.~4", "B.story.~99~", "A.story~", "A.story.~99999999999999999999~",
    ] {
      try Data("x".utf8).write(to: folder.file(name))
    }
    try FileManager.default.createDirectory(
      at: folder.file("A.story.~20~"), withIntermediateDirectories: true)
    let path = folder.file("A.story").path
    let huge = try #require(BackupNumber("99999999999999999999"))
    #expect(Backups.numbers(of: path) == [huge, 20, 12, 3, 1], "any number of digits counts")
    #expect(Backups.numbers(of: path, regularOnly: true) == [huge, 12, 3, 1])
    #expect(Backups.effective(.existing, for: path) == .numbered)
    #expect(Backups.effective(.existing, for: folder.file("B.story").path) == .numbered)
    #expect(Backups.effective(.existing, for: folder.file("C.story").path) == .simple)
    #expect(
      Backups.list(of: path, control: .numbered).map(\.number) == [huge, 12, 3, 1, nil],
      "numbered first, highest first, FILE~ last")
    #expect(Backups.list(of: path, control: .simple).map(\.number) == [nil, huge, 12, 3, 1], "FILE~ first")
    let kept = try Backups.keepNumbered(Array("y".utf8), of: path, documentMode: 0o644, modified: nil)
    let next = try #require(BackupNumber("100000000000000000000"))
    #expect(kept == Backup(path: path + ".~100000000000000000000~", number: next), "one more, carried")
  }

  @Test("a backup is never more open than its document")
  func modes() {
    #expect(Backups.mode(for: 0o600) & ~0o600 == 0)
    #expect(Backups.mode(for: 0o644) & 0o044 == privateReadBits())
    #expect(Backups.mode(for: 0o755) & 0o111 == 0, "no execute bits")
  }

  /// The group and other read bits the private mode allows here (none under the usual umask 022).
  func privateReadBits() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask & 0o020 == 0 ? 0o044 & ~mask : 0
  }

  @Test("untitled documents are named as document apps name them")
  func untitled() {
    #expect(New.untitledTitle(1) == "Untitled")
    #expect(New.untitledTitle(2) == "Untitled 2")
    #expect(New.untitledTitle(10) == "Untitled 10")
  }
}

@Suite("undo's swap where the file system cannot exchange two files")
struct UndoFallbackTests {
  @Test("the document's text goes to the backup's place by way of a new numbered backup; none is left")
  func swapWithoutExchange() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("A.story").path
    try Data("now".utf8).write(to: folder.file("A.story"))
    try Data("then".utf8).write(to: folder.file("A.story.~1~"))
    let document = try StoryFiles.load(path)
    try Files.withFolderLock(folder.path) { () throws(ToolError) in
      try Undo.exchange(
        document, at: path, with: path + ".~1~", restoring: Array("then".utf8), given: "A.story",
        atomicSwap: false)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "then")
    #expect(try String(contentsOfFile: path + ".~1~", encoding: .utf8) == "now")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["A.story", "A.story.~1~"])
  }
}
