import FoodTruckKit
import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `weather chart`: the sample's Forecast card (drawn by `ForecastCard`) from forecast records.
enum ChartCommand {
  static let format = Option.format(
    [.text, .svg], default: .text, help: "text is sized to the terminal, svg stands alone")
  static let spot = Option.string(
    "spot", short: "s", name: "S", help: "chart this place when the input holds several")
  static let tz = Option.string(
    "tz", name: "ZONE",
    help: "label hours in this time zone (default: TZ when set, else the place's city's zone, else the "
      + "truck city's)")
  static let size = ChartSize(
    widthShort: "w",
    .text(width: .columns(in: 20...10_000), height: ChartSize.Side("plot rows", default: 12, in: 3...500)),
    .svg(width: .pixels(640, in: 200...10_000), height: .pixels(320, in: 120...10_000)))

  static let command = Command(
    name: "chart", summary: "draw the Forecast card from forecast records",
    options: [format, spot, tz, size.width, size.height],
    arguments: .files,
    input: """
      'forecast' records (from 'weather forecast' or 'weather import'), from each FILE or stdin.
      Other records are ignored. Hours are sorted by date; one place only (choose with --spot).
      """,
    output: """
      The sample's Forecast card: temperature over the hours as an area from 2 degrees under the
      coldest hour, night ranges shaded, a moon where night starts and a sun where it ends, ticks
      every 3 local hours labelled with the zone (9 AM PST), °F labels. Hours are in --tz, else TZ,
      else the city's own zone (the truck city's for bare coordinates). Text fits COLUMNS (down to
      40 columns and less); SVG is standalone.
      """,
    examples: """
      weather forecast --now 2022-05-06T16:00:00Z | weather chart --tz America/Los_Angeles
      weather forecast --city London | weather chart --format svg > forecast.svg
      """,
    lookups: [
      LookupRule(
        "--tz", finds: "a time zone", by: "its tz database name (did-you-mean for a typo)", notFound: 64)
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    var given: LocalTime.Zone?
    if let name = invocation[tz] {
      guard let zone = LocalTime.Zone.named(name) else {
        throw ToolError.usage(
          "unknown time zone '\(TerminalText.safe(name))'",
          notes: Suggest.notes(for: name, in: zoneNames(near: name))
            + ["use a name such as America/Los_Angeles or UTC"])
      }
      given = zone
    }
    let wanted = invocation[spot]
    let format = invocation[format]
    let size = try size.resolve(invocation, format: format)
    var hours: [Int: HourForecast] = [:]
    var place: Place?
    var others: [String] = []
    var unwanted: [String] = []
    try Inputs.forEach(invocation.positionals, tool: "weather") { reader in
      try reader.forEach { view in
        guard view.type == "forecast" else { return }
        let (recordPlace, hour) = try forecastHour(view)
        if let wanted, recordPlace.name.lowercased() != wanted.lowercased() {
          // Kept for the did-you-mean of a --spot that matches nothing.
          if !unwanted.contains(recordPlace.name) { unwanted.append(recordPlace.name) }
          return
        }
        if let place, place != recordPlace {
          if !others.contains(recordPlace.name) { others.append(recordPlace.name) }
          return
        }
        place = recordPlace
        hours[hour.date] = hour
      }
    }
    guard let place else {
      if let wanted, !unwanted.isEmpty {
        throw ToolError.data(
          "no forecast records for '\(TerminalText.safe(wanted))' in the input",
          notes: Suggest.notes(for: wanted, in: unwanted)
            + ["the input has forecasts for \(unwanted.map(TerminalText.safe).joined(separator: ", "))"])
      }
      throw ToolError.data(
        wanted.map { "no forecast records for '\(TerminalText.safe($0))' in the input" }
          ?? "no forecast records in the input",
        notes: ["make some with 'weather forecast'"])
    }
    guard others.isEmpty else {
      throw ToolError.data(
        "the input has forecasts for several places (\(([place.name] + others).joined(separator: ", ")))",
        notes: ["choose one with --spot"])
    }
    let card = ForecastCard(
      hours: Array(hours.values), placeName: place.city.map { "\($0) · \(place.name)" } ?? place.name,
      zone: given ?? zone(of: place))
    let out = StandardOutput.shared
    if format == .svg {
      out.write(card.svg(width: size.width, height: size.height))
    } else {
      out.write(
        card.text(
          width: size.width, height: size.height, style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
        ))
    }
    return ExitStatus.ok
  }

  /// The tz database's zone names beside `name`'s (`America/Los_Angles`: those of America/, the
  /// region found ignoring case), for a did-you-mean; the top level's for a name without a region.
  static func zoneNames(near name: String) -> [String] {
    let parts = name.split(separator: "/")
    guard parts.count <= 2, !parts.contains("..") else { return [] }
    guard parts.count == 2 else { return zoneFiles(in: "") }
    let region = zoneFiles(in: "").first { $0.lowercased() == parts[0].lowercased() } ?? String(parts[0])
    return zoneFiles(in: region).map { "\(region)/\($0)" }
  }

  /// The names in a folder of the tz database that may be zones (or regions): not hidden, capitalised.
  static func zoneFiles(in region: String) -> [String] {
    guard let folder = opendir(LocalTime.Zone.folder + (region.isEmpty ? "" : "/" + region)) else {
      return []
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let file = String(decoding: Files.entryName(entry), as: UTF8.self)
      if file.first?.isUppercase == true { names.append(file) }
    }
    return names.sorted()
  }

  /// The zone a place's hours are labelled in, by the clock rule: TZ when set, else its city's
  /// zone (the truck's Cupertino: America/Los_Angeles), else, for bare coordinates, the truck city's.
  static func zone(of place: Place) -> LocalTime.Zone {
    WeatherOptions.zone(for: place.city.flatMap(City.named))
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
}
