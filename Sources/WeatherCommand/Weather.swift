import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// `weather`: the hourly forecast at the truck, the recommended parking spot, orders annotated
/// with the weather, and the Forecast card, from a swappable provider.
public enum Weather: LegacyCommand {
  static let placeOptions: [OptionSpec] = [
    .value(
      "city", short: "c", name: "C", help: "a city: Cupertino, San Francisco or London (its first spot)"),
    .value("spot", short: "s", name: "S", help: "a parking spot by name, e.g. 'Ferry Building'"),
    .value("lat", name: "X", help: "latitude in degrees (with --lon; a place that is not a known spot)"),
    .value("lon", name: "Y", help: "longitude in degrees (with --lat)"),
  ]
  static let providerOptions: [OptionSpec] = [
    .value("now", name: "T", help: "the moment to forecast from (ISO 8601; default: the clock)"),
    .value("seed", name: "N", help: "the offline model's seed (default 0)"),
    .value("provider", name: "CMD", help: "get forecasts from CMD instead (see PROTOCOL.md, 'Providers')"),
    .value("timeout", name: "SECONDS", help: "stop a --provider after SECONDS (default 10)"),
  ]
  static let providerNote = """
    Forecasts come from the offline model (the sample's placeholder forecast in Cupertino on
    2022-05-06 from 16:00Z, elsewhere a deterministic model of latitude, season, hour and --seed),
    or from --provider CMD. A provider that fails, hangs or writes bad records gives the sample's
    fallback (clear, no rain, 15% cloud, 72°F) and a warning.
    """

  static let forecastSpec = CommandSpec(
    name: "forecast", summary: "write hourly forecast records for a place",
    usage: ["weather forecast [--city C | --spot S | --lat X --lon Y] [--hours N] [--minutes] [--now T]"],
    options: placeOptions + providerOptions + [
      .value(
        "hours", short: "n", name: "N", help: "how many hours from the current one (default 25, at most 240)"),
      .flag("minutes", short: "m", help: "also write forecast-minute records for the next 60 minutes"),
    ],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      One 'forecast' record per hour from the hour holding --now (default: the truck's spot, Apple Park
      in Cupertino); with --minutes, then one 'forecast-minute' record per minute.
      \(providerNote)
      """,
    exitStatus: ["64   also: an unknown city or spot (the known ones are listed)"],
    examples: [
      "weather forecast --now 2022-05-06T16:00:00Z | weather chart",
      "weather forecast --city London --hours 48 --seed 7 | pipe-check",
      "weather forecast --lat 48.8566 --lon 2.3522 --minutes | jq -c 'select(.type==\"forecast-minute\")'",
    ])

  static let spotSpec = CommandSpec(
    name: "spot", summary: "recommend a parking spot in a city by the sample's rain rule",
    usage: ["weather spot [--city C] [--now T] [--all] [--format jsonl|text]"],
    options: [placeOptions[0]] + providerOptions + [
      .flag("all", short: "a", help: "write every spot of the city, not only the recommended one"),
      .value(
        "format", short: "f", name: "F", help: "jsonl (default) or text, for people",
        choices: ["jsonl", "text"]),
    ],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      A 'parking-spot' record for the recommended spot of the city (default Cupertino): the first spot
      whose minute forecast has no minute at a 30% chance of rain or more in the next hour. A spot
      with no minute forecast, or whose weather could not be had, does not qualify; when none
      qualifies, the city's first spot is recommended and the reason says so. With --all, one record
      per spot in the city's order. With --format text, the city page's card.
      \(providerNote)
      """,
    exitStatus: ["64   also: an unknown city (the known ones are listed)"],
    examples: [
      "weather spot --city 'San Francisco' --format text",
      "weather spot --city London --all | jq -r '[.spot, .reason] | @tsv'",
    ])

