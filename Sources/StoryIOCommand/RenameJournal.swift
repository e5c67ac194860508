import Glibc
import PipeProtocol
import ToolSupport

/// What makes `story-io rename` one step. Before it moves anything, a rename writes a journal in
/// the document's folder (through the safe-write primitive: whole or absent), naming the old and the
/// new file name; it then moves the document and its backups and removes the journal. A rename
/// killed on the way leaves the journal, and the next story-io command that looks at that folder
/// (on either title) finishes the moves before it does anything else, so the document and all
/// its backups end under one title. A move never replaces a file: a name taken meanwhile by another
/// file is left as it is, and said so.
enum RenameJournal {
  /// The journal's name: hidden (never a document, never listed), one per folder, since renames
  /// in a folder take turns under its lock.
  static let name = ".story-io-rename.json"

  /// The journal of `folder`.
  static func path(in folder: String) -> String { StoryDocument.join(folder, name) }

  /// One rename: file names in the journal's folder, and whether the backups move too (not for a
  /// document that is a symbolic link, which is renamed alone).
  struct Entry: Equatable {
    var from: String
    var to: String
    var backups: Bool

    /// The journal's one line.
    var bytes: [UInt8] {
      let record: JSONObject = [
        "backups": .bool(backups), "from": .string(from), "to": .string(to), "type": .string("story-rename"),
      ]
      var out: [UInt8] = []
      JSONWriter.append(record, to: &out)
      out.append(0x0A)
      return out
    }

    /// The entry a journal holds, checked against its schema (PROTOCOL.md, "A rename is one
    /// step"): the record's four fields, and two different document names (`NAME.story`, the new
    /// one a title `rename` gives) without NUL or `/`, so never a backup's name. Throws why not.
    init(bytes: [UInt8]) throws(Problem) {
      guard let text = String(validating: bytes, as: UTF8.self),
        let object = try? JSONParser.parse(text).objectValue, object.type == "story-rename",
        let from = object["from"]?.stringValue, let to = object["to"]?.stringValue,
        let backups = object["backups"]?.boolValue
      else {
        throw Problem(
          "it is not one story-rename record "
            + #"({"backups":BOOL,"from":"NAME.story","to":"NAME.story","type":"story-rename"})"#)
      }
      for (field, name) in [("from", from), ("to", to)] {
        let shown = StoryDocument.escaped(name)
        if name.utf8.contains(0) { throw Problem("\"\(field)\" holds a NUL character") }
        if name.utf8.contains(UInt8(ascii: "/")) {
          throw Problem("\"\(field)\" ('\(shown)') holds '/'; it must be a file name in the journal's folder")
        }
        guard StoryFiles.hasDocumentExtension(name) else {
          throw Problem(
            "\"\(field)\" ('\(shown)') is not a document name (NAME.story)"
              + (name.hasSuffix("~") ? "; it is a backup's, and backups move only with their document" : ""))
        }
      }
      if let problem = StoryDocument.titleProblem(StoryDocument.dropExtension(to)) {
        throw Problem("\"to\" is not a title rename gives: \(problem)")
      }
      if from == to {
        throw Problem("\"from\" and \"to\" are the same name ('\(StoryDocument.escaped(from))')")
      }
      self.init(from: from, to: to, backups: backups)
    }

    /// Why a journal cannot be finished.
    struct Problem: Error {
      var reason: String
      init(_ reason: String) { self.reason = reason }
    }

    init(from: String, to: String, backups: Bool) {
      self.from = from
      self.to = to
      self.backups = backups
    }
  }

  /// Finishes a rename left unfinished in the folder of the document `path` (and in the folder of
  /// the file it links to). Cheap when none is: no lock is taken unless a journal is there. Call it
  /// before taking the folder's lock.
  static func finish(inFolderOf path: String) throws(ToolError) {
    let folder = Files.directory(of: path)
    try finish(in: folder)
    let target = Files.directory(of: StoryFiles.target(of: path))
    if target != folder { try finish(in: target) }
  }

  /// Finishes a rename left unfinished in `folder`, under the folder's lock.
  static func finish(in folder: String) throws(ToolError) {
    guard Files.exists(path(in: folder)) else { return }
    try Files.withFolderLock(folder) { () throws(ToolError) in try finishLocked(in: folder) }
  }

