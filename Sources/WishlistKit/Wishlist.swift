import PipeProtocol

/// A wishlist: the trips, in the order they were added, with the sample's queries.
public struct Wishlist: Sendable {
  /// The trips in the order they were added (the store's order).
  public var trips: [Trip]

  /// A wishlist of these trips.
  public init(trips: [Trip]) { self.trips = trips }

  /// The trips of one collection, by name in code-point order (Swift `<`, as the sample sorts
  /// them; ties keep the order they were added).
  public func trips(in collection: TripCollection) -> [Trip] {
    stableSorted(trips.filter { $0.collection == collection }) {
      $0.name == $1.name ? 0 : ($0.name < $1.name ? -1 : 1)
    }
  }

  /// Every trip, collection by collection in display order.
  public var tripsByCollection: [Trip] { TripCollection.allCases.flatMap { trips(in: $0) } }

  /// The most recently created trips first (ties: the later-added first), at most `limit`.
  public func recentlyAdded(limit: Int = 5) -> [Trip] {
    let newest = Array(trips.enumerated()).sorted {
      $0.element.creationDate != $1.element.creationDate
        ? $0.element.creationDate > $1.element.creationDate : $0.offset > $1.offset
    }
    return newest.prefix(max(limit, 0)).map(\.element)
  }

  /// The trip holding the activity with this id.
  public func trip(containing activityID: String) -> Trip? {
    let wanted = activityID.lowercased()
    return trips.first { $0.activities.contains { $0.id.lowercased() == wanted } }
  }

  /// The sample's search: an empty text gives the three most recently created trips as a
  /// "Recently Created" section; otherwise trips then activities whose names contain the text
  /// (case-insensitive, accent-sensitive), each sorted by name, omitting empty sections.
  public func search(_ text: String) -> [SearchSection] {
    if text.isEmpty {
      return [SearchSection(kind: .recent, hits: recentlyAdded(limit: 3).map { SearchHit(trip: $0) })]
    }
    var sections: [SearchSection] = []
    let tripHits = stableSorted(trips.filter { Collation.contains($0.name, text) }) {
      Collation.compare($0.name, $1.name)
    }
    if !tripHits.isEmpty {
      sections.append(SearchSection(kind: .trips, hits: tripHits.map { SearchHit(trip: $0) }))
    }
    var activityHits: [SearchHit] = []
    for trip in trips {
      for activity in trip.activities where Collation.contains(activity.name, text) {
        activityHits.append(SearchHit(trip: trip, activity: activity))
      }
    }
    activityHits = stableSorted(activityHits) { Collation.compare($0.name, $1.name) }
    if !activityHits.isEmpty { sections.append(SearchSection(kind: .activities, hits: activityHits)) }
    return sections
  }

  /// Completed counts for the goals.
  public var counts: GoalCounts { GoalCounts(trips: trips) }

  func stableSorted<T>(_ items: [T], by compare: (T, T) -> Int) -> [T] {
    Array(items.enumerated()).sorted {
      let order = compare($0.element, $1.element)
      return order != 0 ? order < 0 : $0.offset < $1.offset
    }.map(\.element)
  }
}

/// One section of search results.
public struct SearchSection: Sendable {
  /// Which section.
  public enum Kind: String, CaseIterable, Sendable {
    /// "Recently Created", for an empty search.
    case recent
    /// "Trips".
    case trips
    /// "Activities".
    case activities

    /// The section's title.
    public var title: String {
      switch self {
      case .recent: return "Recently Created"
      case .trips: return "Trips"
      case .activities: return "Activities"
      }
    }
  }

  /// Which section.
  public var kind: Kind
  /// The results in order.
  public var hits: [SearchHit]
}

/// One search result: a trip, or an activity with the trip that holds it.
public struct SearchHit: Sendable {
  /// The trip (the result itself, or the one holding the activity).
  public var trip: Trip
  /// The activity, for the Activities section.
  public var activity: Activity?

  /// A result.
  public init(trip: Trip, activity: Activity? = nil) {
    self.trip = trip
    self.activity = activity
  }

  /// The name that matched.
  public var name: String { activity?.name ?? trip.name }
}

extension Wishlist {
  /// The wishlist held by a stream of `trip` records, such as the store file. Any other record
  /// type, a malformed trip, or an id used twice is an error naming its line.
  public init(records: [Record]) throws(InputError) {
    var trips: [Trip] = []
    var lines: [String: Int] = [:]
    for record in records {
      guard record.type == "trip" else {
        throw record.error("a \(record.type) record is not a trip; a wishlist store holds only trip records")
      }
      let trip = try Trip(record: record)
      if let first = lines[trip.id.lowercased()] {
        throw record.error("trip id \(trip.id) is already used on line \(first)")
      }
      lines[trip.id.lowercased()] = record.line
      trips.append(trip)
    }
    self.init(trips: trips)
  }
}
