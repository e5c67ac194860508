import PipeProtocol
import ToolSupport
import WishlistKit

/// The options several `trips` commands take, each declared once.
enum TripsOptions {
  /// `--store FILE`: the store of every command that reads or changes the wishlist.
  static let store = Option.string(
    "store", name: "FILE", help: "the wishlist store file (default: $SAMPLEPIPES_TRIPS, else see INPUT)")

  /// `--now T`: the time of a change.
  static let now = Option.date(
    "now", name: "T", help: "the time of the change (ISO 8601; default: the clock), for reproducible runs")

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

  /// How `list`, `show` and `collections` write: records, or lines for people.
  enum Format: String, CaseIterable, Sendable {
    case json, text
  }

  /// `--format json|text`.
  static let format = Option.choice(
    "format", name: "F", help: "json (records) or text (lines for people)", default: Format.json)

  /// `--yes`: remove without asking.
  static let yes = Flag(
    "yes", short: "y", help: "remove without asking (needed when stdin is not a terminal)")

  /// What the commands that show or change one trip write.
  static let tripOutput = "the trip as one trip record (see PROTOCOL.md)"
}
