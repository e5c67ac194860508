import FoodTruckKit
import PipeProtocol
import Testing

@testable import WeatherCommand

/// Seconds since 1970 of a UTC date and time.
func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Int {
  ISODate.days(fromCivil: y, m, d) * 86_400 + h * 3600 + min * 60
}

let cupertino = City.named("Cupertino")!
let sanFrancisco = City.named("San Francisco")!
let london = City.named("London")!
let applePark = Place(cupertino, cupertino.spots[0])
let bigBen = Place(london, london.spots[0])

@Suite("the solar formulas")
struct SolarTests {
  /// Sunrise and sunset to the minute, as `HH:MM` UTC.
  func times(_ day: Solar.Day) -> (String, String)? {
    guard case .normal(let rise, let set) = day else { return nil }
    return (utcClock(rise), utcClock(set))
  }

  func minutes(_ a: Int, _ b: Int) -> Double { Double(abs(a - b)) / 60 }

  @Test("London at the June solstice: sunrise 04:43 BST, sunset 21:21 BST (published almanac times)")
  func londonSolstice() throws {
    guard
      case .normal(let rise, let set) = Solar.day(
        ISODate.days(fromCivil: 2026, 6, 21), latitude: 51.5074, longitude: -0.1278)
    else { Issue.record("no sunrise"); return }
    #expect(minutes(rise, utc(2026, 6, 21, 3, 43)) <= 2)
    #expect(minutes(set, utc(2026, 6, 21, 20, 21)) <= 2)
  }

  @Test("London at the December solstice: sunrise 08:04 GMT, sunset 15:53 GMT")
  func londonWinter() throws {
    guard
      case .normal(let rise, let set) = Solar.day(
        ISODate.days(fromCivil: 2026, 12, 21), latitude: 51.5074, longitude: -0.1278)
    else { Issue.record("no sunrise"); return }
    #expect(minutes(rise, utc(2026, 12, 21, 8, 4)) <= 2)
    #expect(minutes(set, utc(2026, 12, 21, 15, 53)) <= 2)
  }

  @Test("at the equator on an equinox the day lasts about 12 h 7 min (refraction and the disc)")
  func equator() {
    guard
      case .normal(let rise, let set) = Solar.day(
        ISODate.days(fromCivil: 2026, 3, 20), latitude: 0, longitude: 0)
    else { Issue.record("no sunrise"); return }
    #expect(abs(Double(set - rise) / 60 - 727) <= 3)
    // Solar noon at Greenwich is 12:00 UTC minus the equation of time (about +7.5 min in March).
    #expect(abs(Double((rise + set) / 2 - utc(2026, 3, 20, 12, 7))) / 60 <= 2)
  }

  @Test("above the Arctic Circle: midnight sun in June, polar night in December")
  func polar() {
    #expect(Solar.day(ISODate.days(fromCivil: 2026, 6, 21), latitude: 69.65, longitude: 18.96) == .polarDay)
    #expect(
      Solar.day(ISODate.days(fromCivil: 2026, 12, 21), latitude: 69.65, longitude: 18.96) == .polarNight)
    #expect(Solar.isDaylight(at: utc(2026, 6, 21, 23), latitude: 69.65, longitude: 18.96))
    #expect(!Solar.isDaylight(at: utc(2026, 12, 21, 11), latitude: 69.65, longitude: 18.96))
  }

  @Test("isDaylight flips at the computed sunrise and sunset")
  func daylightMatchesSunrise() {
    for (lat, lon, day) in [
      (37.3348, -122.009, ISODate.days(fromCivil: 2022, 5, 6)),
      (51.4994, -0.1245, ISODate.days(fromCivil: 2026, 11, 29)),
      (-33.8688, 151.2093, ISODate.days(fromCivil: 2026, 1, 15)),
    ] {
      guard case .normal(let rise, let set) = Solar.day(day, latitude: lat, longitude: lon) else {
        Issue.record("no sunrise at \(lat)")
        continue
      }
      #expect(!Solar.isDaylight(at: rise - 120, latitude: lat, longitude: lon))
      #expect(Solar.isDaylight(at: rise + 120, latitude: lat, longitude: lon))
      #expect(Solar.isDaylight(at: set - 120, latitude: lat, longitude: lon))
      #expect(!Solar.isDaylight(at: set + 120, latitude: lat, longitude: lon))
    }
  }

  @Test("Cupertino on the placeholder's day: sunrise near 06:08 PDT and sunset near 20:02 PDT")
  func cupertino() {
    // Worked by hand: solar noon 13:05 PDT (longitude 122.009° W, equation of time +3.3 min),
    // half-day arc 104.3° (declination +16.6°) = 6 h 57 min.
    guard
      case .normal(let rise, let set) = Solar.day(
        ISODate.days(fromCivil: 2022, 5, 6), latitude: 37.3348, longitude: -122.009)
    else { Issue.record("no sunrise"); return }
    #expect(minutes(rise, utc(2022, 5, 6, 13, 8)) <= 3)
    #expect(minutes(set, utc(2022, 5, 7, 3, 2)) <= 3)
  }
}

