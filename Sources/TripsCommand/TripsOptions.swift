import PipeProtocol
import PipeReading
import ToolSupport
import WishlistKit

/// The options several `trips` commands take, each declared once.
enum TripsOptions {
  /// `--store FILE`: the store of every command that reads or changes the wishlist.
  static let store = Option.string(
    "store", name: "FILE", help: "the wishlist store file (default: $SAMPLEPIPES_TRIPS, else see INPUT)"
  ).environment(WishlistKit.storeEnvironmentVariable)

  /// `--now T`: the time of a change.
  static let now = Option.date(
    "now", name: "T", help: "the time of the change (default: the clock), for reproducible runs")

  /// `--seed N`: where new ids come from.
  static let seed = Option<UInt64?>(
    "seed", name: "N", help: "draw new ids from a generator seeded with N (default: random)", default: nil
  ) { (text: String) throws(ToolError) -> UInt64? in
    guard let seed = UInt64(text) else {
      throw .usage("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
    }
    return seed
  }

  /// `--id UUID`: the id of a new trip or activity.
  static let id = Option<String?>(
    "id", name: "UUID", help: "give the new item exactly this id", default: nil
  ) { (text: String) throws(ToolError) -> String? in
    guard Identifiers.isUUID(text) else {
      throw .usage("--id takes a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e, not '\(text)'")
    }
    return text
  }

  /// `-f/--format text|json`: how the listing commands write (records by default, so that scripts
  /// keep working).
  static let format = Option.format([.text, .json], default: .json)

  /// `-f/--format text|json|csv` of the listings (list, recent, search, collections): csv has a
  /// header row of the record's fields (`CSVTable`).
  static let listFormat = Option.format([.text, .json, .csv], default: .json)

  /// The `type` records as `--format` (`listFormat`) asks: csv, a header row of that record's
  /// fields and a row each; json, JSON lines.
  static func write(_ records: [JSONObject], type: String, _ invocation: Invocation) {
    CSVTable.write(records, as: invocation[listFormat], type: type, in: WishlistSchemas.catalog)
  }

  /// `--collection C`: a collection by its id or its name, ignoring case (`summerVibes`,
  /// `'Summer Vibes'`), with did-you-mean for a typo; `defaultValue` when absent.
  static func collection<Value: Sendable>(
    help: String, default defaultValue: Value, _ wrap: @escaping @Sendable (TripCollection) -> Value
  ) -> Option<Value> {
    var spec = OptionSpec(
      long: "collection", short: "c", valueName: "C", help: help, choices: TripCollection.ids)
    spec.decodesOtherSpellings = true
    return Option(spec: spec) { (words: [String]) throws(ToolError) -> Value in
      guard let word = words.last else { return defaultValue }
      return wrap(try collectionNamed(word))
    }
  }

  /// The collection named `word`: its id or its name, ignoring case; else a usage error with
  /// did-you-mean (to the id).
  static func collectionNamed(_ word: String) throws(ToolError) -> TripCollection {
    let folded = word.lowercased()
    let all = TripCollection.allCases
    if let found = TripCollection.named(word) ?? all.first(where: { $0.name.lowercased() == folded }) {
      return found
    }
    let spellings = all.flatMap { [$0.rawValue.lowercased(), $0.name.lowercased()] }
    let close = Suggest.closest(to: folded, in: spellings).flatMap { close in
      all.first { $0.rawValue.lowercased() == close || $0.name.lowercased() == close }
    }
    throw .usage(
      "--collection takes one of \(TripCollection.ids.joined(separator: ", ")), not '\(word)'",
      notes: (close.map { ["did you mean '\($0.rawValue)'?"] } ?? [])
        + ["a collection's name is taken too, such as 'Summer Vibes'"])
  }

  /// `TRIP`: the trip a command shows or changes, by name (or id).
  static let trip = Argument.one("TRIP")

  /// `ACTIVITY...`: activities of that trip, by name (or id).
  static let activities = Argument.some("ACTIVITY")

  /// What the commands that show or change one trip write.
  static let tripOutput = "the trip as one trip record (see PROTOCOL.md)"
}
