import Glibc
import PipeProtocol
import ToolSupport

/// `story-io edit FILE`: a document edited in `$VISUAL` or `$EDITOR`, the previous version kept.
enum Edit {
  static let command = Command(
    name: "edit", summary: "edit a document in $VISUAL or $EDITOR, keeping the previous version as a backup",
    options: [BackupControl.option],
    arguments: Arguments(StoryIOOptions.document).completing(StoryIOCompletion.documents),
    output: """
      Nothing. The editor ($VISUAL, else $EDITOR, else vi when stdin and stdout are a terminal)
      works on a private copy in $TMPDIR (default /tmp). The result is saved back atomically only
      if the editor succeeded, the result is valid UTF-8 and FILE did not change meanwhile; the
      previous version is kept as FILE~ (or FILE.~N~: --backup). The copy is removed whatever
      happens (Ctrl-C, SIGTERM and SIGHUP included; the editor is ended with story-io). When FILE changed on disk meanwhile, the edited text
      is kept as FILE's next numbered backup FILE.~N~ instead ('story-io undo --to N FILE').
      """ + "\n" + BackupControl.rule,
    exitStatus: [
      "1    no editor (no $VISUAL or $EDITOR, and no terminal for vi); the editor failed; FILE changed",
      "65   FILE, or the edited text, is not UTF-8",
    ],
    examples: """
      EDITOR=nano story-io edit Ocean.story && story-io read Ocean.story | jq .words
      VERSION_CONTROL=numbered story-io edit Ocean.story && story-io versions Ocean.story | jq -r .path
      """,
    lookups: [StoryIOOptions.fileLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let control = try BackupControl.of(invocation)
    let given = try StoryIOOptions.documentPath(invocation)
    let original = try StoryFiles.load(given)
    let path = StoryFiles.target(of: given)
    let editor = try UserPrograms.editor(for: given)
    let copy = try PrivateCopy(of: path, bytes: original.bytes)
    defer { copy.remove() }

    let status = try Subprocess.shell(editor, arguments: [copy.path])
    guard status == 0 else {
      let how =
        status == 127
        ? "was not found (status 127)"
        : status > 128
          ? "was ended by signal \(status - 128) (\(String(cString: strsignal(status - 128))))"
          : "exited with status \(status)"
      throw ToolError("the editor '\(editor)' \(how); '\(given)' was not changed and the copy was removed")
    }
    let edited: [UInt8]
    do {
      edited = try Files.read(copy.path)
    } catch {
      throw ToolError(
        "cannot read the edited copy: \(error.message); '\(given)' was not changed", code: error.code)
    }
    if let offset = UTF8Check.firstInvalidOffset(edited) {
      let byte = String(edited[offset], radix: 16, uppercase: true)
      throw ToolError.data(
        "the edited text is not UTF-8 (byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)); "
          + "'\(given)' was not changed and the copy was removed")
    }
    if edited == original.bytes { return ExitStatus.ok }
    let modified = timespec(tv_sec: original.modified, tv_nsec: original.modifiedNanoseconds)
    func changed() throws(ToolError) -> ToolError {
      let kept = try Backups.keepNumbered(edited, of: path, documentMode: original.mode, modified: nil)
      return ToolError(
        "'\(given)' changed on disk while it was being edited; it was not replaced",
        notes: [
          "your edited text is kept as '\(kept.path)'; 'story-io undo --to \(kept.number?.digits ?? "N") \(given)' swaps it in"
        ])
    }
    // Under the folder's lock, as every save: one that runs meanwhile is seen as a change.
    try Files.withFolderLock(Files.directory(of: path)) { () throws(ToolError) in
      guard try StoryFiles.readIfPresent(path) == original.bytes else { throw try changed() }
      // The backup is kept once the edited text is on disk (see `Write.saveLocked`).
      try Files.writeAtomically(
        path,
        beforeReplacing: { () throws(ToolError) in
          try Backups.keep(
            original.bytes, of: path, documentMode: original.mode, modified: modified, control: control)
        }
      ) { (writer: FileWriter) throws(ToolError) in
        try writer.write(edited)
        try writer.flush()
        if try StoryFiles.readIfPresent(path) != original.bytes { throw try changed() }
      }
    }
    return ExitStatus.ok
  }
}

/// A private copy of a document for an editor: `$TMPDIR/story-io-edit-XXXXXX/NAME` (folder 0700,
/// file 0600), registered with `Cleanup` so that SIGINT, SIGTERM and SIGHUP remove it too.
struct PrivateCopy {
  /// The folder made for it.
  let folder: String
  /// The copy.
  let path: String

  /// Copies `bytes` (of the document at `document`) into a fresh private folder.
  init(of document: String, bytes: [UInt8]) throws(ToolError) {
    let tmp = Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(tmp)/story-io-edit-XXXXXX".utf8CString)
    // No signal between making the folder and registering it: it would be left behind.
    var block = sigset_t()
    var previous = sigset_t()
    sigemptyset(&block)
    sigaddset(&block, SIGINT)
    sigaddset(&block, SIGTERM)
    sigaddset(&block, SIGHUP)
    sigprocmask(SIG_BLOCK, &block, &previous)
    let made = mkdtemp(&template)
    let code = errno
    if let made { Cleanup.register(String(cString: made)) }
    sigprocmask(SIG_SETMASK, &previous, nil)
    guard let made else {
      throw ToolError.io("cannot make a folder for the copy in '\(tmp)': \(Files.describe(code))")
    }
    folder = String(cString: made)
    path = folder + "/" + StoryDocument.fileName(ofPath: document)
    Cleanup.register(path)
    do {
      try Files.writeAtomically(path, bytes: bytes, mode: 0o600)
    } catch {
      remove()
      throw error
    }
  }

  /// Removes the copy, whatever else the editor left in its folder (swap and backup files), and
  /// the folder.
  func remove() {
    if let dir = opendir(folder) {
      while let entry = readdir(dir) {
        var name = Files.entryName(entry)
        if name == [0x2E] || name == [0x2E, 0x2E] { continue }
        name = Array((folder + "/").utf8) + name + [0]
        name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { _ = unlink($0.baseAddress!) } }
      }
      closedir(dir)
    }
    rmdir(folder)
    Cleanup.unregister(path)
    Cleanup.unregister(folder)
  }
}
