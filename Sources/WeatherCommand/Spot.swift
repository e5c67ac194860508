import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `weather spot`: the recommended parking spot of a city by the sample's rain rule.
enum Spot {
  static let all = Flag("all", short: "a", help: "write every spot of the city, not only the recommended one")
  static let format = Option.format(
    [.text, .json, .csv], default: .json,
    help: "json writes parking-spot records, text the city page's card, csv a row per spot")

  static let command = Command(
    name: "spot", summary: "recommend a parking spot in a city by the sample's rain rule",
    options: [WeatherOptions.city, WeatherOptions.now] + WeatherOptions.providerOptions + [all, format],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      A 'parking-spot' record for the recommended spot of the city (default Cupertino): the first spot
      whose minute forecast has no minute at a 30% chance of rain or more in the next hour. A spot
      with no minute forecast, or whose weather could not be had, does not qualify; when none
      qualifies, the city's first spot is recommended and the reason says so. With --all, one record
      per spot in the city's order. With --format text, the city page's card, laid out to the
      terminal's width (COLUMNS), its times in TZ, else in the city's zone (10:02 AM GMT). With
      --format csv, a header row of the parking-spot record's fields and a row per record (nested
      values as their JSON text).
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["64   also: an unknown city (the known ones are listed)"],
    examples: """
      weather spot --city 'San Francisco' --format text
      weather spot --city London --all | jq -r '[.spot, .reason] | @tsv'
      """,
    lookups: [WeatherOptions.cityLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (city, spots, now) = try WeatherOptions.assessSpots(invocation)
    let all = invocation[all]
    let out = StandardOutput.shared
    if invocation[format] == .text {
      out.write(
        text(
          city: city, spots: spots, all: all, width: TextLayout.width(fd: 1),
          zone: WeatherOptions.zone(for: city),
          style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))))
      return ExitStatus.ok
    }
    let records = spots.filter { all || $0.recommended }.map { $0.record(city: city, now: now) }
    CSVTable.write(records, as: invocation[format], type: "parking-spot", in: FoodTruckSchemas.catalog)
    return ExitStatus.ok
  }

  /// `text` with no-break spaces, so that wrapping keeps it on one line (`10:02 AM GMT`); they
  /// are spaces again once the lines are laid out.
  static func unbroken(_ text: String) -> String { text.replacing(" ", with: "\u{A0}") }

  /// `58°F · ☁ Partly Cloudy`: an hour's temperature and condition for people (the condition's
  /// glyph, not its symbol name; `unknown` when the source had no condition).
  static func weather(_ hour: HourForecast, unknown: String = "Condition unknown") -> String {
    let degrees = "\(Int(hour.fahrenheit.rounded()))°F"
    guard hour.conditionKnown else { return "\(degrees) · \(unknown)" }
    return "\(degrees) · \(hour.condition.glyph(isDaylight: hour.isDaylight)) \(hour.condition.description)"
  }

  /// The city page as text, `width` columns wide: the weather card, then the recommended-spot card
  /// (its Popular and Trending labels, the cloud cover sentence and the sample's two fixed
  /// sentences), why (its times in `zone`), and where the weather came from (Open-Meteo's credit
  /// when it was used). Long lines wrap, their continuations indented.
  static func text(
    city: City, spots assessed: [SpotAssessment], all: Bool, width: Int = 80, zone: LocalTime.Zone = .utc,
    style: Terminal.Style
  ) -> String {
    let spots = SpotRule.explain(assessed, city: city) { unbroken(LocalTime.time($0, in: zone)) }
    guard let chosen = spots.first(where: \.recommended) else { return "" }
    var text = ""
    func add(_ line: String, indent: Int = 2, hanging: Int? = nil, paint: (String) -> String = { $0 }) {
      for piece in TextLayout.wrap(line, width: width, indent: indent, hanging: hanging) {
        text += paint(piece.replacing("\u{A0}", with: " ")) + "\n"
      }
    }
    let heading = "Recommended spot in \(city.name):"
    var first = true
    add("\(heading) \(chosen.place.name)", indent: 0, hanging: 2) { line in
      defer { first = false }
      guard first else { return line }
      return line.hasPrefix(heading) ? style.bold(heading) + line.dropFirst(heading.count) : style.bold(line)
    }
    text += "  \(style.bold("Popular")) · \(style.bold("Trending"))\n"
    let hour = chosen.current
    add(weather(hour))
    switch chosen.willRainSoon {
    case true?: add("Will rain soon...")
    case false?: add("No chance of rain today")
    case nil: add("No minute forecast")
    }
    if hour.cloudCoverKnown {
      add("Cloud cover percentage is currently \(percent(hour.cloudCover)) in \(city.name)")
    } else {
      add("Cloud cover is unknown in \(city.name) (the forecast has none)")
    }
    add("Popular donuts this season include Custard, Super Lemon, and Rainbow")
    add("Recommendation to stock up on cold ingredients and popular toppings to be prepared for the season")
    add("Why: \(chosen.reason)", hanging: 7)
    if all {
      text += "\(style.bold("Other spots:"))\n"
      for spot in spots where !spot.recommended {
        add(
          "\(spot.place.name): \(weather(spot.current, unknown: "condition unknown")); \(spot.reason)",
          hanging: 4)
      }
    }
    let sources = spots.map(\.current.source)
    let source = sources.contains("open-meteo") ? "open-meteo" : chosen.current.source
    add(sourceLine(source), indent: 0, hanging: 2, paint: style.dim)
    return text
  }

  /// Where the weather came from, in one line: Open-Meteo's credit (its licence asks for one), or
  /// what stood in for a forecast.
  static func sourceLine(_ source: String) -> String {
    switch source {
    case "open-meteo": return OpenMeteoProvider.attribution
    case "model": return "Weather: the offline model (deterministic, not a forecast)"
    case "placeholder": return "Weather: the sample's placeholder forecast"
    case "fallback": return "Weather: the sample's fallback (no forecast could be had)"
    default: return "Weather: \(TerminalText.safe(source))"
    }
  }
}
