import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `weather spot`: the recommended parking spot of a city by the sample's rain rule.
enum Spot {
  /// How the spots are written.
  enum Format: String, CaseIterable, Sendable {
    case jsonl, text
  }

  static let all = Flag("all", short: "a", help: "write every spot of the city, not only the recommended one")
  static let format = Option.choice(
    "format", short: "f", name: "F", help: "jsonl, or text for people", default: Format.jsonl)

  static let command = Command(
    name: "spot", summary: "recommend a parking spot in a city by the sample's rain rule",
    options: [WeatherOptions.city, WeatherOptions.now] + WeatherOptions.providerOptions + [all, format],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      A 'parking-spot' record for the recommended spot of the city (default Cupertino): the first spot
      whose minute forecast has no minute at a 30% chance of rain or more in the next hour. A spot
      with no minute forecast, or whose weather could not be had, does not qualify; when none
      qualifies, the city's first spot is recommended and the reason says so. With --all, one record
      per spot in the city's order. With --format text, the city page's card.
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["64   also: an unknown city (the known ones are listed)"],
    examples: [
      "weather spot --city 'San Francisco' --format text",
      "weather spot --city London --all | jq -r '[.spot, .reason] | @tsv'",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (city, spots, now) = try WeatherOptions.assessSpots(invocation)
    let all = invocation[all]
    let out = StandardOutput.shared
    if invocation[format] == .text {
      out.write(
        text(city: city, spots: spots, all: all, style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1)))
      )
      return ExitStatus.ok
    }
    for spot in spots where all || spot.recommended { out.writeRecord(spot.record(city: city, now: now)) }
    return ExitStatus.ok
  }

  /// The city page as text: the weather card, then the recommended-spot card (its Popular and
  /// Trending labels, the cloud cover sentence and the sample's two fixed sentences), why, and where
  /// the weather came from (Open-Meteo's credit when it was used).
  static func text(city: City, spots: [SpotAssessment], all: Bool, style: Terminal.Style) -> String {
    guard let chosen = spots.first(where: \.recommended) else { return "" }
    let hour = chosen.current
    let condition = hour.conditionKnown ? hour.condition.description : "Condition unknown"
    var text = "\(style.bold("Recommended spot in \(city.name):")) \(chosen.place.name)\n"
    text += "  \(style.bold("Popular")) · \(style.bold("Trending"))\n"
    text += "  \(Int(hour.fahrenheit.rounded()))°F · \(condition) · \(hour.symbolName)\n"
    switch chosen.willRainSoon {
    case true?: text += "  Will rain soon...\n"
    case false?: text += "  No chance of rain today\n"
    case nil: text += "  No minute forecast\n"
    }
    if hour.cloudCoverKnown {
      text += "  Cloud cover percentage is currently \(percent(hour.cloudCover)) in \(city.name)\n"
    } else {
      text += "  Cloud cover is unknown in \(city.name) (the forecast has none)\n"
    }
    text += "  Popular donuts this season include Custard, Super Lemon, and Rainbow\n"
    text +=
      "  Recommendation to stock up on cold ingredients and popular toppings to be prepared for the season\n"
    text += "  Why: \(chosen.reason)\n"
    if all {
      text += "\(style.bold("Other spots:"))\n"
      for spot in spots where !spot.recommended {
        let words = spot.current.conditionKnown ? spot.current.condition.description : "condition unknown"
        text +=
          "  \(spot.place.name): \(Int(spot.current.fahrenheit.rounded()))°F, \(words); \(spot.reason)\n"
      }
    }
    let sources = spots.map(\.current.source)
    let source = sources.contains("open-meteo") ? "open-meteo" : chosen.current.source
    text += style.dim(sourceLine(source)) + "\n"
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
