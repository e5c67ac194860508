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

  /// The screen for `entries` (already in display order) at time `now`, `width` columns wide.
  public static func render(_ entries: [Entry], now: Int, width: Int, style: Terminal.Style) -> String {
    var text = style.bold("Writing App") + "\n\n"
    text += "  Start Writing:  story-io new TITLE\n"
    text += "  then:           story-io edit TITLE.story    (read it: story-io focus TITLE.story)\n\n"
    guard !entries.isEmpty else {
      text += "No documents in this folder yet.\n"
      return text
    }
    text += "Documents in this folder, most recently changed first:\n\n"
    let counts = entries.map { entry in
      entry.words.map { $0 == 1 ? "1 word" : "\($0) words" } ?? "can't be opened"
    }
    let ages = entries.map { age(seconds: now - $0.modified) }
    let countWidth = counts.map(\.count).max() ?? 0
    let ageWidth = ages.map(\.count).max() ?? 0
    let titles = entries.map { StoryDocument.escaped($0.title) }
    let longest = titles.map(FocusLayout.displayWidth).max() ?? 0
    let titleWidth = max(8, min(longest, width - 2 - countWidth - ageWidth - 6))
    for (i, title) in titles.enumerated() {
      let shown = truncate(title, to: titleWidth)
      let pad = String(repeating: " ", count: titleWidth - FocusLayout.displayWidth(shown))
      let count = String(repeating: " ", count: countWidth - counts[i].count) + counts[i]
      text += "  " + style.bold(shown) + pad + "   " + count + "   " + style.dim(ages[i]) + "\n"
    }
    return text
  }

  /// `title` cut to `width` columns with a final `…` when it is longer.
  static func truncate(_ title: String, to width: Int) -> String {
    guard FocusLayout.displayWidth(title) > width else { return title }
    var out = ""
    var used = 0
    for character in title {
      let w = FocusLayout.width(of: character)
      if used + w > width - 1 { break }
      out.append(character)
      used += w
    }
    return out + "…"
  }

  /// How long ago, in words: `just now`, `5 minutes ago`, `yesterday`, `3 weeks ago`…
  public static func age(seconds: Int) -> String {
    func plural(_ n: Int, _ unit: String) -> String { n == 1 ? "1 \(unit) ago" : "\(n) \(unit)s ago" }
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
