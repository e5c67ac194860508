import Glibc
import PipeProtocol

/// The sample's placeholder forecast (the Forecast card's static data): 25 hours from 09:00 on
/// 2022-05-06 in Cupertino (PDT, UTC-7), that is from 2022-05-06T16:00:00Z.
public enum PlaceholderForecast {
  /// The first hour: 2022-05-06T16:00:00Z.
  public static let start = ISODate.days(fromCivil: 2022, 5, 6) * 86_400 + 16 * 3600
  /// Degrees Fahrenheit for hour offsets 0...24.
  public static let degrees: [Double] = [
    63, 68, 72, 77, 80, 82, 83, 83, 81, 79, 75, 70, 66, 64, 63, 61, 60, 59, 57, 56, 55, 55, 56, 59, 62,
  ]
  /// Whether each hour is daylight: night from offset 12 (21:00) to offset 20 (05:00).
  public static let isDaylight: [Bool] = (0..<25).map { $0 < 12 || $0 > 20 }
  /// The city it belongs to.
  public static let city = "Cupertino"

  /// The placeholder hour at this date and place, when the place is in Cupertino and the date is
  /// one of the 25 hours (a whole hour).
  public static func hour(at date: Int, place: Place) -> HourForecast? {
    guard place.city == city, date >= start, (date - start) % 3600 == 0 else { return nil }
    let offset = (date - start) / 3600
    guard offset < degrees.count else { return nil }
    return HourForecast(
      date: date, fahrenheit: degrees[offset], isDaylight: isDaylight[offset], precipitationChance: 0,
      condition: .clear, cloudCover: 0.15,
      symbolName: Condition.clear.symbolName(isDaylight: isDaylight[offset]), source: "placeholder")
  }

  /// Whether a moment falls in the placeholder's 25 hours at this place (its minutes are dry).
  public static func covers(_ date: Int, place: Place) -> Bool {
    place.city == city && date >= start && date < start + degrees.count * 3600
  }
}

/// The offline model: a plausible, deterministic forecast for any place and time from latitude,
/// season, hour of day and a seed. See PROTOCOL.md ("The offline model") for the formulas.
public struct WeatherModel: Sendable {
  /// The seed: the same seed, place and time always give the same weather.
  public var seed: Int

  /// A model with a seed.
  public init(seed: Int) { self.seed = seed }

  /// The hour starting at `date` at `place` (the placeholder's hours in Cupertino, else the model).
  public func hour(at date: Int, place: Place) -> HourForecast {
    if let placeholder = PlaceholderForecast.hour(at: date, place: place) { return placeholder }
    let cloud = (cloudCover(at: date, place: place) * 100).rounded() / 100
    let chance = (Self.rainChance(cloudCover: cloud) * 100).rounded() / 100
    let fahrenheit =
      ((temperatureCelsius(at: date, place: place, cloudCover: cloud) * 9 / 5 + 32) * 10).rounded() / 10
    let daylight = Solar.isDaylight(at: date, latitude: place.latitude, longitude: place.longitude)
    let condition = Self.condition(cloudCover: cloud, rainChance: chance, fahrenheit: fahrenheit)
    return HourForecast(
      date: date, fahrenheit: fahrenheit, isDaylight: daylight, precipitationChance: chance,
      condition: condition, cloudCover: cloud, symbolName: condition.symbolName(isDaylight: daylight),
      source: "model")
  }

  /// The chance of precipitation in the minute starting at `date`: the rain chance of the cloud
  /// cover at that minute, give or take 0.08 of ten-minute noise (0 in the placeholder's hours).
  public func minuteChance(at date: Int, place: Place) -> Double {
    if PlaceholderForecast.covers(date, place: place) { return 0 }
    let base = Self.rainChance(cloudCover: cloudCover(at: date, place: place))
    let wobble = (noise(channel: 3, key: localKey(place), time: Double(date), period: 600) - 0.5) * 0.16
    return round(min(1, max(0, base + wobble)) * 100) / 100
  }

  /// Cloud cover 0...1: regional weather (0.5° cells, 8-hour knots) weighted 3/4, the spot's own
  /// (3-hour knots) 1/4, plus a wet season of ±0.15 peaking mid-January (mid-July south of the
  /// equator), minus 0.05.
  public func cloudCover(at date: Int, place: Place) -> Double {
    let t = Double(date)
    let regional = noise(channel: 1, key: regionKey(place), time: t, period: 8 * 3600)
    let local = noise(channel: 2, key: localKey(place), time: t, period: 3 * 3600)
    let season = 0.15 * cos(2 * .pi * (Self.dayOfYear(date) - 15) / 365.2422) * hemisphere(place)
    return min(1, max(0, 0.75 * regional + 0.25 * local + season - 0.05))
  }

