import Foundation
import PipeProtocol
import TestSupport
import Testing
import ToolSupport

@testable import WeatherCommand

/// `--provider open-meteo` against a stand-in for Open-Meteo on 127.0.0.1 (no test needs the
/// internet): the recorded answers in Tests/golden/weather/open-meteo were made by hand in the
/// shape Open-Meteo documents for /v1/forecast (timeformat=unixtime, timezone=GMT).
@Suite("the Open-Meteo provider")
struct OpenMeteoProviderTests {
  static let folder = TestSupport.packageRoot.appendingPathComponent("Tests/golden/weather/open-meteo")
  let now = "2026-11-29T18:02:13Z"

  /// Runs `weather ARGUMENTS` with OPEN_METEO_URL at a stand-in serving `file` (a path, or a name
  /// in `folder`) as `mode`; with `timing`, the milliseconds weather took are written there (the
  /// harness waits for the server).
  func served(
    _ mode: String, _ file: String, _ arguments: String, extra: String = "", log: URL? = nil,
    timing: URL? = nil
  ) throws
    -> TestSupport.Result
  {
    let logging = log.map { " --log '\($0.path)'" } ?? ""
    let path = file.hasPrefix("/") ? file : "\(Self.folder.path)/\(file)"
    let clock = timing.map { "; echo $(( ($(date +%s%N) - s) / 1000000 )) > '\($0.path)'" } ?? ""
    return try TestSupport.shell(
      "{ read port; s=$(date +%s%N); OPEN_METEO_URL=http://127.0.0.1:$port/v1/forecast weather \(arguments)\(clock); } "
        + "< <(python3 '\(Self.folder.path)/serve.py' \(mode) '\(path)'\(extra)\(logging) 2>/dev/null)"
    )
  }

  static let ready = Requirements.has("curl") && Requirements.has("python3")

  @Test(
    "a forecast from Open-Meteo: one call with the place, the hours and the slots asked for",
    .enabled(if: ready, "curl and python3 are needed (the stand-in server is Python's http.server)"))
  func forecast() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("requests")
    let r = try served(
      "ok", "apple-park.json", "forecast --provider open-meteo --now \(now) --minutes", log: log)
    #expect(r.status == 0)
    #expect(r.err.isEmpty, "\(r.err)")
    let lines = r.out.split(separator: "\n")
    #expect(lines.count == 25 + 5)
    #expect(lines.allSatisfy { $0.contains(#""source":"open-meteo""#) })
    #expect(
      lines[0].contains(#""date":"2026-11-29T18:00:00Z""#) && lines[0].contains(#""spot":"Apple Park""#))
    let requests = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(requests.count == 1)
    let query = String(requests.first ?? "")
    for part in [
      "/v1/forecast?latitude=37.3348&longitude=-122.009", "timeformat=unixtime",
      "start_hour=2026-11-29T18:00",
      "end_hour=2026-11-30T18:00", "minutely_15=precipitation_probability",
      "start_minutely_15=2026-11-29T18:00",
      "hourly=temperature_2m,is_day,precipitation_probability,cloud_cover,weather_code",
    ] {
      #expect(query.contains(part), "\(query) lacks \(part)")
    }
  }

  @Test(
    "a city's spots in one call; the card credits Open-Meteo",
    .enabled(if: ready, "curl and python3 are needed (the stand-in server is Python's http.server)"))
  func spot() throws {
    let r = try served(
      "ok", "san-francisco.json",
      "spot --city 'San Francisco' --provider open-meteo --now \(now) --format text")
    #expect(r.status == 0 && r.err.isEmpty)
    #expect(r.out.hasPrefix("Recommended spot in San Francisco: Ferry Building\n"))
    #expect(r.out.hasSuffix("\n\(OpenMeteoProvider.attribution)\n"))
  }

