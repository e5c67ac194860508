import FoodTruckKit
import PipeProtocol
import ToolSupport

/// `weather annotate`: orders with the temperature and rain at their spot and hour.
enum Annotate {
  static let command = Command(
    name: "annotate", summary: "fill orders' temperature and wasRaining from the forecast",
    options: WeatherOptions.providerOptions,
    arguments: .files,
    input: """
      Any records, from each FILE or stdin. 'order' records need "city", "parkingSpot" (a spot of
      that city) and "creationDate".
      """,
    output: """
      Every record in its place: each 'order' with "temperature" ({"value":N,"unit":"fahrenheit"})
      and "wasRaining" (the hour's condition is rain, snow, drizzle, hail or storms) set from the
      forecast at its spot and hour, every other field kept as written; every other record byte for
      byte. Streams in constant memory.
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["65   also: an order names an unknown city or spot, or has no creationDate"],
    examples: [
      "orders generate | weather annotate | sales-chart",
      "weather annotate --seed 3 orders.jsonl > annotated.jsonl",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let annotator = Annotator(provider: try WeatherOptions.provider(invocation))
    let out = StandardOutput.shared
    try Inputs.forEach(invocation.positionals, tool: "weather") { reader in
      try reader.forEach { view in
        guard view.type == "order" else {
          out.writeLine(view.bytes)
          return
        }
        try annotator.annotate(view, to: out)
      }
    }
    return ExitStatus.ok
  }
}

/// Fills orders' weather from a provider, caching each spot's days (a bounded cache).
final class Annotator {
  let provider: any ForecastProvider
  /// Each spot of each city, and its place.
  let spots: [String: [String: Place]]
  struct Key: Hashable {
    var city: String
    var spot: String
    var day: Int
  }
  var cache: [Key: [HourForecast]] = [:]
  static let cacheLimit = 4096
  /// The line being written, kept between orders.
  var line: [UInt8] = []

  init(provider: any ForecastProvider) {
    self.provider = provider
    var spots: [String: [String: Place]] = [:]
    for city in City.all {
      for spot in city.spots { spots[city.name, default: [:]][spot.name] = Place(city, spot) }
    }
    self.spots = spots
  }

  /// Writes the order with its weather to `out` as one line, its other members byte for byte,
  /// with "temperature" and "wasRaining" set (in place, or appended). Nothing is written when the order is bad.
  func annotate(_ view: RecordView, to out: BufferedOutput) throws {
    let order = OrderLine(view, into: &line)
    let id = order.value("id")?.stringValue.map { " in order \($0)" } ?? ""
    let cityName = try order.string("city")
    guard let citySpots = spots[cityName] else {
      throw view.error("unknown city '\(cityName)'\(id); known cities: \(City.names)")
    }
    let spotName = try order.string("parkingSpot")
    guard let place = citySpots[spotName] else {
      let known = City.all.first { $0.name == cityName }!.spots.map(\.name).joined(separator: ", ")
      throw view.error("unknown parking spot '\(spotName)' in \(cityName)\(id); known spots: \(known)")
    }
    let date = try order.date("creationDate")
    let day = ISODate.floorDiv(date, 86_400)
    let key = Key(city: cityName, spot: spotName, day: day)
    let hours: [HourForecast]
    if let cached = cache[key] {
      hours = cached
    } else {
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      let request = ForecastRequest(place: place, start: day * 86_400, hours: 24, now: date, minutes: 0)
      hours = provider.forecasts(for: [request])[0].hours
      cache[key] = hours
    }
    let hour = hours[(date - day * 86_400) / 3600]
    let temperature: JSONValue
    if case .object(var reading)? = order.value("temperature") {
      // Keep the order's own member order (and any other members) and set the reading.
      reading["value"] = .decimal(hour.fahrenheit, fractionDigits: 1)
      reading["unit"] = .string("fahrenheit")
      temperature = .object(reading)
    } else {
      temperature = HourForecast.temperatureValue(hour.fahrenheit)
    }
    order.write(line, temperature: temperature, wasRaining: .bool(hour.condition.isPrecipitation), to: out)
  }
}

/// An order read in one pass over its members: the members `annotate` reads or sets, with typed
/// access to their values (`FieldAccess`), and the record without the values it sets. Every other
/// member's key and value are copied byte for byte (escapes, spacing inside values and number
/// text as written); only the white space between members is dropped.
struct OrderLine: FieldAccess {
  /// The members looked for.
  enum Name: Int {
    case id, city, parkingSpot, creationDate, temperature, wasRaining

    static let keys = ["id", "city", "parkingSpot", "creationDate", "temperature", "wasRaining"]
    static let bytes = keys.map { Array($0.utf8) }

    /// The member's key.
    var key: String { Self.keys[rawValue] }

    /// The name whose key is `key`, written without escapes.
    init?(raw key: UnsafeBufferPointer<UInt8>) {
      guard let index = Self.bytes.firstIndex(where: { $0.count == key.count && $0.elementsEqual(key) })
      else { return nil }
      self.init(rawValue: index)
    }

    /// The name whose key is `key`.
    init?(key: String) {
      guard let index = Self.keys.firstIndex(of: key) else { return nil }
      self.init(rawValue: index)
    }
  }

  let view: RecordView
  /// The first member of each name, by raw value.
  var spans: [MemberSpan?] = Array(repeating: nil, count: Name.keys.count)
  /// Where the values of the first "temperature" and "wasRaining" members go in the line.
  var temperatureOffset: Int?
  var wasRainingOffset: Int?

  /// Reads the members of `view` once, writing the record into `line` (emptied first) without its
  /// closing brace and without the values `write` sets.
  init(_ view: RecordView, into line: inout [UInt8]) {
    self.view = view
    line.removeAll(keepingCapacity: true)
    line.append(UInt8(ascii: "{"))
    let bytes = view.bytes
    for (i, member) in view.members.enumerated() {
      if i > 0 { line.append(UInt8(ascii: ",")) }
      let key = UnsafeBufferPointer(rebasing: bytes[(member.key.lowerBound - 1)...member.key.upperBound])
      let name: Name?
      if member.keyHasEscapes {
        // The key with its quotes, validated by the reader: parsing it cannot fail.
        var parser = JSONParser(key)
        name = Name(key: try! parser.parseString())
      } else {
        name = Name(raw: UnsafeBufferPointer(rebasing: key.dropFirst().dropLast()))
      }
      line.append(contentsOf: key)
      line.append(UInt8(ascii: ":"))
      if let name, spans[name.rawValue] == nil {
        spans[name.rawValue] = member
        if name == .temperature {
          temperatureOffset = line.count
          continue
        }
        if name == .wasRaining {
          wasRainingOffset = line.count
          continue
        }
      }
      line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[member.value]))
    }
  }

  var type: String { view.type }

  /// The parsed value of the member `key` (one of `Name`).
  func value(_ key: String) -> JSONValue? {
    guard let name = Name(key: key), let member = spans[name.rawValue] else { return nil }
    return Self.parse(UnsafeBufferPointer(rebasing: view.bytes[member.value]))
  }

  /// A value the reader has validated (so parsing it cannot fail).
  static func parse(_ value: UnsafeBufferPointer<UInt8>) -> JSONValue {
    var parser = JSONParser(value, maxDepth: JSONParser.maxDepthCeiling)
    return try! parser.parseValue(depth: 0)
  }

  func error(_ message: String) -> InputError { view.error(message) }

  /// Writes `line` to `out` with the values set: each in the place of its member, or the member
  /// appended after the others; then the closing brace and a newline.
  func write(_ line: [UInt8], temperature: JSONValue, wasRaining: JSONValue, to out: BufferedOutput) {
    var holes = [(temperatureOffset, temperature), (wasRainingOffset, wasRaining)]
    if let t = temperatureOffset, let w = wasRainingOffset, w < t { holes.swapAt(0, 1) }
    var text: [UInt8] = []
    var position = 0
    line.withUnsafeBufferPointer { line in
      for case (let offset?, let value) in holes {
        out.write(UnsafeBufferPointer(rebasing: line[position..<offset]))
        text.removeAll(keepingCapacity: true)
        JSONWriter.append(value, to: &text)
        out.write(text)
        position = offset
      }
      out.write(UnsafeBufferPointer(rebasing: line[position...]))
    }
    for (name, value) in [(Name.temperature, temperature), (.wasRaining, wasRaining)]
    where spans[name.rawValue] == nil {
      text.removeAll(keepingCapacity: true)
      text.append(UInt8(ascii: ","))
      JSONWriter.appendString(name.key, to: &text)
      text.append(UInt8(ascii: ":"))
      JSONWriter.append(value, to: &text)
      out.write(text)
    }
    out.write(byte: UInt8(ascii: "}"))
    out.write(byte: 0x0A)
  }
}
