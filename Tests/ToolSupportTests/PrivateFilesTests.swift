import Foundation
import Glibc
import PipeProtocol
import PipeReading
import Testing

@testable import ToolSupport

/// A fresh folder for one test.
private func scratch() -> String {
  let path = NSTemporaryDirectory() + "private-files-\(UUID().uuidString)"
  mkdir(path, 0o700)
  return path
}

private func mode(_ path: String) -> mode_t {
  var info = stat()
  lstat(path, &info)
  return info.st_mode & 0o7777
}

private func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

private let record = Record(object: ["type": .string("note"), "n": .int(1)])

/// Tests that change the process's umask or Files' globals run one at a time.
@Suite("private files and hostile paths", .serialized)
struct PrivateFilesTests {
  @Test("a new store is readable by its owner only under the usual umask")
  func newStoreIsPrivate() throws {
    let folder = scratch()
    let old = umask(0o022)
    defer { umask(old) }
    try RecordStore(path: "\(folder)/s.jsonl").append([record])
    #expect(mode("\(folder)/s.jsonl") == 0o600)
  }

  @Test("a umask that leaves group write open is honoured, on purpose")
  func groupUmaskIsHonoured() throws {
    let folder = scratch()
    let old = umask(0o002)
    defer { umask(old) }
    try Files.writeAtomically("\(folder)/f", bytes: Array("x\n".utf8))
    #expect(mode("\(folder)/f") == 0o664)
  }

  @Test("a group-shared store's lock is group-writable too, so every member can take it")
  func groupSharedLock() throws {
    let folder = scratch()
    let old = umask(0o002)
    defer { umask(old) }
    try RecordStore(path: "\(folder)/s.jsonl").append([record])
    #expect(mode("\(folder)/s.jsonl") == 0o664)
    #expect(mode("\(folder)/s.jsonl.lock") == 0o664)
    // A store made group-shared later: its lock follows it at the next write.
    umask(0o022)
    try RecordStore(path: "\(folder)/t.jsonl").append([record])
    #expect(mode("\(folder)/t.jsonl.lock") == 0o600)
    chmod("\(folder)/t.jsonl", 0o660)
    try RecordStore(path: "\(folder)/t.jsonl").append([record])
    #expect(mode("\(folder)/t.jsonl.lock") == 0o660)
  }

  @Test("an existing file keeps its mode")
  func existingModeKept() throws {
    let folder = scratch()
    try Files.writeAtomically("\(folder)/f", bytes: [0x41])
    chmod("\(folder)/f", 0o640)
    try Files.writeAtomically("\(folder)/f", bytes: [0x42])
    #expect(mode("\(folder)/f") == 0o640)
  }

  @Test("a symlinked store the user named is followed, and the link stays a link")
  func namedLinkFollowed() throws {
    let folder = scratch()
    let real = "\(folder)/real.jsonl"
    try RecordStore(path: real).append([record])
    symlink(real, "\(folder)/link.jsonl")
    try RecordStore(path: "\(folder)/link.jsonl", named: true).update { records in
      records.append(record)
      return ((), true)
    }
    #expect(isLink("\(folder)/link.jsonl"))
    #expect(text(real)?.split(separator: "\n").count == 2)
  }

  @Test("a symlink at the default store place is not followed")
  func defaultLinkRefused() throws {
    let folder = scratch()
    let victim = "\(folder)/victim"
    #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep me\n".utf8)))
    symlink(victim, "\(folder)/orders.jsonl")
    let store = RecordStore(path: "\(folder)/orders.jsonl", named: false)
    #expect(throws: ToolError.self) { try store.append([record]) }
    #expect(text(victim) == "keep me\n")
  }

  @Test("a lock file that is a symlink is never opened, so it cannot touch another file")
  func lockLinkRefused() throws {
    let folder = scratch()
    let victim = "\(folder)/victim"
    #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep me\n".utf8)))
    symlink(victim, "\(folder)/s.jsonl.lock")
    let error = #expect(throws: ToolError.self) {
      try RecordStore(path: "\(folder)/s.jsonl").append([record])
    }
    #expect(error?.code == ExitStatus.ioError)
    #expect(text(victim) == "keep me\n")
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/s.jsonl"))
  }

  @Test("a temporary name planted in advance is never written through; another name is used")
  func plantedTemporary() throws {
    let folder = scratch()
    let victim = "\(folder)/victim"
    #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep me\n".utf8)))
    var names = ["planted", "free"]
    let saved = Files.temporarySuffix
    Files.temporarySuffix = { names.isEmpty ? "x" : names.removeFirst() }
    defer { Files.temporarySuffix = saved }
    symlink(victim, "\(folder)/.f.tmp-\(getpid())-planted")
    try Files.writeAtomically("\(folder)/f", bytes: Array("new\n".utf8))
    #expect(text("\(folder)/f") == "new\n")
    #expect(text(victim) == "keep me\n")
    #expect(names.isEmpty)
  }

  @Test("a store folder others may write in gets a warning")
  func sharedFolderWarns() throws {
    let folder = scratch()
    chmod(folder, 0o777)
    let saved = StandardOutput.error
    StandardOutput.error = .memory()
    defer { StandardOutput.error = saved }
    try RecordStore(path: "\(folder)/s.jsonl").append([record])
    StandardOutput.error.flush()
    #expect(StandardOutput.error.capturedText.contains("warning: others may write in"))
  }
}

private func isLink(_ path: String) -> Bool {
  var info = stat()
  return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
}