  /// Temperature in °C: an annual mean of 28 - 0.35·|latitude|, a seasonal swing of
  /// 0.13·|latitude| peaking on day 200 (day 17 south of the equator), a daily swing of
  /// (6.5 - 0.05·|latitude|)·(1 - cloud/2) peaking at 15:00 local solar time, and ±3 °C of regional
  /// weather (36-hour knots).
  public func temperatureCelsius(at date: Int, place: Place, cloudCover cloud: Double) -> Double {
    let latitude = abs(place.latitude)
    let mean = 28 - 0.35 * latitude
    let season =
      0.13 * latitude * cos(2 * .pi * (Self.dayOfYear(date) - 200) / 365.2422) * hemisphere(place)
    let seconds = Double(date - ISODate.floorDiv(date, 86_400) * 86_400)
    var solarHour = (seconds / 3600 + place.longitude / 15).truncatingRemainder(dividingBy: 24)
    if solarHour < 0 { solarHour += 24 }
    let daily = (6.5 - 0.05 * latitude) * (1 - cloud / 2) * cos(2 * .pi * (solarHour - 15) / 24)
    let weather = (noise(channel: 4, key: regionKey(place), time: Double(date), period: 36 * 3600) - 0.5) * 6
    return mean + season + daily + weather
  }

  /// The chance of rain for a cloud cover: none up to half cover, rising to certain at 95 %.
  public static func rainChance(cloudCover: Double) -> Double {
    min(1, max(0, (cloudCover - 0.5) / 0.45))
  }

  /// The condition for a cloud cover and rain chance (snow instead of rain at 33 °F or below).
  public static func condition(cloudCover: Double, rainChance: Double, fahrenheit: Double) -> Condition {
    let freezing = fahrenheit <= 33
    if rainChance >= 0.85 { return freezing ? .heavySnow : .heavyRain }
    if rainChance >= 0.55 { return freezing ? .snow : .rain }
    if rainChance >= 0.35 { return freezing ? .flurries : .drizzle }
    if cloudCover >= 0.9 { return .cloudy }
    if cloudCover >= 0.7 { return .mostlyCloudy }
    if cloudCover >= 0.4 { return .partlyCloudy }
    if cloudCover >= 0.15 { return .mostlyClear }
    return .clear
  }

  /// The day of the year (0 for 1 January) of a moment, with its fraction.
  static func dayOfYear(_ date: Int) -> Double {
    let days = ISODate.floorDiv(date, 86_400)
    let year = ISODate.civil(fromDays: days).year
    return Double(date - ISODate.days(fromCivil: year, 1, 1) * 86_400) / 86_400
  }

  func hemisphere(_ place: Place) -> Double { place.latitude < 0 ? -1 : 1 }

  func regionKey(_ place: Place) -> (Int, Int) {
    (Int((place.latitude * 2).rounded(.down)), Int((place.longitude * 2).rounded(.down)))
  }

  func localKey(_ place: Place) -> (Int, Int) {
    (Int((place.latitude * 10_000).rounded()), Int((place.longitude * 10_000).rounded()))
  }

  /// Smooth value noise in 0..<1: random values at knots `period` seconds apart, blended with
  /// smoothstep between them.
  func noise(channel: Int, key: (Int, Int), time: Double, period: Double) -> Double {
    let position = time / period
    let knot = position.rounded(.down)
    let f = position - knot
    let blend = f * f * (3 - 2 * f)
    let a = random(channel, key.0, key.1, Int(knot))
    let b = random(channel, key.0, key.1, Int(knot) + 1)
    return a + (b - a) * blend
  }

  /// A uniform number in 0..<1 from the seed and four integers (SplitMix64 mixing).
  func random(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Double {
    var x = UInt64(bitPattern: Int64(seed))
    for part in [a, b, c, d] {
      x = Self.mix(x &+ UInt64(bitPattern: Int64(part)) &* 0x9E37_79B9_7F4A_7C15)
    }
    return Double(x >> 11) / Double(1 << 53)
  }

  static func mix(_ value: UInt64) -> UInt64 { SplitMix64.mix(value) }
}

/// The default provider: offline and deterministic (the placeholder, else the model).
public struct ModelProvider: ForecastProvider, Sendable {
  /// The model.
  public var model: WeatherModel

  /// A provider from a seed.
  public init(seed: Int) { model = WeatherModel(seed: seed) }

  /// Answers every request from the model; it always has a minute forecast.
  public func forecasts(for requests: [ForecastRequest]) -> [PlaceForecast] {
    requests.map { request in
      PlaceForecast(
        place: request.place,
        hours: (0..<request.hours).map { model.hour(at: request.start + $0 * 3600, place: request.place) },
        minutes: request.minutes == 0
          ? nil
          : (0..<request.minutes).map { i in
            let date = request.firstMinute + i * 60
            return MinuteChance(date: date, chance: model.minuteChance(at: date, place: request.place))
          })
    }
  }
}
