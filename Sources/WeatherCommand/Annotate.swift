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
  /// The last order's spot and day, and their hours (orders come in runs of one spot and day).
  var last: (key: Key, hours: [HourForecast])?
  /// The last temperature written: the order's own value, the reading, and the bytes.
  var memo: (raw: [UInt8], fahrenheit: Double, bytes: [UInt8])?

  init(provider: any ForecastProvider) {
    self.provider = provider
    var spots: [String: [String: Place]] = [:]
    for city in City.all {
      for spot in city.spots { spots[city.name, default: [:]][spot.name] = Place(city, spot) }
    }
    self.spots = spots
  }

  /// Writes the order with its weather to `out` as one line, its own bytes as they are, with
  /// "temperature" and "wasRaining" set (in place, or added after the last member). Nothing is
  /// written when the order is bad.
  func annotate(_ view: RecordView, to out: BufferedOutput) throws {
    let order = OrderLine(view)
    func inOrder() -> String { order.value("id")?.stringValue.map { " in order \($0)" } ?? "" }
    let cityName = try order.string("city")
    let spotName = try order.string("parkingSpot")
    let date = try order.date("creationDate")
    let day = ISODate.floorDiv(date, 86_400)
    let key = Key(city: cityName, spot: spotName, day: day)
    let hours: [HourForecast]
    if let last, last.key == key {
      hours = last.hours
    } else if let cached = cache[key] {
      hours = cached
    } else {
      guard let citySpots = spots[cityName] else {
        throw view.error("unknown city '\(cityName)'\(inOrder()); known cities: \(City.names)")
      }
      guard let place = citySpots[spotName] else {
        let known = City.all.first { $0.name == cityName }!.spots.map(\.name).joined(separator: ", ")
        throw view.error(
          "unknown parking spot '\(spotName)' in \(cityName)\(inOrder()); known spots: \(known)")
      }
      if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
      let request = ForecastRequest(place: place, start: day * 86_400, hours: 24, now: date, minutes: 0)
      hours = provider.forecasts(for: [request])[0].hours
      cache[key] = hours
    }
    last = (key, hours)
    let hour = hours[(date - day * 86_400) / 3600]
    let temperature = temperatureBytes(order, fahrenheit: hour.fahrenheit)
    order.write(
      temperature: temperature, wasRaining: hour.condition.isPrecipitation ? Self.trueBytes : Self.falseBytes,
      to: out)
  }

  static let trueBytes = Array("true".utf8)
  static let falseBytes = Array("false".utf8)

  /// The "temperature" value written for an order: the hour's reading, set in the order's own
  /// object when it has one (its member order and other members kept). The last answer is
  /// remembered, since consecutive orders mostly carry the same object and hour.
  func temperatureBytes(_ order: OrderLine, fahrenheit: Double) -> [UInt8] {
    let raw = order.raw(.temperature)
    if let memo, memo.fahrenheit == fahrenheit, memo.raw.elementsEqual(raw) { return memo.bytes }
    let temperature: JSONValue
    if case .object(var reading)? = order.value("temperature") {
      reading["value"] = .decimal(fahrenheit, fractionDigits: 1)
      reading["unit"] = .string("fahrenheit")
      temperature = .object(reading)
    } else {
      temperature = HourForecast.temperatureValue(fahrenheit)
    }
    var bytes: [UInt8] = []
    JSONWriter.append(temperature, to: &bytes)
    memo = (Array(raw), fahrenheit, bytes)
    return bytes
  }
}

/// An order read in one pass over its members: the members `annotate` reads or sets, with typed
/// access to their values (`FieldAccess`). `write` copies the record's own bytes as they are and
/// splices in only the values it sets: every other member, the spacing and the escapes stay byte
/// for byte.
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

  /// Finds the members of `view` that `annotate` reads or sets (the reader has indexed them).
  init(_ view: RecordView) {
    self.view = view
    let bytes = view.bytes
    for member in view.members {
      let name: Name?
      if member.keyHasEscapes {
        // The key with its quotes, validated by the reader: parsing it cannot fail.
        var parser = JSONParser(
          UnsafeBufferPointer(rebasing: bytes[(member.key.lowerBound - 1)...member.key.upperBound]))
        name = Name(key: try! parser.parseString())
      } else {
        name = Name(raw: UnsafeBufferPointer(rebasing: bytes[member.key]))
      }
      if let name, spans[name.rawValue] == nil { spans[name.rawValue] = member }
    }
  }

  var type: String { view.type }

  /// The parsed value of the member `key` (one of `Name`).
  func value(_ key: String) -> JSONValue? {
    guard let name = Name(key: key), let member = spans[name.rawValue] else { return nil }
    var parser = JSONParser(
      UnsafeBufferPointer(rebasing: view.bytes[member.value]), maxDepth: JSONParser.maxDepthCeiling)
    return try? parser.parseValue(depth: 0)
  }

  func error(_ message: String) -> InputError { view.error(message) }

  /// The raw bytes of a member's value (empty when it is absent).
  func raw(_ name: Name) -> UnsafeBufferPointer<UInt8> {
    guard let member = spans[name.rawValue] else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(rebasing: view.bytes[member.value])
  }

  /// Writes the record to `out` with the values set (JSON text): each in the place of its
  /// member's value, or as a new member after the last one; then a newline.
  func write(temperature: [UInt8], wasRaining: [UInt8], to out: BufferedOutput) {
    let bytes = view.bytes
    // New members go right after the last member's value (or after the opening brace).
    let insert =
      view.members.last?.value.upperBound ?? (bytes.firstIndex(of: UInt8(ascii: "{")).map { $0 + 1 } ?? 0)
    var first = (spans[Name.temperature.rawValue], temperature)
    var second = (spans[Name.wasRaining.rawValue], wasRaining)
    if let a = first.0, let b = second.0, b.value.lowerBound < a.value.lowerBound { swap(&first, &second) }
    var position = 0
    for (member, value) in [first, second] {
      guard let member else { continue }
      out.write(UnsafeBufferPointer(rebasing: bytes[position..<member.value.lowerBound]))
      out.write(value)
      position = member.value.upperBound
    }
    out.write(UnsafeBufferPointer(rebasing: bytes[position..<insert]))
    for (name, value) in [(Name.temperature, temperature), (.wasRaining, wasRaining)]
    where spans[name.rawValue] == nil {
      if !view.members.isEmpty { out.write(byte: UInt8(ascii: ",")) }
      out.write(byte: UInt8(ascii: "\""))
      out.write(Name.bytes[name.rawValue])
      out.write(byte: UInt8(ascii: "\""))
      out.write(byte: UInt8(ascii: ":"))
      out.write(value)
    }
    out.write(UnsafeBufferPointer(rebasing: bytes[insert...]))
    out.write(byte: 0x0A)
  }
}
