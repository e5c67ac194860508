import FoodTruckKit
import PipeProtocol

/// A place a forecast is for: a known parking spot (with its city), or bare coordinates.
public struct Place: Equatable, Sendable {
  /// The city's name, when the place is a known spot.
  public var city: String?
  /// The spot's name, when the place is a known spot.
  public var spot: String?
  /// Latitude in degrees (north positive).
  public var latitude: Double
  /// Longitude in degrees (east positive).
  public var longitude: Double

  /// A place from its parts.
  public init(city: String?, spot: String?, latitude: Double, longitude: Double) {
    self.city = city
    self.spot = spot
    self.latitude = latitude
    self.longitude = longitude
  }

  /// A known parking spot of a city.
  public init(_ city: City, _ spot: ParkingSpot) {
    self.init(city: city.name, spot: spot.name, latitude: spot.latitude, longitude: spot.longitude)
  }

  /// The truck's home, Apple Park in Cupertino.
  public static var truck: Place { Place(City.truck.city, City.truck.spot) }

  /// The spot's name, or the coordinates (`51.5000, -0.1200`) for a bare place.
  public var name: String {
    spot ?? "\(JSONNumber(latitude, fractionDigits: 4)), \(JSONNumber(longitude, fractionDigits: 4))"
  }

  /// A weather record of this place: `members`, then the members every weather record holds (city
  /// and spot when known, coordinates), keys sorted.
  func record(_ members: JSONObject) -> JSONObject {
    var object = members
    if let city { object["city"] = .string(city) }
    if let spot { object["spot"] = .string(spot) }
    object["latitude"] = .decimal(latitude, fractionDigits: 6)
    object["longitude"] = .decimal(longitude, fractionDigits: 6)
    object.sortKeys()
    return object
  }

  /// Whether a record's place fields name this place: the same spot (and city, when the record
  /// gives one), or for a bare place coordinates within 0.0001°.
  func matches(
    city recordCity: String?, spot recordSpot: String?, latitude lat: Double?, longitude lon: Double?
  )
    -> Bool
  {
    if let spot {
      guard recordSpot == spot else { return false }
      return recordCity == nil || recordCity == city
    }
    guard recordSpot == nil, let lat, let lon else { return false }
    return abs(lat - latitude) < 0.000_15 && abs(lon - longitude) < 0.000_15
  }
}

/// WeatherKit-style conditions (the raw values of WeatherKit's `WeatherCondition`) used here.
public enum Condition: String, CaseIterable, Sendable {
  /// No clouds.
  case clear
  /// A few clouds.
  case mostlyClear
  /// Some clouds.
  case partlyCloudy
  /// Mostly clouds.
  case mostlyCloudy
  /// Overcast.
  case cloudy
  /// Fog.
  case foggy
  /// Light rain in small drops.
  case drizzle
  /// Drizzle that freezes.
  case freezingDrizzle
  /// Rain.
  case rain
  /// Heavy rain.
  case heavyRain
  /// Rain that freezes.
  case freezingRain
  /// Light snow.
  case flurries
  /// Snow.
  case snow
  /// Heavy snow.
  case heavySnow
  /// Thunderstorms.
  case thunderstorms
  /// Thunderstorms with hail.
  case hail

  /// Whether it means precipitation is falling (what `wasRaining` records).
  public var isPrecipitation: Bool {
    switch self {
    case .clear, .mostlyClear, .partlyCloudy, .mostlyCloudy, .cloudy, .foggy: return false
    default: return true
    }
  }

  /// The SF Symbol-style name for this condition by day or night.
  public func symbolName(isDaylight: Bool) -> String {
    switch self {
    case .clear: return isDaylight ? "sun.max" : "moon.stars"
    case .mostlyClear: return isDaylight ? "sun.min" : "moon"
    case .partlyCloudy: return isDaylight ? "cloud.sun" : "cloud.moon"
    case .mostlyCloudy, .cloudy: return "cloud"
    case .foggy: return "cloud.fog"
    case .drizzle, .freezingDrizzle: return "cloud.drizzle"
    case .rain, .freezingRain: return isDaylight ? "cloud.rain" : "cloud.moon.rain"
    case .heavyRain: return "cloud.heavyrain"
    case .flurries, .snow, .heavySnow: return "cloud.snow"
    case .thunderstorms: return "cloud.bolt.rain"
    case .hail: return "cloud.hail"
    }
  }

  /// A glyph for people, one column wide, that text shows in place of the symbol name: ☀ (☾ at
  /// night) clear or mostly clear, ☁ clouds, ≡ fog, ☂ rain or drizzle, ❄ snow, ☈ storms and hail.
  public func glyph(isDaylight: Bool) -> String {
    switch self {
    case .clear, .mostlyClear: return isDaylight ? "☀" : "☾"
    case .partlyCloudy, .mostlyCloudy, .cloudy: return "☁"
    case .foggy: return "≡"
    case .drizzle, .freezingDrizzle, .rain, .heavyRain, .freezingRain: return "☂"
    case .flurries, .snow, .heavySnow: return "❄"
    case .thunderstorms, .hail: return "☈"
    }
  }

