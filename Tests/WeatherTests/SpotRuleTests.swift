import FoodTruckKit
import PipeProtocol
import Testing
import ToolSupport

@testable import WeatherCommand

@Suite("the recommended-spot rule")
struct SpotRuleTests {
  let now = utc(2026, 11, 29, 10, 2) + 13

  /// A forecast for spot `index` of San Francisco whose minutes have these chances (nil: none).
  func forecast(_ index: Int, _ chances: [Double]?, failed: Bool = false) -> PlaceForecast {
    let place = Place(sanFrancisco, sanFrancisco.spots[index])
    let request = ForecastRequest(place: place, now: now, hours: 1, minutes: 60)
    if failed { return .fallback(request, reason: "provider 'x' exited with status 1") }
    let hour = WeatherModel(seed: 0).hour(at: request.start, place: place)
    let minutes = chances.map { list in
      list.enumerated().map { MinuteChance(date: request.firstMinute + $0.offset * 60, chance: $0.element) }
    }
    return PlaceForecast(place: place, hours: [hour], minutes: minutes)
  }

  /// Forecasts for all 8 spots: the given ones first, the rest dry.
  func city(_ first: [PlaceForecast]) -> [SpotAssessment] {
    let rest = (first.count..<sanFrancisco.spots.count).map { forecast($0, [0.0]) }
    return SpotRule.assess(city: sanFrancisco, forecasts: first + rest, now: now)
  }

  @Test("a dry first spot is recommended")
  func firstDry() {
    let spots = city([forecast(0, [0.1, 0.29, 0.0])])
    #expect(spots.filter(\.recommended).map(\.place.spot) == ["Coit Tower"])
    #expect(spots[0].willRainSoon == false)
    #expect(spots[0].reason.hasPrefix("the first spot in San Francisco whose minute forecast stays under"))
    #expect(spots[1].reason == "also dry for the next hour, but Coit Tower comes first")
  }

  @Test("a minute at exactly 30 % means rain soon (>= 0.3); the next dry spot is recommended")
  func threshold() {
    let spots = city([forecast(0, [0.1, 0.3]), forecast(1, [0.29])])
    #expect(spots.filter(\.recommended).map(\.place.spot) == ["Fisherman's Wharf"])
    #expect(spots[0].willRainSoon == true)
    #expect(spots[1].reason.hasSuffix("passed over: Coit Tower (30% chance of rain at 10:03Z)"))
  }

  @Test("the reasons explained again with a person's clock say the same, times in their zone")
  func localClock() throws {
    let spots = city([forecast(0, [0.1, 0.3]), forecast(1, [0.29])])
    let pacific = try #require(LocalTime.Zone.named("America/Los_Angeles"))
    let local = SpotRule.explain(spots, city: sanFrancisco) { LocalTime.time($0, in: pacific) }
    #expect(local.map(\.recommended) == spots.map(\.recommended))
    #expect(local[1].reason.hasSuffix("passed over: Coit Tower (30% chance of rain at 2:03 AM PST)"))
    #expect(local[0].reason == "not recommended: 30% chance of rain at 2:03 AM PST")
    #expect(SpotRule.explain(spots, city: sanFrancisco) == spots)
  }

  @Test("conditions have one-column glyphs for text, by day and night")
  func glyphs() {
    for condition in Condition.allCases {
      for day in [true, false] {
        let glyph = condition.glyph(isDaylight: day)
        #expect(glyph.unicodeScalars.count == 1 && TextLayout.displayWidth(glyph) == 1, "\(condition)")
      }
    }
    #expect(Condition.mostlyClear.glyph(isDaylight: true) == "☀")
    #expect(Condition.clear.glyph(isDaylight: false) == "☾")
    #expect(Condition.rain.glyph(isDaylight: true) == "☂")
  }

  @Test("a spot without a minute forecast does not qualify, however dry its hour")
  func noMinutes() {
    let spots = city([forecast(0, nil), forecast(1, nil), forecast(2, [0.05])])
    #expect(spots.filter(\.recommended).map(\.place.spot) == ["Ferry Building"])
    #expect(spots[0].willRainSoon == nil)
    #expect(spots[0].reason == "not recommended: no minute forecast")
    let record = Record(object: spots[0].record(city: sanFrancisco, now: now))
    #expect(record["willRainSoon"] == nil)
    #expect(record["minuteForecast"] == .bool(false))
  }

  @Test("when no spot qualifies the city's first spot is recommended and the reason says so")
  func noneQualifies() {
    let all = (0..<8).map { forecast($0, $0 % 2 == 0 ? [0.5] : nil) }
    let spots = SpotRule.assess(city: sanFrancisco, forecasts: all, now: now)
    #expect(spots.filter(\.recommended).map(\.place.spot) == ["Coit Tower"])
    #expect(spots[0].reason.hasPrefix("no spot in San Francisco has a minute forecast under a 30% chance"))
    #expect(spots[0].reason.hasSuffix("the city's first spot is recommended"))
    #expect(spots[0].reason.contains("Fisherman's Wharf: no minute forecast"))
    // The sample's city page would show the weather of the LAST spot it looked at (Bay Bridge)
    // beside the first spot's name; the record carries the recommended spot's own weather.
    #expect(spots[0].current == all[0].hours[0])
    #expect(spots[0].current != all[7].hours[0])
  }

  @Test("a spot whose weather failed gets the fallback, willRainSoon false, and does not qualify")
  func failedSpot() {
    let spots = city([forecast(0, nil, failed: true), forecast(1, [0.0])])
    #expect(spots[0].willRainSoon == false)
    #expect(!spots[0].qualifies)
    #expect(spots[0].current.fahrenheit == 72 && spots[0].current.cloudCover == 0.15)
    #expect(spots.filter(\.recommended).map(\.place.spot) == ["Fisherman's Wharf"])
    #expect(spots[0].reason == "not recommended: weather unavailable (provider 'x' exited with status 1)")
  }

  @Test("minutes outside the next hour are not looked at")
  func window() {
    var wet = forecast(0, [0.0])
    wet.minutes?.append(MinuteChance(date: now + 3600 + 60, chance: 0.9))
    wet.minutes?.append(MinuteChance(date: now - 120, chance: 0.9))
    let spots = city([wet])
    #expect(spots[0].recommended)
    // A 15-minute slot (Open-Meteo's) that began before now is in force now: it counts.
    var slot = forecast(0, [0.0])
    slot.minutes?.append(MinuteChance(date: now - 600, chance: 0.9, length: 900))
    #expect(!city([slot])[0].recommended)
  }

  @Test("parking-spot records conform to the schema")
  func records() {
    let spots = city([forecast(0, [0.4]), forecast(1, nil), forecast(2, nil, failed: true)])
    for spot in spots {
      let record = Record(object: spot.record(city: sanFrancisco, now: now))
      #expect(FoodTruckSchemas.catalog.schema(for: "parking-spot")?.problems(in: record) == [])
    }
  }
}
