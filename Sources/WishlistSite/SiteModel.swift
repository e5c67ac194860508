import WishlistKit

/// A trip collection as the site shows it: the Wishlist's four, in display order.
public struct SiteCollection: Sendable, Equatable {
  /// Its id (`summerVibes`).
  public var id: String
  /// Its display name.
  public var name: String
  /// Its summary, shown on expanded cards' row.
  public var summary: String?
  /// Its season, which colours its pictures.
  public var season: String

  /// A collection.
  public init(id: String, name: String, summary: String?, season: String) {
    self.id = id
    self.name = name
    self.summary = summary
    self.season = season
  }

  /// Expanded (325×260) cards for a collection with a summary, compact (180×260) otherwise.
  var isExpanded: Bool { !(summary ?? "").isEmpty }

  /// The four collections in the sample's order, from WishlistKit's compiled-in data.
  public static let all: [SiteCollection] = TripCollection.allCases.map {
    SiteCollection(id: $0.rawValue, name: $0.name, summary: $0.summary, season: $0.season)
  }
}

/// One activity of a trip.
public struct SiteActivity: Sendable, Equatable {
  /// Its id.
  public var id: String
  /// Its name.
  public var name: String
  /// Whether it is done.
  public var isComplete: Bool
  /// When it was created (seconds since 1970), if known.
  public var dateCreated: Int?
  /// When it was last edited (seconds since 1970), if known.
  public var dateEdited: Int?

  /// An activity.
  public init(id: String, name: String, isComplete: Bool, dateCreated: Int? = nil, dateEdited: Int? = nil) {
    self.id = id
    self.name = name
    self.isComplete = isComplete
    self.dateCreated = dateCreated
    self.dateEdited = dateEdited
  }
}

/// A trip: only what the site shows or sorts by.
public struct SiteTrip: Sendable, Equatable {
  /// Its id, also the base of its page's file name.
  public var id: String
  /// Its name.
  public var name: String
  /// The id of its collection.
  public var collection: String
  /// Its photo's name (the picture is drawn from it) or path; nil when the record has none (the
  /// picture is then drawn from the trip's id and name).
  public var photo: String?
  /// Its subtitle.
  public var subtitle: String?
  /// When it was created (seconds since 1970).
  public var creationDate: Int
  /// Its activities, in the order read.
  public var activities: [SiteActivity]
  /// The line it was read from (for messages).
  public var line: Int

  /// A trip.
  public init(
    id: String, name: String, collection: String, photo: String?, subtitle: String? = nil, creationDate: Int,
    activities: [SiteActivity], line: Int = 0
  ) {
    self.id = id
    self.name = name
    self.collection = collection
    self.photo = photo
    self.subtitle = subtitle
    self.creationDate = creationDate
    self.activities = activities
    self.line = line
  }

  var completedCount: Int { activities.filter(\.isComplete).count }

  /// What its drawn picture is seeded from: the photo's name, or (without one) the id and name.
  var pictureSeed: String {
    if let photo, !photo.isEmpty { return photo }
    return "trip \(id) \(name)"
  }

  /// Completed ÷ total, or 0 for a trip without activities (the sample's `progressValue`).
  var progress: Double { activities.isEmpty ? 0 : Double(completedCount) / Double(activities.count) }

  /// The progress as a whole percent, rounded half to even as the sample's percent format does.
  var percent: Int { Int((progress * 100).rounded(.toNearestOrEven)) }
}

/// A goal for the goals page.
public struct SiteAchievement: Sendable, Equatable {
  /// Its id (`complete1Activity`).
  public var goal: String
  /// Its display name.
  public var name: String
  /// Its badge's name.
  public var badge: String
  /// What it counts, as its record names it (`tripsCompleted`, `activitiesCompleted`...).
  public var kind: String
  /// The collection it belongs to, for seasonal goals.
  public var collection: String?
  /// The count that achieves it.
  public var target: Int
  /// The count so far.
  public var count: Int
  /// Whether it is achieved.
  public var achieved: Bool
  /// When it was achieved (seconds since 1970).
  public var dateAchieved: Int?
  /// Its subtitle.
  public var subtitle: String?
  /// The line it was read from (for messages).
  public var line: Int

  /// A goal.
  public init(
    goal: String, name: String, badge: String, kind: String, collection: String? = nil, target: Int,
    count: Int, achieved: Bool, dateAchieved: Int?, subtitle: String? = nil, line: Int = 0
  ) {
    self.goal = goal
    self.name = name
    self.badge = badge
    self.kind = kind
    self.collection = collection
    self.target = target
    self.count = count
    self.achieved = achieved
    self.dateAchieved = dateAchieved
    self.subtitle = subtitle
    self.line = line
  }

  /// `min(count, target)`, as the "x of y" label shows it.
  var shownCount: Int { min(count, target) }
}

/// Everything the site is made from: trips, goals and the collections (renamed as given).
public struct SiteModel: Sendable {
  /// The trips, in the order read.
  public var trips: [SiteTrip] = []
  /// The goals, in the order read.
  public var achievements: [SiteAchievement] = []
  /// The four collections in display order.
  public var collections: [SiteCollection] = SiteCollection.all

  /// An empty site: no trips, no goals, the Wishlist's collections.
  public init() {}
}

extension ActivitySort {
  /// Sorts a trip page's activities: names case-insensitively ascending; dates newest first (ties
  /// by name); completed ones first (then by name). Remaining ties fall back to exact name, then id.
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
