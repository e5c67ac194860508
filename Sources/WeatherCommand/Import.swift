import PipeProtocol
import ToolSupport

/// `weather import`: forecast records from a weather service's response (Open-Meteo so far).
enum Import {
  static let openMeteo = Flag(
    "open-meteo", help: "the input is an Open-Meteo /v1/forecast JSON response (required)")
  static let now = Option.date("now", help: "drop hours (and 15-minute slots) before the one holding T")
  static let hours = Option.int(
    "hours", short: "n", help: "write at most N hours per location", in: 1...100_000)

  static let command = Command(
    name: "import", summary: "turn an Open-Meteo forecast response into forecast records",
    options: [openMeteo, WeatherOptions.city, WeatherOptions.spot, now, hours],
    arguments: .optional("FILE"),
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
    examples: [
      "curl -s 'https://api.open-meteo.com/v1/forecast?latitude=37.3348&longitude=-122.009"
        + "&hourly=temperature_2m,is_day,precipitation_probability,cloud_cover,weather_code"
        + "&minutely_15=precipitation_probability' | weather import --open-meteo --spot 'Apple Park'",
      "weather import --open-meteo response.json --hours 25 | weather chart",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    guard invocation[openMeteo] else {
      throw ToolError.usage("say which format the input is in: --open-meteo (the only one so far)")
    }
    var label: Place?
    if invocation.isGiven(WeatherOptions.city) || invocation.isGiven(WeatherOptions.spot) {
      label = try WeatherOptions.place(invocation)
    }
    let now = invocation[now]
    let limit = invocation[hours]
    let path = invocation.positionals.first ?? "-"
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
      if location.missingChances > 0 {
        WeatherOptions.warn(
          "\(source): \(location.missingChances) hours at \(location.place.name) have no precipitation_probability; "
            + "written as 0 (add precipitation_probability to hourly=)")
      }
      for hour in hours { out.writeRecord(hour.record(at: location.place)) }
      for minute in minutes { out.writeRecord(minute.record(at: location.place, source: "open-meteo")) }
    }
    return ExitStatus.ok
  }
}
