import Glibc
import PipeProtocol

/// Distances on the Earth.
public enum Geo {
  /// The great-circle distance in km between two points (haversine, mean radius 6371 km).
  public static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let radians = Double.pi / 180
    let dLat = (lat2 - lat1) * radians
    let dLon = (lon2 - lon1) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2)
      * sin(dLon / 2)
    return 2 * 6371 * asin(min(1, a.squareRoot()))
  }
}

/// Reads an Open-Meteo forecast response (https://open-meteo.com/en/docs): one JSON document, an
/// object for one location or an array of them, with `hourly` arrays (`time`, `temperature_2m`,
/// optional `is_day`, `precipitation_probability`, `cloud_cover`, `weather_code`) and optional
/// `minutely_15` (`time`, `precipitation_probability`).
public enum OpenMeteo {
  /// A problem in the response (exit 65).
  public struct Problem: Error, Equatable {
    /// What is wrong and where (`hourly.temperature_2m[3] is null`).
    public var message: String
    /// The byte offset of a JSON syntax error or a duplicate key, if that is the problem.
    public var offset: Int?
    /// The JSON syntax error, when the text is not JSON at all.
    public var syntaxError: JSONError?
    init(_ message: String, offset: Int? = nil, syntaxError: JSONError? = nil) {
      self.message = message
      self.offset = offset
      self.syntaxError = syntaxError
    }
  }

  /// The largest response read: 16 MiB (a 16-day forecast of many places is a few MiB). A bigger
  /// input is refused before it is parsed, so that memory stays bounded.
  public static let maxResponseSize = 16 << 20