  static let chartSpec = CommandSpec(
    name: "chart", summary: "draw the Forecast card from forecast records",
    usage: ["weather chart [--format text|svg] [--spot S] [--tz ZONE] [FILE...]"],
    options: [
      .value(
        "format", short: "f", name: "F", help: "text (default, sized to the terminal) or svg",
        choices: ["text", "svg"]),
      .value("spot", short: "s", name: "S", help: "chart this place when the input holds several"),
      .value("tz", name: "ZONE", help: "label hours in this time zone (default: TZ, as date(1))"),
      .value(
        "width", short: "w", name: "N",
        help: "columns (text; default COLUMNS or the terminal) or pixels (svg, 640)"),
      .value("height", name: "N", help: "plot rows (text, default 12) or pixels (svg, 320)"),
    ],
    positionalName: "FILE",
    input: """
      'forecast' records (from 'weather forecast' or 'weather import'), from each FILE or stdin.
      Other records are ignored. Hours are sorted by date; one place only (choose with --spot).
      """,
    output: """
      The sample's Forecast card: temperature over the hours as an area from 2 degrees under the
      coldest hour, night ranges shaded, a moon where night starts and a sun where it ends, ticks
      every 3 hours, °F labels. Text fits COLUMNS; SVG is a standalone image.
      """,
    examples: [
      "weather forecast --now 2022-05-06T16:00:00Z | weather chart --tz America/Los_Angeles",
      "weather forecast --city London | weather chart --format svg > forecast.svg",
    ])

  static let annotateSpec = CommandSpec(
    name: "annotate", summary: "fill orders' temperature and wasRaining from the forecast",
    usage: ["weather annotate [--seed N] [--provider CMD] [FILE...]"],
    options: Array(providerOptions.dropFirst()),
    positionalName: "FILE",
    input: """
      Any records, from each FILE or stdin. 'order' records need "city", "parkingSpot" (a spot of
      that city) and "creationDate".
      """,
    output: """
      Every record in its place: each 'order' with "temperature" ({"value":N,"unit":"fahrenheit"})
      and "wasRaining" (the hour's condition is rain, snow, drizzle, hail or storms) set from the
      forecast at its spot and hour, every other field kept as written; every other record byte for
      byte. Streams in constant memory.
      \(providerNote)
      """,
    exitStatus: ["65   also: an order names an unknown city or spot, or has no creationDate"],
    examples: [
      "orders generate | weather annotate | sales-chart",
      "weather annotate --seed 3 orders.jsonl > annotated.jsonl",
    ])

