import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io list [DIR]`: the documents in a folder as story records, most recently changed first.
enum List {
  static let text = Flag("text", help: "include each story's text (full records)")
  static let dir = Argument.optional("DIR")

  static let command = Command(
    name: "list", summary: "the documents in a folder as story records, most recently changed first",
    options: [StoryIOOptions.format, text, StoryIOOptions.now],
    arguments: Arguments(dir),
    output: """
      One story record per document (*.story, hidden files left out) in DIR (default: the
      current folder), most recently changed first, with "modified" (ISO 8601) and without
      "text" unless --text is given. With --format text, one row per document: title, words and
      when it was last changed, in the zone for people ($TZ, else America/Los_Angeles), labelled;
      fitted to the terminal's width. With --format csv, a header row of the story record's fields
      and a row per document ("text" empty unless --text).
      """,
    examples: #"""
      story-io list stories | jq -r '"\(.words)\t\(.title)"'
      story-io list -f text
      """#,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let folder = invocation[dir] ?? "."
    guard StoryFiles.isFolder(folder) else {
      throw ToolError(
        "cannot list '\(folder)': \(Files.exists(folder) ? "not a folder" : "no such folder")",
        code: ExitStatus.noInput, notes: ["to read one document, use 'story-io read \(folder)'"])
    }
    try RenameJournal.finish(in: folder)
    let failures = Failures(tool: invocation.tool)
    let includeText = invocation[text]
    let asText = invocation[StoryIOOptions.format] == .text
    var stories: [LoadedStory] = []
    let csv = invocation[StoryIOOptions.format] == .csv ? CSVTable(StorySchemas.story) : nil
    var headerWritten = false
    for document in try StoryFiles.documents(in: folder) {
      do {
        let story = try StoryFiles.load(document.path)
        if asText {
          stories.append(story)
        } else {
          StoryIOOptions.write(
            story.record(includeText: includeText, includeModified: true), csv: csv,
            headerWritten: &headerWritten)
        }
      } catch {
        failures.report(error)
      }
    }
    if asText {
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      let day = StoryIOOptions.dayAndTime(invocation)
      StandardOutput.shared.write(StoryText.list(stories, width: TextLayout.width(), style: style, day: day))
    }
    if let csv, !headerWritten { StandardOutput.shared.write(csv.header) }
    return failures.status
  }
}
