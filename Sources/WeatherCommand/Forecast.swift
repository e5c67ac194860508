import PipeProtocol
import ToolSupport

/// `weather forecast`: hourly forecast records (and optionally the minute forecast) for a place.
enum Forecast {
  static let hours = Option.int(
    "hours", short: "n", help: "how many hours from the current one", default: 25, in: 1...240)
  static let minutes = Flag(
    "minutes", short: "m", help: "also write forecast-minute records for the next 60 minutes")

  static let command = Command(
    name: "forecast", summary: "write hourly forecast records for a place",
    options: WeatherOptions.placeOptions + [WeatherOptions.now] + WeatherOptions.providerOptions + [
      hours, minutes,
    ],
    input: "Nothing: stdin is not read (a --provider gets the requests on its stdin).",
    output: """
      One 'forecast' record per hour from the hour holding --now (default: the truck's spot, Apple Park
      in Cupertino); with --minutes, then one 'forecast-minute' record per minute.
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["64   also: an unknown city or spot (the known ones are listed)"],
    examples: [
      "weather forecast --now 2022-05-06T16:00:00Z | weather chart",
      "weather forecast --city London --hours 48 --seed 7 | pipe-check",
      "weather forecast --lat 48.8566 --lon 2.3522 --minutes | jq -c 'select(.type==\"forecast-minute\")'",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let place = try WeatherOptions.place(invocation)
    let now = invocation.now(WeatherOptions.now)
    let minutes = invocation[minutes] ? 60 : 0
    let provider = try WeatherOptions.provider(invocation)
    let request = ForecastRequest(place: place, now: now, hours: invocation[hours], minutes: minutes)
    let forecast = provider.forecasts(for: [request])[0]
    let out = StandardOutput.shared
    for record in forecast.records(includeMinutes: minutes > 0) { out.writeRecord(record) }
    if minutes > 0, forecast.minutes == nil, forecast.fallbackReason == nil {
      WeatherOptions.warn("the provider has no minute forecast for \(place.name)")
    }
    return ExitStatus.ok
  }
}
