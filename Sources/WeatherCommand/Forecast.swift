import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `weather forecast`: hourly forecast records (and optionally the minute forecast) for a place.
enum Forecast {
  static let hours = Option.int(
    "hours", short: "n", help: "how many hours from the current one", default: 25, in: 1...240)
  static let minutes = Flag(
    "minutes", short: "m", help: "also write forecast-minute records for the next 60 minutes")
  static let format = Option.format(
    [.json, .text, .csv], default: .json,
    help: "json writes forecast (and forecast-minute) records, text a table of the hours, csv a row per hour")

  static let command = Command(
    name: "forecast", summary: "write hourly forecast records for a place",
    options: WeatherOptions.placeOptions + [WeatherOptions.now] + WeatherOptions.providerOptions + [
      hours, minutes, format,
    ],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      One 'forecast' record per hour from the hour holding --now (default: the truck's spot, Apple Park
      in Cupertino); with --minutes, then one 'forecast-minute' record per minute. With --format
      text, a row per hour (its time in TZ, else in the city's zone: 10 AM PST) under each day,
      and with --minutes the wettest minute of the next hour. With --format csv, a header row of
      the forecast record's fields and a row per hour (temperature as its JSON text); it takes no
      --minutes (their records are another kind).
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["64   also: an unknown city or spot (the known ones are listed)"],
    examples: """
      weather forecast --now 2022-05-06T16:00:00Z | weather chart
      weather forecast --city London --hours 48 --seed 7 | pipe-check
      weather forecast --lat 48.8566 --lon 2.3522 --minutes | jq -c 'select(.type=="forecast-minute")'
      """,
    conflicts: WeatherOptions.placeConflicts,
    lookups: WeatherOptions.placeLookups,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let place = try WeatherOptions.place(invocation)
    let now = invocation.now(WeatherOptions.now, in: WeatherOptions.zone(for: place.city.flatMap(City.named)))
    let minutes = invocation[minutes] ? 60 : 0
    if minutes > 0, invocation[format] == .csv {
      throw ToolError.usage("--format csv writes the hours only; leave out --minutes, or use --format json")
    }
    let provider = try WeatherOptions.provider(invocation)
    let request = ForecastRequest(place: place, now: now, hours: invocation[hours], minutes: minutes)
    let forecast = provider.forecasts(for: [request])[0]
    let out = StandardOutput.shared
    if invocation[format] == .text {
      let zone = WeatherOptions.zone(for: place.city.flatMap(City.named))
      out.write(text(forecast, now: now, minutes: minutes > 0, zone: zone, width: TextLayout.width(fd: 1)))
    } else {
      // No minutes with csv: refused above.
      CSVTable.write(
        forecast.records(includeMinutes: minutes > 0), as: invocation[format], type: "forecast",
        in: FoodTruckSchemas.catalog)
    }
    if minutes > 0, forecast.minutes == nil, forecast.fallbackReason == nil {
      WeatherOptions.warn("the provider has no minute forecast for \(place.name)")
    }
    return ExitStatus.ok
  }

  /// The forecast for people, `width` columns wide: the place, then under each day (`Today`,
  /// `Nov 30, 2026`, in `zone`) a row per hour (`10 AM PST  58°F · ☁ Partly Cloudy · 10% rain`);
  /// with `minutes`, the wettest minute of the next hour.
  static func text(_ forecast: PlaceForecast, now: Int, minutes: Bool, zone: LocalTime.Zone, width: Int)
    -> String
  {
    let place = forecast.place
    var out = "Forecast for \(place.name)\(place.city.map { ", \($0)" } ?? "")\n"
    var day: String?
    var rows: [(term: String, description: String)] = []
    func flush() {
      out += TextLayout.table(rows, width: width).map { $0.replacing("\u{A0}", with: " ") + "\n" }.joined()
      rows = []
    }
    for hour in forecast.hours {
      let name = LocalTime.day(hour.date, now: now, in: zone)
      if name != day {
        flush()
        out += name + "\n"
        day = name
      }
      var words = Spot.weather(hour)
      if !hour.unknown.contains("precipitationChance") {
        words += " · " + Spot.unbroken("\(percent(hour.precipitationChance)) rain")
      }
      rows.append((LocalTime.hour(hour.date, in: zone), words))
    }
    flush()
    var notes: [String] = []
    if minutes {
      if let wettest = forecast.minutes?.max(by: { $0.chance < $1.chance }) {
        notes.append(
          "Next hour: at most \(percent(wettest.chance)) chance of rain (\(LocalTime.time(wettest.date, in: zone)))"
        )
      } else {
        notes.append("Next hour: no minute forecast")
      }
    }
    if let reason = forecast.fallbackReason {
      notes.append("Weather unavailable (\(TerminalText.safe(reason)))")
    }
    notes.append(Spot.sourceLine(forecast.hours.first?.source ?? "fallback"))
    for note in notes { out += TextLayout.wrap(note, width: width, hanging: 2).map { $0 + "\n" }.joined() }
    return out
  }
}