  /// Finishes a rename left unfinished in `folder`; call under the folder's lock. The journal is
  /// read through `Files.readBounded` (a regular file of at most `ReadLimit.journal` bytes, never
  /// through a link) and checked, with every move it makes, before anything moves: a bad one is
  /// exit 65 on one line, and nothing is changed.
  static func finishLocked(in folder: String) throws(ToolError) {
    let journal = path(in: folder)
    let entry: Entry
    let moves: [(from: String, to: String)]
    do throws(Entry.Problem) {
      let found: [UInt8]?
      do {
        found = try Files.readBoundedIfPresent(
          journal, limit: ReadLimit.journal, followLinks: false, what: "a rename journal")
      } catch {
        throw Entry.Problem(error.message)
      }
      guard let bytes = found else { return }
      entry = try Entry(bytes: bytes)
      moves = Self.moves(entry, in: folder)
      try checkSeparate(moves, in: folder)
    } catch {
      throw ToolError.data(
        "the rename journal '\(journal)' cannot be finished: \(error.reason); nothing was changed "
          + "(remove that file if no story-io rename runs in '\(folder)')")
    }
    var left: [String] = []
    for move in moves where try !complete(move.from, to: move.to) {
      left.append("'\(move.from)'")
    }
    guard unlink(journal) == 0 || errno == ENOENT else {
      throw ToolError.io("cannot remove '\(journal)': \(Files.describe(errno))")
    }
    Files.syncDirectory(folder)
    if !left.isEmpty {
      Diagnostics.warn(
        "a rename of '\(entry.from)' to '\(entry.to)' was finished, but these kept their names, "
          + "since their new names were taken: \(left.joined(separator: ", "))", tool: "story-io")
    }
  }

  /// The moves of `entry` that are left: the document, then each backup still under its old name.
  static func moves(_ entry: Entry, in folder: String) -> [(from: String, to: String)] {
    let from = StoryDocument.join(folder, entry.from)
    let to = StoryDocument.join(folder, entry.to)
    let backups = entry.backups ? Backups.list(of: from, control: .numbered) : []
    return [(from, to)]
      + backups.map { backup in
        (backup.path, backup.number.map { Backups.numberedPath(of: to, $0) } ?? Backups.simplePath(of: to))
      }
  }

  /// Refuses moves whose two names are one file under one name: a file system that folds case or
  /// normalizes Unicode finds `a.story` as `A.story`, and finishing such a move would remove the
  /// file. The same file under both names is finished only as what a killed move leaves: two
  /// entries of the folder (both names listed, byte for byte) for one file with two links.
  static func checkSeparate(_ moves: [(from: String, to: String)], in folder: String) throws(Entry.Problem) {
    var listed: Set<[UInt8]>?
    for move in moves {
      var old = stat()
      var new = stat()
      guard lstat(move.from, &old) == 0, lstat(move.to, &new) == 0, old.st_dev == new.st_dev,
        old.st_ino == new.st_ino
      else { continue }
      if listed == nil { listed = entries(of: folder) }
      let names = [move.from, move.to].map { Array(Files.basename($0).utf8) }
      guard old.st_nlink < 2 || !names.allSatisfy({ listed?.contains($0) ?? false }) else { continue }
      throw Entry.Problem(
        "'\(StoryDocument.escaped(move.from))' and '\(StoryDocument.escaped(move.to))' are the same file")
    }
  }

  /// The names in `folder`, byte for byte, as the folder lists them.
  static func entries(of folder: String) -> Set<[UInt8]> {
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var names: Set<[UInt8]> = []
    while let entry = readdir(dir) {
      names.insert(Files.entryName(entry))
    }
    return names
  }

  /// Completes one move: nothing when `path` is gone (moved already); the old name removed when
  /// both names are the same file (a move killed between its link and its unlink); else `path`
  /// moved to `target`. False when `target` is another file (nothing is replaced).
  static func complete(_ path: String, to target: String) throws(ToolError) -> Bool {
    var old = stat()
    guard lstat(path, &old) == 0 else { return true }
    var new = stat()
    guard lstat(target, &new) == 0 else {
      try Rename.moveWithoutReplacing(path, to: target)
      return true
    }
    // One file with a single link is one name, however spelt: removing it would lose the file.
    guard old.st_dev == new.st_dev, old.st_ino == new.st_ino, old.st_nlink >= 2 else { return false }
    guard unlink(path) == 0 else {
      throw ToolError.io("cannot remove the old name '\(path)': \(Files.describe(errno))")
    }
    return true
  }

  /// Runs the rename `entry` in `folder` as one step: the journal written, then the moves, then the
  /// journal removed. When the document cannot be moved, nothing was, and the journal goes; when a
  /// backup cannot, the journal stays, so that the next command in the folder finishes the rename.
  static func run(_ entry: Entry, in folder: String) throws(ToolError) {
    let journal = path(in: folder)
    try Files.writeAtomically(journal, bytes: entry.bytes, named: false)
    let moves = moves(entry, in: folder)
    for (index, move) in moves.enumerated() {
      do {
        try Rename.moveWithoutReplacing(move.from, to: move.to)
      } catch {
        guard index > 0 else {
          unlink(journal)
          Files.syncDirectory(folder)
          throw error
        }
        let left = moves[index...].map { "'\($0.from)'" }.joined(separator: ", ")
        throw ToolError(
          error.message + "; '\(moves[0].from)' was renamed to '\(moves[0].to)'", code: error.code,
          notes: ["the next story-io command in '\(folder)' moves these backups after it: \(left)"])
      }
    }
    guard unlink(journal) == 0 else {
      throw ToolError.io("cannot remove '\(journal)': \(Files.describe(errno))")
    }
    Files.syncDirectory(folder)
  }
}
