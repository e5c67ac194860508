import PipeProtocol

/// One thing to do on a trip.
public struct Activity: Sendable, Equatable {
  /// A UUID, stable for the sample activities.
  public var id: String
  /// The name (never empty in a saved trip).
  public var name: String
  /// Whether it is done.
  public var isComplete: Bool
  /// When it was created, in seconds since 1970.
  public var dateCreated: Int
  /// When its name or completion last changed, in seconds since 1970.
  public var dateEdited: Int
  /// The object it was read from, so that fields this model does not know are kept.
  public var original: JSONObject

  /// An activity.
  public init(
    id: String, name: String, isComplete: Bool = false, dateCreated: Int, dateEdited: Int? = nil,
    original: JSONObject = JSONObject()
  ) {
    self.id = id
    self.name = name
    self.isComplete = isComplete
    self.dateCreated = dateCreated
    self.dateEdited = dateEdited ?? dateCreated
    self.original = original
  }

  /// Renames the activity, bumping `dateEdited` as the sample's property observer does.
  public mutating func rename(_ newName: String, now: Int) {
    name = newName
    dateEdited = now
  }

  /// Flips completion, bumping `dateEdited`.
  public mutating func toggle(now: Int) {
    isComplete.toggle()
    dateEdited = now
  }

  /// The object written inside a `trip` record's `activities`.
  public var object: JSONObject {
    var object = original
    let fresh = object.members.isEmpty
    object["dateCreated"] = .string(ISODate.format(dateCreated))
    object["dateEdited"] = .string(ISODate.format(dateEdited))
    object["id"] = .string(id)
    object["isComplete"] = .bool(isComplete)
    object["name"] = .string(name)
    if fresh { object.sortKeys() }
    return object
  }
}

/// A trip on the wishlist: a name, a collection, a photo and activities.
public struct Trip: Sendable, Equatable {
  /// A UUID, stable for the sample trips.
  public var id: String
  /// The title.
  public var name: String
  /// The seasonal collection.
  public var collection: TripCollection
  /// The photo's name or path, when there is one (the sample's photo URL).
  public var photo: String?
  /// When the trip was created, in seconds since 1970.
  public var creationDate: Int
  /// The activities, in the order they were added.
  public var activities: [Activity]
  /// An optional subtitle.
  public var subtitle: String?
  /// The record it was read from, so that fields this model does not know are kept.
  public var original: JSONObject

  /// A trip.
  public init(
    id: String, name: String, collection: TripCollection, photo: String? = nil, creationDate: Int,
    activities: [Activity] = [], subtitle: String? = nil, original: JSONObject = JSONObject()
  ) {
    self.id = id
    self.name = name
    self.collection = collection
    self.photo = photo
    self.creationDate = creationDate
    self.activities = activities
    self.subtitle = subtitle
    self.original = original
  }

  /// The number of activities done.
  public var completedCount: Int { activities.reduce(0) { $0 + ($1.isComplete ? 1 : 0) } }

  /// Done ÷ all activities, or 0 for a trip with none (the sample's progress value).
  public var progress: Double {
    activities.isEmpty ? 0 : Double(completedCount) / Double(activities.count)
  }

  /// Whether the trip is complete: it has activities and all are done. A trip with no activities
  /// is never complete.
  public var isComplete: Bool { !activities.isEmpty && activities.allSatisfy(\.isComplete) }

  /// The activities ordered as the trip detail screen's sort option orders them.
  public func activities(sortedBy option: ActivitySort) -> [Activity] {
    option.sorted(activities)
  }

  /// The `trip` record, with the activities in their stored order (or `activities` when given).
  public func record(activities shown: [Activity]? = nil) -> JSONObject {
    var object = original
    let fresh = object.members.isEmpty
    object["type"] = .string("trip")
    object["id"] = .string(id)
    object["name"] = .string(name)
    object["collection"] = .string(collection.rawValue)
    object["photo"] = photo.map { .string($0) }
    object["subtitle"] = subtitle.map { .string($0) }
    object["creationDate"] = .string(ISODate.format(creationDate))
    object["activities"] = .array((shown ?? activities).map { .object($0.object) })
    object["activityCount"] = .int(activities.count)
    object["completedCount"] = .int(completedCount)
    object["progress"] = .decimal(progress, fractionDigits: 2)
    object["isComplete"] = .bool(isComplete)
    if fresh { object.sortKeys() }
    return object
  }

  /// Reads a `trip` record, checking every field the model uses. The derived fields
  /// (`activityCount`, `completedCount`, `progress`, `isComplete`) are recomputed, not trusted.
  public init(record: Record) throws(InputError) {
    guard record.type == "trip" else { throw record.error("expected a trip record, not \(record.type)") }
    try self.init(object: record.object, error: record.error)
  }

