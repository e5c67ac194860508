import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `weather spots`: the parking spots of the truck's cities, where they are.
enum Spots {
  static let command = Command(
    name: "spots", summary: "list the parking spots of the truck's cities with their coordinates",
    options: [WeatherOptions.city],
    input: "Nothing: stdin is not read.",
    output: """
      One 'spot' record per parking spot, city by city in the sample's order (Cupertino, San
      Francisco, London; 16 spots), each city's spots in its order (position 1 is the spot the city
      page starts from): city, spot, latitude, longitude, position and the city's time zone. With
      --city, that city's spots only.
      """,
    exitStatus: ["64   also: an unknown city (the known ones are listed)"],
    examples: [
      "weather spots | jq -r '[.city, .spot, .latitude, .longitude] | @tsv'",
      "weather spots --city London | jq -r .spot",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let cities = try invocation[WeatherOptions.city].map { [try WeatherOptions.city(named: $0)] } ?? City.all
    let out = StandardOutput.shared
    for city in cities {
      for (index, spot) in city.spots.enumerated() {
        out.writeRecord(record(city, spot, position: index + 1))
      }
    }
    return ExitStatus.ok
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