  /// Words for people: `Mostly Clear`.
  public var description: String {
    var words = ""
    for character in rawValue {
      if character.isUppercase { words += " " }
      words.append(words.isEmpty ? Character(character.uppercased()) : character)
    }
    return words
  }
}

/// One hour of weather at a place, as the Forecast card and city page use it.
public struct HourForecast: Equatable, Sendable {
  /// The hour's start, in seconds since 1970.
  public var date: Int
  /// The temperature in degrees Fahrenheit.
  public var fahrenheit: Double
  /// Whether the sun is up at the hour's start.
  public var isDaylight: Bool
  /// The chance of precipitation, 0...1.
  public var precipitationChance: Double
  /// The condition.
  public var condition: Condition
  /// The fraction of the sky covered by cloud, 0...1.
  public var cloudCover: Double
  /// An SF Symbol-style name for the hour's weather.
  public var symbolName: String
  /// Where the hour came from: `placeholder`, `model`, `open-meteo`, `provider` or `fallback`.
  public var source: String
  /// The fields whose values the source did not have (`condition`, `cloudCover`,
  /// `precipitationChance`): their values are stand-ins, never to be shown as measured.
  public var unknown: [String] = []

  /// Field names that may be `unknown`, in the order they are written.
  public static let unknowableFields = ["condition", "cloudCover", "precipitationChance"]

  /// Whether the condition is known (not a stand-in).
  public var conditionKnown: Bool { !unknown.contains("condition") }
  /// Whether the cloud cover is known (not a stand-in).
  public var cloudCoverKnown: Bool { !unknown.contains("cloudCover") }

  /// An hour from its parts.
  public init(
    date: Int, fahrenheit: Double, isDaylight: Bool, precipitationChance: Double, condition: Condition,
    cloudCover: Double, symbolName: String, source: String, unknown: [String] = []
  ) {
    self.date = date
    self.fahrenheit = fahrenheit
    self.isDaylight = isDaylight
    self.precipitationChance = precipitationChance
    self.condition = condition
    self.cloudCover = cloudCover
    self.symbolName = symbolName
    self.source = source
    self.unknown = unknown
  }

  /// The sample's fallback when no weather service answers: clear, no rain, cloud cover 0.15,
  /// 72 °F, `sun.max` (daylight still follows the sun).
  public static func fallback(date: Int, place: Place) -> HourForecast {
    HourForecast(
      date: date, fahrenheit: 72,
      isDaylight: Solar.isDaylight(at: date, latitude: place.latitude, longitude: place.longitude),
      precipitationChance: 0, condition: .clear, cloudCover: 0.15, symbolName: "sun.max", source: "fallback")
  }

  /// The `forecast` record of this hour at `place` (keys sorted).
  public func record(at place: Place) -> JSONObject {
    var object: JSONObject = [
      "type": .string("forecast"), "date": .string(ISODate.format(date)),
      "temperature": Self.temperatureValue(fahrenheit), "isDaylight": .bool(isDaylight),
      "precipitationChance": .decimal(precipitationChance, fractionDigits: 2),
      "condition": .string(condition.rawValue), "cloudCover": .decimal(cloudCover, fractionDigits: 2),
      "symbolName": .string(symbolName), "source": .string(source),
    ]
    if !unknown.isEmpty { object["unknown"] = .array(unknown.map { .string($0) }) }
    return place.record(object)
  }

  /// `{"unit":"fahrenheit","value":63}`: the protocol's temperature, one decimal at most.
  public static func temperatureValue(_ fahrenheit: Double) -> JSONValue {
    .object(["unit": .string("fahrenheit"), "value": .decimal(fahrenheit, fractionDigits: 1)])
  }

  /// The temperatures read from records: from absolute zero to 1000 °F. Anything else is no
  /// weather, and would not fit a chart.
  public static let plausibleFahrenheit = -459.67...1000.0

  /// Reads a temperature object (`fahrenheit` or `celsius`) as degrees Fahrenheit; nil when it is
  /// malformed or outside `plausibleFahrenheit`.
  public static func fahrenheit(from value: JSONValue?) -> Double? {
    guard let object = value?.objectValue, let degrees = object["value"]?.doubleValue else { return nil }
    let fahrenheit: Double
    switch object["unit"]?.stringValue {
    case "fahrenheit": fahrenheit = degrees
    case "celsius": fahrenheit = degrees * 9 / 5 + 32
    default: return nil
    }
    return plausibleFahrenheit.contains(fahrenheit) ? fahrenheit : nil
  }

