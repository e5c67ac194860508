import Glibc
import PipeProtocol
import ToolSupport

/// `story-io edit FILE`: a document edited in `$VISUAL` or `$EDITOR`, the previous version kept.
enum Edit {
  static let command = Command(
    name: "edit", summary: "edit a document in $VISUAL or $EDITOR, keeping the previous version as FILE~",
    arguments: .one("FILE"),
    output: """
      Nothing. The editor works on a copy; the result is saved back atomically only if the
      editor succeeded, the result is valid UTF-8 and FILE did not change meanwhile. The
      previous version is kept as FILE~. Otherwise FILE is untouched and the copy is kept.
      """,
    examples: ["EDITOR=nano story-io edit Ocean.story && story-io read Ocean.story | jq .words"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let given = invocation.positionals[0]
    let original = try StoryFiles.load(given)
    var path = given
    if StoryFiles.kind(given) == .link, let resolved = realpath(given, nil) {
      path = String(cString: resolved)
      free(resolved)
    }
    let tmp = Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(tmp)/story-io-edit-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw ToolError.io("cannot make a folder for the copy in '\(tmp)': \(Files.describe(errno))")
    }
    let folder = String(cString: made)
    let copy = folder + "/" + StoryDocument.fileName(ofPath: path)
    try Files.writeAtomically(copy, bytes: original.bytes, mode: 0o600)
    let kept = ["your edited copy is kept at '\(copy)'"]
    func discardCopy() {
      unlink(copy)
      rmdir(folder)
    }

    let editor = UserPrograms.editor()
    let status = try Subprocess.shell(editor, arguments: [copy])
    guard status == 0 else {
      throw ToolError(
        "the editor '\(editor)' exited with status \(status); '\(given)' was not changed", notes: kept)
    }
    let edited: [UInt8]
    do {
      edited = try Files.read(copy)
    } catch {
      throw ToolError(
        "cannot read the edited copy: \(error.message); '\(given)' was not changed", code: error.code)
    }
    if let offset = UTF8Check.firstInvalidOffset(edited) {
      let byte = String(edited[offset], radix: 16, uppercase: true)
      throw ToolError.data(
        "the edited text is not UTF-8 (byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)); "
          + "'\(given)' was not changed",
        notes: kept + ["fix it and run 'story-io edit' again, or copy it back yourself"])
    }
    if edited == original.bytes {
      discardCopy()
      return ExitStatus.ok
    }
    guard try StoryFiles.readIfPresent(path) == original.bytes else {
      throw ToolError(
        "'\(given)' changed on disk while it was being edited; it was not replaced", notes: kept)
    }
    let backup = path + "~"
    try Files.writeAtomically(backup, bytes: original.bytes, mode: original.mode)
    chmod(backup, original.mode)
    try Files.writeAtomically(path, bytes: edited)
    discardCopy()
    return ExitStatus.ok
  }
}
