import ToolSupport
import WishlistKit

/// The text views of the listing commands (`--format text`): the sample's cards as lines for
/// people, fitted to a width (`TextLayout`): lines that are text wrap, rows of a table shorten
/// their names with "…". Every name from the data goes through `TerminalText.safe`, so a control
/// character in a name is shown escaped, never sent to the terminal.
enum TripsText {
  /// The mark of a done activity, and of a complete trip.
  static let done = "\u{2713}"
  /// The mark of an activity not done yet.
  static let open = "\u{25CB}"
  /// The fewest columns a shortened name keeps (with its "…").
  static let narrowest = 6

  /// A trip's progress as the detail screen counts it: "3 of 5 · 60%" (a whole percent, rounded
  /// to the nearest), or "no activities".
  static func progress(done: Int, of total: Int) -> String {
    guard total > 0 else { return "no activities" }
    let percent = (done * 200 + total) / (total * 2)
    return "\(Numbers.grouped(done)) of \(Numbers.grouped(total)) \u{00B7} \(percent)%"
  }

  /// One line per trip, in the order given: name, collection, progress, and a check mark when the
  /// trip is complete. Names and collections are padded into columns, and shortened to fit `width`.
  static func list(_ trips: [Trip], width: Int, style: Terminal.Style) -> String {
    guard !trips.isEmpty else { return "no trips\n" }
    let names = trips.map { TerminalText.safe($0.name) }
    let collections = trips.map { TerminalText.safe($0.collection.name) }
    let tallies = trips.map { progress(done: $0.completedCount, of: $0.activities.count) }
    let tallyWidth =
      zip(trips, tallies).map { TextLayout.displayWidth($1) + ($0.isComplete ? 2 : 0) }.max() ?? 0
    let columns = fit(
      [widest(names), widest(collections)], room: width - tallyWidth - 4)
    var text = ""
    for (index, trip) in trips.enumerated() {
      var line =
        style.bold(cell(names[index], columns[0])) + "  " + style.dim(cell(collections[index], columns[1]))
      line += "  " + tallies[index]
      if trip.isComplete { line += " " + style.apply("32", done) }
      text += line + "\n"
    }
    return text
  }

  /// One trip as its detail screen: the name, its collection (and subtitle), "Trip Activities" with
  /// the progress, then each activity in the order given with a mark: ✓ done, ○ not yet. Long
  /// names wrap to `width`, an activity's under its first word.
  static func show(_ trip: Trip, activities: [Activity], width: Int, style: Terminal.Style) -> String {
    var text = lines(TextLayout.wrap(TerminalText.safe(trip.name), width: width), style.bold)
    var about = TerminalText.safe(trip.collection.name)
    if let subtitle = trip.subtitle { about += " \u{00B7} " + TerminalText.safe(subtitle) }
    text += lines(TextLayout.wrap(about, width: width, hanging: 2), style.dim)
    guard !activities.isEmpty else {
      let hint =
        "Trip Activities: none yet (add some: trips activity add "
        + Lookup.quoted(TerminalText.safe(trip.name)) + " NAME...)"
      return text + lines(TextLayout.wrap(hint, width: width, hanging: 2))
    }
    text += "Trip Activities: " + progress(done: trip.completedCount, of: trip.activities.count) + "\n"
    for activity in activities {
      let mark = activity.isComplete ? style.apply("32", done) : open
      var wrapped = TextLayout.wrap(TerminalText.safe(activity.name), width: width, indent: 4)
      wrapped[0] = "  \(mark) " + wrapped[0].dropFirst(4)
      text += lines(wrapped)
    }
    return text
  }

  /// The four collections in display order: name, the id `--collection` takes, season, summary
  /// (wrapped beside them, or under them when the width leaves too little room).
  static func collections(_ collections: [TripCollection], width: Int, style: Terminal.Style) -> String {
    let names = collections.map { TerminalText.safe($0.name) }
    let ids = collections.map { TerminalText.safe($0.rawValue) }
    let seasons = collections.map { TerminalText.safe($0.season) }
    let nameWidth = widest(names)
    let idWidth = widest(ids)
    let seasonWidth = widest(seasons)
    let summaryAt = nameWidth + idWidth + seasonWidth + 6
    let beside = width - summaryAt >= 20
    var text = ""
    for (index, collection) in collections.enumerated() {
      let head = style.bold(pad(names[index], nameWidth)) + "  " + pad(ids[index], idWidth) + "  "
      guard let summary = collection.summary.map(TerminalText.safe) else {
        text += head + seasons[index] + "\n"
        continue
      }
      guard beside else {
        text +=
          head + seasons[index] + "\n" + lines(TextLayout.wrap(summary, width: width, indent: 4), style.dim)
        continue
      }
      let wrapped = TextLayout.wrap(summary, width: width - summaryAt)
      text += head + pad(seasons[index], seasonWidth) + "  " + style.dim(wrapped[0]) + "\n"
      for more in wrapped.dropFirst() {
        text += String(repeating: " ", count: summaryAt) + style.dim(more) + "\n"
      }
    }
    return text
  }

