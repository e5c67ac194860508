import FoodTruckKit
import PipeProtocol
import PipeReading
import ToolSupport

/// `weather spots`: the parking spots of the truck's cities, where they are.
enum Spots {
  static let format = Option.format(
    [.text, .json, .csv], default: .json,
    help: "json writes spot records, text a list per city, csv a row per spot")

  static let command = Command(
    name: "spots", summary: "list the parking spots of the truck's cities with their coordinates",
    options: [WeatherOptions.city, format],
    input: "Nothing: stdin is not read.",
    output: """
      One 'spot' record per parking spot, city by city in the sample's order (Cupertino, San
      Francisco, London; 16 spots), each city's spots in its order (position 1 is the spot the city
      page starts from): city, spot, latitude, longitude, position and the city's time zone. With
      --city, that city's spots only. With --format text, each city (and its zone) with its spots
      in order and their coordinates, laid out to the terminal's width (COLUMNS). With --format
      csv, a header row of the spot record's fields and a row per spot.
      """,
    exitStatus: ["64   also: an unknown city (the known ones are listed)"],
    examples: """
      weather spots | jq -r '[.city, .spot, .latitude, .longitude] | @tsv'
      weather spots --city London | jq -r .spot
      weather spots --format text
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let cities = try invocation[WeatherOptions.city].map { [try WeatherOptions.city(named: $0)] } ?? City.all
    let out = StandardOutput.shared
    if invocation[format] == .text {
      out.write(
        text(
          cities, width: TextLayout.width(fd: 1), style: Terminal.Style(enabled: Terminal.colorEnabled(fd: 1))
        ))
      return ExitStatus.ok
    }
    let records = cities.flatMap { city in
      city.spots.enumerated().map { record(city, $0.element, position: $0.offset + 1) }
    }
    CSVTable.write(records, as: invocation[format], type: "spot", in: FoodTruckSchemas.catalog)
    return ExitStatus.ok
  }

  /// The spots for people: each city with its zone, then its spots in order (`1. Apple Park`) with
  /// their coordinates, as a table `width` columns wide.
  static func text(_ cities: [City], width: Int, style: Terminal.Style) -> String {
    var out = ""
    for (n, city) in cities.enumerated() {
      if n > 0 { out += "\n" }
      out += style.bold(city.name) + " (\(city.timeZone))\n"
      let rows = city.spots.enumerated().map { index, spot in
        (
          term: "\(index + 1). \(spot.name)",
          description:
            "\(JSONNumber(spot.latitude, fractionDigits: 4)), \(JSONNumber(spot.longitude, fractionDigits: 4))"
        )
      }
      out += TextLayout.table(rows, width: width).map { $0 + "\n" }.joined()
    }
    return out
  }

  /// The `spot` record of a parking spot.
  static func record(_ city: City, _ spot: ParkingSpot, position: Int) -> JSONObject {
    var object: JSONObject = [
      "type": .string("spot"), "city": .string(city.name), "spot": .string(spot.name),
      "latitude": .decimal(spot.latitude, fractionDigits: 6),
      "longitude": .decimal(spot.longitude, fractionDigits: 6),
      "position": .int(position), "timeZone": .string(city.timeZone),
    ]
    object.sortKeys()
    return object
  }
}
