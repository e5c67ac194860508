import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `weather widget`: the recommended parking spot as one line for a status bar.
enum Widget {
  /// How the line is written.
  enum Format: String, CaseIterable, Sendable {
    case text, json, waybar
  }

  static let format = Option.choice(
    "format", short: "f", name: "F",
    help:
      "text (one line: tmux, i3blocks), json (the parking-spot record) or waybar (its custom-module JSON)",
    default: Format.text)

  static let command = Command(
    name: "widget", summary: "the recommended parking spot as one line for a status bar",
    options: [WeatherOptions.city, WeatherOptions.now] + WeatherOptions.providerOptions + [format],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      One line about the recommended spot of the city (default Cupertino), by the rule of 'weather
      spot': text ('Ferry Building · 57°F · Partly Cloudy · dry'), the 'parking-spot' record (--format
      json), or the JSON a waybar custom module reads: text, tooltip (with the local time in the
      city's zone, or TZ) and class (dry, rain-soon, no-minute-forecast or unavailable).
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["64   also: an unknown city (the known ones are listed)"],
    examples: [
      "weather widget --city London",
      "weather widget --provider open-meteo --format waybar",
      "weather widget --format json | jq -r .spot",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let (city, spots, now) = try WeatherOptions.assessSpots(invocation)
    guard let chosen = spots.first(where: \.recommended) else { return ExitStatus.ok }
    let out = StandardOutput.shared
    switch invocation[format] {
    case .json:
      out.writeRecord(chosen.record(city: city, now: now))
    case .text:
      out.write(TerminalText.safe(line(chosen)) + "\n")
    case .waybar:
      let zone = LocalTime.zone(default: city.timeZone)
      var object: JSONObject = [
        "text": .string(Markup.escape(line(chosen))),
        "tooltip": .string(Markup.escape(tooltip(chosen, city: city, now: now, zone: zone))),
        "class": .string(state(chosen)),
      ]
      object.sortKeys()
      out.writeRecord(object)
    }
    return ExitStatus.ok
  }

  /// `Ferry Building · 57°F · Partly Cloudy · dry`.
  static func line(_ spot: SpotAssessment) -> String {
    let hour = spot.current
    let condition = hour.conditionKnown ? hour.condition.description : "condition unknown"
    let rain: String
    switch spot.willRainSoon {
    case true?: rain = "rain soon"
    case false?: rain = spot.fallbackReason == nil ? "dry" : "weather unavailable"
    case nil: rain = "no minute forecast"
    }
    return "\(spot.place.name) · \(Int(hour.fahrenheit.rounded()))°F · \(condition) · \(rain)"
  }

  /// The longer line: the city, the local time, why, and the data's source.
  static func tooltip(_ spot: SpotAssessment, city: City, now: Int, zone: LocalTime.Zone) -> String {
    "Recommended parking spot in \(city.name) at \(LocalTime.time(now, in: zone)): \(spot.place.name). "
      + "Why: \(spot.reason). \(Spot.sourceLine(spot.current.source))"
  }

  /// waybar's class for styling.
  static func state(_ spot: SpotAssessment) -> String {
    if spot.fallbackReason != nil { return "unavailable" }
    switch spot.willRainSoon {
    case true?: return "rain-soon"
    case false?: return "dry"
    case nil: return "no-minute-forecast"
    }
  }
}
