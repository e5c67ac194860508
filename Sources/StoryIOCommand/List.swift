import PipeProtocol
import ToolSupport

/// `story-io list [DIR]`: the documents in a folder as story records, most recently changed first.
enum List {
  static let text = Flag("text", help: "include each story's text (full records)")

  static let command = Command(
    name: "list", summary: "the documents in a folder as story records, most recently changed first",
    options: [text],
    arguments: .optional("DIR"),
    output: """
      One story record per document (*.story, hidden files left out) in DIR (default: the
      current folder), most recently changed first, with "modified" (ISO 8601) and without
      "text" unless --text is given.
      """,
    examples: ["story-io list stories | jq -r '\"\\(.words)\\t\\(.title)\"'"],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let folder = invocation.positionals.first ?? "."
    guard StoryFiles.isFolder(folder) else {
      throw ToolError(
        "cannot list '\(folder)': \(Files.exists(folder) ? "not a folder" : "no such folder")",
        code: ExitStatus.noInput, notes: ["to read one document, use 'story-io read \(folder)'"])
    }
    let failures = Failures(tool: invocation.tool)
    let includeText = invocation[text]
    for document in try StoryFiles.documents(in: folder) {
      do {
        let story = try StoryFiles.load(document.path)
        StandardOutput.shared.writeRecord(story.record(includeText: includeText, includeModified: true))
      } catch {
        failures.report(error)
      }
    }
    return failures.status
  }
}
