import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io write [FILE...]`: story records saved as D/TITLE.story, atomically.
enum Write {
  static let dir = Option.string(
    "dir", name: "D", help: "the folder to save in, created if missing", default: "."
  ).completing(StoryIOCompletion.folders)
  static let force = Flag("force", help: "replace files that changed on disk since they were read")

  static let command = Command(
    name: "write", summary: "save story records as D/TITLE.story, atomically",
    options: [dir, force, BackupControl.option],
    arguments: .files,
    input: """
      story records (from files, or stdin): "title" (a file name, not a path) and "text" are
      needed; "sha256" and "bytes", when present, say which version of the file the record was
      read from. Other record types are passed through to stdout unchanged.
      """,
    output: """
      Each story is saved byte for byte as D/<title>.story: written to a temporary file, synced,
      renamed over the old file and the folder synced, keeping the old file's permissions. An
      existing file is replaced only when it still has the content the record was read from
      ("sha256", else "bytes"), or already holds the text, or with --force; a refused file is
      reported (exit 1) and later records are still saved. A bad record (an unsafe title: empty,
      '.', '..', '/', control characters; a missing text) stops write at its line with exit 65:
      the stories before it are saved, none after it. New files are private (0600, or 0666 less
      a umask that leaves group write open). The text a save replaces is kept as a backup,
      which 'story-io undo' swaps back.
      """ + "\n" + BackupControl.rule,
    examples: #"""
      story-io read Ocean.story | jq '.text += "\nThe end."' | story-io write
      """#,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let folder = invocation[dir]
    let force = invocation[force]
    let control = try BackupControl.of(invocation)
    try StoryFiles.requireFolder(folder)
    if StoryFiles.isFolder(folder) { try RenameJournal.finish(in: folder) }
    let failures = Failures(tool: invocation.tool)
    var folderReady = false
    try Inputs.forEach(invocation.positionals, tool: invocation.tool) { reader in
      try reader.forEach { view in
        guard view.type == "story" else {
          StandardOutput.shared.writeLine(view.bytes)
          return
        }
        // A bad record stops the stream (PROTOCOL.md, "the stop rule"); a save refused for this
        // one file (changed on disk, say) is reported and the next records are still saved.
        let story = try SaveRequest(view)
        do {
          if !folderReady {
            try Files.makeDirectories(folder)
            folderReady = true
          }
          try save(story, in: folder, force: force, control: control)
        } catch {
          failures.report(error)
        }
      }
    }
    return failures.status
  }

  /// What a `story` record asks `write` to save.
  struct SaveRequest {
    var title: String
    var bytes: [UInt8]
    var baseHash: String?
    var baseSize: Int?
    var place: String

    /// Checks a record: a safe title, a text kept exactly, and well-formed `sha256` and `bytes`
    /// when present. Errors name the record and say that nothing was written.
    init(_ view: RecordView) throws(InputError) {
      do {
        try self.init(checking: view)
      } catch {
        var refusal = error
        refusal.message += "; nothing was written"
        throw refusal
      }
    }

    private init(checking view: RecordView) throws(InputError) {
      place = "\(view.source) line \(view.line)"
      title = try view.string("title")
      if let problem = StoryDocument.titleProblem(title) { throw view.error("refusing to save: \(problem)") }
      guard view.member("text") != nil else {
        throw view.error(
          "story record has no \"text\" field, so there is nothing to save (records from 'story-io list' "
            + "leave it out: use 'list --text' or 'read')")
      }
      let text = try view.string("text")
      bytes = Array(text.utf8)
      if let value = view.value("sha256") {
        guard let hash = value.stringValue, hash.utf8.count == 64,
          hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { throw view.mismatch("sha256", expected: "64 lower-case hexadecimal digits", found: value) }
        baseHash = hash
      }
      if view.member("bytes") != nil { baseSize = try view.int("bytes", in: 0...Int.max) }
    }
  }

  /// Saves one story as `folder/<title>.story`, refusing to replace a file that changed since the
  /// record was read (unless `force`).
  /// The folder's lock is held throughout, so concurrent saves (forced ones too) take turns: each
  /// backs up what the one before it wrote, and no acknowledged text is lost.
  static func save(_ story: SaveRequest, in folder: String, force: Bool, control: BackupControl)
    throws(ToolError)
  {
    try Files.withFolderLock(folder) { () throws(ToolError) in
      try saveLocked(story, in: folder, force: force, control: control)
    }
  }

  static func saveLocked(_ story: SaveRequest, in folder: String, force: Bool, control: BackupControl)
    throws(ToolError)
  {
    let path = StoryDocument.join(folder, StoryDocument.fileName(forTitle: story.title))
    func changed() -> ToolError {
      ToolError(
        "'\(path)' changed on disk since it was read (\(story.place)); nothing was written",
        notes: ["read it again and redo the change, or add --force to replace it"])
    }
    switch StoryFiles.kind(path) {
    case .link:
      throw ToolError(
        "'\(path)' is a symbolic link (\(story.place)); story-io replaces only regular files; nothing was written"
      )
    case .folder, .other:
      throw ToolError("'\(path)' is not a regular file (\(story.place)); nothing was written")
    case .missing:
      try Files.writeAtomically(path, mode: Files.privateMode()) {
        (writer: FileWriter) throws(ToolError) in
        try writer.write(story.bytes)
        try writer.flush()
        if !force, Files.exists(path) { throw changed() }
      }
    case .file:
      let current = try StoryFiles.readIfPresent(path) ?? []
      if current == story.bytes { return }
      if !force {
        if story.baseHash == nil && story.baseSize == nil {
          throw ToolError(
            "'\(path)' already exists and the record (\(story.place)) does not say which version it "
              + "replaces (no \"sha256\" or \"bytes\"); nothing was written",
            notes: ["add --force to replace it"])
        }
        if let hash = story.baseHash, SHA256.hex(current) != hash { throw changed() }
        if let size = story.baseSize, current.count != size { throw changed() }
      }
      var info = stat()
      guard stat(path, &info) == 0 else { throw changed() }
      // The backup is kept once the new text is on disk: a save that cannot be written (a full
      // disk) leaves the backup before it.
      try Files.writeAtomically(
        path,
        beforeReplacing: { () throws(ToolError) in
          try Backups.keep(
            current, of: path, documentMode: info.st_mode & 0o7777, modified: info.st_mtim, control: control)
        }
      ) { (writer: FileWriter) throws(ToolError) in
        try writer.write(story.bytes)
        try writer.flush()
        if !force, try StoryFiles.readIfPresent(path) != current { throw changed() }
      }
    }
  }
}