@Suite("the offline model")
struct ModelTests {
  @Test("the placeholder forecast: 25 hours from 2022-05-06T16:00Z (09:00 PDT) with the sample's degrees")
  func placeholder() {
    let request = ForecastRequest(place: applePark, now: utc(2022, 5, 6, 16, 30), hours: 25, minutes: 0)
    let hours = ModelProvider(seed: 0).forecasts(for: [request])[0].hours
    #expect(hours.count == 25)
    #expect(hours[0].date == utc(2022, 5, 6, 16))
    #expect(
      hours.map { Int($0.fahrenheit) } == [
        63, 68, 72, 77, 80, 82, 83, 83, 81, 79, 75, 70, 66, 64, 63, 61, 60, 59, 57, 56, 55, 55, 56, 59, 62,
      ])
    #expect(hours.map(\.isDaylight) == (0..<25).map { !(12...20).contains($0) })
    #expect(hours.allSatisfy { $0.source == "placeholder" && $0.condition == .clear })
    // The seed does not change the sample's data; the hour after it is the model's.
    #expect(ModelProvider(seed: 9).forecasts(for: [request])[0].hours == hours)
    #expect(WeatherModel(seed: 0).hour(at: utc(2022, 5, 7, 17), place: applePark).source == "model")
    // Only Cupertino has it.
    #expect(WeatherModel(seed: 0).hour(at: utc(2022, 5, 6, 16), place: bigBen).source == "model")
  }

  @Test("same seed, place and time give the same weather; another seed gives other weather")
  func deterministic() {
    let a = (0..<48).map { WeatherModel(seed: 1).hour(at: utc(2026, 11, 29) + $0 * 3600, place: bigBen) }
    let b = (0..<48).map { WeatherModel(seed: 1).hour(at: utc(2026, 11, 29) + $0 * 3600, place: bigBen) }
    let c = (0..<48).map { WeatherModel(seed: 2).hour(at: utc(2026, 11, 29) + $0 * 3600, place: bigBen) }
    #expect(a == b)
    #expect(a != c)
  }

  /// Mean °F over the days of a month at a place, every 3 hours, across a few seeds.
  func monthlyMean(_ place: Place, year: Int, month: Int) -> Double {
    var sum = 0.0
    var count = 0
    for seed in 0..<3 {
      let model = WeatherModel(seed: seed)
      for day in 1...28 {
        for hour in stride(from: 0, to: 24, by: 3) {
          sum += model.hour(at: utc(year, month, day, hour), place: place).fahrenheit
          count += 1
        }
      }
    }
    return sum / Double(count)
  }

  @Test("seasons: July warmer than January in the north, the other way round in Sydney; plausible ranges")
  func seasons() {
    let sydney = Place(city: nil, spot: nil, latitude: -33.8688, longitude: 151.2093)
    #expect(monthlyMean(applePark, year: 2026, month: 7) - monthlyMean(applePark, year: 2026, month: 1) >= 10)
    #expect(monthlyMean(bigBen, year: 2026, month: 7) - monthlyMean(bigBen, year: 2026, month: 1) >= 12)
    #expect(monthlyMean(sydney, year: 2026, month: 1) - monthlyMean(sydney, year: 2026, month: 7) >= 10)
    // London is colder than Cupertino on average; both stay within plausible bounds.
    #expect(monthlyMean(bigBen, year: 2026, month: 1) < monthlyMean(applePark, year: 2026, month: 1))
    for month in 1...12 {
      let m = monthlyMean(applePark, year: 2026, month: month)
      #expect((40...80).contains(m), "Cupertino month \(month): \(m)")
      let l = monthlyMean(bigBen, year: 2026, month: month)
      #expect((30...72).contains(l), "London month \(month): \(l)")
    }
  }

  @Test("afternoons are warmer than the small hours (local solar time)")
  func dailyCycle() {
    var warmer = 0
    for day in 1...30 {
      let model = WeatherModel(seed: day)
      // Cupertino: 15:00 local solar time is about 23:08Z; 03:00 is about 11:08Z.
      let afternoon = model.hour(at: utc(2026, 9, day, 23), place: applePark).fahrenheit
      let night = model.hour(at: utc(2026, 9, day, 11), place: applePark).fahrenheit
      if afternoon > night { warmer += 1 }
    }
    #expect(warmer >= 27)
  }

  @Test("every hour is consistent: ranges, rain conditions, daylight from the sun, symbol")
  func consistency() {
    let model = WeatherModel(seed: 5)
    var rainy = 0
    for city in City.all {
      for spot in city.spots {
        let place = Place(city, spot)
        for h in 0..<(24 * 20) {
          let date = utc(2026, 1, 1) + h * 7 * 3600
          let hour = model.hour(at: date, place: place)
          #expect((0...1).contains(hour.cloudCover) && (0...1).contains(hour.precipitationChance))
          #expect(
            hour.isDaylight == Solar.isDaylight(at: date, latitude: spot.latitude, longitude: spot.longitude))
          #expect(hour.symbolName == hour.condition.symbolName(isDaylight: hour.isDaylight))
          #expect((hour.precipitationChance >= 0.35) == hour.condition.isPrecipitation)
          if hour.condition.isPrecipitation { rainy += 1 }
          let minute = model.minuteChance(at: date + 600, place: place)
          #expect((0...1).contains(minute))
        }
      }
    }
    // It rains sometimes, not always.
    #expect(rainy > 100 && rainy < 16 * 24 * 20 / 2)
  }

  @Test("the fallback is the sample's: clear, no rain, cloud cover 0.15, 72 °F, sun.max, no minutes")
  func fallback() {
    let request = ForecastRequest(place: applePark, now: utc(2026, 11, 29, 10, 2), hours: 3, minutes: 60)
    let forecast = PlaceForecast.fallback(request, reason: "x")
    #expect(forecast.minutes == nil)
    #expect(forecast.hours.count == 3)
    for hour in forecast.hours {
      #expect(hour.fahrenheit == 72 && hour.condition == .clear && hour.cloudCover == 0.15)
      #expect(hour.precipitationChance == 0 && hour.symbolName == "sun.max" && hour.source == "fallback")
    }
  }

  @Test("the conditions are the schema's, and the records a provider gets and gives conform")
  func schemas() {
    #expect(Condition.allCases.map(\.rawValue) == FoodTruckSchemas.weatherConditions)
    let request = ForecastRequest(place: bigBen, now: utc(2026, 11, 29, 10, 2), hours: 25, minutes: 60)
    let forecast = ModelProvider(seed: 3).forecasts(for: [request])[0]
    #expect(forecast.minutes?.count == 60)
    #expect(forecast.minutes?.first?.date == utc(2026, 11, 29, 10, 2))
    var records = forecast.records(includeMinutes: true)
    records.append(request.record)
    for object in records {
      let record = Record(object: object)
      let schema = FoodTruckSchemas.catalog.schema(for: record.type)
      #expect(schema != nil)
      #expect(schema?.problems(in: record) == [])
    }
    #expect(records.count == 25 + 60 + 1)
  }

  @Test("condition names and symbols read well")
  func conditionWords() {
    #expect(Condition.mostlyClear.description == "Mostly Clear")
    #expect(Condition.clear.symbolName(isDaylight: true) == "sun.max")
    #expect(Condition.clear.symbolName(isDaylight: false) == "moon.stars")
    #expect(!Condition.foggy.isPrecipitation && Condition.drizzle.isPrecipitation)
  }
}