  @Test(
    "HTTP errors, answers cut short or not JSON, a slow server: one warning, the model, exit 0",
    .enabled(if: ready, "curl and python3 are needed (the stand-in server is Python's http.server)"),
    arguments: [
      ("status", "error-page.html", " --status 502", "Open-Meteo answered with HTTP status 502"),
      ("truncate", "apple-park.json", "", "the answer was cut short"),
      ("ok", "apple-park-cut.json", "", "Open-Meteo's answer is not JSON"),
      ("ok", "duplicate-key.json", "", #"Open-Meteo's answer is not usable: duplicate key "temperature_2m""#),
      ("slow", "apple-park.json", " --delay 8", "Open-Meteo did not answer within 0.5 s"),
    ])
  func failures(mode: String, file: String, extra: String, words: String) throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let timing = dir.appendingPathComponent("ms")
    let r = try served(
      mode, file, "forecast --provider open-meteo --now \(now) --hours 3 --timeout 0.5", extra: extra,
      timing: timing)
    // Well before the slow server's 8 s: the timeout is 0.5 s.
    let ms = Int(
      try String(contentsOf: timing, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
    #expect((ms ?? .max) < 3000, "weather took \(ms ?? -1) ms")
    #expect(r.status == 0)
    let model = try TestSupport.run("weather", ["forecast", "--now", now, "--hours", "3"])
    #expect(r.stdout == model.stdout)
    let warnings = r.err.split(separator: "\n")
    #expect(warnings.count == 1)
    #expect(r.err.hasPrefix("weather: warning: ") && r.err.contains(words), "\(r.err)")
    #expect(r.err.hasSuffix("; using the offline model's forecast instead\n"))
  }

  @Test("without curl: one warning and the model")
  func noCurl() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try TestSupport.runProcess(
      TestSupport.tool("weather"), ["spot", "--provider", "open-meteo", "--now", now],
      environment: ["PATH": dir.path])
    #expect(r.status == 0)
    #expect(
      r.err == "weather: warning: curl is not installed, and --provider open-meteo fetches with it; "
        + "using the offline model's forecast instead\n")
    #expect(r.out.contains(#""source":"model""#))
  }

