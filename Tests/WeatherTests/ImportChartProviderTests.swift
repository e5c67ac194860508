import Foundation
import PipeProtocol
import TestSupport
import Testing

@testable import WeatherCommand

@Suite("the Open-Meteo import")
struct OpenMeteoTests {
  static let fixture = TestSupport.packageRoot.appendingPathComponent(
    "Tests/golden/weather/import-open-meteo/response.json")

  func parse(_ text: String, label: Place? = nil) throws -> [OpenMeteo.Location] {
    try OpenMeteo.parse(Array(text.utf8), label: label)
  }

  @Test(
    "the hand-written response (pretty-printed, local times at UTC-8, °C) becomes 24 hours and 11 minutes")
  func fixture() throws {
    let bytes = Array(try Data(contentsOf: Self.fixture))
    let location = try OpenMeteo.parse(bytes)[0]
    #expect(location.place == Place(city: nil, spot: nil, latitude: 37.33, longitude: -122.01))
    #expect(location.hours.count == 24)
    // 2026-11-29T00:00 at utc_offset_seconds -28800 is 08:00Z.
    #expect(location.hours[0].date == utc(2026, 11, 29, 8))
    #expect(location.hours[23].date == utc(2026, 11, 30, 7))
    // 8.1 °C = 46.58 °F; 15.0 °C = 59 °F.
    #expect(location.hours[0].fahrenheit == 46.6)
    #expect(location.hours[14].fahrenheit == 59)
    #expect(location.hours.map(\.isDaylight) == (0..<24).map { (7...16).contains($0) })
    #expect(location.hours[12].precipitationChance == 0.45 && location.hours[12].cloudCover == 1)
    // WMO 61 (slight rain) is rain; 80 (showers) is rain; 3 is overcast.
    #expect(location.hours[12].condition == .rain && location.hours[14].condition == .rain)
    #expect(location.hours[10].condition == .cloudy && location.hours[0].condition == .clear)
    #expect(location.hours[12].symbolName == "cloud.rain")
    #expect(location.hours[0].symbolName == "moon.stars")
    // 12 slots, the last null (no minute data there).
    #expect(location.minutes.count == 11)
    #expect(location.minutes[0] == MinuteChance(date: utc(2026, 11, 29, 18), chance: 0.2, length: 900))
    #expect(location.minutes[10] == MinuteChance(date: utc(2026, 11, 29, 20, 30), chance: 0.55, length: 900))
    #expect(location.missingChances == 0)
  }

