import FoodTruckKit
import ToolSupport

/// What `weather` completes from its data: the truck's cities and their parking spots.
enum WeatherCompletion {
  /// Every city, with its number of spots beside it.
  static let cities = Completer { _ in
    City.all.map { Candidate($0.name, description: Numbers.count($0.spots.count, "spot")) }
  }

  /// The parking spots of the `--city` on the line, else of every city, each with its city.
  static let spots = Completer { context in
    City.spots(inCityNamed: context.value(of: WeatherOptions.city)).map {
      Candidate($0.spot.name, description: $0.city.name)
    }
  }
}
