import Glibc
import PipeProtocol
import ToolSupport

/// `story-io rename FILE NEW_TITLE`: a new title for a document, its bytes kept.
enum Rename {
  static let command = Command(
    name: "rename", summary: "give a document a new title (its bytes are kept)",
    arguments: Arguments("FILE NEW_TITLE", min: 2, max: 2).completing(StoryIOCompletion.documents),
    output: "The renamed document's story record (without text).",
    exitStatus: [
      "1    the target exists", "64   an unsafe title (empty, '.', '..', '/', control characters)",
    ],
    examples: ["story-io rename Untitled.story Ocean | jq -r .path"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let path = invocation.positionals[0]
    let title = StoryDocument.titleArgument(invocation.positionals[1])
    if let problem = StoryDocument.titleProblem(title) {
      throw ToolError.usage("cannot rename '\(path)': \(problem)")
    }
    _ = try StoryFiles.load(path)
    let target = StoryDocument.join(Files.directory(of: path), StoryDocument.fileName(forTitle: title))
    if target != path && StoryDocument.fileName(ofPath: path) != StoryDocument.fileName(forTitle: title) {
      try moveWithoutReplacing(path, to: target)
    }
    StandardOutput.shared.writeRecord(try StoryFiles.load(target).record(includeText: false))
    return ExitStatus.ok
  }

  /// Renames `path` to `target` in the same folder, never replacing an existing `target`.
  static func moveWithoutReplacing(_ path: String, to target: String) throws(ToolError) {
    func exists() -> ToolError {
      ToolError("'\(target)' already exists; '\(path)' was not renamed", notes: ["choose another title"])
    }
    if link(path, target) == 0 {
      guard unlink(path) == 0 else {
        throw ToolError.io("cannot remove the old name '\(path)': \(Files.describe(errno))")
      }
    } else {
      let code = errno
      if code == EEXIST { throw exists() }
      // Hard links are not supported here: check, then rename.
      guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS else {
        throw ToolError.io("cannot rename '\(path)': \(Files.describe(code))")
      }
      if Files.exists(target) { throw exists() }
      guard Glibc.rename(path, target) == 0 else {
        throw ToolError.io("cannot rename '\(path)': \(Files.describe(errno))")
      }
    }
    Files.syncDirectory(Files.directory(of: path))
  }
}