  @Test("Unix times, °F, missing optional arrays, null chances, labels")
  func variants() throws {
    let text = """
      {"latitude":51.5,"longitude":-0.12,"utc_offset_seconds":3600,
       "hourly_units":{"time":"unixtime","temperature_2m":"°F"},
       "hourly":{"time":[1764403200,1764406800],"temperature_2m":[41.5,40],
                 "precipitation_probability":[null,70]}}
      """
    let label = Place(city: "London", spot: "Big Ben", latitude: 51.4994, longitude: -0.1245)
    let location = try parse(text, label: label)[0]
    #expect(location.place == label)
    #expect(location.hours.map(\.date) == [1_764_403_200, 1_764_406_800])
    #expect(location.hours.map(\.fahrenheit) == [41.5, 40])
    #expect(location.missingChances == 1)
    #expect(location.hours[0].precipitationChance == 0)
    // No weather_code, no cloud_cover: the condition comes from the rain chance.
    #expect(location.hours[1].condition == .rain)
    #expect(
      location.hours[0].isDaylight
        == Solar.isDaylight(at: 1_764_403_200, latitude: 51.4994, longitude: -0.1245))
    #expect(location.minutes.isEmpty)
  }

  @Test("several locations (an array), one labelled is refused")
  func array() throws {
    let one = #"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"],"temperature_2m":[20]}}"#
    #expect(try parse("[\(one),\(one)]").count == 2)
    #expect(throws: OpenMeteo.Problem.self) { try parse("[\(one),\(one)]", label: applePark) }
  }

  @Test(
    "bad responses are named",
    arguments: [
      (
        #"{"error":true,"reason":"Latitude must be in range"}"#,
        "Open-Meteo answered with an error: Latitude must be in range"
      ),
      (#"{"latitude":1,"longitude":2}"#, "hourly is missing (ask for hourly=temperature_2m,...)"),
      (
        #"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"]}}"#,
        "hourly.temperature_2m is missing"
      ),
      (
        #"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"],"temperature_2m":[1,2]}}"#,
        "hourly.temperature_2m has 2 values for 1 times"
      ),
      (
        #"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"],"temperature_2m":[null]}}"#,
        "hourly.temperature_2m[0] is null"
      ),
      (
        #"{"latitude":1,"longitude":2,"hourly":{"time":["x"],"temperature_2m":[1]}}"#,
        "hourly.time[0] is not a time: \"x\""
      ),
      (
        #"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"],"temperature_2m":[1],"weather_code":[4]}}"#,
        "hourly.weather_code[0] is 4, not a WMO weather code"
      ),
      ("{\"latitude\":1,", "not JSON: expected a string key in object, found end of line"),
      ("42", "the response is number, not an object"),
      (
        #"{"latitude":1,"longitude":2,"utc_offset_seconds":-9223372036854775808,"hourly":{"time":[],"temperature_2m":[]}}"#,
        "utc_offset_seconds is -9223372036854775808, more than a day away from UTC"
      ),
      (
        #"{"latitude":1,"longitude":2,"hourly_units":{"time":"unixtime"},"hourly":{"time":[9223372036854775807],"temperature_2m":[1]}}"#,
        "hourly.time[0] is 9223372036854775807, not a time in the years 0000 to 9999"
      ),
      (
        #"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"],"temperature_2m":[1e400]}}"#,
        "hourly.temperature_2m[0] is 1e400, too large a number"
      ),
      (
        #"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"],"temperature_2m":[600]}}"#,
        "hourly.temperature_2m[0] is out of range (absolute zero to 1000 °F)"
      ),
    ])
  func problems(_ text: String, _ message: String) {
    do {
      _ = try OpenMeteo.parse(Array(text.utf8))
      Issue.record("no problem found in \(text)")
    } catch {
      #expect(error.message == message)
    }
  }

  @Test("a key named twice, at any depth, is refused and placed; a syntax error after one is still not JSON")
  func duplicateKeys() {
    // 90 °C is 194 °F: the first value, which a reader that keeps the first would use (jq and
    // Python keep the last, 10 °C).
    for (text, key, place) in [
      (
        "{\"latitude\":1,\"longitude\":2,\"hourly\":{\"time\":[\"2026-01-01T00:00\"],\n"
          + "\"temperature_2m\":[90],\"temperature_2m\":[10]}}", "temperature_2m", "stdin line 2, column 23"
      ),
      (
        "[{\"latitude\":1,\"longitude\":2,\"latitude\":3,\"hourly\":{}}]", "latitude",
        "stdin line 1, column 30"
      ),
      (
        "{\"hourly_units\":{\"temperature_2m\":\"°F\",\"temp\\u0065rature_2m\":\"°C\"}}", "temperature_2m",
        "stdin line 1, column 40"
      ),
    ] {
      let bytes = Array(text.utf8)
      do {
        _ = try OpenMeteo.parse(bytes)
        Issue.record("no problem found in \(text)")
      } catch {
        #expect(error.message == "duplicate key \"\(key)\" in object (a key may appear once)")
        #expect(error.syntaxError == nil)
        #expect(OpenMeteo.place(of: error, in: bytes, source: "stdin") == place)
      }
    }
    do {
      _ = try OpenMeteo.parse(Array(#"{"latitude":1,"latitude":2,"#.utf8))
      Issue.record("no problem found")
    } catch {
      #expect(error.message == "not JSON: expected a string key in object, found end of line")
      #expect(error.syntaxError != nil)
    }
  }

  @Test("a syntax error is placed by line and column, counting characters, not bytes")
  func syntaxErrorPlace() {
    let text = Array("{\n  \"latitude\": 1,\n  \"naïve\": tru\n}".utf8)
    do {
      _ = try OpenMeteo.parse(text)
      Issue.record("no problem found")
    } catch {
      #expect(error.message == "not JSON: invalid literal (expected 'true')")
      #expect(OpenMeteo.place(of: error, in: text, source: "stdin") == "stdin line 3, column 12")
      #expect(OpenMeteo.place(of: OpenMeteo.Problem("x"), in: text, source: "f.json") == "f.json")
    }
  }

  @Test("every WMO code Open-Meteo documents maps to a condition")
  func codes() {
    let documented = [
      0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96,
      99,
    ]
    for code in documented { #expect(OpenMeteo.condition(wmo: Double(code)) != nil, "code \(code)") }
    #expect(OpenMeteo.condition(wmo: 4) == nil)
    #expect(OpenMeteo.condition(wmo: 61.5) == nil)
    #expect(OpenMeteo.condition(wmo: 75) == .heavySnow)
    #expect(OpenMeteo.condition(wmo: 45) == .foggy)
  }
}

@Suite("the Forecast card")
struct ChartTests {
  var placeholderCard: ForecastCard {
    let request = ForecastRequest(place: applePark, now: PlaceholderForecast.start, hours: 25, minutes: 0)
    return ForecastCard(
      hours: ModelProvider(seed: 0).forecasts(for: [request])[0].hours, placeName: "Apple Park")
  }

  @Test("the placeholder: low 53, one night 21:00 ..< 06:00 local, moon at dusk, sun at dawn")
  func placeholder() {
    let card = placeholderCard
    let start = PlaceholderForecast.start
    #expect(card.low == 53)
    #expect(card.high == 83)
    #expect(card.nightRanges == [(start + 12 * 3600)..<(start + 21 * 3600)])
    #expect(card.moons == [start + 12 * 3600])
    #expect(card.suns == [start + 21 * 3600])
    #expect(card.temperature(at: start + 12 * 3600) == 66)
    // Stride 5 from 50 (under 53) to 85 (over 83.5): 8 ticks.
    #expect(card.yAxis.lower == 50 && card.yAxis.upper == 85 && card.yAxis.stride == 5)
  }

  @Test("a night still open at the end closes at the last hour and has no sun; one at the start has no moon")
  func openNights() {
    let hours = [false, false, true, true, false, false].enumerated().map { i, day in
      HourForecast(
        date: i * 3600, fahrenheit: 50 + Double(i), isDaylight: day, precipitationChance: 0,
        condition: .clear,
        cloudCover: 0, symbolName: "sun.max", source: "model")
    }
    let card = ForecastCard(hours: hours.reversed(), placeName: nil)
    #expect(card.nightRanges == [0..<(2 * 3600), (4 * 3600)..<(5 * 3600)])
    #expect(card.moons == [4 * 3600])
    #expect(card.suns == [2 * 3600])
  }

  @Test("the card names who answered under it, in text and SVG: Open-Meteo's credit when any hour is theirs")
  func credit() {
    func hours(_ sources: [String]) -> [HourForecast] {
      sources.enumerated().map { i, source in
        HourForecast(
          date: i * 3600, fahrenheit: 50, isDaylight: true, precipitationChance: 0, condition: .clear,
          cloudCover: 0, symbolName: "sun.max", source: source)
      }
    }
    let open = ForecastCard(hours: hours(["model", "open-meteo"]), placeName: nil)
    for width in [80, 40] {
      let text = open.text(width: width)
      #expect(text.contains("Open-Meteo.com") && text.contains("https://open-meteo.com/en/licence"))
      #expect(text.split(separator: "\n").allSatisfy { $0.count <= width || $0.contains("://") })
    }
    #expect(open.svg().contains("<a href=\"https://open-meteo.com/en/licence\"><text"))
    #expect(open.svg().contains(">Weather data by Open-Meteo.com, CC BY 4.0"))
    let model = ForecastCard(hours: hours(["model", "model"]), placeName: nil)
    #expect(model.text(width: 80).hasSuffix("Weather: the offline model (deterministic, not a forecast)\n"))
    #expect(model.svg().contains(">Weather: the offline model") && !model.svg().contains("<a href"))
  }

  @Test("the curve passes through every hour")
  func curve() {
    let card = placeholderCard
    for (i, entry) in card.entries.enumerated() {
      #expect(abs(card.curve(at: Double(i)) - entry.degrees) < 1e-9)
    }
  }

  @Test("text fits the width it is given", arguments: [30, 60, 80, 132])
  func textWidth(_ width: Int) {
    let text = placeholderCard.text(width: width)
    let lines = text.split(separator: "\n")
    #expect(lines.count > 10)
    for line in lines { #expect(line.count <= width, "\(line.count) > \(width): \(line)") }
    #expect(text.contains("85°F") && text.contains("50°F") && text.contains("☾") && text.contains("☀"))
  }

  @Test("SVG: one shaded night, markers, °F labels, escaped names")
  func svg() {
    var card = placeholderCard
    card.placeName = "Fish & <Chips>\u{1}"
    let svg = card.svg()
    #expect(svg.components(separatedBy: "class=\"night fill-night\"").count == 2)
    #expect(svg.contains("class=\"moon\"") && svg.contains("class=\"sun\""))
    #expect(svg.contains(">85°F<") && svg.contains(">50°F<"))
    // A control character (not allowed in XML) from a record becomes U+FFFD, so the SVG stays valid.
    #expect(svg.contains("Fish &amp; &lt;Chips&gt;\u{FFFD}") && !svg.contains("<Chips>"))
  }
}

@Suite("provider answers")
struct ProviderParseTests {
  let requests = [
    ForecastRequest(
      place: applePark, start: utc(2026, 11, 29, 10), hours: 2, now: utc(2026, 11, 29, 10, 2), minutes: 1),
    ForecastRequest(
      place: Place(city: nil, spot: nil, latitude: 10, longitude: 20), start: utc(2026, 11, 29, 10), hours: 1,
      now: utc(2026, 11, 29, 10, 2), minutes: 0),
  ]

  func hour(_ place: String, _ h: Int, extra: String = "") -> String {
    #"{"type":"forecast",\#(place),"date":"2026-11-29T\#(h):00:00Z","temperature":{"value":15,"unit":"celsius"},"isDaylight":false,"precipitationChance":0.2,"condition":"cloudy","cloudCover":0.9,"symbolName":"cloud"\#(extra)}"#
  }
  let park = #""city":"Cupertino","spot":"Apple Park","latitude":37.3348,"longitude":-122.009"#
  let bare = #""latitude":10.00001,"longitude":20"#

  func parse(_ lines: [String]) -> Result<
    [Result<PlaceForecast, ExternalProvider.Problem>], ExternalProvider.Problem
  > {
    ExternalProvider.parse(Array((lines.joined(separator: "\n") + "\n").utf8), requests: requests)
  }

  @Test("a good answer: hours in any order, °C converted, minutes kept, bare places matched by coordinates")
  func good() throws {
    let minute =
      #"{"type":"forecast-minute",\#(park),"date":"2026-11-29T10:02:00Z","precipitationChance":0.4}"#
    let answers = try parse([hour(park, 11), minute, hour(bare, 10), hour(park, 10)]).get()
    let first = try answers[0].get()
    #expect(first.hours.map(\.date) == [utc(2026, 11, 29, 10), utc(2026, 11, 29, 11)])
    #expect(first.hours[0].fahrenheit == 59 && first.hours[0].source == "provider")
    #expect(first.minutes == [MinuteChance(date: utc(2026, 11, 29, 10, 2), chance: 0.4)])
    #expect(try answers[1].get().minutes == nil)
  }

  @Test(
    "bad answers are refused with the line and the problem",
    arguments: [
      (["nope"], "wrote a bad record (line 1): invalid literal"),
      (
        [#"{"type":"order"}"#],
        "wrote a bad record (line 1): a 'order' record; a provider writes forecast and forecast-minute records"
      ),
      (
        [#"{"type":"forecast"}"#], "wrote a bad record (line 1): missing field \"latitude\" (number -90...90)"
      ),
      ([], "wrote no records"),
    ])
  func bad(_ lines: [String], _ message: String) {
    guard case .failure(let problem) = parse(lines) else {
      Issue.record("accepted")
      return
    }
    #expect(problem.message.hasPrefix(message), "\(problem.message)")
  }

  @Test("places and hours not asked for, and duplicates, are refused")
  func wrongPlaceOrHour() {
    let elsewhere = #""city":"London","spot":"Big Ben","latitude":51.4994,"longitude":-0.1245"#
    #expect(throws: ExternalProvider.Problem.self) { try parse([hour(elsewhere, 10)]).get() }
    #expect(throws: ExternalProvider.Problem.self) { try parse([hour(park, 12)]).get() }
    #expect(throws: ExternalProvider.Problem.self) { try parse([hour(park, 10), hour(park, 10)]).get() }
  }

  @Test("a place with missing hours fails alone")
  func missingHours() throws {
    let answers = try parse([hour(park, 10), hour(bare, 10)]).get()
    #expect(throws: ExternalProvider.Problem(message: "gave 1 of 2 hours for Apple Park")) {
      try answers[0].get()
    }
    #expect(try answers[1].get().hours.count == 1)
  }
}

@Suite("temperatures a chart can draw (found by the bad-input campaign)")
struct TemperatureRangeTests {
  @Test("temperatures from absolute zero to 1000 °F are read; others are not, in either unit")
  func range() {
    func reading(_ value: String, _ unit: String) -> Double? {
      HourForecast.fahrenheit(from: try? JSONParser.parse(#"{"value":\#(value),"unit":"\#(unit)"}"#))
    }
    #expect(reading("72", "fahrenheit") == 72)
    #expect(reading("-459.67", "fahrenheit") == -459.67)
    #expect(reading("1000", "fahrenheit") == 1000)
    #expect(reading("100", "celsius") == 212)
    #expect(reading("1e20", "fahrenheit") == nil)
    #expect(reading("-500", "fahrenheit") == nil)
    #expect(reading("1e308", "celsius") == nil, "1e308 °C overflows to infinity in °F")
  }
}
