import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// `weather annotate`: orders with the temperature and rain at their spot and hour.
enum Annotate {
  static let command = Command(
    name: "annotate", summary: "fill orders' temperature and wasRaining from the forecast",
    options: WeatherOptions.providerOptions + [Inputs.quiet],
    arguments: .files,
    input: """
      Any records, from each FILE or stdin. 'order' records need "city", "parkingSpot" (a spot of
      that city) and "creationDate".
      """,
    output: """
      Every record in its place: each 'order' with "temperature" ({"unit":"fahrenheit","value":N})
      and "wasRaining" (the hour's condition is rain, snow, drizzle, hail or storms) set from the
      forecast at its spot and hour, every other field kept as written; every other record byte for
      byte. Streams in constant memory.
      \(WeatherOptions.providerNote)
      """,
    exitStatus: ["65   also: an order names an unknown city or spot, or has no creationDate"],
    examples: """
      orders generate | weather annotate | sales-chart
      weather annotate --seed 3 orders.jsonl > annotated.jsonl
      """,
    run: run)

  static func run(_ invocation: Invocation) throws -> Int32 {
    let provider = try WeatherOptions.provider(invocation)
    var annotator = Annotator(provider: provider)
    // The offline model answers the same on every thread: every core annotates what it can.
    try ParallelAnnotate.annotate(
      invocation.positionals, tool: "weather", quiet: invocation[Inputs.quiet],
      model: provider as? ModelProvider, annotator: &annotator)
    return ExitStatus.ok
  }
}

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
  let trueBytes = Array("true".utf8)
  let falseBytes = Array("false".utf8)

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

  /// Appends the order with its weather to `out` as one line, its own bytes as they are, with
  /// "temperature" and "wasRaining" set (in place, or added after the last member). Nothing is
  /// appended when the order is bad.
  mutating func annotate(_ view: RecordView, to out: inout [UInt8]) throws(InputError) {
    let order = OrderLine(view)
    let date = try forecast(order)
    let reading = lastReadings[(date - ISODate.floorDiv(date, 86_400) * 86_400) / 3600]
    updateTemperature(order, fahrenheit: reading.fahrenheit)
    order.write(
      temperature: memoBytes, wasRaining: reading.isPrecipitation ? trueBytes : falseBytes, to: &out)
  }

  /// Reads the order's date and makes `lastReadings` the hours of its day at its spot. An order
  /// at the last order's spot (the same raw values) whose date is a string without escapes is
  /// answered without decoding anything; any other is read field by field, with the errors of a
  /// bad one.
  /// ` (did you mean 'London'?)` when `name` is, ignoring case, a likely typo of one of `names`.
  static func guess(_ name: String, _ names: [String]) -> String {
    Suggest.notes(for: name, in: names).first.map { " (\($0))" } ?? ""
  }

  mutating func forecast(_ order: OrderLine) throws(InputError) -> Int {
    if let lastDay, let date = order.plainDate(memo: &dayMemo), ISODate.floorDiv(date, 86_400) == lastDay,
      Self.same(order.raw(.city), lastCity), Self.same(order.raw(.parkingSpot), lastSpot)
    {
      return date
    }
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
      && (a.isEmpty || b.withUnsafeBufferPointer { memcmp($0.baseAddress!, a.baseAddress!, a.count) == 0 })
  }

  /// Makes `memoBytes` the "temperature" value written for an order: the hour's reading, set in
  /// the order's own object when it has one (its member order and other members kept). The last
  /// answer is kept, since consecutive orders mostly carry the same object and hour.
  mutating func updateTemperature(_ order: OrderLine, fahrenheit: Double) {
    let raw = order.raw(.temperature)
    if memoFahrenheit == fahrenheit, Self.same(raw, memoRaw) { return }
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
    @inline(__always)
    init?(raw key: UnsafeBufferPointer<UInt8>) {
      let name: Name
      let text: StaticString
      switch key.count {
      case 2: (name, text) = (.id, "id")
      case 4: (name, text) = (.city, "city")
      case 10: (name, text) = (.wasRaining, "wasRaining")
      case 11:
        (name, text) =
          key[0] == UInt8(ascii: "p") ? (.parkingSpot, "parkingSpot") : (.temperature, "temperature")
      case 12: (name, text) = (.creationDate, "creationDate")
      default: return nil
      }
      guard ShortBytes.equal(text.utf8Start, key.baseAddress!, count: key.count) else { return nil }
      self = name
    }

    /// The name whose key is `key`.
    init?(key: String) {
      guard let index = Self.keys.firstIndex(of: key) else { return nil }
      self.init(rawValue: index)
    }
  }

  let view: RecordView
  /// The first member of each name (stored apart: no array to allocate per order).
  var id, city, parkingSpot, creationDate, temperature, wasRaining: MemberSpan?

  /// The first member named `name`.
  subscript(name: Name) -> MemberSpan? {
    switch name {
    case .id: id
    case .city: city
    case .parkingSpot: parkingSpot
    case .creationDate: creationDate
    case .temperature: temperature
    case .wasRaining: wasRaining
    }
  }

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
      switch name {
      case .id?: if id == nil { id = member }
      case .city?: if city == nil { city = member }
      case .parkingSpot?: if parkingSpot == nil { parkingSpot = member }
      case .creationDate?: if creationDate == nil { creationDate = member }
      case .temperature?: if temperature == nil { temperature = member }
      case .wasRaining?: if wasRaining == nil { wasRaining = member }
      case nil: break
      }
    }
  }

  var type: String { view.type }

  /// The parsed value of the member `key` (one of `Name`).
  func value(_ key: String) -> JSONValue? {
    guard let name = Name(key: key), let member = self[name] else { return nil }
    var parser = JSONParser(
      UnsafeBufferPointer(rebasing: view.bytes[member.value]), maxDepth: JSONParser.maxDepthCeiling)
    return try? parser.parseValue(depth: 0)
  }

  func error(_ message: String) -> InputError { view.error(message) }

  /// The raw bytes of a member's value (empty when it is absent).
  func raw(_ name: Name) -> UnsafeBufferPointer<UInt8> {
    guard let member = self[name] else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(rebasing: view.bytes[member.value])
  }

  /// "creationDate" when it is a string without escapes holding a date (as `date` reads it);
  /// nil otherwise.
  func plainDate(memo: inout ISODate.DayMemo) -> Int? {
    guard let member = creationDate, let inner = ValidatedJSON(view.bytes).plainString(member.value) else {
      return nil
    }
    return ISODate.parse(bytes: UnsafeBufferPointer(rebasing: view.bytes[inner]), memo: &memo)
  }

  /// Appends the record to `out` with the values set (JSON text): each in the place of its
  /// member's value, or as a new member after the last one; then a newline.
  func write(temperature newTemperature: [UInt8], wasRaining newWasRaining: [UInt8], to out: inout [UInt8]) {
    let bytes = view.bytes
    // New members go right after the last member's value (or after the opening brace).
    let insert =
      view.members.last?.value.upperBound ?? (bytes.firstIndex(of: UInt8(ascii: "{")).map { $0 + 1 } ?? 0)
    var first = (temperature, newTemperature)
    var second = (wasRaining, newWasRaining)
    if let a = first.0, let b = second.0, b.value.lowerBound < a.value.lowerBound { swap(&first, &second) }
    var position = 0
    func splice(_ member: MemberSpan?, _ value: [UInt8]) {
      guard let member else { return }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<member.value.lowerBound]))
      out.append(contentsOf: value)
      position = member.value.upperBound
    }
    splice(first.0, first.1)
    splice(second.0, second.1)
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<insert]))
    func add(_ name: Name, _ member: MemberSpan?, _ value: [UInt8]) {
      guard member == nil else { return }
      if !view.members.isEmpty { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: Name.bytes[name.rawValue])
      out.append(contentsOf: "\":".utf8)
      out.append(contentsOf: value)
    }
    add(.temperature, temperature, newTemperature)
    add(.wasRaining, wasRaining, newWasRaining)
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[insert...]))
    out.append(0x0A)
  }
}
