import PipeProtocol
import WishlistKit

/// A trip collection as the site shows it: the Wishlist's four, in display order.
struct SiteCollection: Sendable, Equatable {
  var id: String
  var name: String
  var summary: String?
  var season: String

  /// Expanded (325×260) cards for a collection with a summary, compact (180×260) otherwise.
  var isExpanded: Bool { !(summary ?? "").isEmpty }

  /// The four collections in the sample's order, from WishlistKit's compiled-in data.
  static let all: [SiteCollection] = TripCollection.allCases.map {
    SiteCollection(id: $0.rawValue, name: $0.name, summary: $0.summary, season: $0.season)
  }
}

/// One activity of a trip.
struct SiteActivity: Sendable, Equatable {
  var id: String
  var name: String
  var isComplete: Bool
  var dateCreated: Int?
  var dateEdited: Int?
}

/// A trip, decoded from a `trip` record (only what the site shows or sorts by).
struct SiteTrip: Sendable, Equatable {
  var id: String
  var name: String
  var collection: String
  var photo: String
  var subtitle: String?
  var creationDate: Int
  var activities: [SiteActivity]
  /// Where the record was read (for messages).
  var line: Int = 0

  var completedCount: Int { activities.filter(\.isComplete).count }

  /// Completed ÷ total, or 0 for a trip without activities (the sample's `progressValue`).
  var progress: Double { activities.isEmpty ? 0 : Double(completedCount) / Double(activities.count) }

  /// The progress as a whole percent, rounded half to even as the sample's percent format does.
  var percent: Int { Int((progress * 100).rounded(.toNearestOrEven)) }
}

/// A goal, decoded from an `achievement` record.
struct SiteAchievement: Sendable, Equatable {
  var goal: String
  var name: String
  var badge: String
  var kind: String
  var collection: String?
  var target: Int
  var count: Int
  var achieved: Bool
  var dateAchieved: Int?
  var subtitle: String?
  var line: Int = 0

  /// `min(count, target)`, as the "x of y" label shows it.
  var shownCount: Int { min(count, target) }
}

/// The orders in which a trip page can list its activities (the sample's `SortOption`).
enum ActivitySort: String, CaseIterable, Sendable {
  case title, dateCreated, dateEdited, completed

  /// The sample's menu title.
  var title: String {
    switch self {
    case .title: "Title"
    case .dateCreated: "Date Created"
    case .dateEdited: "Date Edited"
    case .completed: "Completed"
    }
  }

  /// Sorts activities: names case-insensitively ascending; dates newest first (ties by name);
  /// completed ones first (then by name). Remaining ties fall back to exact name, then id.
  func sorted(_ activities: [SiteActivity]) -> [SiteActivity] {
    activities.sorted { a, b in
      switch self {
      case .title:
        break
      case .dateCreated:
        if a.dateCreated != b.dateCreated { return (a.dateCreated ?? .min) > (b.dateCreated ?? .min) }
      case .dateEdited:
        if a.dateEdited != b.dateEdited { return (a.dateEdited ?? .min) > (b.dateEdited ?? .min) }
      case .completed:
        if a.isComplete != b.isComplete { return a.isComplete }
      }
      let order = Text.caseInsensitiveOrder(a.name, b.name)
      if order != 0 { return order < 0 }
      if a.name != b.name { return a.name < b.name }
      return a.id < b.id
    }
  }
}

/// Small text helpers.
enum Text {
  /// Compares two strings ignoring case (Unicode lowercase mapping, then scalar order): -1, 0 or 1.
  /// Foundation's localized compare also folds accents and punctuation; for ASCII names they agree.
  static func caseInsensitiveOrder(_ a: String, _ b: String) -> Int {
    let x = a.lowercased()
    let y = b.lowercased()
    if x == y { return 0 }
    return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1
  }

  /// `1 ACTIVITY`, `6 ACTIVITIES`.
  static func activityCount(_ n: Int) -> String { n == 1 ? "1 ACTIVITY" : "\(n) ACTIVITIES" }
}

/// Reads a JSON object's fields, turning a wrong or missing one into an error naming the record.
struct FieldReader {
  var object: JSONObject
  var type: String
  var fail: (String) -> InputError

  func string(_ key: String) throws(InputError) -> String {
    guard let value = object[key] else { throw fail("\(type) record has no \"\(key)\" field") }
    guard let s = value.stringValue else {
      throw fail("\(type) \"\(key)\" must be a string, not \(value.typeName)")
    }
    return s
  }

  func optionalString(_ key: String) throws(InputError) -> String? {
    guard let value = object[key], value != .null else { return nil }
    guard let s = value.stringValue else {
      throw fail("\(type) \"\(key)\" must be a string, not \(value.typeName)")
    }
    return s
  }

  func nonEmpty(_ key: String) throws(InputError) -> String {
    let s = try string(key)
    guard !s.isEmpty else { throw fail("\(type) \"\(key)\" is empty") }
    return s
  }

  func bool(_ key: String) throws(InputError) -> Bool {
    guard let value = object[key] else { throw fail("\(type) record has no \"\(key)\" field") }
    guard let b = value.boolValue else {
      throw fail("\(type) \"\(key)\" must be true or false, not \(value.jsonText)")
    }
    return b
  }

