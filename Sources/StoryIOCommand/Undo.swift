import Glibc
import PipeProtocol
import ToolSupport

/// `story-io undo FILE`: the newest backup swapped in, the replaced text kept as a backup.
enum Undo {
  static let to = Option<String?>.string(
    "to", name: "N", help: "swap in FILE.~N~ instead of the newest backup ('story-io versions' lists them)")

  static let command = Command(
    name: "undo", summary: "swap in a document's newest backup, keeping its text as a backup (again: redo)",
    options: [BackupControl.option, to],
    arguments: .one("FILE").completing(StoryIOCompletion.documents),
    output: """
      The document's story record (without text), after the swap. The newest backup whose text
      differs from FILE's is swapped in: under numbered (or existing when there are numbered
      backups) the highest FILE.~N~ first, else FILE~ first. FILE's text is kept as a backup in
      the same way (FILE~, or the next FILE.~N~), so a second undo redoes the first. Nothing is
      lost if the process is killed: FILE and FILE~ are swapped in one step (renameat2
      RENAME_EXCHANGE; where the file system cannot, FILE's text is kept as FILE.~N~), and a new
      numbered backup is synced before FILE is replaced. FILE keeps its permissions.
      """ + "\n" + BackupControl.rule,
    exitStatus: [
      "1    no backup to undo to (or every backup holds FILE's text); FILE changed meanwhile",
      "64   --backup=none (undo always keeps the text it replaces); a bad --backup or VERSION_CONTROL",
      "65   FILE or the backup is not UTF-8", "74   the folder cannot be written (nothing changed)",
    ],
    examples: [
      "story-io undo Ocean.story && story-io undo Ocean.story      # undo, then redo",
      "story-io versions Ocean.story | jq -r '[.number, .modified, .words] | @tsv'",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let given = invocation.positionals[0]
    let control = try BackupControl.of(invocation)
    guard control != .none else {
      throw ToolError.usage(
        "undo keeps the text it replaces as a backup, so it does not run with backups off (none)",
        notes: ["add --backup=simple or --backup=numbered"])
    }
    let path = StoryFiles.target(of: given)
    // Under the folder's lock, as every save: a save or undo that runs meanwhile waits its turn.
    return try Files.withFolderLock(Files.directory(of: path)) { () throws(ToolError) -> Int32 in
      try swap(given, at: path, control: control, number: invocation[to])
    }
  }

  /// Swaps in the backup of the document `given` (at `path`) that `control` or `text` (`--to`)
  /// chooses (call under the folder's lock).
  static func swap(_ given: String, at path: String, control: BackupControl, number text: String?)
    throws(ToolError) -> Int32
  {
    let document = try StoryFiles.load(given)
    let candidates: [Backup]
    if let text {
      guard let number = BackupNumber(text) else {
        throw ToolError.usage(
          "--to takes a backup number (digits, not starting with 0), not '\(text)'",
          notes: ["'story-io versions \(given)' lists the backups and their numbers"])
      }
      let wanted = Backup(path: Backups.numberedPath(of: path, number), number: number)
      guard StoryFiles.kind(wanted.path) == .file else {
        throw ToolError(
          "'\(given)' has no backup number \(number) ('\(wanted.path)' is not a file)",
          notes: ["'story-io versions \(given)' lists its backups"])
      }
      candidates = [wanted]
    } else {
      candidates = Backups.list(of: path, control: control)
    }
    guard !candidates.isEmpty else {
      throw ToolError(
        "'\(given)' has no backup to undo to; nothing was changed",
        notes: ["saves keep one: FILE~, or FILE.~N~ with --backup=numbered or VERSION_CONTROL=numbered"])
    }
    var found: (backup: Backup, story: LoadedStory)?
    for candidate in candidates {
      let story = try StoryFiles.load(candidate.path, asDocument: false)
      if story.bytes != document.bytes {
        found = (candidate, story)
        break
      }
    }
    guard let (source, restored) = found else {
      throw ToolError(
        text == nil
          ? "every backup of '\(given)' holds the text it has now; nothing to undo"
          : "'\(candidates[0].path)' holds the text '\(given)' has now; nothing to undo")
    }
    let modified = timespec(tv_sec: document.modified, tv_nsec: document.modifiedNanoseconds)
    if Backups.effective(control, for: path) == .simple && source.number == nil {
      // FILE~ is both the text to swap in and the place to keep FILE's text: swap the two files.
      if try Backups.exchange(path, source.path) {
        chmod(path, document.mode)
        chmod(source.path, Backups.mode(for: document.mode))
        utimensat(AT_FDCWD, path, nil, 0)
        StandardOutput.shared.writeRecord(try StoryFiles.load(given).record(includeText: false))
        return ExitStatus.ok
      }
      _ = try Backups.keepNumbered(document.bytes, of: path, documentMode: document.mode, modified: modified)
    } else {
      try Backups.keep(
        document.bytes, of: path, documentMode: document.mode, modified: modified,
        control: Backups.effective(control, for: path))
    }
    try Files.writeAtomically(path) { (writer: FileWriter) throws(ToolError) in
      try writer.write(restored.bytes)
      try writer.flush()
      if try StoryFiles.readIfPresent(path) != document.bytes {
        throw ToolError(
          "'\(given)' changed on disk during the undo; it was not replaced",
          notes: ["its text as it was read is kept as a backup ('story-io versions \(given)')"])
      }
    }
    StandardOutput.shared.writeRecord(try StoryFiles.load(given).record(includeText: false))
    return ExitStatus.ok
  }
}
