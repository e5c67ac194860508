import FoodTruckKit
import PipeProtocol

/// One parking spot as the city page sees it: the current hour, the minute forecast, and whether
/// it qualifies under the sample's rule.
public struct SpotAssessment: Equatable, Sendable {
  /// The spot's place.
  public var place: Place
  /// The hour holding `now`.
  public var current: HourForecast
  /// The minute chances for the next hour, or nil when there is no minute forecast.
  public var minutes: [MinuteChance]?
  /// Why the fallback was used, when it was.
  public var fallbackReason: String?
  /// Whether it is the recommended spot.
  public var recommended = false
  /// Why it is or is not recommended.
  public var reason = ""

  /// The first minute at or above the threshold, if any.
  public var firstRainyMinute: MinuteChance? {
    minutes?.first { $0.chance >= SpotRule.threshold }
  }

  /// The sample's `willRainSoon`: nil without a minute forecast (and false after an error).
  public var willRainSoon: Bool? {
    if fallbackReason != nil { return false }
    guard minutes != nil else { return nil }
    return firstRainyMinute != nil
  }

  /// Whether the spot qualifies: a minute forecast whose every minute stays under 30 %.
  public var qualifies: Bool { fallbackReason == nil && minutes != nil && firstRainyMinute == nil }

  /// The highest minute chance.
  public var maxChance: Double? { minutes?.map(\.chance).max() }

  /// Why the spot does not qualify, in a few words, with times as `clock` writes them.
  public func problem(clock: (Int) -> String = utcClock) -> String {
    if fallbackReason != nil { return "weather unavailable" }
    guard minutes != nil else { return "no minute forecast" }
    if let wet = firstRainyMinute {
      return "\(percent(wet.chance)) chance of rain at \(clock(wet.date))"
    }
    return "dry"
  }

  /// Why the spot does not qualify, with the provider's problem when there was one.
  public func detail(clock: (Int) -> String = utcClock) -> String {
    fallbackReason.map { "weather unavailable (\($0))" } ?? problem(clock: clock)
  }

  /// The `parking-spot` record.
  public func record(city: City, now: Int) -> JSONObject {
    var object: JSONObject = [
      "type": .string("parking-spot"), "date": .string(ISODate.format(now)),
      "recommended": .bool(recommended),
      "minuteForecast": .bool(minutes != nil && fallbackReason == nil),
      "temperature": HourForecast.temperatureValue(current.fahrenheit),
      "condition": .string(current.condition.rawValue),
      "cloudCover": .decimal(current.cloudCover, fractionDigits: 2),
      "symbolName": .string(current.symbolName), "reason": .string(reason), "source": .string(current.source),
    ]
    if !current.unknown.isEmpty { object["unknown"] = .array(current.unknown.map { .string($0) }) }
    if let willRainSoon { object["willRainSoon"] = .bool(willRainSoon) }
    if fallbackReason == nil, let maxChance {
      object["maxPrecipitationChance"] = .decimal(maxChance, fractionDigits: 2)
    }
    return place.record(object)
  }
}

/// The city page's rule: the recommended spot is the first spot (in the city's order) whose minute
/// forecast has no minute at a 30 % chance of precipitation or more. A spot without a minute
/// forecast, or whose weather could not be had, does not qualify. When none qualifies, the city's
/// first spot is recommended, and the reason says so.
public enum SpotRule {
  /// A minute at this chance or more means rain soon.
  public static let threshold = 0.3

  /// The requests for a city at a moment: the current hour and the next 60 minutes of every spot.
  public static func requests(for city: City, now: Int) -> [ForecastRequest] {
    city.spots.map { ForecastRequest(place: Place(city, $0), now: now, hours: 1, minutes: 60) }
  }

  /// Assesses every spot of `city` from the provider's answers (in spot order) and picks one.
  public static func assess(city: City, forecasts: [PlaceForecast], now: Int) -> [SpotAssessment] {
    let firstMinute = ISODate.floorDiv(now, 60) * 60
    let spots = forecasts.map { forecast in
      let hour = ISODate.floorDiv(now, 3600) * 3600
      let current =
        forecast.hours.first { $0.date == hour } ?? forecast.hours.first
        ?? .fallback(date: hour, place: forecast.place)
      // The next 60 minutes, and a 15-minute slot (Open-Meteo's) already in force at now.
      let minutes = forecast.minutes?.filter {
        $0.date + $0.length > firstMinute && $0.date < firstMinute + 3600
      }
      return SpotAssessment(
        place: forecast.place, current: current,
        minutes: minutes.flatMap { $0.isEmpty ? nil : $0 }, fallbackReason: forecast.fallbackReason)
    }
    return explain(spots, city: city)
  }

  /// The spots picked (`recommended`) and explained (`reason`), with times in the reasons as
  /// `clock` writes them: the records' own UTC (`10:02Z`) by default, a person's zone (`10:02 AM
  /// GMT`) for text.
  public static func explain(_ assessed: [SpotAssessment], city: City, clock: (Int) -> String = utcClock)
    -> [SpotAssessment]
  {
    var spots = assessed
    let chosen = spots.firstIndex(where: \.qualifies)
    let cityName = city.name
    for index in spots.indices {
      let spot = spots[index]
      if let chosen {
        if index == chosen {
          spots[index].recommended = true
          var reason =
            "the first spot in \(cityName) whose minute forecast stays under a 30% chance of rain for the "
            + "next hour (at most \(percent(spot.maxChance ?? 0)))"
          if chosen > 0 {
            reason +=
              "; passed over: "
              + spots[..<chosen].map { "\($0.place.name) (\($0.problem(clock: clock)))" }.joined(
                separator: ", ")
          }
          spots[index].reason = reason
        } else if index < chosen {
          spots[index].reason = "not recommended: \(spot.detail(clock: clock))"
        } else {
          spots[index].reason =
            spot.qualifies
            ? "also dry for the next hour, but \(spots[chosen].place.name) comes first"
            : "not recommended: \(spot.detail(clock: clock))"
        }
      } else {
        let problems = spots.map { "\($0.place.name): \($0.problem(clock: clock))" }.joined(separator: "; ")
        if index == 0 {
          spots[index].recommended = true
          spots[index].reason =
            "no spot in \(cityName) has a minute forecast under a 30% chance of rain for the next hour "
            + "(\(problems)); the city's first spot is recommended"
        } else {
          spots[index].reason = "not recommended: \(spot.detail(clock: clock))"
        }
      }
    }
    return spots
  }
}

/// `15%`.
func percent(_ fraction: Double) -> String {
  "\(Int((fraction * 100).rounded()))%"
}

/// `10:25Z`: a time of day in UTC, as records' reasons write it (text for people says the time
/// in a person's zone instead: `SpotRule.explain`).
public func utcClock(_ seconds: Int) -> String {
  let s = ISODate.format(seconds)
  let start = s.index(s.startIndex, offsetBy: 11)
  return String(s[start..<s.index(start, offsetBy: 5)]) + "Z"
}
