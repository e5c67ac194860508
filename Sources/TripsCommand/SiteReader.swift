import PipeProtocol
import ToolSupport
import WishlistSite

/// Reading `trips site`'s input into the site's model: `trip`, `achievement` and `collection`
/// records, each checked (a bad or repeated one is an error naming its line); other record types
/// are ignored. Then the trips' local photo files.
struct SiteReader {
  /// What has been read so far.
  private(set) var model = SiteModel()
  var tripLines: [String: Int] = [:]
  var goalLines: [String: Int] = [:]

  /// Adds one record to the model. A repeated trip id or goal is an error naming both lines.
  mutating func add(_ record: Record) throws(InputError) {
    switch record.type {
    case "trip":
      let trip = try Self.trip(record)
      if let earlier = tripLines[trip.id] {
        throw record.error("trip id '\(trip.id)' was already given on line \(earlier); give each trip once")
      }
      tripLines[trip.id] = record.line
      model.trips.append(trip)
    case "achievement":
      let achievement = try Self.achievement(record)
      if let earlier = goalLines[achievement.goal] {
        throw record.error(
          "goal '\(achievement.goal)' was already given on line \(earlier); give each goal once")
      }
      goalLines[achievement.goal] = record.line
      model.achievements.append(achievement)
    case "collection":
      try rename(record)
    default:
      break
    }
  }

  /// A `trip` record as the site needs it. Unknown fields are ignored.
  static func trip(_ record: Record) throws(InputError) -> SiteTrip {
    let id = try record.nonEmptyString("id")
    let name = try record.string("name")
    let collection = try record.nonEmptyString("collection")
    guard SiteCollection.all.contains(where: { $0.id == collection }) else {
      throw record.mismatch("collection", expected: "one of \(Self.known)", found: .string(collection))
    }
    let photo = try record.optionalString("photo")
    let subtitle = try record.optionalString("subtitle")
    let creationDate = try record.date("creationDate")
    var activities: [SiteActivity] = []
    var seen: Set<String> = []
    for (index, item) in try record.array("activities").enumerated() {
      let fields = try record.fields("activities[\(index)]", item)
      let activity = SiteActivity(
        id: try fields.nonEmptyString("id"), name: try fields.string("name"),
        isComplete: try fields.bool("isComplete"), dateCreated: try fields.optionalDate("dateCreated"),
        dateEdited: try fields.optionalDate("dateEdited"))
      guard seen.insert(activity.id).inserted else {
        throw record.error("activity \(index + 1) of trip '\(name)' repeats the activity id '\(activity.id)'")
      }
      activities.append(activity)
    }
    return SiteTrip(
      id: id, name: name, collection: collection, photo: photo, subtitle: subtitle,
      creationDate: creationDate,
      activities: activities, line: record.line)
  }

  /// An `achievement` record as the goals page needs it. Unknown fields are ignored.
  static func achievement(_ record: Record) throws(InputError) -> SiteAchievement {
    let goal = try record.nonEmptyString("goal")
    let name = try record.string("name")
    let badge = try record.optionalString("badge") ?? goal
    let kind = try record.optionalString("kind") ?? ""
    let collection = try record.optionalString("collection")
    let target = try record.int("target", in: 1...Int.max)
    let count = try record.int("count", in: 0...Int.max)
    let achieved = try record.bool("achieved")
    let dateAchieved = try record.optionalDate("dateAchieved")
    if achieved, dateAchieved == nil {
      throw record.error("achievement '\(goal)' is achieved but has no \"dateAchieved\"")
    }
    return SiteAchievement(
      goal: goal, name: name, badge: badge, kind: kind, collection: collection, target: target, count: count,
      achieved: achieved, dateAchieved: dateAchieved, subtitle: try record.optionalString("subtitle"),
      line: record.line)
  }

  /// A `collection` record: a new name, summary or season for one of the four collections.
  mutating func rename(_ record: Record) throws(InputError) {
    let id = try record.nonEmptyString("id")
    guard let index = model.collections.firstIndex(where: { $0.id == id }) else {
      throw record.mismatch("id", expected: "one of \(Self.known)", found: .string(id))
    }
    if let name = try record.optionalString("name") { model.collections[index].name = name }
    if record.value("summary") != nil {
      model.collections[index].summary = try record.optionalString("summary")
    }
    if let season = try record.optionalString("season") { model.collections[index].season = season }
  }

  /// The collections' ids, for messages.
  static var known: String { SiteCollection.all.map(\.id).joined(separator: ", ") }

  /// The photos of the trips whose `photo` names a readable local image file, by trip id. A path
  /// that cannot be used is passed to `warn` with its trip, and the site draws a picture instead.
  func photos(warn: (SiteTrip, String) -> Void) -> [String: Photo] {
    var photos: [String: Photo] = [:]
    for trip in model.trips {
      guard let name = trip.photo else { continue }
      if let photo = Self.photo(name, warn: { warn(trip, $0) }) { photos[trip.id] = photo }
    }
    return photos
  }

  /// The photo named by `photo` when it is a path or an image file name; nil for a picture name
  /// (such as the sample's `CoastalTrail`), or, with a warning, a file that is not a usable image.
  /// The file is read through `Files.readBounded`: a FIFO, a device (`/dev/zero`) or a folder is
  /// passed over at once, and so is a file over `ReadLimit.photo`.
  static func photo(_ photo: String, warn: (String) -> Void) -> Photo? {
    let lower = photo.lowercased()
    let extensions = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"]
    guard photo.contains("/") || extensions.contains(where: { lower.hasSuffix($0) }) else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try Files.readBounded(photo, limit: ReadLimit.photo, what: "a photo")
    } catch {
      warn("\(error.message); drawing a picture instead")
      return nil
    }
    guard let image = Photo(bytes: bytes) else {
      warn("'\(photo)' is not a PNG, JPEG, GIF, WebP or AVIF image; drawing a picture instead")
      return nil
    }
    return image
  }
}
