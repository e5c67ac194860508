// libFuzzer target for weather's inputs: built by `Tests/tools/fuzz weather` into the WeatherCommand
// module (not a SwiftPM target). The whole input is read as an Open-Meteo response and as a
// provider's answer; each line that is a record is read as `weather chart` reads a forecast and as
// `weather annotate` reads an order. Whatever the bytes, nothing may trap, and what is read must
// be drawable and writable.

import Glibc
import PipeProtocol

/// The libFuzzer entry point: checks one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeather(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let whole = Array(bytes)
  var hours: [HourForecast] = []
  if let locations = try? OpenMeteo.parse(whole) {
    for location in locations {
      for hour in location.hours.prefix(48) {
        _ = hour.record(at: location.place)
        hours.append(hour)
      }
      for minute in location.minutes.prefix(8) { _ = minute.record(at: location.place, source: "fuzz") }
    }
  }
  let request = ForecastRequest(
    place: Place.truck, start: PlaceholderForecast.start, hours: 3, now: PlaceholderForecast.start, minutes: 0
  )
  if case .success(let answers) = ExternalProvider.parse(whole, requests: [request]) {
    for case .success(let forecast) in answers { hours += forecast.hours }
  }
  var annotator = Annotator(provider: ModelProvider(seed: 0))
  forEachRecordView(bytes) { view in
    if view.type == "order" {
      var out: [UInt8] = []
      if (try? annotator.annotate(view, to: &out)) != nil {
        precondition(out.last == 0x0A, "an annotated order does not end its line")
        let line = Array(out.dropLast())
        precondition((try? Record(bytes: line)) != nil, "an annotated order is not a record")
      }
    }
    if view.type == "forecast", let parsed = try? ChartCommand.forecastHour(view) {
      hours.append(parsed.hour)
    }
  }
  if !hours.isEmpty {
    let card = ForecastCard(hours: Array(hours.prefix(64)), placeName: "fuzz")
    _ = card.text(width: 20 + size % 60, height: 3 + size % 10)
    _ = card.svg(width: 200 + size % 400, height: 120 + size % 200)
  }
  return 0
}