  static let importSpec = CommandSpec(
    name: "import", summary: "turn an Open-Meteo forecast response into forecast records",
    usage: ["weather import --open-meteo [--city C | --spot S] [--now T] [--hours N] [FILE|-]"],
    options: [
      .flag("open-meteo", help: "the input is an Open-Meteo /v1/forecast JSON response (required)"),
      placeOptions[0], placeOptions[1],
      .value("now", name: "T", help: "drop hours (and 15-minute slots) before the one holding T"),
      .value("hours", short: "n", name: "N", help: "write at most N hours per location"),
    ],
    positionalName: "FILE", maxPositionals: 1,
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
    ])

  /// The command-line specification.
  public static let spec = CommandSpec(
    name: "weather",
    summary: "hourly forecast at the truck, the recommended parking spot, orders with their weather",
    usage: ["weather COMMAND [OPTION...]"],
    subcommands: [forecastSpec, spotSpec, chartSpec, annotateSpec, importSpec],
    input: """
      chart and annotate read JSON lines (files or stdin); import reads an Open-Meteo response;
      forecast and spot read nothing.
      """,
    output: """
      JSON lines (forecast, forecast-minute, parking-spot records, annotated orders), or the card;
      see each command's --help.
      """,
    examples: [
      "weather forecast | weather chart",
      "weather spot --city 'San Francisco' --format text",
      "orders generate | weather annotate | sales-chart",
    ])

  /// Runs the command.
  public static func run(_ invocation: LegacyInvocation) throws -> Int32 {
    switch invocation.subcommand {
    case "forecast": return try runForecast(invocation)
    case "spot": return try runSpot(invocation)
    case "chart": return try runChart(invocation)
    case "annotate": return try runAnnotate(invocation)
    case "import": return try runImport(invocation)
    default:
      throw ToolError.usage(
        "missing command",
        notes: ["commands: forecast, spot, chart, annotate, import", "see 'weather --help'"])
    }
  }

  // MARK: Options

  static func warn(_ message: String) { Diagnostics.warn(message, tool: "weather") }

  /// The provider the options ask for.
  static func provider(_ invocation: LegacyInvocation) throws(ToolError) -> any ForecastProvider {
    let seed = try invocation.int("seed", default: 0)
    if let command = invocation.string("provider") {
      guard !command.trimmingTrailingSpaces().isEmpty else { throw .usage("--provider needs a command") }
      let timeout = try invocation.double("timeout", default: 10, in: 0.01...86_400)
      return ExternalProvider(command: command, timeout: timeout, warn: warn)
    }
    return ModelProvider(seed: seed)
  }

  /// A city by name, or a usage error listing the known ones.
  static func city(named name: String) throws(ToolError) -> City {
    guard let city = City.named(name) else {
      throw .usage("unknown city '\(name)'", notes: ["known cities: \(City.names)"])
    }
    return city
  }

  /// The place the options name (default: the truck's spot).
  static func place(_ invocation: LegacyInvocation) throws(ToolError) -> Place {
    let cityName = invocation.string("city")
    let spotName = invocation.string("spot")
    let lat = invocation.string("lat")
    let lon = invocation.string("lon")
    if lat != nil || lon != nil {
      guard cityName == nil, spotName == nil else {
        throw .usage("give --lat/--lon or --city/--spot, not both")
      }
      guard lat != nil, lon != nil else { throw .usage("--lat and --lon go together") }
      return Place(
        city: nil, spot: nil, latitude: try invocation.double("lat", default: 0, in: -90...90),
        longitude: try invocation.double("lon", default: 0, in: -180...180))
    }
    if let spotName {
      let city = try cityName.map { (name: String) throws(ToolError) in try Self.city(named: name) }
      let candidates = city.map { [$0] } ?? City.all
      for c in candidates {
        if let spot = c.spots.first(where: { $0.name.lowercased() == spotName.lowercased() }) {
          return Place(c, spot)
        }
      }
      throw .usage(
        "unknown parking spot '\(spotName)'\(city.map { " in \($0.name)" } ?? "")",
        notes: ["known spots: " + candidates.flatMap { $0.spots.map(\.name) }.joined(separator: ", ")])
    }
    if let cityName {
      let city = try city(named: cityName)
      return Place(city, city.spots[0])
    }
    return .truck
  }

  // MARK: forecast

  static func runForecast(_ invocation: LegacyInvocation) throws -> Int32 {
    let place = try place(invocation)
    let now = try invocation.now()
    let hours = try invocation.int("hours", default: 25, in: 1...240)
    let minutes = invocation.flag("minutes") ? 60 : 0
    let provider = try provider(invocation)
    let request = ForecastRequest(place: place, now: now, hours: hours, minutes: minutes)
    let forecast = provider.forecasts(for: [request])[0]
    let out = StandardOutput.shared
    for record in forecast.records(includeMinutes: minutes > 0) { out.writeRecord(record) }
    if minutes > 0, forecast.minutes == nil, forecast.fallbackReason == nil {
      warn("the provider has no minute forecast for \(place.name)")
    }
    return ExitStatus.ok
  }

  // MARK: spot

  static func runSpot(_ invocation: LegacyInvocation) throws -> Int32 {
    let city = try city(named: invocation.string("city") ?? City.truck.city.name)
    let now = try invocation.now()
    let provider = try provider(invocation)
    let spots = SpotRule.assess(
      city: city, forecasts: provider.forecasts(for: SpotRule.requests(for: city, now: now)), now: now)
    let all = invocation.flag("all")
    let out = StandardOutput.shared
    if invocation.choice("format", default: "jsonl") == "text" {
      out.write(
        spotText(
          city: city, spots: spots, all: all, style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
      return ExitStatus.ok
    }
    for spot in spots where all || spot.recommended { out.writeRecord(spot.record(city: city, now: now)) }
    return ExitStatus.ok
  }

  /// The city page's recommended-spot card as text.
  static func spotText(city: City, spots: [SpotAssessment], all: Bool, style: Terminal.Style) -> String {
    guard let chosen = spots.first(where: \.recommended) else { return "" }
    let hour = chosen.current
    var text = "\(style.bold("Recommended spot in \(city.name):")) \(chosen.place.name)\n"
    text += "  \(Int(hour.fahrenheit.rounded()))°F · \(hour.condition.description) · \(hour.symbolName)\n"
    switch chosen.willRainSoon {
    case true?: text += "  Will rain soon...\n"
    case false?: text += "  No chance of rain today\n"
    case nil: text += "  No minute forecast\n"
    }
    text += "  Cloud cover percentage is currently \(percent(hour.cloudCover)) in \(city.name)\n"
    text += "  Popular donuts this season include Custard, Super Lemon, and Rainbow\n"
    text += "  Why: \(chosen.reason)\n"
    if all {
      text += "\(style.bold("Other spots:"))\n"
      for spot in spots where !spot.recommended {
        text +=
          "  \(spot.place.name): \(Int(spot.current.fahrenheit.rounded()))°F, "
          + "\(spot.current.condition.description); \(spot.reason)\n"
      }
    }
    return text
  }

  // MARK: chart

  static func runChart(_ invocation: LegacyInvocation) throws -> Int32 {
    if let zone = invocation.string("tz"), !LocalTime.use(zone) {
      throw ToolError.usage(
        "unknown time zone '\(zone)'", notes: ["use a name such as America/Los_Angeles or UTC"])
    }
    let wanted = invocation.string("spot")
    var hours: [Int: HourForecast] = [:]
    var place: Place?
    var others: [String] = []
    try Inputs.forEach(invocation.positionals, tool: "weather") { reader in
      try reader.forEach { view in
        guard view.type == "forecast" else { return }
        let (recordPlace, hour) = try forecastHour(view)
        if let wanted, recordPlace.name.lowercased() != wanted.lowercased() { return }
        if let place, place != recordPlace {
          if !others.contains(recordPlace.name) { others.append(recordPlace.name) }
          return
        }
        place = recordPlace
        hours[hour.date] = hour
      }
    }
    guard let place else {
      throw ToolError.data(
        wanted.map { "no forecast records for '\($0)' in the input" } ?? "no forecast records in the input",
        notes: ["make some with 'weather forecast'"])
    }
    guard others.isEmpty else {
      throw ToolError.data(
        "the input has forecasts for several places (\(([place.name] + others).joined(separator: ", ")))",
        notes: ["choose one with --spot"])
    }
    let card = ForecastCard(
      hours: Array(hours.values), placeName: place.city.map { "\($0) · \(place.name)" } ?? place.name)
    let out = StandardOutput.shared
    if invocation.choice("format", default: "text") == "svg" {
      let width = try invocation.int("width", default: 640, in: 200...10_000)
      let height = try invocation.int("height", default: 320, in: 120...10_000)
      out.write(card.svg(width: width, height: height))
    } else {
      let width = try invocation.int("width", default: Terminal.width(fd: 1), in: 20...10_000)
      let height = try invocation.int("height", default: 12, in: 3...500)
      out.write(
        card.text(width: width, height: height, style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
    }
    return ExitStatus.ok
  }

  /// A `forecast` record as `chart` reads it: checked against its schema, with a temperature a
  /// chart can draw. A bad record is an error naming its line (exit 65).
  static func forecastHour(_ view: RecordView) throws(InputError) -> (place: Place, hour: HourForecast) {
    let record = view.copy()
    if let problem = FoodTruckSchemas.catalog.schema(for: "forecast")?.problems(in: record).first {
      throw view.error("bad forecast record: \(problem)")
    }
    guard HourForecast.fahrenheit(from: record["temperature"]) != nil else {
      throw view.error(
        "bad forecast record: the temperature \(record["temperature"]?.jsonText ?? "") is out of range "
          + "(\(HourForecast.plausibleFahrenheit.lowerBound) to \(HourForecast.plausibleFahrenheit.upperBound) °F)"
      )
    }
    guard let parsed = HourForecast.parse(record.object) else { throw view.error("bad forecast record") }
    return parsed
  }

  // MARK: annotate

  static func runAnnotate(_ invocation: LegacyInvocation) throws -> Int32 {
    let annotator = Annotator(provider: try provider(invocation))
    let out = StandardOutput.shared
    try Inputs.forEach(invocation.positionals, tool: "weather") { reader in
      try reader.forEach { view in
        guard view.type == "order" else {
          out.writeLine(view.bytes)
          return
        }
        out.writeRecord(try annotator.annotate(view))
      }
    }
    return ExitStatus.ok
  }

  // MARK: import

  static func runImport(_ invocation: LegacyInvocation) throws -> Int32 {
    guard invocation.flag("open-meteo") else {
      throw ToolError.usage("say which format the input is in: --open-meteo (the only one so far)")
    }
    var label: Place?
    if invocation.string("city") != nil || invocation.string("spot") != nil { label = try place(invocation) }
    let now = try invocation.date("now")
    let limit = try invocation.int("hours", in: 1...100_000)
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
        warn(
          "\(source): \(location.missingChances) hours at \(location.place.name) have no precipitation_probability; "
            + "written as 0 (add precipitation_probability to hourly=)")
      }
      for hour in hours { out.writeRecord(hour.record(at: location.place)) }
      for minute in minutes { out.writeRecord(minute.record(at: location.place, source: "open-meteo")) }
    }
    return ExitStatus.ok
  }
}

/// Fills orders' weather from a provider, caching each spot's days (a bounded cache).
final class Annotator {
  let provider: any ForecastProvider
  /// Each spot of each city, and its place.
  let spots: [String: [String: Place]]
  struct Key: Hashable {
    var city: String
    var spot: String
    var day: Int
  }
  var cache: [Key: [HourForecast]] = [:]
  static let cacheLimit = 4096

  init(provider: any ForecastProvider) {
    self.provider = provider
    var spots: [String: [String: Place]] = [:]
    for city in City.all {
      for spot in city.spots { spots[city.name, default: [:]][spot.name] = Place(city, spot) }
    }
    self.spots = spots
  }

  /// The order with its weather filled in, every other member kept in order and as written.
  func annotate(_ view: RecordView) throws -> JSONObject {
    func string(_ key: String) throws(InputError) -> String {
      guard let value = view[key] else { throw view.error("order record has no \"\(key)\" field") }
      guard let s = value.stringValue else {
        throw view.error("\"\(key)\" must be a string, not \(value.typeName)")
      }
      return s
    }
    let id = view["id"]?.stringValue.map { " in order \($0)" } ?? ""
    let cityName = try string("city")
    guard let citySpots = spots[cityName] else {
      throw view.error("unknown city '\(cityName)'\(id); known cities: \(City.names)")
    }
    let spotName = try string("parkingSpot")
    guard let place = citySpots[spotName] else {
      let known = City.all.first { $0.name == cityName }!.spots.map(\.name).joined(separator: ", ")
      throw view.error("unknown parking spot '\(spotName)' in \(cityName)\(id); known spots: \(known)")
    }
    let dateText = try string("creationDate")
    guard let date = ISODate.parse(dateText) else {
      throw view.error("\"creationDate\" is not an ISO 8601 date: '\(dateText)'\(id)")
    }
    let day = ISODate.floorDiv(date, 86_400)
    let key = Key(city: cityName, spot: spotName, day: day)
    let hours: [HourForecast]
    if let cached = cache[key] {
      hours = cached
    } else {
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      let request = ForecastRequest(place: place, start: day * 86_400, hours: 24, now: date, minutes: 0)
      hours = provider.forecasts(for: [request])[0].hours
      cache[key] = hours
    }
    let hour = hours[(date - day * 86_400) / 3600]
    var parser = JSONParser(view.bytes, maxDepth: JSONParser.maxDepthCeiling)
    var object = (try parser.parseValue(depth: 0)).objectValue ?? JSONObject()
    if case .object(var temperature)? = object["temperature"] {
      // Keep the order's own member order (and any other members) and set the reading.
      temperature["value"] = .decimal(hour.fahrenheit, fractionDigits: 1)
      temperature["unit"] = .string("fahrenheit")
      object["temperature"] = .object(temperature)
    } else {
      object["temperature"] = HourForecast.temperatureValue(hour.fahrenheit)
    }
    object["wasRaining"] = .bool(hour.condition.isPrecipitation)
    return object
  }
}