  /// `stdin line 3, column 7` for a syntax error, else just the source's name.
  public static func place(of problem: Problem, in text: [UInt8], source: String) -> String {
    guard let offset = problem.offset else { return source }
    var line = 1
    var lineStart = 0
    for i in 0..<min(offset, text.count) where text[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    var column = 1
    for i in lineStart..<min(offset, text.count) where text[i] & 0xC0 != 0x80 { column += 1 }
    return "\(source) line \(line), column \(column)"
  }

  /// One location's forecast, read.
  public struct Location: Equatable {
    /// The place: the response's coordinates, or the spot it was labelled with.
    public var place: Place
    /// The hours, in the response's order.
    public var hours: [HourForecast]
    /// The 15-minute precipitation chances (none when the response has no `minutely_15`).
    public var minutes: [MinuteChance]
    /// How many hours lacked each field the response may lack (`condition`, `cloudCover`,
    /// `precipitationChance`): those hours carry stand-ins, marked `unknown`.
    public var missing: [String: Int] = [:]
    /// The coordinates the response gave (its grid cell), whatever the place is labelled.
    public var responseLatitude: Double = 0
    /// The coordinates the response gave (its grid cell), whatever the place is labelled.
    public var responseLongitude: Double = 0

    /// How many hours had no precipitation probability (written as 0, marked unknown).
    public var missingChances: Int { missing["precipitationChance"] ?? 0 }

    /// `weather_code and cloud_cover (24 hours)`: what the response lacked, in Open-Meteo's words,
    /// or nil when it lacked nothing.
    public var missingDescription: String? {
      let names = [
        ("condition", "weather_code"), ("cloudCover", "cloud_cover"),
        ("precipitationChance", "precipitation_probability"),
      ]
      let lacking = names.compactMap { field, name in missing[field].map { (name, $0) } }
      guard !lacking.isEmpty else { return nil }
      return lacking.map { "\($0.0) (\($0.1) of \(hours.count) hours)" }.joined(separator: ", ")
    }

    /// The distance in km from the response's coordinates to the place it is filed under.
    public var labelDistance: Double {
      Geo.kilometres(place.latitude, place.longitude, responseLatitude, responseLongitude)
    }
  }

  /// A response this far (km) from the spot it is filed under is said to be another place: more
  /// than the grid cells of Open-Meteo's coarsest global models (about 0.25°, under 20 km from a
  /// point to its cell's centre), less than from one of the truck's cities to the next (Cupertino
  /// to San Francisco is about 60 km).
  public static let farKilometres = 25.0

  /// A response's text as one JSON value. An object naming a key twice, at any depth, is refused,
  /// as in records: readers disagree on which value counts (jq and Python take the last).
  public static func json(_ text: [UInt8]) throws(Problem) -> JSONValue {
    do {
      return try JSONParser.parse(text, rejectsDuplicateKeys: true)
    } catch {
      // The strict parse stops at a duplicate key or a syntax error, whichever comes first: only
      // a text that is JSON after all is said to repeat a key.
      do {
        _ = try JSONParser.parse(text)
      } catch let syntax {
        throw Problem("not JSON: \(syntax.message)", offset: syntax.offset, syntaxError: syntax)
      }
      throw Problem(error.message, offset: error.offset)
    }
  }

  /// Parses a whole response. `label` replaces each location's place (its coordinates too).
  public static func parse(_ text: [UInt8], label: Place? = nil) throws(Problem) -> [Location] {
    let document = try json(text)
    switch document {
    case .object(let object):
      return [try location(object, label: label, path: "")]
    case .array(let elements):
      if label != nil, elements.count > 1 {
        throw Problem("the response has \(elements.count) locations; --city/--spot can label only one")
      }
      var locations: [Location] = []
      for (i, element) in elements.enumerated() {
        guard let object = element.objectValue else { throw Problem("[\(i)] is not an object") }
        locations.append(try location(object, label: label, path: "[\(i)]."))
      }
      return locations
    default:
      throw Problem("the response is \(document.typeName), not an object")
    }
  }

  static func location(_ object: JSONObject, label: Place?, path: String) throws(Problem) -> Location {
    if object["error"]?.boolValue == true {
      throw Problem(
        "Open-Meteo answered with an error: \(object["reason"]?.stringValue ?? "no reason given")")
    }
    guard let latitude = object["latitude"]?.doubleValue, let longitude = object["longitude"]?.doubleValue
    else {
      throw Problem("\(path)latitude and \(path)longitude are missing")
    }
    let place = label ?? Place(city: nil, spot: nil, latitude: latitude, longitude: longitude)
    let offset = object["utc_offset_seconds"]?.intValue ?? 0
    guard offset.magnitude <= 86_400 else {
      throw Problem("\(path)utc_offset_seconds is \(offset), more than a day away from UTC")
    }
    guard let hourly = object["hourly"]?.objectValue else {
      throw Problem("\(path)hourly is missing (ask for hourly=temperature_2m,...)")
    }
    let units = object["hourly_units"]?.objectValue ?? JSONObject()
    let times = try self.times(hourly, units: units, offset: offset, path: "\(path)hourly")
    let count = times.count
    func numbers(_ key: String, required: Bool) throws(Problem) -> [Double?]? {
      guard let value = hourly[key] else {
        if required { throw Problem("\(path)hourly.\(key) is missing") }
        return nil
      }
      guard let array = value.arrayValue else { throw Problem("\(path)hourly.\(key) is not an array") }
      guard array.count == count else {
        throw Problem("\(path)hourly.\(key) has \(array.count) values for \(count) times")
      }
      var out: [Double?] = []
      for (i, element) in array.enumerated() {
        switch element {
        case .null: out.append(nil)
        case .number(let n):
          guard let value = n.doubleValue else {
            throw Problem("\(path)hourly.\(key)[\(i)] is \(n.text), too large a number")
          }
          out.append(value)
        default: throw Problem("\(path)hourly.\(key)[\(i)] is \(element.typeName), not a number")
        }
      }
      return out
    }
    let temperatures = try numbers("temperature_2m", required: true)!
    let isDay = try numbers("is_day", required: false)
    let chances = try numbers("precipitation_probability", required: false)
    let clouds = try numbers("cloud_cover", required: false)
    let codes = try numbers("weather_code", required: false)
    let fahrenheitUnits: Bool
    switch units["temperature_2m"]?.stringValue {
    case nil, "°C": fahrenheitUnits = false
    case "°F": fahrenheitUnits = true
    case let other?: throw Problem("\(path)hourly_units.temperature_2m is '\(other)', not °C or °F")
    }

    var hours: [HourForecast] = []
    var missing: [String: Int] = [:]
    for i in 0..<count {
      guard let t = temperatures[i] else { throw Problem("\(path)hourly.temperature_2m[\(i)] is null") }
      let fahrenheit = fahrenheitUnits ? t : t * 9 / 5 + 32
      guard HourForecast.plausibleFahrenheit.contains(fahrenheit) else {
        throw Problem("\(path)hourly.temperature_2m[\(i)] is out of range (absolute zero to 1000 °F)")
      }
      let daylight: Bool
      if let flag = isDay?[i] {
        daylight = flag != 0
      } else {
        daylight = Solar.isDaylight(at: times[i], latitude: place.latitude, longitude: place.longitude)
      }
      // What the response lacks gets a stand-in, listed in `unknown`: never shown as measured.
      var unknown: [String] = []
      var chance = 0.0
      if let c = chances?[i] { chance = c / 100 } else { unknown.append("precipitationChance") }
      var condition: Condition?
      if let code = codes?[i] {
        guard let mapped = self.condition(wmo: code) else {
          throw Problem("\(path)hourly.weather_code[\(i)] is \(JSONNumber(code)), not a WMO weather code")
        }
        condition = mapped
      }
      let cloud: Double
      if let c = clouds?[i] {
        cloud = c / 100
      } else if let condition {
        cloud = cloudCover(for: condition)
        unknown.append("cloudCover")
      } else {
        // Neither cloud nor condition: the middle of the range, which no reader takes for clear.
        cloud = 0.5
        unknown.append("cloudCover")
      }
      guard (0...1).contains(chance), (0...1).contains(cloud) else {
        throw Problem("\(path)hourly values at [\(i)] are out of range (percentages 0...100)")
      }
      if condition == nil { unknown.append("condition") }
      let finalCondition =
        condition ?? WeatherModel.condition(cloudCover: cloud, rainChance: chance, fahrenheit: fahrenheit)
      let ordered = HourForecast.unknowableFields.filter(unknown.contains)
      for field in ordered { missing[field, default: 0] += 1 }
      hours.append(
        HourForecast(
          date: times[i], fahrenheit: (fahrenheit * 10).rounded() / 10, isDaylight: daylight,
          precipitationChance: chance, condition: finalCondition, cloudCover: cloud,
          symbolName: condition == nil
            ? "questionmark.circle" : finalCondition.symbolName(isDaylight: daylight),
          source: "open-meteo", unknown: ordered))
    }

    var minutes: [MinuteChance] = []
    if let minutely = object["minutely_15"]?.objectValue {
      let minuteUnits = object["minutely_15_units"]?.objectValue ?? JSONObject()
      let minuteTimes = try self.times(
        minutely, units: minuteUnits, offset: offset, path: "\(path)minutely_15")
      if let values = minutely["precipitation_probability"] {
        guard let array = values.arrayValue, array.count == minuteTimes.count else {
          throw Problem("\(path)minutely_15.precipitation_probability must be an array as long as time")
        }
        for (i, value) in array.enumerated() {
          switch value {
          case .null: continue  // Beyond the 15-minute model's reach: no minute data there.
          case .number(let n):
            guard let p = n.doubleValue, (0...100).contains(p) else {
              throw Problem("\(path)minutely_15.precipitation_probability[\(i)] is out of range")
            }
            minutes.append(MinuteChance(date: minuteTimes[i], chance: p / 100, length: 900))
          default:
            throw Problem(
              "\(path)minutely_15.precipitation_probability[\(i)] is \(value.typeName), not a number")
          }
        }
      }
    }
    return Location(
      place: place, hours: hours, minutes: minutes, missing: missing, responseLatitude: latitude,
      responseLongitude: longitude)
  }

  /// The `time` array as seconds since 1970 (UTC): ISO 8601 local times (`2026-11-29T10:00`,
  /// shifted by `utc_offset_seconds`) or Unix times (`timeformat=unixtime`).
  static func times(_ block: JSONObject, units: JSONObject, offset: Int, path: String) throws(Problem)
    -> [Int]
  {
    guard let array = block["time"]?.arrayValue else { throw Problem("\(path).time is missing") }
    let unix = units["time"]?.stringValue == "unixtime"
    var out: [Int] = []
    for (i, value) in array.enumerated() {
      if let seconds = value.intValue, unix || value.stringValue == nil {
        guard ISODate.range.contains(seconds) else {
          throw Problem("\(path).time[\(i)] is \(seconds), not a time in the years 0000 to 9999")
        }
        out.append(seconds)
      } else if let text = value.stringValue, let local = localTime(text) {
        out.append(local - offset)
      } else {
        throw Problem("\(path).time[\(i)] is not a time: \(value.jsonText)")
      }
    }
    return out
  }

  /// A local time as Open-Meteo writes it (`2026-11-29T10:00`: no seconds, no zone) or a record
  /// date-time, as seconds since 1970 before the shift by `utc_offset_seconds`; nil otherwise.
  static func localTime(_ text: String) -> Int? {
    ISODate.parse(text.utf8.count == 16 ? text + ":00Z" : text)
  }

  /// The condition of a WMO weather interpretation code (WW), as Open-Meteo documents them.
  public static func condition(wmo code: Double) -> Condition? {
    guard code == code.rounded(), abs(code) < 1000 else { return nil }
    switch Int(code) {
    case 0: return .clear
    case 1: return .mostlyClear
    case 2: return .partlyCloudy
    case 3: return .cloudy
    case 45, 48: return .foggy
    case 51, 53, 55: return .drizzle
    case 56, 57: return .freezingDrizzle
    case 61, 63, 80, 81: return .rain
    case 65, 82: return .heavyRain
    case 66, 67: return .freezingRain
    case 71, 77: return .flurries
    case 73, 85: return .snow
    case 75, 86: return .heavySnow
    case 95: return .thunderstorms
    case 96, 99: return .hail
    default: return nil
    }
  }

  /// A cloud cover for a condition, when the response has no `cloud_cover`.
  static func cloudCover(for condition: Condition) -> Double {
    switch condition {
    case .clear: return 0
    case .mostlyClear: return 0.25
    case .partlyCloudy: return 0.5
    case .mostlyCloudy: return 0.75
    default: return 1
    }
  }
}