  /// Reads a `trip` record's object; `error` makes an error naming where it came from.
  public init(object: JSONObject, error: (String) -> InputError) throws(InputError) {
    func string(_ key: String, in object: JSONObject, path: String) throws(InputError) -> String {
      guard let value = object[key] else { throw error("trip record has no \"\(path)\" field") }
      guard let text = value.stringValue else {
        throw error("\"\(path)\" must be a string, not \(value.jsonText)")
      }
      return text
    }
    func optionalString(_ key: String) throws(InputError) -> String? {
      guard let value = object[key], value != .null else { return nil }
      guard let text = value.stringValue else {
        throw error("\"\(key)\" must be a string, not \(value.jsonText)")
      }
      return text
    }
    func date(_ key: String, in object: JSONObject, path: String) throws(InputError) -> Int {
      let text = try string(key, in: object, path: path)
      guard let seconds = ISODate.parse(text) else {
        throw error(
          "\"\(path)\" must be an ISO 8601 date such as 2026-03-12T09:00:00Z, not \"\(text)\""
            + (ISODate.hint(for: text).map { "; \($0)" } ?? ""))
      }
      return seconds
    }
    func identifier(_ key: String, in object: JSONObject, path: String) throws(InputError) -> String {
      let text = try string(key, in: object, path: path)
      guard Identifiers.isUUID(text) else { throw error("\"\(path)\" must be a UUID, not \"\(text)\"") }
      return text
    }

    let id = try identifier("id", in: object, path: "id")
    let name = try string("name", in: object, path: "name")
    guard !name.isEmpty else { throw error("trip \(id) has an empty name") }
    let collectionText = try string("collection", in: object, path: "collection")
    guard let collection = TripCollection(rawValue: collectionText) else {
      throw error(
        "unknown collection \"\(collectionText)\" (use one of \(TripCollection.ids.joined(separator: ", ")))")
    }
    guard let list = object["activities"] else { throw error("trip record has no \"activities\" field") }
    guard let elements = list.arrayValue else {
      throw error("\"activities\" must be an array, not \(list.jsonText)")
    }
    var activities: [Activity] = []
    var seen: Set<String> = []
    for (index, element) in elements.enumerated() {
      let path = "activities[\(index)]"
      guard let item = element.objectValue else {
        throw error("\"\(path)\" must be an object, not \(element.jsonText)")
      }
      let activityID = try identifier("id", in: item, path: path + ".id")
      guard seen.insert(activityID.lowercased()).inserted else {
        throw error("activity id \(activityID) appears twice in trip \(id)")
      }
      let activityName = try string("name", in: item, path: path + ".name")
      guard !activityName.isEmpty else { throw error("\"\(path).name\" is empty (activities need a name)") }
      guard let done = item["isComplete"]?.boolValue else {
        throw error("\"\(path).isComplete\" must be true or false")
      }
      activities.append(
        Activity(
          id: activityID, name: activityName, isComplete: done,
          dateCreated: try date("dateCreated", in: item, path: path + ".dateCreated"),
          dateEdited: try date("dateEdited", in: item, path: path + ".dateEdited"), original: item))
    }
    self.init(
      id: id, name: name, collection: collection, photo: try optionalString("photo"),
      creationDate: try date("creationDate", in: object, path: "creationDate"), activities: activities,
      subtitle: try optionalString("subtitle"), original: object)
  }
}

/// The orders of the trip detail screen's Sort menu.
public enum ActivitySort: String, CaseIterable, Sendable {
  /// By name, ignoring case, A to Z.
  case title
  /// Newest created first; ties by name.
  case dateCreated
  /// Newest edited first; ties by name.
  case dateEdited
  /// Done ones first, each group by name.
  case completed

  /// The menu title.
  public var title: String {
    switch self {
    case .title: return "Title"
    case .dateCreated: return "Date Created"
    case .dateEdited: return "Date Edited"
    case .completed: return "Completed"
    }
  }

  /// `activities` in this order (names compared as `localizedCaseInsensitiveCompare` does;
  /// activities equal in every key keep their stored order).
  public func sorted(_ activities: [Activity]) -> [Activity] {
    func byName(_ a: Activity, _ b: Activity) -> Int { Collation.compare(a.name, b.name, ignoringCase: true) }
    let indexed = Array(activities.enumerated())
    let sorted = indexed.sorted { x, y in
      let a = x.element
      let b = y.element
      var order = 0
      switch self {
      case .title: order = 0
      case .dateCreated: order = a.dateCreated == b.dateCreated ? 0 : (a.dateCreated > b.dateCreated ? -1 : 1)
      case .dateEdited: order = a.dateEdited == b.dateEdited ? 0 : (a.dateEdited > b.dateEdited ? -1 : 1)
      case .completed: order = a.isComplete == b.isComplete ? 0 : (a.isComplete ? -1 : 1)
      }
      if order == 0 { order = byName(a, b) }
      return order != 0 ? order < 0 : x.offset < y.offset
    }
    return sorted.map(\.element)
  }
}
