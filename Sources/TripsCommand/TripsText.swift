import ToolSupport
import WishlistKit

/// The text views of `trips list`, `show` and `collections` (`--format text`): the sample's cards
/// as lines for people. Every name from the data goes through `TerminalText.safe`, so a control
/// character in a name is shown escaped, never sent to the terminal.
enum TripsText {
  /// The mark of a done activity, and of a complete trip.
  static let done = "\u{2713}"
  /// The mark of an activity not done yet.
  static let open = "\u{25CB}"

  /// A trip's progress as the detail screen counts it: "3 of 5 · 60%" (a whole percent, rounded
  /// to the nearest), or "no activities".
  static func progress(done: Int, of total: Int) -> String {
    guard total > 0 else { return "no activities" }
    let percent = (done * 200 + total) / (total * 2)
    return "\(done) of \(total) \u{00B7} \(percent)%"
  }

  /// One line per trip, in the order given: name, collection, progress, and a check mark when the
  /// trip is complete. Names and collections are padded into columns.
  static func list(_ trips: [Trip], style: Terminal.Style) -> String {
    guard !trips.isEmpty else { return "no trips\n" }
    let names = trips.map { TerminalText.safe($0.name) }
    let collections = trips.map { TerminalText.safe($0.collection.name) }
    let nameWidth = names.map(width).max() ?? 0
    let collectionWidth = collections.map(width).max() ?? 0
    var text = ""
    for (index, trip) in trips.enumerated() {
      var line =
        style.bold(pad(names[index], nameWidth)) + "  " + style.dim(pad(collections[index], collectionWidth))
      line += "  " + progress(done: trip.completedCount, of: trip.activities.count)
      if trip.isComplete { line += " " + style.apply("32", done) }
      text += line + "\n"
    }
    return text
  }

  /// One trip as its detail screen: the name, its collection (and subtitle), "Trip Activities" with
  /// the progress, then each activity in the order given with a mark: ✓ done, ○ not yet.
  static func show(_ trip: Trip, activities: [Activity], style: Terminal.Style) -> String {
    var text = style.bold(TerminalText.safe(trip.name)) + "\n"
    var about = TerminalText.safe(trip.collection.name)
    if let subtitle = trip.subtitle { about += " \u{00B7} " + TerminalText.safe(subtitle) }
    text += style.dim(about) + "\n"
    guard !activities.isEmpty else {
      return text + "Trip Activities: none yet (add some: trips activity add "
        + Lookup.quoted(TerminalText.safe(trip.name)) + " NAME...)\n"
    }
    text += "Trip Activities: " + progress(done: trip.completedCount, of: trip.activities.count) + "\n"
    for activity in activities {
      let mark = activity.isComplete ? style.apply("32", done) : open
      text += "  \(mark) \(TerminalText.safe(activity.name))\n"
    }
    return text
  }

  /// The four collections in display order: name, the id `--collection` takes, season, summary.
  static func collections(_ collections: [TripCollection], style: Terminal.Style) -> String {
    let names = collections.map { TerminalText.safe($0.name) }
    let ids = collections.map { TerminalText.safe($0.rawValue) }
    let seasons = collections.map { TerminalText.safe($0.season) }
    let nameWidth = names.map(width).max() ?? 0
    let idWidth = ids.map(width).max() ?? 0
    let seasonWidth = seasons.map(width).max() ?? 0
    var text = ""
    for (index, collection) in collections.enumerated() {
      var line = style.bold(pad(names[index], nameWidth)) + "  " + pad(ids[index], idWidth)
      if let summary = collection.summary {
        line += "  " + pad(seasons[index], seasonWidth) + "  " + style.dim(TerminalText.safe(summary))
      } else {
        line += "  " + seasons[index]
      }
      text += line + "\n"
    }
    return text
  }

  /// `text` followed by spaces up to `columns` terminal columns.
  static func pad(_ text: String, _ columns: Int) -> String {
    let shown = width(text)
    return shown >= columns ? text : text + String(repeating: " ", count: columns - shown)
  }

  /// The columns `text` takes on a terminal, near enough for lining up columns: two for East Asian
  /// wide characters and emoji, none for combining marks and joiners, one otherwise.
  static func width(_ text: String) -> Int {
    var columns = 0
    for character in text {
      guard let first = character.unicodeScalars.first else { continue }
      switch first.value {
      case 0x0300...0x036F, 0x200B...0x200D, 0xFE00...0xFE0F: continue
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
        columns += 2
      default:
        columns += first.properties.isEmojiPresentation ? 2 : 1
      }
    }
    return columns
  }
}
