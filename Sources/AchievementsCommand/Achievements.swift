import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// `achievements`: the Wishlist sample's 18 goals and their badges, from any stream of trips.
public enum Achievements: Tool {
  static let state = Option.string(
    "state", name: "FILE", help: "keep achievement dates in FILE between runs (atomic, locked)")
  static let events = Flag("events", help: "write only what changed since the last run (needs --state)")
  static let now = Option.date("now", help: "the time of this run (default: the clock)")
  static let format = Option.format(
    [.text, .json, .csv], default: .json, help: "the Goals screen, records, or a row per record")
  /// The columns of `--format csv`: the achievement record's fields; with `--events`, those of
  /// both event records (earned and revoked), so that one header serves both.
  static let csv = CSVTable(WishlistSchemas.catalog.schema(for: "achievement")!)
  static let eventsCSV = CSVTable(
    columns: Set(
      ["achievement-earned", "achievement-revoked"].flatMap { type in
        CSVTable(WishlistSchemas.catalog.schema(for: type)!).columns
      }
    ).sorted())

  /// The command: its options, help sections and run.
  public static let command = Command(
    name: "achievements",
    summary: "the Wishlist's 18 goals and badges, measured on a stream of trip records",
    options: [state, events, now, format],
    arguments: .files,
    input: """
      JSON lines from each FILE, or stdin ('-' or none), such as 'trips list'. Only trip records
      are used; records of other types are ignored. A trip id seen again replaces the earlier
      record. Activities count across all trips; a trip is complete when it has activities and
      all are done (a trip with none never is); seasonal goals count the complete trips of their
      collection.
      """,
    output: """
      json: 18 achievement records: the achieved goals newest first, then the next milestones in
      the sample's order, each with "progressText" ("9 of 10").
      --events: only achievement-earned and achievement-revoked records, in the goals' order.
      text: the Goals screen: badges with names, dates and subtitles, then progress bars, fitted
      to the terminal's width. Dates for people are in $TZ, else the truck city's zone
      (America/Los_Angeles), labelled ('Today, 3:00 AM PDT'); records keep UTC.
      A goal achieved now and not before is dated now; one no longer achieved is revoked; others
      keep their date (with --state, across runs; without, everything achieved is dated now).
      csv: a header row of the record's fields and a row per record (with --events, the fields
      of both event records; a field a record lacks is empty).
      """,
    exitStatus: [
      "65   a line is not a valid record, a trip record is malformed, or the state file is corrupt"
    ],
    examples: """
      trips list | achievements --format text
      trips list | achievements --state goals.jsonl --events
      trips activity toggle 'Maui Rainforest' 'Descend a waterfall' && trips list | achievements --state s --events
      """,
    conflicts: [
      .requires(
        "events", "state",
        message: "--events needs --state FILE (the changes are counted since the run that last wrote it)")
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let now = invocation.now(now)
    let text = invocation[format] == .text
    let csv = invocation[format] == .csv
    let eventsOnly = invocation[events]
    let statePath = invocation[state]
    let counts = try readCounts(invocation.positionals)
    let out = StandardOutput.shared
    let zone = LocalTime.forPeople()
    let date = { (seconds: Int) in LocalTime.dayAndTime(seconds, now: now, in: zone) }
    let emit = { (ledger: GoalLedger, events: [GoalEvent]) in
      if eventsOnly {
        if text {
          out.write(GoalsScreen.events(events, width: TextLayout.width(), date: date))
        } else if csv {
          out.write(eventsCSV.text(events.map(\.record)))
        } else {
          for event in events { out.writeRecord(event.record) }
        }
      } else {
        let statuses = ledger.statuses(counts: counts)
        if text {
          let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
          out.write(GoalsScreen.render(statuses, width: TextLayout.width(), style: style, date: date))
        } else if csv {
          out.write(Self.csv.text(statuses.map(\.record)))
        } else {
          for status in statuses { out.writeRecord(status.record) }
        }
      }
      // Written before the state file changes: output that cannot be written ends the run here
      // (exit 74, or quietly on a closed pipe), the state untouched, so no event is lost.
      out.flush()
    }
    if let statePath {
      try StateFile(path: statePath).update(counts: counts, now: now, beforeSaving: emit)
    } else {
      var ledger = GoalLedger()
      let events = ledger.update(counts: counts, now: now)
      emit(ledger, events)
    }
    return ExitStatus.ok
  }

  /// The goal counts of the trip records in the inputs (a repeated trip id replaces the earlier
  /// trip).
  static func readCounts(_ paths: [String]) throws -> GoalCounts {
    var trips: [String: (collection: TripCollection, done: Int, total: Int)] = [:]
    try Inputs.forEach(paths, tool: command.name) { reader in
      try reader.forEach { view in
        guard view.type == "trip" else { return }
        let trip = try Trip(record: view.copy())
        trips[trip.id.lowercased()] = (trip.collection, trip.completedCount, trip.activities.count)
      }
    }
    var counts = GoalCounts()
    for trip in trips.values { counts.add(collection: trip.collection, done: trip.done, total: trip.total) }
    return counts
  }
}

/// The `--state` file: one `achievement-date` record per achieved goal.
struct StateFile {
  let store: RecordStore

  init(path: String) { store = RecordStore(path: path, limit: ReadLimit.smallStore) }

  /// Under the lock: reads the dates, applies the update rule, hands the result to
  /// `beforeSaving`, then writes the file when anything changed (or it is new).
  func update(counts: GoalCounts, now: Int, beforeSaving: (GoalLedger, [GoalEvent]) -> Void) throws {
    try store.update { records in
      var ledger = try decode(records)
      let events = ledger.update(counts: counts, now: now)
      beforeSaving(ledger, events)
      if !events.isEmpty { records = ledger.records.map { Record(object: $0) } }
      return ((), !events.isEmpty)
    }
  }

  /// The ledger a state file holds; anything else is an error naming the line (exit 65).
  func decode(_ records: [Record]) throws -> GoalLedger {
    var ledger = GoalLedger()
    for record in records {
      do {
        guard record.type == "achievement-date" else {
          throw record.error("a \(record.type) record does not belong in an achievements state file")
        }
        let name = try record.string("goal")
        guard let goal = Goal(rawValue: name) else { throw record.error("unknown goal \"\(name)\"") }
        let text = try record.string("dateAchieved")
        guard let date = ISODate.parse(text) else {
          throw record.error(
            "\"dateAchieved\" must be an ISO 8601 date, not \"\(text)\""
              + (ISODate.hint(for: text).map { "; \($0)" } ?? ""))
        }
        guard ledger.dates[goal] == nil else { throw record.error("goal \(name) appears twice") }
        ledger.dates[goal] = date
      } catch let error as InputError {
        throw ToolError.data(
          "state file '\(store.path)' line \(error.line): \(error.message); the file was left unchanged",
          notes: ["repair or remove that line of '\(store.path)', then run the command again"])
      }
    }
    return ledger
  }
}
