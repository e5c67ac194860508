import PipeProtocol

extension FoodTruckSchemas {
  /// The weather conditions a `forecast` may name (WeatherKit's `WeatherCondition` raw values).
  /// Written twice: `weather`'s `Condition` is the other; a test checks that they agree.
  public static let weatherConditions = [
    "clear", "mostlyClear", "partlyCloudy", "mostlyCloudy", "cloudy", "foggy", "drizzle", "freezingDrizzle",
    "rain", "heavyRain", "freezingRain", "flurries", "snow", "heavySnow", "thunderstorms", "hail",
  ]

  /// A temperature: `{"value":63,"unit":"fahrenheit"}`.
  static let temperatureField = FieldType.object([
    FieldSpec("value", .anyNumber, note: "degrees"),
    FieldSpec("unit", .oneOf(Temperature.units), note: "tools write fahrenheit"),
  ])

  static func placeFields(_ what: String) -> [FieldSpec] {
    [
      .optional("city", .nonEmptyString, note: "city name (absent for bare coordinates)"),
      .optional("spot", .nonEmptyString, note: "parking spot name (absent for bare coordinates)"),
      FieldSpec("latitude", .number(-90...90), note: "degrees north of \(what)"),
      FieldSpec("longitude", .number(-180...180), note: "degrees east of \(what)"),
    ]
  }

  static let sourceField = FieldSpec.optional(
    "source", .string, note: "placeholder, model, open-meteo, provider or fallback")

  /// The fields a source may lack, whose values are then stand-ins.
  public static let unknowableFields = ["condition", "cloudCover", "precipitationChance"]

  static let unknownField = FieldSpec.optional(
    "unknown", .array(.oneOf(unknowableFields)),
    note: "fields the source did not have: their values are stand-ins, not measurements")

  /// The record types written by `weather`.
  public static let weather: [RecordSchema] = [
    RecordSchema(
      type: "forecast", summary: "the weather for one hour at one place",
      fields: placeFields("the place") + [
        FieldSpec("date", .dateTime, note: "the hour's start"),
        FieldSpec("temperature", temperatureField),
        FieldSpec("isDaylight", .bool, note: "the sun is up at the hour's start"),
        FieldSpec("precipitationChance", .number(0...1)),
        FieldSpec("condition", .oneOf(weatherConditions)),
        FieldSpec("cloudCover", .number(0...1), note: "fraction of the sky"),
        FieldSpec("symbolName", .nonEmptyString, note: "SF Symbol-style name: sun.max, cloud.rain"),
        sourceField, unknownField,
      ], writers: ["weather forecast", "weather import", "providers"]),
    RecordSchema(
      type: "forecast-minute", summary: "the chance of precipitation in one minute at one place",
      fields: placeFields("the place") + [
        FieldSpec("date", .dateTime, note: "the minute's start"),
        FieldSpec("precipitationChance", .number(0...1)),
        sourceField,
      ], writers: ["weather forecast --minutes", "weather import", "providers"]),
    RecordSchema(
      type: "forecast-request", summary: "what `weather` asks a --provider for one place",
      fields: placeFields("the place") + [
        FieldSpec("start", .dateTime, note: "the first hour wanted"),
        FieldSpec("hours", .int(1...10_000), note: "how many hourly forecast records"),
        FieldSpec("now", .dateTime, note: "the moment asked about"),
        FieldSpec("minutes", .int(0...10_000), note: "forecast-minute records wanted from now's minute"),
      ], writers: ["weather (to providers)"]),
    RecordSchema(
      type: "parking-spot", summary: "a parking spot's weather and whether it is the recommended one",
      fields: [
        FieldSpec("city", .nonEmptyString), FieldSpec("spot", .nonEmptyString),
        FieldSpec("latitude", .number(-90...90)), FieldSpec("longitude", .number(-180...180)),
        FieldSpec("date", .dateTime, note: "the moment the recommendation is for"),
        FieldSpec("recommended", .bool),
        FieldSpec("minuteForecast", .bool, note: "whether a minute forecast was available"),
        .optional("willRainSoon", .bool, note: "a minute in the next hour reaches 30 %; absent without one"),
        .optional("maxPrecipitationChance", .number(0...1), note: "the highest minute chance"),
        FieldSpec("temperature", temperatureField),
        FieldSpec("condition", .oneOf(weatherConditions)),
        FieldSpec("cloudCover", .number(0...1)),
        FieldSpec("symbolName", .nonEmptyString),
        FieldSpec("reason", .nonEmptyString, note: "why it is or is not recommended"),
        sourceField, unknownField,
      ], writers: ["weather spot", "weather widget --format json"]),
    RecordSchema(
      type: "spot", summary: "a parking spot the truck can use, where it is",
      fields: [
        FieldSpec("city", .nonEmptyString), FieldSpec("spot", .nonEmptyString, note: "the spot's name"),
        FieldSpec("latitude", .number(-90...90), note: "degrees north"),
        FieldSpec("longitude", .number(-180...180), note: "degrees east"),
        FieldSpec(
          "position", .int(1...Int.max), note: "its place in the city's order; 1 is the default spot"),
        FieldSpec("timeZone", .nonEmptyString, note: "the city's zone in the tz database"),
      ], writers: ["weather spots"]),
  ]
}
