import ToolSupport
import WishlistKit

/// Finding a trip or an activity by its id or its whole name, ignoring case.
enum Lookup {
  /// How `TRIP` finds its trip, for the docs.
  static let tripRule = LookupRule(
    "TRIP", finds: "a trip", by: "its id in any case, else its whole name in any case (empty: exit 64)",
    ambiguous: 64, notFound: 1)
  /// How `ACTIVITY` finds an activity of the trip.
  static let activityRule = LookupRule(
    "ACTIVITY", finds: "an activity of that trip",
    by: "its id in any case, else its whole name in any case (empty, or named twice: exit 64)", ambiguous: 64,
    notFound: 1)

  /// The index of the trip named `text`. Empty: exit 64; ambiguous: exit 64 listing the
  /// candidates; unknown: exit 1 with a hint.
  static func trip(_ text: String, in trips: [Trip]) throws(ToolError) -> Int {
    try find(
      text, in: trips, what: "trip", id: \.id, name: \.name,
      describe: { "\($0.id)  \($0.name) (\($0.collection.rawValue))" },
      hint: "the trips and their ids: trips list")
  }

  /// The index of the activity named `text` in `trip`.
  static func activity(_ text: String, in trip: Trip) throws(ToolError) -> Int {
    try find(
      text, in: trip.activities, what: "activity", id: \.id, name: \.name,
      describe: { "\($0.id)  \($0.name)" },
      hint: "its activities and their ids: trips show \(quoted(trip.name))", owner: trip.name)
  }

  static func find<T>(
    _ text: String, in items: [T], what: String, id: (T) -> String, name: (T) -> String,
    describe: (T) -> String, hint: String, owner: String? = nil
  ) throws(ToolError) -> Int {
    let place = owner.map { " in trip '\($0)'" } ?? ""
    guard !text.isEmpty else {
      throw ToolError.usage("an empty \(what) name names nothing; give a name or an id")
    }
    let wanted = text.lowercased()
    if let index = items.firstIndex(where: { id($0).lowercased() == wanted }) { return index }
    let matches = items.indices.filter { name(items[$0]).lowercased() == wanted }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw ToolError.usage(
        "'\(text)' names \(matches.count) \(what == "activity" ? "activities" : "trips")\(place); name one by its id",
        notes: matches.map { "candidate: \(describe(items[$0]))" })
    }
    var notes: [String] = []
    if let suggestion = Suggest.closest(to: wanted, in: items.map { name($0).lowercased() }),
      let match = items.first(where: { name($0).lowercased() == suggestion })
    {
      notes.append("did you mean '\(name(match))'?")
    }
    notes.append(hint)
    throw ToolError("no \(what) '\(text)'\(place)", notes: notes)
  }

  /// A name quoted for a shell command line in a hint.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences("'", with: "'\\''") + "'"
  }
}

extension String {
  /// This text with every `target` replaced (the standard library has no such call without
  /// Foundation).
  func replacingOccurrences(_ target: Character, with replacement: String) -> String {
    var result = ""
    for c in self { if c == target { result += replacement } else { result.append(c) } }
    return result
  }
}
