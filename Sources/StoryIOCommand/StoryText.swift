import ToolSupport

/// The text views of story-io's listings (the launch screen's documents, `list -f text`,
/// `versions -f text`), fitted to a width: rows in columns when they fit, the name shortened with
/// "…" when it alone is too wide, else one card per row (the name on its line, the details under
/// it). Names from the disk are shown escaped (`StoryDocument.escaped`).
enum StoryText {
  /// One row: a name, then its details, each in its own column.
  struct Row {
    /// The name (escaped already), shown bold.
    var name: String
    /// The details, one per column.
    var details: [String]
  }

  /// The fewest columns a name keeps before the rows become cards.
  static let narrowestName = 8

  /// `rows` laid out to `width`, each line indented by 2: in columns (the name padded to
  /// `minimumName` at least; the details in `rightAligned` pushed right; all but the first dim)
  /// when every row fits with its name shortened to no fewer than `narrowestName` columns, else
  /// as cards.
  static func rows(
    _ rows: [Row], width: Int, style: Terminal.Style, minimumName: Int = 0, rightAligned: Set<Int> = []
  ) -> String {
    let columns = (rows.map(\.details.count).max() ?? 0)
    let detailWidths = (0..<columns).map { column in
      rows.map { $0.details.indices.contains(column) ? TextLayout.displayWidth($0.details[column]) : 0 }.max()
        ?? 0
    }
    let detailsWidth = detailWidths.reduce(0, +) + 3 * columns
    let longest = max(minimumName, rows.map { TextLayout.displayWidth($0.name) }.max() ?? 0)
    let nameWidth = min(longest, width - 2 - detailsWidth)
    var text = ""
    if nameWidth >= min(longest, narrowestName) {
      for row in rows {
        let name = TextLayout.shorten(row.name, to: nameWidth)
        var line =
          "  " + style.bold(name) + String(repeating: " ", count: nameWidth - TextLayout.displayWidth(name))
        for (column, detail) in row.details.enumerated() {
          let room = String(repeating: " ", count: detailWidths[column] - TextLayout.displayWidth(detail))
          let last = column == row.details.count - 1
          let shown = column > 0 ? style.dim(detail) : detail
          line += "   " + (rightAligned.contains(column) ? room + shown : shown + (last ? "" : room))
        }
        text += line + "\n"
      }
      return text
    }
    for row in rows {
      text += "  " + style.bold(TextLayout.shorten(row.name, to: width - 2)) + "\n"
      // As many details on a line as fit, joined by " · ": a detail (a date) is not broken.
      for line in TextLayout.joined(row.details, width: width - 4) { text += "    " + style.dim(line) + "\n" }
    }
    return text
  }

  /// `list -f text`: one row per document: title, words, when it was last changed (`day`).
  static func list(_ stories: [LoadedStory], width: Int, style: Terminal.Style, day: (Int) -> String)
    -> String
  {
    guard !stories.isEmpty else { return "no documents\n" }
    let rows = stories.map { story in
      Row(
        name: StoryDocument.escaped(StoryDocument.title(ofPath: story.path)),
        details: [Numbers.count(StoryDocument.wordCount(story.text), "word"), day(story.modified)])
    }
    return StoryText.rows(rows, width: width, style: style, rightAligned: [0])
  }

  /// `versions -f text`: a heading, then one row per backup in the order undo tries them: its
  /// name, words, when its text was written (`day`), and which one undo swaps in or holds the
  /// document's text now.
  static func versions(
    _ backups: [(story: LoadedStory, backup: Backup, current: Bool, undo: Bool)], document: String,
    width: Int,
    style: Terminal.Style, day: (Int) -> String
  ) -> String {
    let name = StoryDocument.escaped(document)
    guard !backups.isEmpty else { return lines("'\(name)' has no backups", width: width) }
    var text = lines(
      "'\(name)': \(Numbers.count(backups.count, "backup")), in the order undo tries them:", width: width)
    let rows = backups.map { entry in
      var details = [
        Numbers.count(StoryDocument.wordCount(entry.story.text), "word"), day(entry.story.modified),
      ]
      if entry.undo { details.append("undo swaps this in") }
      if entry.current { details.append("holds its text now") }
      return Row(name: StoryDocument.escaped(Files.basename(entry.backup.path)), details: details)
    }
    text += StoryText.rows(rows, width: width, style: style, rightAligned: [0])
    return text
  }

  /// `text` wrapped to `width`, a newline after each line.
  static func lines(_ text: String, width: Int, indent: Int = 0, hanging: Int? = nil) -> String {
    TextLayout.wrap(text, width: width, indent: indent, hanging: hanging).map { $0 + "\n" }.joined()
  }

}
