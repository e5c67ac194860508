import ToolSupport

/// The launch screen (`story-io` alone): the sample's "Writing App" launch scene with its
/// "Start Writing" button, as text.
public enum LaunchScreen {
  /// One document shown on the screen.
  public struct Entry: Sendable, Equatable {
    /// The title.
    public var title: String
    /// The word count, or nil when the file cannot be opened.
    public var words: Int?
    /// When it was last changed (seconds since 1970).
    public var modified: Int

    /// An entry.
    public init(title: String, words: Int?, modified: Int) {
      self.title = title
      self.words = words
      self.modified = modified
    }
  }

  /// How to start, as rows of a step and its command.
  static let steps = [
    ("Start Writing:", "story-io new TITLE"), ("then:", "story-io edit TITLE.story"),
    ("read it:", "story-io focus TITLE.story"),
  ]

  /// The screen for `entries` (already in display order) at time `now`, `width` columns wide: the
  /// title and the scene's art (`LaunchScene`), the steps beside their commands when they fit,
  /// else each command under its step; the documents in rows (`StoryText.rows`).
  public static func render(_ entries: [Entry], now: Int, width: Int, style: Terminal.Style) -> String {
    var text = style.bold("Writing App") + "\n" + LaunchScene.text(width: width, style: style) + "\n"
    let stepWidth = (steps.map { $0.0.count }.max() ?? 0) + 2
    let beside = steps.allSatisfy { 2 + stepWidth + TextLayout.displayWidth($0.1) <= width }
    for (step, command) in steps {
      text +=
        beside
        ? "  " + step + String(repeating: " ", count: stepWidth - step.count) + command + "\n"
        : "  \(step)\n      \(command)\n"
    }
    text += "\n"
    guard !entries.isEmpty else {
      text += "No documents in this folder yet.\n"
      return text
    }
    text += StoryText.lines("Documents in this folder, most recently changed first:", width: width) + "\n"
    let rows = entries.map { entry in
      StoryText.Row(
        name: StoryDocument.escaped(entry.title),
        details: [
          entry.words.map { Numbers.count($0, "word") } ?? "can't be opened",
          age(seconds: now - entry.modified),
        ])
    }
    return text
      + StoryText.rows(
        rows, width: width, style: style, minimumName: StoryText.narrowestName, rightAligned: [0])
  }

  /// How long ago, in words: `just now`, `5 minutes ago`, `yesterday`, `3 weeks ago`…
  public static func age(seconds: Int) -> String {
    func plural(_ n: Int, _ unit: String) -> String { Numbers.count(n, unit) + " ago" }
    let day = 86_400
    switch seconds {
    case ..<0: return "in the future"
    case ..<60: return "just now"
    case ..<3_600: return plural(seconds / 60, "minute")
    case ..<day: return plural(seconds / 3_600, "hour")
    case ..<(2 * day): return "yesterday"
    case ..<(7 * day): return plural(seconds / day, "day")
    case ..<(30 * day): return plural(seconds / (7 * day), "week")
    case ..<(365 * day): return plural(seconds / (30 * day), "month")
    default: return plural(seconds / (365 * day), "year")
    }
  }
}