  /// Search results as the Search tab shows them: each section's title, then one row per hit with
  /// a mark (✓ done or complete, ○ not yet), the name, and where it is: a trip's collection, an
  /// activity's trip. Rows are shortened to fit `width`.
  static func search(_ sections: [SearchSection], width: Int, style: Terminal.Style) -> String {
    let rows = sections.flatMap { section in
      section.hits.map { hit in
        (
          name: TerminalText.safe(hit.name),
          place: TerminalText.safe(hit.activity == nil ? hit.trip.collection.name : hit.trip.name),
          done: hit.activity?.isComplete ?? hit.trip.isComplete
        )
      }
    }
    let columns = fit([widest(rows.map(\.name)), widest(rows.map(\.place))], room: width - 8)
    var text = ""
    var row = 0
    for section in sections {
      text += style.bold(section.kind.title) + "\n"
      for _ in section.hits {
        let (name, place, isDone) = rows[row]
        row += 1
        let mark = isDone ? style.apply("32", done) : open
        text +=
          "  \(mark) " + cell(name, columns[0]) + "  " + style.dim(TextLayout.shorten(place, to: columns[1]))
          + "\n"
      }
    }
    return text
  }

  /// The most recently created trips as cards: name and progress, then the collection and when the
  /// trip was added (`day` gives it, in the zone for people), wrapped to `width`.
  static func recent(_ trips: [Trip], width: Int, style: Terminal.Style, day: (Int) -> String) -> String {
    guard !trips.isEmpty else { return "no trips\n" }
    var text = ""
    for trip in trips {
      var tally = progress(done: trip.completedCount, of: trip.activities.count)
      if trip.isComplete { tally += " " + done }
      let name = TextLayout.shorten(
        TerminalText.safe(trip.name), to: max(narrowest, width - TextLayout.displayWidth(tally) - 2))
      text += style.bold(name) + "  " + (trip.isComplete ? style.apply("32", tally) : tally) + "\n"
      // The collection and the date on one line when they fit, else each on its own: a date is
      // not broken between lines.
      let collection = TerminalText.safe(trip.collection.name)
      let added = "added " + day(trip.creationDate)
      let about = "  " + collection + " \u{00B7} " + added
      text +=
        TextLayout.displayWidth(about) <= width
        ? lines([about], style.dim) : lines(["  " + collection, "  " + added], style.dim)
    }
    return text
  }

  /// Widths for columns that want `wanted` columns each, narrowed (the widest first, none below
  /// `narrowest`) until together they take at most `room` columns.
  static func fit(_ wanted: [Int], room: Int) -> [Int] {
    var widths = wanted
    while widths.reduce(0, +) > room {
      guard
        let widest = widths.indices.filter({ widths[$0] > narrowest }).max(by: { widths[$0] < widths[$1] })
      else { break }
      widths[widest] -= 1
    }
    return widths
  }

  /// `text` shortened to `columns` and padded to them.
  static func cell(_ text: String, _ columns: Int) -> String {
    pad(TextLayout.shorten(text, to: columns), columns)
  }

  /// `text` followed by spaces up to `columns` terminal columns.
  static func pad(_ text: String, _ columns: Int) -> String { TextLayout.padded(text, to: columns) }

  /// The widest of `texts` in terminal columns.
  static func widest(_ texts: [String]) -> Int { texts.map { TextLayout.displayWidth($0) }.max() ?? 0 }

  /// Lines joined with a newline after each, each styled by `style` after its indent.
  static func lines(_ lines: [String], _ style: (String) -> String = { $0 }) -> String {
    lines.map { line in
      let indent = line.prefix { $0 == " " }.count
      return String(line.prefix(indent)) + style(String(line.dropFirst(indent))) + "\n"
    }.joined()
  }
}
