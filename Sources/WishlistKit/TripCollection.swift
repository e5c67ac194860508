import PipeProtocol

/// One of the four seasonal collections a trip belongs to, in the sample's display order.
public enum TripCollection: String, CaseIterable, Sendable, Comparable {
  /// Spring Escapes.
  case springEscapes
  /// Summer Vibes (the only collection with a summary).
  case summerVibes
  /// Fall Getaways.
  case fallGetaways
  /// Winter Retreats (the default for a new trip).
  case winterRetreats

  /// The collection a new trip goes to when none is given, as in the sample's Add Trip screen.
  public static let defaultForNewTrips = TripCollection.winterRetreats

  /// The display name, such as "Summer Vibes".
  public var name: String { Self.data[self]?.name ?? rawValue }

  /// The one-line summary, when the collection has one.
  public var summary: String? { Self.data[self]?.summary }

  /// The season word: spring, summer, fall or winter.
  public var season: String { Self.data[self]?.season ?? rawValue }

  /// The position in the display order.
  public var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// Orders collections as the sample displays them.
  public static func < (a: TripCollection, b: TripCollection) -> Bool { a.index < b.index }

  /// The `collection` record.
  public var record: JSONObject {
    var object: JSONObject = [
      "type": .string("collection"), "id": .string(rawValue), "name": .string(name),
      "season": .string(season),
    ]
    if let summary { object["summary"] = .string(summary) }
    object.sortKeys()
    return object
  }

  /// The collection whose id is `text`, ignoring case; nil when none.
  public static func named(_ text: String) -> TripCollection? {
    let lowered = text.lowercased()
    return allCases.first { $0.rawValue.lowercased() == lowered }
  }

  /// The identifiers, for messages and option choices.
  public static var ids: [String] { allCases.map(\.rawValue) }

  static let data: [TripCollection: (name: String, summary: String?, season: String)] = {
    var table: [TripCollection: (name: String, summary: String?, season: String)] = [:]
    for object in WishlistKit.records(EmbeddedData.collections) {
      guard let id = object["id"]?.stringValue, let collection = TripCollection(rawValue: id) else {
        continue
      }
      table[collection] = (
        object["name"]?.stringValue ?? id, object["summary"]?.stringValue, object["season"]?.stringValue ?? id
      )
    }
    return table
  }()
}