  func int(_ key: String, atLeast minimum: Int) throws(InputError) -> Int {
    guard let value = object[key] else { throw fail("\(type) record has no \"\(key)\" field") }
    guard let n = value.intValue, n >= minimum else {
      throw fail("\(type) \"\(key)\" must be a whole number of at least \(minimum), not \(value.jsonText)")
    }
    return n
  }

  func date(_ key: String) throws(InputError) -> Int {
    let text = try string(key)
    guard let seconds = ISODate.parse(text) else {
      throw fail("\(type) \"\(key)\" is not an ISO 8601 date: '\(text)'")
    }
    return seconds
  }

  func optionalDate(_ key: String) throws(InputError) -> Int? {
    guard object[key] != nil, object[key] != .null else { return nil }
    return try date(key)
  }
}

extension SiteTrip {
  /// Decodes a `trip` record. Unknown fields are ignored; a wrong field is an error naming the record.
  init(object: JSONObject, line: Int = 0, fail: @escaping (String) -> InputError) throws(InputError) {
    let fields = FieldReader(object: object, type: "trip", fail: fail)
    id = try fields.nonEmpty("id")
    name = try fields.string("name")
    let collection = try fields.nonEmpty("collection")
    self.collection = collection
    guard SiteCollection.all.contains(where: { $0.id == collection }) else {
      let known = SiteCollection.all.map(\.id).joined(separator: ", ")
      throw fail("trip \"collection\" '\(collection)' is not one of \(known)")
    }
    photo = try fields.string("photo")
    subtitle = try fields.optionalString("subtitle")
    creationDate = try fields.date("creationDate")
    guard let list = object["activities"] else { throw fail("trip record has no \"activities\" field") }
    guard let items = list.arrayValue else {
      throw fail("trip \"activities\" must be an array, not \(list.typeName)")
    }
    var activities: [SiteActivity] = []
    var seen: Set<String> = []
    for (index, item) in items.enumerated() {
      let place = "activity \(index + 1) of trip '\(name)'"
      guard let member = item.objectValue else {
        throw fail("\(place) must be an object, not \(item.typeName)")
      }
      let activityFields = FieldReader(object: member, type: place, fail: fail)
      let activity = SiteActivity(
        id: try activityFields.nonEmpty("id"), name: try activityFields.string("name"),
        isComplete: try activityFields.bool("isComplete"),
        dateCreated: try activityFields.optionalDate("dateCreated"),
        dateEdited: try activityFields.optionalDate("dateEdited"))
      guard seen.insert(activity.id).inserted else {
        throw fail("\(place) repeats the activity id '\(activity.id)'")
      }
      activities.append(activity)
    }
    self.activities = activities
    self.line = line
  }
}

extension SiteAchievement {
  /// Decodes an `achievement` record. Unknown fields are ignored.
  init(object: JSONObject, line: Int = 0, fail: @escaping (String) -> InputError) throws(InputError) {
    let fields = FieldReader(object: object, type: "achievement", fail: fail)
    goal = try fields.nonEmpty("goal")
    name = try fields.string("name")
    badge = try fields.optionalString("badge") ?? goal
    kind = try fields.optionalString("kind") ?? ""
    collection = try fields.optionalString("collection")
    target = try fields.int("target", atLeast: 1)
    count = try fields.int("count", atLeast: 0)
    achieved = try fields.bool("achieved")
    dateAchieved = try fields.optionalDate("dateAchieved")
    if achieved, dateAchieved == nil {
      throw fail("achievement '\(goal)' is achieved but has no \"dateAchieved\"")
    }
    subtitle = try fields.optionalString("subtitle")
    self.line = line
  }
}

/// Everything the site is made from, read from one stream.
struct SiteInput: Sendable {
  var trips: [SiteTrip] = []
  var achievements: [SiteAchievement] = []
  var collections: [SiteCollection] = SiteCollection.all
  var tripLines: [String: Int] = [:]
  var goalLines: [String: Int] = [:]

  /// Adds one record: `trip`, `achievement` and `collection` are used, other types are ignored.
  /// A repeated trip id or goal is an error naming both lines.
  mutating func add(_ record: Record) throws(InputError) {
    let fail = { (message: String) in record.error(message) }
    switch record.type {
    case "trip":
      let trip = try SiteTrip(object: record.object, line: record.line, fail: fail)
      if let earlier = tripLines[trip.id] {
        throw fail("trip id '\(trip.id)' was already given on line \(earlier); give each trip once")
      }
      tripLines[trip.id] = record.line
      trips.append(trip)
    case "achievement":
      let achievement = try SiteAchievement(object: record.object, line: record.line, fail: fail)
      if let earlier = goalLines[achievement.goal] {
        throw fail("goal '\(achievement.goal)' was already given on line \(earlier); give each goal once")
      }
      goalLines[achievement.goal] = record.line
      achievements.append(achievement)
    case "collection":
      let fields = FieldReader(object: record.object, type: "collection", fail: fail)
      let id = try fields.nonEmpty("id")
      guard let index = collections.firstIndex(where: { $0.id == id }) else {
        let known = collections.map(\.id).joined(separator: ", ")
        throw fail("collection '\(id)' is not one of \(known)")
      }
      if let name = try fields.optionalString("name") { collections[index].name = name }
      if record.object["summary"] != nil { collections[index].summary = try fields.optionalString("summary") }
      if let season = try fields.optionalString("season") { collections[index].season = season }
    default:
      break
    }
  }
}
