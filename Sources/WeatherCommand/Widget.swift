import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `weather widget`: the recommended parking spot as one line for a status bar.
enum Widget {
  /// `-f/--format text|json|waybar`, as every widget takes it (`WidgetFormat`).
  static let format = Option.widgetFormat(record: "the parking-spot record")

  /// `--short`: the circular Parking Spot accessory, the city's short code.
  static let short = Flag(
    "short", help: "the city's short code alone ('CUP'), as the circular accessory (text, tmux or waybar)")

  static let command = Command(
    name: "widget", summary: "the recommended parking spot as one line for a status bar",
    options: [WeatherOptions.city, WeatherOptions.now] + WeatherOptions.providerOptions + [format, short],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      One line about the recommended spot of the city (default Cupertino), by the rule of 'weather
      spot': text ('Ferry Building · 57°F · Partly Cloudy · dry'), the 'parking-spot' record (--format
      json), or the JSON a waybar custom module reads: text, tooltip (with the time in TZ, else in
      the city's zone) and class (dry, rain-soon, no-minute-forecast or unavailable).
      With --short, the city's short code instead of the line, as the sample's circular Parking
      Spot accessory shows 'CUP' for Cupertino: the first three letters of its name, in capitals
      (SAN, LON). As text it needs no forecast; waybar's tooltip and class stay the spot's.
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["64   also: an unknown city (the known ones are listed)"],
    examples: """
      weather widget --city London
      weather widget --provider open-meteo --format waybar
      weather widget --format json | jq -r .spot
      """,
    conflicts: [.described("`--short` goes with `--format text`, `tmux` or `waybar`")],
    lookups: [WeatherOptions.cityLookup],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let short = invocation[short]
    if short, invocation[format] == .json {
      throw ToolError.usage(
        "--short goes with --format text, tmux or waybar; the json record has the city's name",
        notes: ["the short code is the name's first three letters, in capitals"])
    }
    if short, invocation[format] == .text || invocation[format] == .tmux {
      // The accessory is the city alone: no forecast to fetch.
      let city = try WeatherOptions.city(named: invocation[WeatherOptions.city] ?? City.truck.city.name)
      StandardOutput.shared.write(WidgetFormat.line(code(city), as: invocation[format]))
      return ExitStatus.ok
    }
    let (city, spots, now) = try WeatherOptions.assessSpots(invocation)
    guard let chosen = spots.first(where: \.recommended) else { return ExitStatus.ok }
    let out = StandardOutput.shared
    switch invocation[format] {
    case .json:
      out.writeRecord(chosen.record(city: city, now: now))
    case .text, .tmux:
      out.write(WidgetFormat.line(line(chosen), as: invocation[format]))
    case .waybar:
      let zone = WeatherOptions.zone(for: city)
      let local = SpotRule.explain(spots, city: city) { LocalTime.time($0, in: zone) }
      out.writeRecord(
        WidgetFormat.waybar(
          text: short ? code(city) : line(chosen),
          tooltip: tooltip(local.first(where: \.recommended) ?? chosen, city: city, now: now, zone: zone),
          class: state(chosen)))
    }
    return ExitStatus.ok
  }

  /// The circular accessory's short code: the first three letters of the city's name, in
  /// capitals (`CUP`, `SAN`, `LON`); the sample shows "CUP" for its one city.
  static func code(_ city: City) -> String {
    String(city.name.filter(\.isLetter).prefix(3)).uppercased()
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

  /// The longer line: the city, the time, why, and the data's source; `spot` explained with its
  /// times in `zone` (`SpotRule.explain`).
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
