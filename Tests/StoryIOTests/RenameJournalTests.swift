import Foundation
import Glibc
import Testing
import ToolSupport

@testable import StoryIOCommand

/// The rename journal as input: its schema, and the one state in which a file under both names is
/// finished (two links, two names in the folder), never one file reached by two spellings.
@Suite("the rename journal's schema and its same-file rule")
struct RenameJournalTests {
  /// A fresh folder holding `A.story` and `A.story~`.
  static func folder() -> String {
    let path = NSTemporaryDirectory() + "rename-journal-\(UUID().uuidString)"
    mkdir(path, 0o700)
    FileManager.default.createFile(atPath: "\(path)/A.story", contents: Data("one".utf8))
    FileManager.default.createFile(atPath: "\(path)/A.story~", contents: Data("two".utf8))
    return path
  }

  /// Why `line` is not a journal, or nil when it is one.
  static func problem(_ line: String) -> String? {
    do {
      _ = try RenameJournal.Entry(bytes: Array(line.utf8))
      return nil
    } catch {
      return error.reason
    }
  }

  @Test("a journal is one story-rename record of two different document names, no backup's, no NUL, no '/'")
  func schema() {
    func journal(_ from: String, _ to: String) -> String {
      #"{"backups":true,"from":"\#(from)","to":"\#(to)","type":"story-rename"}"# + "\n"
    }
    #expect(Self.problem(journal("A.story", "B.story")) == nil)
    #expect(Self.problem(journal(".A.story", "B C.story")) == nil)
    #expect(Self.problem(journal("A.story", "A.story"))?.contains("the same name") == true)
    #expect(Self.problem(journal("A.story", "B.story~"))?.contains("it is a backup's") == true)
    #expect(Self.problem(journal("A.story.~1~", "B.story"))?.contains("it is a backup's") == true)
    #expect(Self.problem(journal("A.story", #"A.story\u0000.story"#))?.contains("NUL") == true)
    #expect(Self.problem(journal("A.story", "x/B.story"))?.contains("'/'") == true)
    #expect(Self.problem(journal("notes.txt", "B.story"))?.contains("not a document name") == true)
    #expect(Self.problem(journal("A.story", ".story"))?.contains("not a document name") == true)
    #expect(Self.problem(journal("A.story", #"B\u001B.story"#))?.contains("control character") == true)
    #expect(Self.problem(#"{"from":"A.story","to":"B.story","type":"story-rename"}"#) != nil)
    #expect(Self.problem(#"{"backups":true,"from":"A.story","to":"B.story","type":"story"}"#) != nil)
    #expect(Self.problem("not json") != nil)
  }

  @Test("one file under one name, however spelt, is never finished: nothing is removed")
  func oneNameTwoSpellings() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // `./A.story` reaches `A.story` as a file system that folds case reaches `a.story`.
    let moves = [(from: "\(folder)/A.story", to: "\(folder)/./A.story")]
    #expect(throws: RenameJournal.Entry.Problem.self) { try RenameJournal.checkSeparate(moves, in: folder) }
    #expect(try !RenameJournal.complete("\(folder)/A.story", to: "\(folder)/./A.story"))
    #expect(FileManager.default.contents(atPath: "\(folder)/A.story") == Data("one".utf8))
    // A second link elsewhere does not make the other spelling a second name in this folder.
    let other = NSTemporaryDirectory() + "rename-journal-\(UUID().uuidString)"
    mkdir(other, 0o700)
    defer { try? FileManager.default.removeItem(atPath: other) }
    #expect(link("\(folder)/A.story", "\(other)/Z.story") == 0)
    #expect(throws: RenameJournal.Entry.Problem.self) {
      try RenameJournal.checkSeparate(
        [(from: "\(folder)/A.story", to: "\(folder)/../\(Files.basename(other))/Z.story")], in: folder)
    }
  }

  @Test("a move cut between its link and its unlink is finished: the old name goes, the file stays")
  func killedMove() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(link("\(folder)/A.story", "\(folder)/B.story") == 0)
    let journal = #"{"backups":true,"from":"A.story","to":"B.story","type":"story-rename"}"# + "\n"
    FileManager.default.createFile(atPath: "\(folder)/.story-io-rename.json", contents: Data(journal.utf8))
    try RenameJournal.finish(in: folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["B.story", "B.story~"])
    #expect(FileManager.default.contents(atPath: "\(folder)/B.story") == Data("one".utf8))
    #expect(FileManager.default.contents(atPath: "\(folder)/B.story~") == Data("two".utf8))
  }
}
