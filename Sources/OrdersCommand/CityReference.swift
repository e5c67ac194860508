import FoodTruckKit
import ToolSupport

/// A city or parking spot as a person names it (`--city london`, `--spot 'ferry building'`,
/// `--tag city:London`): by name in any case, with did-you-mean for a typo.
enum CityReference {
  /// How an option naming a city finds it, for the docs.
  static func rule(_ argument: String) -> LookupRule {
    LookupRule(argument, finds: "a city", by: "its name in any case (did-you-mean for a typo)", notFound: 64)
  }

  /// The city named `text`; an unknown one is a usage error (64) with did-you-mean and the cities.
  static func find(_ text: String, given: String? = nil) throws(ToolError) -> City {
    if let city = City.named(text) { return city }
    let place = given.map { " in '\(TerminalText.safe($0))'" } ?? ""
    throw .usage(
      "unknown city '\(TerminalText.safe(text))'\(place)",
      notes: Suggest.notes(for: text, in: City.all.map(\.name)) + ["cities: \(City.names)"])
  }
}
