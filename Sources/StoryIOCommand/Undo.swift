import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io undo FILE`: the document swapped with its newest backup, so that undo again redoes.
enum Undo {
  static let to = Option<String?>.string(
    "to", name: "N", help: "swap in FILE.~N~ instead of the newest backup ('story-io versions' lists them)")

  static let command = Command(
    name: "undo", summary: "swap a document with its newest backup (again: redo); no backup is added",
    options: [BackupControl.option, to],
    arguments: Arguments(StoryIOOptions.document).completing(StoryIOCompletion.documents),
    output: """
      The document's story record (without text), after the swap. The newest backup whose text
      differs from FILE's is swapped with FILE: under numbered (or existing when there are
      numbered backups) the highest FILE.~N~ first, else FILE~ first. The backup then holds
      FILE's text and FILE the backup's; no backup is added, so a second undo swaps them back
      (redo), and --to N reaches an older one. Nothing is lost if the process is killed: the
      two files are swapped in one step (renameat2 RENAME_EXCHANGE; where the file system
      cannot, FILE's text is first kept as a new FILE.~N~, synced, then moved over the backup).
      FILE keeps its permissions; the backup keeps the time of the text it holds.
      """ + "\n" + BackupControl.rule,
    exitStatus: [
      "1    no backup to undo to (or every backup holds FILE's text); FILE changed meanwhile",
      "64   --backup=none (undo always keeps the text it replaces); a bad --backup or VERSION_CONTROL",
      "65   FILE or the backup is not UTF-8", "74   the folder cannot be written (nothing changed)",
    ],
    examples: """
      story-io undo Ocean.story && story-io undo Ocean.story      # undo, then redo
      story-io versions Ocean.story | jq -r '[.number, .modified, .words] | @tsv'
      """,
    conflicts: [
      .described("`--to` takes a backup number: digits, not starting with 0"),
      .described("backups off (`--backup=none`, or `VERSION_CONTROL=none`) is refused"),
    ],
    lookups: [StoryIOOptions.fileLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    // Refused before the document is looked at: it is the backup control that cannot undo.
    let control = try BackupControl.of(invocation)
    guard control != .none else {
      throw ToolError.usage(
        "undo keeps the text it replaces as a backup, so it does not run with backups off (none)",
        notes: ["add --backup=simple or --backup=numbered"])
    }
    let given = try StoryIOOptions.documentPath(invocation)
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
        let numbers = Backups.numbers(of: path, regularOnly: true).reversed().map(\.digits)
        let listed =
          numbers.isEmpty
          ? "it has no numbered backups"
          : "its numbered backups: " + numbers.prefix(12).joined(separator: ", ")
            + (numbers.count > 12 ? "..." : "")
        throw ToolError(
          "'\(given)' has no backup number \(number) ('\(wanted.path)' is not a file)",
          notes: ["\(listed) ('story-io versions \(given)' lists its backups)"])
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
    try exchange(document, at: path, with: source.path, restoring: restored.bytes, given: given)
    StandardOutput.shared.writeRecord(try StoryFiles.load(given).record(includeText: false))
    return ExitStatus.ok
  }

  /// Swaps the document at `path` (as `document` read it) with the backup at `backup`, whose text is
  /// `restored`: the backup then holds the document's text (with its time), the document the
  /// backup's; no backup is added, so a second undo swaps them back. The two files are exchanged in
  /// one step where the system can (renameat2 RENAME_EXCHANGE); else the document's text is first
  /// kept as a new numbered backup (synced), the document replaced, and that backup moved over the
  /// one swapped in, so that a process killed at any point loses no text. Call under the folder's
  /// lock.
  static func exchange(
    _ document: LoadedStory, at path: String, with backup: String, restoring restored: [UInt8],
    given: String, atomicSwap: Bool = true
  ) throws(ToolError) {
    func changed() -> ToolError {
      ToolError(
        "'\(given)' changed on disk during the undo; it was not replaced",
        notes: ["its text as it was read is kept as a backup ('story-io versions \(given)')"])
    }
    if atomicSwap, try Backups.exchange(path, backup) {
      // A program other than story-io (which waits for the lock) may have changed FILE since it was
      // read: then the swap is undone, and FILE keeps what it holds now.
      if try StoryFiles.readIfPresent(backup) != document.bytes {
        _ = try Backups.exchange(path, backup)
        throw ToolError(
          "'\(given)' changed on disk during the undo; nothing was changed",
          notes: ["run 'story-io undo \(given)' again to undo the text it holds now"])
      }
      chmod(path, document.mode)
      chmod(backup, Backups.mode(for: document.mode))
      utimensat(AT_FDCWD, path, nil, 0)
      return
    }
    let modified = timespec(tv_sec: document.modified, tv_nsec: document.modifiedNanoseconds)
    let kept = try Backups.keepNumbered(
      document.bytes, of: path, documentMode: document.mode, modified: modified)
    try Files.writeAtomically(path) { (writer: FileWriter) throws(ToolError) in
      try writer.write(restored)
      try writer.flush()
      if try StoryFiles.readIfPresent(path) != document.bytes { throw changed() }
    }
    guard rename(kept.path, backup) == 0 else {
      throw ToolError(
        "cannot move '\(kept.path)' to '\(backup)': \(Files.describe(errno))", code: ExitStatus.ioError,
        notes: ["'\(given)' was undone; its text as it was is kept in '\(kept.path)'"])
    }
    Files.syncDirectory(Files.directory(of: path))
  }
}
