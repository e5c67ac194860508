import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io rename FILE NEW_TITLE`: a new title for a document, its bytes and its backups kept.
enum Rename {
  static let newTitle = Argument.one("NEW_TITLE")

  static let command = Command(
    name: "rename", summary: "give a document a new title (its bytes and its backups are kept)",
    arguments: Arguments(StoryIOOptions.document, newTitle).completing(StoryIOCompletion.documents),
    output: """
      The renamed document's story record (without text). Its backups (FILE~, FILE.~N~) move
      with it, so 'versions' and 'undo' find them under the new title; nothing is renamed when
      the new title is taken, or when it has backups of an earlier document that the moved ones
      would mix with. A rename is one step: one that is killed on the way (its journal,
      .story-io-rename.json, left in the folder) is finished by the next story-io command there.
      """,
    exitStatus: [
      "1    the target exists, backups of an earlier document of that title, or FILE not named NAME.story",
      "64   an unsafe title (empty, '.', '..', '/', control characters)",
    ],
    examples: """
      story-io rename Untitled.story Ocean | jq -r .path
      """,
    lookups: [StoryIOOptions.fileLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let path = invocation[StoryIOOptions.document]
    let title = StoryDocument.titleArgument(invocation[newTitle])
    if let problem = StoryDocument.titleProblem(title) {
      throw ToolError.usage("cannot rename '\(path)': \(problem)")
    }
    try RenameJournal.finish(inFolderOf: path)
    _ = try StoryFiles.load(path, asDocument: false)
    // Its journal names documents only: a backup (NAME~, NAME.~N~) or another file is not renamed.
    guard StoryFiles.hasDocumentExtension(path) else {
      throw ToolError(
        "'\(StoryDocument.escaped(path))' is not a document (NAME.story); it was not renamed",
        notes: ["rename renames a document with its backups; rename another file with mv"])
    }
    let folder = Files.directory(of: path)
    let target = StoryDocument.join(folder, StoryDocument.fileName(forTitle: title))
    if target != path && StoryDocument.fileName(ofPath: path) != StoryDocument.fileName(forTitle: title) {
      // Under the folder's lock, as every save: a save or undo that runs meanwhile sees the
      // document and its backups under one name or the other, never split.
      try Files.withFolderLock(folder) { () throws(ToolError) in
        try RenameJournal.finishLocked(in: folder)
        try moveWithBackups(path, to: target)
      }
    }
    StandardOutput.shared.writeRecord(try StoryFiles.load(target).record(includeText: false))
    return ExitStatus.ok
  }

  /// Renames the document `path` to `target`, then each of its backups (`FILE~`, `FILE.~N~`, the
  /// regular files) to the same name for `target`, as one step (`RenameJournal`: a kill at any
  /// moment leaves a rename the next story-io command finishes), never replacing anything: when
  /// the new title or a backup name of it is taken (an earlier document's backups), nothing is
  /// renamed. A document that is a symbolic link is renamed alone (its backups are beside the
  /// file it points to, and keep that file's name).
  static func moveWithBackups(_ path: String, to target: String) throws(ToolError) {
    let isFile = StoryFiles.kind(path) == .file
    let backups = isFile ? Backups.list(of: path, control: .numbered) : []
    if Files.exists(target) { throw taken(target, path) }
    // Backups left by an earlier document of the new title would mix into this one's history.
    let earlier =
      Files.exists(Backups.simplePath(of: target))
      ? Backups.simplePath(of: target)
      : Backups.numbers(of: target).last.map { Backups.numberedPath(of: target, $0) }
    if !backups.isEmpty, let earlier {
      throw ToolError(
        "'\(earlier)' already exists (a backup of an earlier '\(Files.basename(target))'); '\(path)' was not renamed",
        notes: [
          "remove that title's old backups ('story-io versions \(target)' lists them), or choose another title"
        ])
    }
    let entry = RenameJournal.Entry(from: Files.basename(path), to: Files.basename(target), backups: isFile)
    try RenameJournal.run(entry, in: Files.directory(of: path))
  }

  /// Renames `path` to `target` in the same folder, never replacing an existing `target`.
  static func moveWithoutReplacing(_ path: String, to target: String) throws(ToolError) {
    if link(path, target) == 0 {
      guard unlink(path) == 0 else {
        throw ToolError.io("cannot remove the old name '\(path)': \(Files.describe(errno))")
      }
    } else {
      let code = errno
      if code == EEXIST { throw taken(target, path) }
      // Hard links are not supported here: check, then rename.
      guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS else {
        throw ToolError.io("cannot rename '\(path)': \(Files.describe(code))")
      }
      if Files.exists(target) { throw taken(target, path) }
      guard Glibc.rename(path, target) == 0 else {
        throw ToolError.io("cannot rename '\(path)': \(Files.describe(errno))")
      }
    }
    Files.syncDirectory(Files.directory(of: path))
  }

  /// The refusal for a `target` that exists.
  static func taken(_ target: String, _ path: String) -> ToolError {
    ToolError("'\(target)' already exists; '\(path)' was not renamed", notes: ["choose another title"])
  }
}
