import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `weather annotate`: orders with the temperature and rain at their spot and hour.
enum Annotate {
  static let command = Command(
    name: "annotate", summary: "fill orders' temperature and wasRaining from the forecast",
    options: WeatherOptions.providerOptions,
    arguments: .files,
    input: """
      Any records, from each FILE or stdin. 'order' records need "city", "parkingSpot" (a spot of
      that city) and "creationDate".
      """,
    output: """
      Every record in its place: each 'order' with "temperature" ({"value":N,"unit":"fahrenheit"})
      and "wasRaining" (the hour's condition is rain, snow, drizzle, hail or storms) set from the
      forecast at its spot and hour, every other field kept as written; every other record byte for
      byte. Streams in constant memory.
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["65   also: an order names an unknown city or spot, or has no creationDate"],
    examples: [
      "orders generate | weather annotate | sales-chart",
      "weather annotate --seed 3 orders.jsonl > annotated.jsonl",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let annotator = Annotator(provider: try WeatherOptions.provider(invocation))
    let out = StandardOutput.shared
    try Inputs.forEach(invocation.positionals, tool: "weather") { reader in
      try reader.forEach { view in
        guard view.type == "order" else {
          out.writeLine(view.bytes)
          return
        }
        out.writeRecord(try annotator.annotate(view))
      }
    }
    return ExitStatus.ok
  }
}

/// Fills orders' weather from a provider, caching each spot's days (a bounded cache).
final class Annotator {
  let provider: any ForecastProvider
  /// Each spot of each city, and its place.
  let spots: [String: [String: Place]]
  struct Key: Hashable {
    var city: String
    var spot: String
    var day: Int
  }
  var cache: [Key: [HourForecast]] = [:]
  static let cacheLimit = 4096

  init(provider: any ForecastProvider) {
    self.provider = provider
    var spots: [String: [String: Place]] = [:]
    for city in City.all {
      for spot in city.spots { spots[city.name, default: [:]][spot.name] = Place(city, spot) }
    }
    self.spots = spots
  }

  /// The order with its weather filled in, every other member kept in order and as written.
  func annotate(_ view: RecordView) throws -> JSONObject {
    func string(_ key: String) throws(InputError) -> String {
      guard let value = view[key] else { throw view.error("order record has no \"\(key)\" field") }
      guard let s = value.stringValue else {
        throw view.error("\"\(key)\" must be a string, not \(value.typeName)")
      }
      return s
    }
    let id = view["id"]?.stringValue.map { " in order \($0)" } ?? ""
    let cityName = try string("city")
    guard let citySpots = spots[cityName] else {
      throw view.error("unknown city '\(cityName)'\(id); known cities: \(City.names)")
    }
    let spotName = try string("parkingSpot")
    guard let place = citySpots[spotName] else {
      let known = City.all.first { $0.name == cityName }!.spots.map(\.name).joined(separator: ", ")
      throw view.error("unknown parking spot '\(spotName)' in \(cityName)\(id); known spots: \(known)")
    }
    let dateText = try string("creationDate")
    guard let date = ISODate.parse(dateText) else {
      throw view.error("\"creationDate\" is not an ISO 8601 date: '\(dateText)'\(id)")
    }
    let day = ISODate.floorDiv(date, 86_400)
    let key = Key(city: cityName, spot: spotName, day: day)
    let hours: [HourForecast]
    if let cached = cache[key] {
      hours = cached
    } else {
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      let request = ForecastRequest(place: place, start: day * 86_400, hours: 24, now: date, minutes: 0)
      hours = provider.forecasts(for: [request])[0].hours
      cache[key] = hours
    }
    let hour = hours[(date - day * 86_400) / 3600]
    var parser = JSONParser(view.bytes, maxDepth: JSONParser.maxDepthCeiling)
    var object = (try parser.parseValue(depth: 0)).objectValue ?? JSONObject()
    if case .object(var temperature)? = object["temperature"] {
      // Keep the order's own member order (and any other members) and set the reading.
      temperature["value"] = .decimal(hour.fahrenheit, fractionDigits: 1)
      temperature["unit"] = .string("fahrenheit")
      object["temperature"] = .object(temperature)
    } else {
      object["temperature"] = HourForecast.temperatureValue(hour.fahrenheit)
    }
    object["wasRaining"] = .bool(hour.condition.isPrecipitation)
    return object
  }
}