  @Test("the URL: lists of coordinates, the hours, the 15-minute slots holding the minutes asked for")
  func url() {
    let place = Place(city: "London", spot: "Big Ben", latitude: 51.4994, longitude: -0.1245)
    let other = Place(city: "London", spot: "Tower Bridge", latitude: 51.5055, longitude: -0.0754)
    let now = ISODate.parse("2026-11-29T10:02:13Z")!
    let requests = [place, other].map { ForecastRequest(place: $0, now: now, hours: 1, minutes: 60) }
    let url = OpenMeteoProvider.url(base: "http://127.0.0.1:9/v1/forecast?models=best_match", for: requests)
    #expect(
      url
        == "http://127.0.0.1:9/v1/forecast?models=best_match&latitude=51.4994,51.5055&longitude=-0.1245,-0.0754"
        + "&hourly=temperature_2m,is_day,precipitation_probability,cloud_cover,weather_code&timeformat=unixtime"
        + "&timezone=GMT&start_hour=2026-11-29T10:00&end_hour=2026-11-29T10:00"
        + "&minutely_15=precipitation_probability&start_minutely_15=2026-11-29T10:00"
        + "&end_minutely_15=2026-11-29T11:00")
  }

  @Test("OPEN_METEO_URL must be an http or https URL")
  func baseURL() throws {
    #expect(try OpenMeteoProvider.baseURL(environment: nil) == OpenMeteoProvider.defaultURL)
    #expect(try OpenMeteoProvider.baseURL(environment: "") == OpenMeteoProvider.defaultURL)
    #expect(try OpenMeteoProvider.baseURL(environment: "http://127.0.0.1:8080/v1/forecast") != "")
    #expect(throws: ToolError.self) { try OpenMeteoProvider.baseURL(environment: "file:///etc/passwd") }
    #expect(throws: ToolError.self) { try OpenMeteoProvider.baseURL(environment: "http://x/'; rm -rf /") }
  }

  @Test("an answer for fewer places or hours than asked is not used")
  func incomplete() throws {
    let body = Array(try Data(contentsOf: Self.folder.appendingPathComponent("apple-park.json")))
    let now = ISODate.parse("2026-11-29T18:02:13Z")!
    let request = ForecastRequest(place: .truck, now: now, hours: 25, minutes: 0)
    let ok = OpenMeteoProvider.read(body + Array("\n200".utf8), requests: [request])
    #expect((try? ok.get())?.0.first?.hours.count == 25)
    let twoPlaces = OpenMeteoProvider.read(body + Array("\n200".utf8), requests: [request, request])
    #expect(throws: OpenMeteoProvider.Problem.self) { try twoPlaces.get() }
    let tooMany = ForecastRequest(place: .truck, now: now, hours: 48, minutes: 0)
    let short = OpenMeteoProvider.read(body + Array("\n200".utf8), requests: [tooMany])
    #expect(throws: OpenMeteoProvider.Problem.self) { try short.get() }
    let noStatus = OpenMeteoProvider.read(body, requests: [request])
    #expect(throws: OpenMeteoProvider.Problem.self) { try noStatus.get() }
  }

  @Test("an answer naming a key twice is not used: readers disagree on which value counts")
  func duplicateKey() throws {
    let body = Array(try Data(contentsOf: Self.folder.appendingPathComponent("duplicate-key.json")))
    let request = ForecastRequest(place: .truck, now: ISODate.parse(now)!, hours: 25, minutes: 0)
    let answer = OpenMeteoProvider.read(body + Array("\n200".utf8), requests: [request])
    let problem = OpenMeteoProvider.Problem(
      message: "Open-Meteo's answer is not usable: "
        + #"duplicate key "temperature_2m" in object (a key may appear once)"#)
    #expect(throws: problem) { try answer.get() }
  }

  @Test("more than 16 MiB of answer in curl's output is refused before it is parsed")
  func readLimit() {
    let request = ForecastRequest(place: .truck, now: ISODate.parse(now)!, hours: 1, minutes: 0)
    let status = Array("\n200".utf8)
    let big = [UInt8](repeating: 0x20, count: OpenMeteo.maxResponseSize + 1)
    let tooLarge = OpenMeteoProvider.Problem(message: "Open-Meteo's answer is larger than 16 MiB")
    #expect(throws: tooLarge) { try OpenMeteoProvider.read(big + status, requests: [request]).get() }
    // 16 MiB itself is read (and found not to be JSON: all white space).
    let limit = OpenMeteoProvider.read(Array(big.dropLast()) + status, requests: [request])
    guard case .failure(let problem) = limit else {
      Issue.record("all white space was read")
      return
    }
    #expect(
      problem.message.hasPrefix("Open-Meteo's answer is not JSON (16,777,216 bytes;"), "\(problem.message)")
  }

  @Test(
    "over HTTP too, an answer of 16 MiB is read and one of 16 MiB + 1 byte is refused",
    .enabled(if: ready, "curl and python3 are needed (the stand-in server is Python's http.server)"))
  func sizeLimit() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let body = try Data(contentsOf: Self.folder.appendingPathComponent("apple-park.json"))
    let model = try TestSupport.run("weather", ["forecast", "--now", now, "--hours", "3"])
    // White space after the document keeps it valid JSON: only its size can be wrong.
    for size in [OpenMeteo.maxResponseSize, OpenMeteo.maxResponseSize + 1] {
      let file = dir.appendingPathComponent("answer.json")
      try (body + Data(repeating: 0x20, count: size - body.count)).write(to: file)
      let r = try served("ok", file.path, "forecast --provider open-meteo --now \(now) --hours 3")
      #expect(r.status == 0)
      if size > OpenMeteo.maxResponseSize {
        #expect(
          r.err == "weather: warning: Open-Meteo's answer is larger than 16 MiB; "
            + "using the offline model's forecast instead\n")
        #expect(r.stdout == model.stdout)
      } else {
        #expect(r.err.isEmpty, "\(r.err)")
        #expect(r.out.split(separator: "\n").count == 3 && !r.out.contains(#""source":"model""#))
      }
    }
  }

  @Test("curl is stopped once it has written more than 16 MiB, not left to run until the timeout")
  func curlStopped() throws {
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // A curl that writes 16 MiB + 5 bytes (more than an answer and its status line), then hangs.
    let curl = dir.appendingPathComponent("curl")
    try TestSupport.writeExecutable(
      "#!/bin/sh\nhead -c \(OpenMeteo.maxResponseSize + 5) /dev/zero\nexec sleep 30\n", to: curl)
    let r = try TestSupport.runProcess(
      TestSupport.tool("weather"), ["forecast", "--provider", "open-meteo", "--now", now, "--timeout", "5"],
      environment: ["PATH": "\(dir.path):/usr/bin:/bin"])
    #expect(r.status == 0)
    #expect(
      r.err == "weather: warning: Open-Meteo's answer is larger than 16 MiB; "
        + "using the offline model's forecast instead\n")
  }

  @Test("what a response lacks is a stand-in marked unknown, never clear")
  func unknownFields() throws {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("temperature-only.json")))
    let location = try OpenMeteo.parse(bytes)[0]
    for hour in location.hours {
      #expect(hour.unknown == ["condition", "cloudCover", "precipitationChance"])
      #expect(hour.condition != .clear && hour.symbolName == "questionmark.circle")
      #expect(!hour.conditionKnown && !hour.cloudCoverKnown)
      let record = hour.record(at: location.place)
      #expect(record["unknown"]?.jsonText == #"["condition","cloudCover","precipitationChance"]"#)
      // Read back (as chart and providers read it), the marks stay.
      #expect(HourForecast.parse(record)?.hour.unknown == hour.unknown)
    }
    #expect(location.missing == ["condition": 3, "cloudCover": 3, "precipitationChance": 3])
    // A code without cloud cover: the condition is known, the cover is a stand-in.
    let codeOnly = """
      {"latitude":1,"longitude":2,"hourly_units":{"time":"unixtime"},
       "hourly":{"time":[1795975200],"temperature_2m":[20],"weather_code":[0],"precipitation_probability":[0]}}
      """
    let hour = try OpenMeteo.parse(Array(codeOnly.utf8))[0].hours[0]
    #expect(hour.condition == .clear && hour.unknown == ["cloudCover"])
  }

  @Test("distances: a response filed under a spot far from it is another place")
  func distance() {
    // Apple Park to Coit Tower is about 60 km; London to Cupertino about 8,600 km.
    #expect(abs(Geo.kilometres(37.3348, -122.009, 37.8024, -122.4058) - 62.5) < 2)
    #expect(abs(Geo.kilometres(51.4994, -0.1245, 37.33, -122.01) - 8639) < 10)
    #expect(Geo.kilometres(37.33, -122.01, 37.3348, -122.009) < OpenMeteo.farKilometres)
  }
}

