import FoodTruckKit
import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// Fills orders' weather from a provider, caching each spot's days (a bounded cache). A value
/// with mutating methods, one per thread: its state is read in place, with no reference counting.
struct Annotator {
  let provider: any ForecastProvider
  /// Each spot of each city, and its place.
  let spots: [String: [String: Place]]
  struct Key: Hashable {
    var city: String
    var spot: String
    var day: Int
  }
  /// The readings of the spots' days met lately (emptied when full: memory stays bounded).
  var cache: [Key: [Reading]] = [:]
  static let cacheLimit = 1024
  /// What `annotate` writes of an hour.
  struct Reading {
    var fahrenheit: Double
    var isPrecipitation: Bool
  }
  /// The last order's place and day as written (the raw values of "city" and "parkingSpot", and
  /// the day), and the readings of its hours: orders come in runs of one spot and day.
  var lastCity: [UInt8] = []
  var lastSpot: [UInt8] = []
  var lastDay: Int?
  var lastReadings: [Reading] = []
  /// The day of the last order's date-time, read once a day (`ISODate.parse(bytes:memo:)`).
  var dayMemo = ISODate.DayMemo()
  /// The last temperature written: the order's own value, the reading, and the bytes.
  var memoRaw: [UInt8] = []
  var memoFahrenheit = Double.nan
  var memoBytes: [UInt8] = []
  static let trueText: StaticString = "true"
  static let falseText: StaticString = "false"

  init(provider: any ForecastProvider) {
    self.provider = provider
    var spots: [String: [String: Place]] = [:]
    for city in City.all {
      for spot in city.spots { spots[city.name, default: [:]][spot.name] = Place(city, spot) }
    }
    self.spots = spots
  }

  /// Reads `reader` to its end, writing each order annotated and every other record as it came.
  mutating func annotateAll(_ reader: RecordReader) throws {
    let out = StandardOutput.shared
    var line: [UInt8] = []
    try reader.forEach { view in
      guard view.type == "order" else {
        out.writeLine(view.bytes)
        return
      }
      line.removeAll(keepingCapacity: true)
      try annotate(view, to: &line)
      out.write(line)
    }
  }

  /// `annotate(_:to:)` for the order `view`.
  mutating func annotate(_ view: RecordView, to out: inout [UInt8]) throws(InputError) {
    try view.members.withUnsafeBufferPointer { members throws(InputError) in
      try annotate(OrderLine(view, members: members), to: &out)
    }
  }

  /// Appends `order` with its weather to `out` as one line, its own bytes as they are, with
  /// "temperature" and "wasRaining" set (in place, or added after the last member). Nothing is
  /// appended when the order is bad.
  mutating func annotate<Sink: ByteSink>(_ order: OrderLine, to out: inout Sink) throws(InputError) {
    let date = try forecast(order)
    let reading = lastReadings[(date - ISODate.floorDiv(date, 86_400) * 86_400) / 3600]
    updateTemperature(order, fahrenheit: reading.fahrenheit)
    // The values as buffers: passing the arrays themselves retained and released each, per order.
    memoBytes.withUnsafeBufferPointer { temperature in
      (reading.isPrecipitation ? Self.trueText : Self.falseText).withUTF8Buffer { wasRaining in
        order.write(temperature: temperature, wasRaining: wasRaining, to: &out)
      }
    }
  }

  /// ` (did you mean 'London'?)` when `name` is, ignoring case, a likely typo of one of `names`.
  static func guess(_ name: String, _ names: [String]) -> String {
    Suggest.notes(for: name, in: names).first.map { " (\($0))" } ?? ""
  }

  /// Reads the order's date and makes `lastReadings` the hours of its day at its spot. An order
  /// at the last order's spot (the same raw values) whose date is a string without escapes is
  /// answered without decoding anything; any other is read field by field, with the errors of a
  /// bad one.
  @inline(__always)
  mutating func forecast(_ order: OrderLine) throws(InputError) -> Int {
    if let lastDay, let date = order.plainDate(memo: &dayMemo), ISODate.floorDiv(date, 86_400) == lastDay,
      Self.same(order.raw(.city), lastCity), Self.same(order.raw(.parkingSpot), lastSpot)
    {
      return date
    }
    return try forecastAnew(order)
  }

  /// `forecast` for an order of another spot or day than the last (or one it could not read at
  /// once): out of line, so that the order of the same spot and day is read without a call.
  @inline(never)
  mutating func forecastAnew(_ order: OrderLine) throws(InputError) -> Int {
    func inOrder() -> String { order.value("id")?.stringValue.map { " in order \($0)" } ?? "" }
    let cityName = try order.string("city")
    let spotName = try order.string("parkingSpot")
    let date = try order.date("creationDate")
    let day = ISODate.floorDiv(date, 86_400)
    let key = Key(city: cityName, spot: spotName, day: day)
    let readings: [Reading]
    if let cached = cache[key] {
      readings = cached
    } else {
      guard let citySpots = spots[cityName] else {
        throw order.error(
          "unknown city '\(cityName)'\(inOrder())\(Self.guess(cityName, City.all.map(\.name))); known cities: "
            + City.names)
      }
      guard let place = citySpots[spotName] else {
        let known = City.all.first { $0.name == cityName }!.spots.map(\.name)
        throw order.error(
          "unknown parking spot '\(spotName)' in \(cityName)\(inOrder())\(Self.guess(spotName, known)); "
            + "known spots: \(known.joined(separator: ", "))")
      }
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      let request = ForecastRequest(place: place, start: day * 86_400, hours: 24, now: date, minutes: 0)
      readings = provider.forecasts(for: [request])[0].hours.map {
        Reading(fahrenheit: $0.fahrenheit, isPrecipitation: $0.condition.isPrecipitation)
      }
      cache[key] = readings
    }
    lastCity = Array(order.raw(.city))
    lastSpot = Array(order.raw(.parkingSpot))
    lastDay = day
    lastReadings = readings
    return date
  }

  /// Whether `a` holds exactly the bytes of `b`.
  @inline(__always)
  static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
    a.count == b.count
      && (a.isEmpty
        || b.withUnsafeBufferPointer { ShortBytes.equal($0.baseAddress!, a.baseAddress!, count: a.count) })
  }

  /// Makes `memoBytes` the "temperature" value written for an order: the hour's reading, set in
  /// the order's own object when it has one (its member order and other members kept). The last
  /// answer is kept, since consecutive orders mostly carry the same object and hour.
  @inline(__always)
  mutating func updateTemperature(_ order: OrderLine, fahrenheit: Double) {
    let raw = order.raw(.temperature)
    if memoFahrenheit == fahrenheit, Self.same(raw, memoRaw) { return }
    writeTemperature(order, fahrenheit: fahrenheit)
  }

  /// `updateTemperature` when the last answer does not do (out of line, as `forecastAnew`).
  @inline(never)
  mutating func writeTemperature(_ order: OrderLine, fahrenheit: Double) {
    let raw = order.raw(.temperature)
    let temperature: JSONValue
    if case .object(var reading)? = order.value("temperature") {
      // Members it lacks go at its end in key order, as members of a created object are sorted.
      reading["unit"] = .string("fahrenheit")
      reading["value"] = .decimal(fahrenheit, fractionDigits: 1)
      temperature = .object(reading)
    } else {
      temperature = HourForecast.temperatureValue(fahrenheit)
    }
    memoBytes.removeAll(keepingCapacity: true)
    JSONWriter.append(temperature, to: &memoBytes)
    memoRaw = Array(raw)
    memoFahrenheit = fahrenheit
  }
}
