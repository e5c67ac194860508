import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `story-io versions FILE`: the backups of a document as `story-version` records.
enum Versions {
  static let text = Flag("text", help: "include each backup's text")

  static let command = Command(
    name: "versions", summary: "a document's backups (FILE~, FILE.~N~) as story-version records",
    options: [StoryIOOptions.format, BackupControl.option, text, StoryIOOptions.now],
    arguments: Arguments(StoryIOOptions.document).completing(StoryIOCompletion.documents),
    output: """
      One story-version record per backup, in the order 'undo' tries them (under numbered, or
      existing when there are numbered backups: the highest FILE.~N~ first, FILE~ last; else
      FILE~ first):
        {"bytes":6,"current":false,"document":"Ocean.story","kind":"numbered","lines":1,\
      "modified":"…","number":2,"path":"Ocean.story.~2~","sha256":"…","title":"Ocean",\
      "type":"story-version","undo":true,"words":1}
      "current": it holds FILE's text now (undo passes it over); "undo": the one 'story-io undo'
      would swap in. No backup: no output (exit 0). A FILE that is gone still has its backups
      listed; gone with no backup either, it cannot be opened (exit 66). A backup that is not
      UTF-8 is reported (exit 65) and the others still listed.
      With --format text, the same backups as rows: name, words, when its text was written (in
      the zone for people, labelled), and which one undo swaps in; fitted to the width. With
      --format csv, a header row of the story-version record's fields and a row per backup.
      """,
    exitStatus: [
      "65   a backup or FILE is not a story (not UTF-8, not a regular file)",
      "66   FILE is gone and has no backup",
    ],
    examples: """
      story-io versions Ocean.story | jq -r 'select(.undo) | .path'
      story-io versions --text Ocean.story | jq -r 'select(.number == 1) | .text'
      story-io versions -f text Ocean.story
      """,
    lookups: [StoryIOOptions.fileLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let control = try BackupControl.of(invocation)
    let given = try StoryIOOptions.documentPath(invocation)
    let path = StoryFiles.target(of: given)
    let current: [UInt8]? = StoryFiles.kind(path) == .missing ? nil : try StoryFiles.load(given).bytes
    let backups = Backups.list(of: path, control: control == .none ? .existing : control)
    if current == nil && backups.isEmpty {
      throw ToolError("cannot open '\(given)': \(Files.describe(ENOENT))", code: ExitStatus.noInput)
    }
    let failures = Failures(tool: invocation.tool)
    // Undo takes the first backup that differs, and stops at one it cannot read.
    var undoTaken = control == .none || current == nil
    let asText = invocation[StoryIOOptions.format] == .text
    var shown: [(story: LoadedStory, backup: Backup, current: Bool, undo: Bool)] = []
    let csv = invocation[StoryIOOptions.format] == .csv ? CSVTable(StorySchemas.version) : nil
    var headerWritten = false
    for backup in backups {
      do {
        let story = try StoryFiles.load(backup.path, asDocument: false)
        let isCurrent = story.bytes == current
        let isUndo = !undoTaken && !isCurrent
        if isUndo { undoTaken = true }
        if asText {
          shown.append((story, backup, isCurrent, isUndo))
        } else {
          StoryIOOptions.write(
            record(
              story, backup: backup, document: given, current: isCurrent, undo: isUndo, text: invocation[text]
            ),
            csv: csv, headerWritten: &headerWritten)
        }
      } catch {
        undoTaken = true
        failures.report(error)
      }
    }
    if asText {
      let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
      let day = StoryIOOptions.dayAndTime(invocation)
      StandardOutput.shared.write(
        StoryText.versions(shown, document: given, width: TextLayout.width(), style: style, day: day))
    }
    if let csv, !headerWritten { StandardOutput.shared.write(csv.header) }
    return failures.status
  }

  /// The `story-version` record of a backup of `document` (keys sorted).
  static func record(
    _ story: LoadedStory, backup: Backup, document: String, current: Bool, undo: Bool, text: Bool
  ) -> JSONObject {
    var object: JSONObject = [
      "type": .string("story-version"),
      "document": .string(document),
      "title": .string(StoryDocument.title(ofPath: document)),
      "path": .string(backup.path),
      "kind": .string(backup.number == nil ? "simple" : "numbered"),
      "bytes": .int(story.bytes.count),
      "words": .int(StoryDocument.wordCount(story.text)),
      "lines": .int(StoryDocument.lineCount(story.bytes)),
      "sha256": .string(SHA256.hex(story.bytes)),
      "modified": .string(ISODate.format(story.modified)),
      "current": .bool(current),
      "undo": .bool(undo),
    ]
    if let number = backup.number, let value = JSONNumber(text: number.digits) {
      object["number"] = .number(value)
    }
    if text { object["text"] = .string(story.text) }
    object.sortKeys()
    return object
  }
}