@Suite("local time on the Forecast card, spots and the widget")
struct LocalCardTests {
  let now = "2026-11-29T18:02:13Z"

  @Test("the card's hours are in the city's zone without TZ, in TZ when set, in --tz first")
  func zones() throws {
    let records = try TestSupport.run("weather", ["forecast", "--now", now]).stdout
    let city = try TestSupport.run(
      "weather", ["chart", "--width", "80"], stdin: records, environment: ["TZ": ""])
    #expect(city.out.contains("night 5 PM–8 AM PST"), "\(city.out)")
    let tz = try TestSupport.run(
      "weather", ["chart", "--width", "80"], stdin: records, environment: ["TZ": "Europe/London"])
    #expect(tz.out.contains("GMT\n"))
    let flag = try TestSupport.run(
      "weather", ["chart", "--width", "80", "--tz", "Asia/Tokyo"], stdin: records, environment: ["TZ": "UTC"])
    #expect(flag.out.contains("JST\n"))
    let bad = try TestSupport.run("weather", ["chart", "--tz", "Mars/Olympus"], stdin: records)
    #expect(bad.status == 64)
  }

  @Test("the card's night band and its labels agree: the band starts at the first night hour's label")
  func nightBand() throws {
    let start = ISODate.parse("2022-05-06T16:00:00Z")!
    let hours = (0..<25).map { PlaceholderForecast.hour(at: start + $0 * 3600, place: .truck)! }
    let card = ForecastCard(hours: hours, placeName: nil, zone: LocalTime.Zone.named("America/Los_Angeles")!)
    #expect(card.nightRanges.map(card.nightLabel) == ["9 PM–6 AM PDT"])
    #expect(card.tickLabels.first == "9 AM" && card.zoneLabel == "PDT")
    #expect(card.ticks.count == 9)
  }

  @Test("spots: 16 records, a city's alone, schema-valid; an unknown city is a usage error")
  func spots() throws {
    let all = try TestSupport.run("weather", ["spots"])
    #expect(all.status == 0 && all.out.split(separator: "\n").count == 16)
    let london = try TestSupport.run("weather", ["spots", "--city", "london"])
    #expect(london.out.split(separator: "\n").count == 6)
    #expect(london.out.hasPrefix(#"{"city":"London","latitude":51.4994,"longitude":-0.1245,"position":1,"#))
    let check = try TestSupport.run("pipe-check", ["--strict"], stdin: all.stdout)
    #expect(check.status == 0, "\(check.err)")
    let bad = try TestSupport.run("weather", ["spots", "--city", "Paris"])
    #expect(bad.status == 64 && bad.out.isEmpty)
  }

  @Test("widget: one line; json is the parking-spot record; waybar's JSON has text, tooltip and class")
  func widget() throws {
    let text = try TestSupport.run("weather", ["widget", "--city", "London", "--now", now])
    #expect(text.out == "Buckingham Palace · 47°F · Partly Cloudy · dry\n")
    let json = try TestSupport.run("weather", ["widget", "--city", "London", "--now", now, "-f", "json"])
    let spot = try TestSupport.run("weather", ["spot", "--city", "London", "--now", now])
    #expect(json.stdout == spot.stdout)
    let waybar = try TestSupport.run(
      "weather", ["widget", "--city", "London", "--now", now, "-f", "waybar"], environment: ["TZ": ""])
    let object = try JSONSerialization.jsonObject(with: waybar.stdout) as? [String: String]
    #expect(object?["class"] == "dry")
    #expect(object?["tooltip"]?.contains("at 6:02 PM GMT: Buckingham Palace") == true)
  }
}
