import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `weather import`: forecast records from a weather service's response (Open-Meteo so far).
enum Import {
  static let openMeteo = Flag(
    "open-meteo", help: "the input is an Open-Meteo /v1/forecast JSON response (required)")
  static let now = Option.date("now", help: "drop hours (and 15-minute slots) before the one holding T")
  static let hours = Option.int(
    "hours", short: "n", help: "write at most N hours per location", in: 1...100_000)
  static let format = Option.format(
    [.json], default: .json, help: "forecast records ('weather chart' draws them for people)")
  static let file = Argument.optional("FILE")

  static let command = Command(
    name: "import", summary: "turn an Open-Meteo forecast response into forecast records",
    options: [openMeteo, WeatherOptions.city, WeatherOptions.spot, now, hours, format],
    arguments: Arguments(file),
    input: """
      One Open-Meteo response (JSON, one document, any layout) from FILE or stdin: hourly time,
      temperature_2m (°C or °F), and optionally is_day, precipitation_probability, cloud_cover,
      weather_code; optional minutely_15 precipitation_probability.
      """,
    output: """
      One 'forecast' record per hour, then one 'forecast-minute' record per 15-minute slot. Places
      are the response's coordinates, or the spot given with --spot/--city (its name and coordinates).
      """,
    exitStatus: ["65   also: the response is not valid JSON or lacks what is needed (named)"],
    examples: """
      curl -s 'https://api.open-meteo.com/v1/forecast?latitude=37.3348&longitude=-122.009\
      &hourly=temperature_2m,is_day,precipitation_probability,cloud_cover,weather_code\
      &minutely_15=precipitation_probability' | weather import --open-meteo --spot 'Apple Park'
      weather import --open-meteo response.json --hours 25 | weather chart
      """,
    conflicts: [.described("`--open-meteo` is given")],
    lookups: WeatherOptions.placeLookups,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    guard invocation[openMeteo] else {
      throw ToolError.usage("say which format the input is in: --open-meteo (the only one so far)")
    }
    var label: Place?
    if invocation.isGiven(WeatherOptions.city) || invocation.isGiven(WeatherOptions.spot) {
      label = try WeatherOptions.place(invocation)
    }
    let now = invocation.time(now, in: WeatherOptions.zone(for: label?.city.flatMap(City.named)))
    let limit = invocation[hours]
    let path = invocation[file] ?? "-"
    let source = path == "-" ? "stdin" : path
    let bytes: [UInt8]
    if path == "-" {
      if Terminal.isTTY(0) {
        Diagnostics.note("reading an Open-Meteo response from the terminal; end with Ctrl-D", tool: "weather")
      }
      bytes = try Files.read(fd: 0, name: "stdin", limit: OpenMeteo.maxResponseSize)
    } else {
      bytes = try Files.read(path, limit: OpenMeteo.maxResponseSize)
    }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      throw ToolError.data(
        "\(source) line 1: the input is empty; expected an Open-Meteo forecast response (one JSON document)")
    }
    let locations: [OpenMeteo.Location]
    do {
      locations = try OpenMeteo.parse(bytes, label: label)
    } catch {
      throw ToolError.data("\(OpenMeteo.place(of: error, in: bytes, source: source)): \(error.message)")
    }
    for location in locations { warnings(location, source: source, now: now) }
    let out = StandardOutput.shared
    for location in locations {
      var hours = location.hours
      var minutes = location.minutes
      if let now {
        hours = hours.filter { $0.date >= ISODate.floorDiv(now, 3600) * 3600 }
        minutes = minutes.filter { $0.date >= ISODate.floorDiv(now, 900) * 900 }
      }
      if let limit {
        hours = Array(hours.prefix(limit))
        if let end = hours.last?.date { minutes = minutes.filter { $0.date < end + 3600 } }
      }
      for hour in hours { out.writeRecord(hour.record(at: location.place)) }
      for minute in minutes { out.writeRecord(minute.record(at: location.place, source: "open-meteo")) }
    }
    return ExitStatus.ok
  }

  /// The warnings about a location read: data it lacks (marked unknown), a place far from the spot
  /// it is filed under, and a --now outside its hours.
  static func warnings(_ location: OpenMeteo.Location, source: String, now: Int?) {
    for message in problems(location, now: now) { WeatherOptions.warn("\(source): \(message)") }
  }

  /// The same warnings' words, without the source.
  static func problems(_ location: OpenMeteo.Location, now: Int?) -> [String] {
    var messages: [String] = []
    let place = location.place.name
    if let lacking = location.missingDescription {
      let condition =
        location.missing["condition"] != nil
        ? "the condition is unknown there (a stand-in, never clear), " : ""
      messages.append(
        "the response for \(place) has no \(lacking): \(condition)stand-in values are marked \"unknown\" "
          + "(ask for hourly=temperature_2m,is_day,precipitation_probability,cloud_cover,weather_code)")
    }
    if location.place.spot != nil, location.labelDistance > OpenMeteo.farKilometres {
      messages.append(
        "the response is for \(JSONNumber(location.responseLatitude, fractionDigits: 4)), "
          + "\(JSONNumber(location.responseLongitude, fractionDigits: 4)), "
          + "\(Int(location.labelDistance.rounded())) km from \(place) (\(location.place.city ?? "")), where it is filed; "
          + "more than \(Int(OpenMeteo.farKilometres)) km away, it is another place's weather")
    }
    if let now, let first = location.hours.first?.date, let last = location.hours.last?.date,
      now < first || now >= last + 3600
    {
      messages.append(
        "--now \(ISODate.format(now)) lies outside the response's hours for \(place) "
          + "(\(ISODate.format(first)) to \(ISODate.format(last + 3600)))"
          + (now < first ? "" : ": no hours are written"))
    }
    return messages
  }
}
