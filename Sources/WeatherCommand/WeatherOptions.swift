import FoodTruckKit
import PipeProtocol
import ToolSupport

/// The options several `weather` subcommands take, declared once, and what they make: the place,
/// the city and the forecast provider.
enum WeatherOptions {
  static let city = Option.string(
    "city", short: "c", name: "C", help: "a city: Cupertino, San Francisco or London (its first spot)"
  ).completing(WeatherCompletion.cities)
  static let spot = Option.string(
    "spot", short: "s", name: "S", help: "a parking spot by name, e.g. 'Ferry Building'"
  ).completing(WeatherCompletion.spots)
  static let lat = Option.double(
    "lat", name: "X", help: "latitude in degrees (with --lon; a place that is not a known spot)", in: -90...90
  )
  static let lon = Option.double("lon", name: "Y", help: "longitude in degrees (with --lat)", in: -180...180)
  static let now = Option.date("now", help: "the moment to forecast from (default: the clock)")
  static let seed = Option.int("seed", help: "the offline model's seed", default: 0)
  static let provider = Option.string(
    "provider", name: "CMD",
    help: "get forecasts from Open-Meteo ('open-meteo', with curl; OPEN_METEO_URL) or from CMD "
      + "(see PROTOCOL.md, 'Providers')")
  static let timeout = Option.double(
    "timeout", name: "SECONDS", help: "stop a --provider (or Open-Meteo) after SECONDS", default: 10,
    in: 0.01...86_400)

  /// The options that name a place.
  static let placeOptions: [any OptionKey] = [city, spot, lat, lon]
  /// The rules between the place options, which the parser enforces.
  static let placeConflicts: [Conflict] = [
    .excludes("lat", ["city", "spot"], message: "give --lat/--lon or --city/--spot, not both"),
    .excludes("lon", ["city", "spot"], message: "give --lat/--lon or --city/--spot, not both"),
    .together(["lat", "lon"], message: "--lat and --lon go together"),
  ]
  /// How `--city` finds its city.
  static let cityLookup = LookupRule(
    "--city", finds: "a city", by: "its name in any case (did-you-mean for a typo)", notFound: 64)
  /// How `--city` and `--spot` find their place.
  static let placeLookups = [
    cityLookup,
    LookupRule(
      "--spot", finds: "a parking spot",
      by: "its name in any case, in the `--city` given, else in every city",
      notFound: 64),
  ]
  /// The options that choose a forecast provider.
  static let providerOptions: [any OptionKey] = [seed, provider, timeout]

  /// Where forecasts come from, for the OUTPUT section of the commands that get them.
  static let providerNote = """
    Forecasts come from the offline model (the sample's placeholder forecast in Cupertino on
    2022-05-06 from 16:00Z, elsewhere a deterministic model of latitude, season, hour and --seed),
    from Open-Meteo (--provider open-meteo, fetched with curl from OPEN_METEO_URL, default its
    public API; without curl or network, on an HTTP error, a cut or non-JSON answer or past
    --timeout: the offline model and one warning), or from --provider CMD. A CMD that fails, hangs
    or writes bad records gives the sample's fallback (clear, no rain, 15% cloud, 72°F) and a
    warning.
    """

  /// Prints a warning on stderr.
  static func warn(_ message: String) { Diagnostics.warn(message, tool: "weather") }

  /// The provider `--seed`, `--provider` and `--timeout` ask for.
  static func provider(_ invocation: Invocation) throws(ToolError) -> any ForecastProvider {
    if let command = invocation[provider] {
      guard !command.trimmingTrailingSpaces().isEmpty else { throw .usage("--provider needs a command") }
      if command == OpenMeteoProvider.name {
        return OpenMeteoProvider(
          baseURL: try OpenMeteoProvider.baseURL(), timeout: invocation[timeout], seed: invocation[seed],
          warn: warn)
      }
      return ExternalProvider(command: command, timeout: invocation[timeout], warn: warn)
    }
    return ModelProvider(seed: invocation[seed])
  }

  /// A city by name, or a usage error with did-you-mean, listing the known ones.
  static func city(named name: String) throws(ToolError) -> City {
    guard let city = City.named(name) else {
      throw .usage(
        "unknown city '\(TerminalText.safe(name))'",
        notes: Suggest.notes(for: name, in: City.all.map(\.name)) + ["known cities: \(City.names)"])
    }
    return city
  }

  /// The zone of the times a person sees about `city` (PROTOCOL.md, "Times for people"): `TZ`
  /// when set, else the city's own zone; for a place without a city, the truck city's.
  static func zone(for city: City?) -> LocalTime.Zone {
    LocalTime.forPeople(default: (city ?? City.truck.city).timeZone)
  }

  /// The place `--city`, `--spot`, `--lat` and `--lon` name (default: the truck's spot); a command
  /// may take only some of them.
  static func place(_ invocation: Invocation) throws(ToolError) -> Place {
    let cityName = invocation[city]
    let spotName = invocation[spot]
    // The parser has enforced placeConflicts: both of --lat and --lon or neither, without a city.
    if invocation.isGiven(lat), let latitude = invocation[lat], let longitude = invocation[lon] {
      return Place(city: nil, spot: nil, latitude: latitude, longitude: longitude)
    }
    if let spotName {
      let city = try cityName.map { (name: String) throws(ToolError) in try Self.city(named: name) }
      let candidates = city.map { [$0] } ?? City.all
      for c in candidates {
        if let spot = c.spots.first(where: { $0.name.lowercased() == spotName.lowercased() }) {
          return Place(c, spot)
        }
      }
      let names = candidates.flatMap { $0.spots.map(\.name) }
      throw .usage(
        "unknown parking spot '\(TerminalText.safe(spotName))'\(city.map { " in \($0.name)" } ?? "")",
        notes: Suggest.notes(for: spotName, in: names) + ["known spots: " + names.joined(separator: ", ")])
    }
    if let cityName {
      let city = try city(named: cityName)
      return Place(city, city.spots[0])
    }
    return .truck
  }

  /// The city the options name (default: the truck's), its spots assessed by the sample's rain
  /// rule at `--now` (read once: the clock when absent) from the provider the options ask for, and
  /// that moment.
  static func assessSpots(_ invocation: Invocation) throws -> (City, [SpotAssessment], now: Int) {
    let city = try Self.city(named: invocation[Self.city] ?? City.truck.city.name)
    let now = invocation.now(Self.now, in: zone(for: city))
    let provider = try Self.provider(invocation)
    let spots = SpotRule.assess(
      city: city, forecasts: provider.forecasts(for: SpotRule.requests(for: city, now: now)), now: now)
    return (city, spots, now)
  }
}
