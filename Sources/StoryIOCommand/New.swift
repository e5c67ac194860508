import Glibc
import PipeProtocol
import PipeReading
import SystemIO
import ToolSupport

/// `story-io new [TITLE]`: an empty document D/TITLE.story, or D/Untitled.story.
enum New {
  static let dir = Option.string(
    "dir", name: "D", help: "the folder to create it in, created if missing", default: "."
  ).completing(StoryIOCompletion.folders)
  static let force = Flag("force", help: "replace an existing document with an empty one (kept as a backup)")
  static let titleArgument = Argument.optional("TITLE")

  /// The title of a document made without one; the next ones are "Untitled 2", "Untitled 3"...
  static let untitled = "Untitled"

  static let command = Command(
    name: "new", summary: "create an empty document D/TITLE.story (default: Untitled, Untitled 2, ...)",
    options: [dir, force, BackupControl.option],
    arguments: Arguments(titleArgument),
    output: """
      The new document's story record (without text). A trailing .story on TITLE is dropped.
      Without TITLE, the first free name of Untitled.story, Untitled 2.story, Untitled 3.story...
      (two 'new' at once get two names). The file is private: 0600, or 0666 less a umask that
      leaves group write open. With --force an existing document's text is kept as a backup.
      """,
    exitStatus: [
      "1    the document exists (add --force)", "64   an unsafe title; --force without TITLE",
    ],
    examples: """
      story-io new Ocean --dir stories | jq -r .path
      story-io new | jq -r .title
      """,
    conflicts: [.described("`--force` needs a `TITLE`"), .described(StoryIOOptions.titleRule)],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let folder = invocation[dir]
    if StoryFiles.isFolder(folder) { try RenameJournal.finish(in: folder) }
    guard let argument = invocation[titleArgument] else {
      if invocation[force] {
        throw ToolError.usage("--force needs a TITLE: an untitled document never replaces another")
      }
      try StoryFiles.requireFolder(folder)
      try Files.makeDirectories(folder)
      let path = try createUntitled(in: folder)
      StandardOutput.shared.writeRecord(try StoryFiles.load(path).record(includeText: false))
      return ExitStatus.ok
    }
    let title = StoryDocument.titleArgument(argument)
    if let problem = StoryDocument.titleProblem(title) {
      throw ToolError.usage("cannot create a document: \(problem)")
    }
    let control = try BackupControl.of(invocation)
    try StoryFiles.requireFolder(folder)
    try Files.makeDirectories(folder)
    let path = StoryDocument.join(folder, StoryDocument.fileName(forTitle: title))
    let kind = StoryFiles.kind(path)
    let exists = ToolError(
      "'\(path)' already exists", notes: ["add --force to replace it with an empty story"])
    if kind != .missing {
      guard invocation[force] else { throw exists }
      try Files.withFolderLock(folder) { () throws(ToolError) in
        try replaceWithEmpty(path, control: control)
      }
    } else if try !createEmpty(path) {
      throw exists
    }
    StandardOutput.shared.writeRecord(try StoryFiles.load(path).record(includeText: false))
    return ExitStatus.ok
  }

  /// Replaces the document at `path` with an empty one, its text kept as a backup (under the
  /// folder's lock).
  static func replaceWithEmpty(_ path: String, control: BackupControl) throws(ToolError) {
    let kind = StoryFiles.kind(path)
    var backup: () throws(ToolError) -> Void = {}
    if kind != .missing {
      guard kind == .file else { throw ToolError("'\(path)' is not a regular file; it was left alone") }
      var info = stat()
      if stat(path, &info) == 0, let old = try StoryFiles.readIfPresent(path), !old.isEmpty {
        backup = { () throws(ToolError) in
          try Backups.keep(
            old, of: path, documentMode: info.st_mode & 0o7777, modified: info.st_mtim, control: control)
        }
      }
    }
    // The backup is kept once the empty document is on disk (see `Write.saveLocked`).
    try Files.writeAtomically(path, bytes: [], beforeReplacing: backup)
  }

  /// The title of the `n`th untitled document: "Untitled", then "Untitled 2", "Untitled 3"...
  static func untitledTitle(_ n: Int) -> String { n == 1 ? untitled : "\(untitled) \(n)" }

  /// Creates the first free `Untitled[ N].story` in `folder` and returns its path. Each name is
  /// claimed with `O_EXCL`, so two processes never get the same one.
  static func createUntitled(in folder: String) throws(ToolError) -> String {
    for n in 1...100_000 {
      let path = StoryDocument.join(folder, StoryDocument.fileName(forTitle: untitledTitle(n)))
      if try createEmpty(path) { return path }
    }
    throw ToolError("'\(folder)' already holds 100000 untitled documents; give a title")
  }

  /// Creates an empty private document at `path`, synced; false when the name is taken (by
  /// anything, a dangling link too).
  static func createEmpty(_ path: String) throws(ToolError) -> Bool {
    let (fd, code) = SystemCall.descriptor(
      opening: path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: Files.privateMode())
    guard fd >= 0 else {
      if code == EEXIST { return false }
      throw ToolError.io("cannot create '\(path)': \(Files.describe(code))")
    }
    let synced = fsync(fd) == 0
    close(fd)
    guard synced else { throw ToolError.io("cannot sync '\(path)': \(Files.describe(errno))") }
    Files.syncDirectory(Files.directory(of: path))
    return true
  }
}
