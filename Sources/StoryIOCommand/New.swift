import Glibc
import PipeProtocol
import ToolSupport

/// `story-io new TITLE`: an empty document D/TITLE.story.
enum New {
  static let dir = Option.string(
    "dir", name: "D", help: "the folder to create it in, created if missing", default: ".")
  static let force = Flag("force", help: "replace an existing document with an empty one")

  static let command = Command(
    name: "new", summary: "create an empty document D/TITLE.story",
    options: [dir, force],
    arguments: .one("TITLE"),
    output: "The new document's story record (without text). A trailing .story on TITLE is dropped.",
    examples: ["story-io new Ocean --dir stories | jq -r .path"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let title = StoryDocument.titleArgument(invocation.positionals[0])
    if let problem = StoryDocument.titleProblem(title) {
      throw ToolError.usage("cannot create a document: \(problem)")
    }
    let folder = invocation[dir]
    try StoryFiles.requireFolder(folder)
    try Files.makeDirectories(folder)
    let path = StoryDocument.join(folder, StoryDocument.fileName(forTitle: title))
    let kind = StoryFiles.kind(path)
    if kind != .missing {
      guard invocation[force] else {
        throw ToolError("'\(path)' already exists", notes: ["add --force to replace it with an empty story"])
      }
      guard kind == .file else { throw ToolError("'\(path)' is not a regular file; it was left alone") }
      try Files.writeAtomically(path, bytes: [])
    } else {
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      guard fd >= 0 else {
        if errno == EEXIST {
          throw ToolError(
            "'\(path)' already exists", notes: ["add --force to replace it with an empty story"])
        }
        throw ToolError.io("cannot create '\(path)': \(Files.describe(errno))")
      }
      let synced = fsync(fd) == 0
      close(fd)
      guard synced else { throw ToolError.io("cannot sync '\(path)': \(Files.describe(errno))") }
      Files.syncDirectory(folder)
    }
    StandardOutput.shared.writeRecord(try StoryFiles.load(path).record(includeText: false))
    return ExitStatus.ok
  }
}
