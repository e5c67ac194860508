import PipeProtocol
import PipeReading
import ToolSupport

/// The argument and options several story-io commands share, declared once.
enum StoryIOOptions {
  /// How `FILE` finds its document, for the docs.
  /// What a title must be, for the docs (`StoryDocument.titleProblem` checks it).
  static let titleRule =
    "a title is a file name: not empty, not `.` or `..`, no `/`, no control character, at most "
    + "\(StoryDocument.maxTitleBytes) bytes"
  static let fileLookup = LookupRule(
    "FILE", finds: "a document", by: "its path, as given (never by title)", notFound: 66)

  /// The document a command works on.
  static let document = Argument.one("FILE")

  /// The path `FILE` gives, once a rename left unfinished beside it is finished, so that the
  /// command finds the folder as the rename leaves it.
  static func documentPath(_ invocation: Invocation) throws(ToolError) -> String {
    let given = invocation[document]
    try RenameJournal.finish(inFolderOf: given)
    return given
  }
  /// `--format`: records (json), rows for a person (text), or a header row and a row per record
  /// (csv).
  static let format = Option.format([.text, .json, .csv], default: .json)

  /// Writes `record` as `--format` says (json or csv; `table` gives the csv columns), the csv
  /// header before the first row (`headerWritten` tracks it).
  static func write(_ record: JSONObject, csv table: CSVTable?, headerWritten: inout Bool) {
    guard let table else { return StandardOutput.shared.writeRecord(record) }
    if !headerWritten { StandardOutput.shared.write(table.header) }
    headerWritten = true
    StandardOutput.shared.write(table.row(record))
  }
  /// `--now`: when 'Today' is in a text view.
  static let now = Option.date(
    "now", name: "DATE", help: "the time 'Today' is counted from in the text view (default: the clock)")

  /// How a text view says when: the day and time in the zone for people, labelled, 'Today'
  /// counted from `--now`.
  static func dayAndTime(_ invocation: Invocation) -> (Int) -> String {
    let zone = LocalTime.forPeople()
    let now = invocation.now(now)
    return { LocalTime.dayAndTime($0, now: now, in: zone) }
  }
}
