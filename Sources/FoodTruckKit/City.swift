import PipeProtocol

/// A place where the truck can park.
public struct ParkingSpot: Equatable, Sendable {
  /// The spot's name (also its id).
  public var name: String
  /// Latitude in degrees.
  public var latitude: Double
  /// Longitude in degrees.
  public var longitude: Double
  /// The map camera distance in metres (presentation only).
  public var cameraDistance: Double
}

/// A city the truck visits, with its parking spots in the sample's order.
public struct City: Equatable, Sendable {
  /// The sample's static name (`sanFrancisco`).
  public var key: String
  /// The display name (also the id): `San Francisco`.
  public var name: String
  /// Parking spots in order; the first is the default.
  public var spots: [ParkingSpot]
  /// The city's time zone in the tz database (`America/Los_Angeles`): times shown to people there
  /// are in it (records stay UTC).
  public var timeZone: String
  /// The sales-history volume multiplier.
  public var historyMultiplier: Double
  /// The sales-history random seed.
  public var historySeed: Int

  /// `City.all`: Cupertino, San Francisco, London.
  public static let all: [City] = FoodTruckKit.records(EmbeddedData.cities).map { r in
    City(
      key: r["key"]?.stringValue ?? "", name: r["name"]?.stringValue ?? "",
      spots: (r["spots"]?.arrayValue ?? []).compactMap(\.objectValue).map { s in
        ParkingSpot(
          name: s["name"]?.stringValue ?? "", latitude: s["latitude"]?.doubleValue ?? 0,
          longitude: s["longitude"]?.doubleValue ?? 0,
          cameraDistance: s["cameraDistance"]?.doubleValue ?? 1000)
      }, timeZone: r["timeZone"]?.stringValue ?? "UTC",
      historyMultiplier: r["historyMultiplier"]?.doubleValue ?? 1,
      historySeed: r["historySeed"]?.intValue ?? 0)
  }

  /// The city with this name or key, ignoring case (`san francisco`, `sanFrancisco`).
  public static func named(_ name: String) -> City? {
    let wanted = name.lowercased()
    return all.first { $0.name.lowercased() == wanted || $0.key.lowercased() == wanted }
  }

  /// The city that has a spot with this name (ignoring case), and the spot.
  public static func spot(named name: String) -> (city: City, spot: ParkingSpot)? {
    let wanted = name.lowercased()
    for city in all {
      if let spot = city.spots.first(where: { $0.name.lowercased() == wanted }) { return (city, spot) }
    }
    return nil
  }

  /// The parking spots of the city named `name` (as `named` finds it), else, when `name` is nil or
  /// names no city, of every city; each with its city.
  public static func spots(inCityNamed name: String?) -> [(city: City, spot: ParkingSpot)] {
    let cities = name.flatMap(named).map { [$0] } ?? all
    return cities.flatMap { city in city.spots.map { (city, $0) } }
  }

  /// The truck's home: Cupertino, at Apple Park.
  public static var truck: (city: City, spot: ParkingSpot) { (all[0], all[0].spots[0]) }

  /// The city names, for error messages.
  public static var names: String { all.map(\.name).joined(separator: ", ") }
}