  /// Reads a `forecast` record (already checked against its schema): the place and the hour.
  public static func parse(_ object: JSONObject) -> (place: Place, hour: HourForecast)? {
    guard object.type == "forecast", let dateText = object["date"]?.stringValue,
      let date = ISODate.parse(dateText), let fahrenheit = fahrenheit(from: object["temperature"]),
      let lat = object["latitude"]?.doubleValue, let lon = object["longitude"]?.doubleValue,
      let isDaylight = object["isDaylight"]?.boolValue,
      let chance = object["precipitationChance"]?.doubleValue,
      let condition = object["condition"]?.stringValue.flatMap(Condition.init(rawValue:)),
      let cloud = object["cloudCover"]?.doubleValue, let symbol = object["symbolName"]?.stringValue
    else { return nil }
    let place = Place(
      city: object["city"]?.stringValue, spot: object["spot"]?.stringValue, latitude: lat, longitude: lon)
    return (
      place,
      HourForecast(
        date: date, fahrenheit: fahrenheit, isDaylight: isDaylight, precipitationChance: chance,
        condition: condition, cloudCover: cloud, symbolName: symbol,
        source: object["source"]?.stringValue ?? "provider",
        unknown: (object["unknown"]?.arrayValue ?? []).compactMap(\.stringValue))
    )
  }
}

/// The chance of precipitation in one minute (the minute forecast the spot rule reads).
public struct MinuteChance: Equatable, Sendable {
  /// The minute's start, in seconds since 1970.
  public var date: Int
  /// The chance of precipitation, 0...1.
  public var chance: Double
  /// How many seconds it covers: 60 for a minute, 900 for Open-Meteo's 15-minute slots.
  public var length: Int

  /// A minute's (or a longer slot's) chance.
  public init(date: Int, chance: Double, length: Int = 60) {
    self.date = date
    self.chance = chance
    self.length = length
  }

  /// The `forecast-minute` record of this minute at `place`.
  public func record(at place: Place, source: String) -> JSONObject {
    place.record([
      "type": .string("forecast-minute"), "date": .string(ISODate.format(date)),
      "precipitationChance": .decimal(chance, fractionDigits: 2), "source": .string(source),
    ])
  }
}

/// What a provider is asked for one place: hourly forecasts from an hour on, and the minute
/// forecast from `now` on.
public struct ForecastRequest: Equatable, Sendable {
  /// The place.
  public var place: Place
  /// The first hour (a whole hour, seconds since 1970).
  public var start: Int
  /// How many hours.
  public var hours: Int
  /// The moment the forecast is for (the minute forecast starts at its minute).
  public var now: Int
  /// How many minutes of minute forecast are wanted (0: none).
  public var minutes: Int

  /// A request.
  public init(place: Place, start: Int, hours: Int, now: Int, minutes: Int) {
    self.place = place
    self.start = start
    self.hours = hours
    self.now = now
    self.minutes = minutes
  }

  /// A request for `hours` hours from the hour holding `now`.
  public init(place: Place, now: Int, hours: Int, minutes: Int) {
    self.init(
      place: place, start: ISODate.floorDiv(now, 3600) * 3600, hours: hours, now: now, minutes: minutes)
  }

  /// The first minute of the minute forecast.
  public var firstMinute: Int { ISODate.floorDiv(now, 60) * 60 }

  /// The `forecast-request` record sent to a provider.
  public var record: JSONObject {
    place.record([
      "type": .string("forecast-request"), "start": .string(ISODate.format(start)), "hours": .int(hours),
      "now": .string(ISODate.format(now)), "minutes": .int(minutes),
    ])
  }
}

/// A provider's answer for one place.
public struct PlaceForecast: Equatable, Sendable {
  /// The place.
  public var place: Place
  /// The hours asked for, in order.
  public var hours: [HourForecast]
  /// The minute forecast, or nil when the provider has none for this place.
  public var minutes: [MinuteChance]?
  /// Why the sample's fallback was used, or nil when the provider answered.
  public var fallbackReason: String?

  /// An answer.
  public init(place: Place, hours: [HourForecast], minutes: [MinuteChance]?, fallbackReason: String? = nil) {
    self.place = place
    self.hours = hours
    self.minutes = minutes
    self.fallbackReason = fallbackReason
  }

  /// The sample's fallback for a request: every hour clear, dry, 15 % cloud, 72 °F; no minutes.
  public static func fallback(_ request: ForecastRequest, reason: String) -> PlaceForecast {
    PlaceForecast(
      place: request.place,
      hours: (0..<request.hours).map { .fallback(date: request.start + $0 * 3600, place: request.place) },
      minutes: nil, fallbackReason: reason)
  }

  /// The records: hours, then (when `includeMinutes`) minutes.
  public func records(includeMinutes: Bool) -> [JSONObject] {
    var out = hours.map { $0.record(at: place) }
    if includeMinutes, let minutes {
      let source = hours.first?.source ?? "model"
      out += minutes.map { $0.record(at: place, source: source) }
    }
    return out
  }
}

/// Anything that answers forecast requests. It never fails: a provider that cannot answer returns
/// the sample's fallback with a reason.
public protocol ForecastProvider {
  /// Answers the requests, one result per request in the same order.
  func forecasts(for requests: [ForecastRequest]) -> [PlaceForecast]
}
