import PipeProtocol

/// Where an order is in its life: placed, preparing (the 60-second oven timer), ready, completed.
/// Statuses compare in that order.
public enum OrderStatus: String, CaseIterable, Comparable, Sendable {
  /// Just placed.
  case placed
  /// In the oven: the 60-second preparation timer runs.
  case preparing
  /// Out of the oven, waiting for the customer.
  case ready
  /// Handed over.
  case completed

  /// The sample's display title: `Placed`, `Preparing`, `Ready`, `Completed`.
  public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// The next status in the flow (placed → preparing → ready → completed); nil once completed.
  /// (The sample went from preparing straight to completed; this port keeps `ready`.)
  public var next: OrderStatus? {
    switch self {
    case .placed: return .preparing
    case .preparing: return .ready
    case .ready: return .completed
    case .completed: return nil
    }
  }

  /// Ordering by the flow: placed < preparing < ready < completed.
  public static func < (lhs: OrderStatus, rhs: OrderStatus) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// The statuses as a comma-separated list, for messages.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// One line of an order: a donut and how many of it.
public struct OrderItem: Equatable, Sendable {
  /// The donut's menu id.
  public var donut: Int
  /// The donut's name (from the menu).
  public var name: String
  /// How many, at least 1.
  public var quantity: Int

  /// An item for a menu donut.
  public init(donut: Donut, quantity: Int) {
    self.donut = donut.id
    self.name = donut.name
    self.quantity = quantity
  }

  /// The item's object in an `order` record: `{"donut":3,"name":"Cosmos","quantity":2}`.
  public var object: JSONObject {
    ["donut": .int(donut), "name": .string(name), "quantity": .int(quantity)]
  }
}

/// A temperature reading attached to an order.
public struct Temperature: Equatable, Sendable {
  /// The value in `unit`.
  public var value: Double
  /// `fahrenheit` or `celsius`.
  public var unit: String

  /// A reading.
  public init(value: Double, unit: String) {
    self.value = value
    self.unit = unit
  }

  /// The sample's constant for generated orders: 72 °F.
  public static let sample = Temperature(value: 72, unit: "fahrenheit")

  /// The units a record may use.
  public static let units = ["fahrenheit", "celsius"]

  /// `{"unit":"fahrenheit","value":72}`.
  public var object: JSONObject { ["unit": .string(unit), "value": .double(value)] }
}

/// The Live Activity of a preparing order: a 60-second countdown, stale after two minutes.
public struct Preparation: Equatable, Sendable {
  /// When preparation started (seconds since 1970).
  public var start: Int
  /// When the donuts are done: `start + 60`.
  public var end: Int
  /// When the activity is stale: `start + 120`.
  public var staleDate: Int

  /// The sample's timer: `start...start + 60 s`, stale at `start + 2 min`.
  public init(start: Int) {
    self.start = start
    self.end = start + Preparation.duration
    self.staleDate = start + 2 * Preparation.duration
  }

  /// A preparation with explicit times (as read from a record).
  public init(start: Int, end: Int, staleDate: Int) {
    self.start = start
    self.end = end
    self.staleDate = staleDate
  }

  /// The preparation time, in seconds.
  public static let duration = 60

  /// `{"end":…,"staleDate":…,"start":…}` as ISO 8601 dates.
  public var object: JSONObject {
    [
      "start": .string(ISODate.format(start)), "end": .string(ISODate.format(end)),
      "staleDate": .string(ISODate.format(staleDate)),
    ]
  }
}

/// A customer's order, as the `order` record carries it.
public struct Order: Equatable, Sendable {
  /// `Order#1203`.
  public var id: String
  /// Where it is in the flow.
  public var status: OrderStatus
  /// The donuts and quantities, in the order's own order.
  public var items: [OrderItem]
  /// The city's name.
  public var city: String
  /// The parking spot's name.
  public var parkingSpot: String
  /// When it was placed (seconds since 1970).
  public var creationDate: Int
  /// When it was completed, when known (the sample also sets it on generated `ready` orders).
  public var completionDate: Int?
  /// The temperature when it was placed, when known.
  public var temperature: Temperature?
  /// Whether it was raining, when known.
  public var wasRaining: Bool?
  /// The running Live Activity, while preparing.
  public var preparation: Preparation?

  /// An order.
  public init(
    id: String, status: OrderStatus, items: [OrderItem], city: String, parkingSpot: String,
    creationDate: Int, completionDate: Int? = nil, temperature: Temperature? = nil, wasRaining: Bool? = nil,
    preparation: Preparation? = nil
  ) {
    self.id = id
    self.status = status
    self.items = items
    self.city = city
    self.parkingSpot = parkingSpot
    self.creationDate = creationDate
    self.completionDate = completionDate
    self.temperature = temperature
    self.wasRaining = wasRaining
    self.preparation = preparation
  }

  /// The price of one donut, in cents (the sample's `5.78`).
  public static let donutPriceCents = 578

  /// The number of donuts (the sample's `totalSales`).
  public var totalSales: Int { items.reduce(0) { $0 + $1.quantity } }

  /// The price in cents: 578 per donut.
  public var grandTotalCents: Int { Order.donutPriceCents * totalSales }

  /// The sales per donut id (quantities of repeated donuts added).
  public var sales: [Int: Int] {
    items.reduce(into: [:]) { $0[$1.donut, default: 0] += $1.quantity }
  }

  /// The order number without `Order#`: `1203` (the Live Activity's order id).
  public var number: String { id.hasPrefix(Order.idPrefix) ? String(id.dropFirst(Order.idPrefix.count)) : id }

  /// The sample's id prefix.
  public static let idPrefix = "Order#"

  /// The sample's id for an order number: `Order#12` and the number with at least two digits
  /// (`Order#1201`, `Order#1299`, `Order#12100`).
  public static func id(number: Int) -> String {
    let digits = String(number)
    return "Order#12" + (digits.count < 2 ? "0" + digits : digits)
  }

  /// The number in an id made by `id(number:)` (`Order#12100` → 100), or nil for other ids.
  public static func sequenceNumber(of id: String) -> Int? {
    guard id.hasPrefix("Order#12") else { return nil }
    let rest = id.dropFirst("Order#12".count)
    guard rest.count >= 2, rest.allSatisfy(\.isASCII), let n = Int(rest), n >= 0 else { return nil }
    return n
  }

  /// The full id for what a user typed: `Order#1203`, `order#1203`, `1203` or the deep link
  /// `foodtruck://order/1203` all give `Order#1203`; nil when the text is none of these. The three
  /// forms take one rest, ASCII letters, digits and `-`, so that every link the tools write (a
  /// notice's `url`, `foodtruck://order/` and the id without `Order#`) opens its order, as the
  /// sample's link takes its last path component whole (`orders/open-link-letters-records`).
  public static func normalizedID(_ text: String) -> String? {
    var rest = Substring(text)
    let link = "foodtruck://order/"
    if rest.lowercased().hasPrefix(link) {
      rest = rest.dropFirst(link.count)
    } else if rest.lowercased().hasPrefix("order#") {
      rest = rest.dropFirst(idPrefix.count)
    }
    guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else { return nil }
    return idPrefix + rest
  }

  /// The sample's search: the id contains the text, or any donut matches it (name or ingredient,
  /// from `menu`; the item's own name for a donut `menu` does not have), ignoring case; empty text
  /// matches every order.
  public func matches(_ text: String, menu: Menu = .builtIn) -> Bool {
    if text.isEmpty { return true }
    let needle = text.lowercased()
    if id.lowercased().contains(needle) { return true }
    return items.contains { item in
      menu.donut(id: item.donut)?.matches(text) ?? item.name.lowercased().contains(needle)
    }
  }

  /// The `order` record, keys sorted: `{"city":…,"creationDate":…,"grandTotal":11.56,"id":…,
  /// "items":[…],"parkingSpot":…,"status":…,"totalSales":2,"type":"order"}` plus the known optional
  /// fields.
  public var record: JSONObject {
    var object: JSONObject = [
      "type": .string("order"), "id": .string(id), "status": .string(status.rawValue),
      "items": .array(items.map { .object($0.object) }), "totalSales": .int(totalSales),
      "grandTotal": Order.money(cents: grandTotalCents), "city": .string(city),
      "parkingSpot": .string(parkingSpot), "creationDate": .string(ISODate.format(creationDate)),
    ]
    if let completionDate { object["completionDate"] = .string(ISODate.format(completionDate)) }
    if let temperature { object["temperature"] = .object(temperature.object) }
    if let wasRaining { object["wasRaining"] = .bool(wasRaining) }
    if let preparation { object["preparation"] = .object(preparation.object) }
    object.sortKeys()
    return object
  }

  /// An amount of money in cents as a number with at most two decimals (`11.56`, `144.5`, `0`).
  public static func money(cents: Int) -> JSONValue {
    .decimal(Double(cents) / 100, fractionDigits: 2)
  }
}

extension Order {
  /// The largest quantity of one item an order record may hold, so that totals and prices can
  /// never overflow (the sample's orders hold at most a dozen; `orders place` takes 1000).
  public static let maxQuantity = 1_000_000

  /// Reads an `order` record, its donuts from `menu`. Unknown fields are ignored; a missing or
  /// mistyped field, an unknown status, a donut id not on the menu, an item name that does not
  /// match its id, or a `totalSales` that is not the sum of the quantities is an error naming the
  /// record's line. An optional field, when present, must be valid (null too is an error).
  public init(record: some FieldAccess, menu: Menu = .builtIn) throws(InputError) {
    guard record.type == "order" else { throw record.error("expected an order record, not \(record.type)") }
    id = try record.string("id")
    let statusValue = try record.required("status")
    guard let status = statusValue.stringValue.flatMap(OrderStatus.init(rawValue:)) else {
      throw record.mismatch("status", expected: "one of \(OrderStatus.names)", found: statusValue)
    }
    self.status = status
    let itemValues = try record.array("items")
    guard !itemValues.isEmpty else {
      throw record.mismatch("items", expected: "a non-empty array", found: .array(itemValues))
    }
    items = []
    for (index, value) in itemValues.enumerated() {
      let item = try record.fields("items[\(index)]", value)
      let donutID = try item.int("donut")
      let quantity = try item.int("quantity", in: 1...Order.maxQuantity)
      let donut = try menu.donut(id: donutID, place: "items[\(index)]", in: record)
      if item.value("name") != nil {
        try menu.check(name: try item.string("name"), place: "items[\(index)].name", of: donut, in: record)
      }
      items.append(OrderItem(donut: donut, quantity: quantity))
    }
    let sum = items.reduce(0) { $0 + $1.quantity }
    if record.value("totalSales") != nil {
      let total = try record.int("totalSales")
      guard total == sum else {
        throw record.error("\"totalSales\" is \(total) but the items add up to \(sum)")
      }
    }
    city = try record.string("city")
    parkingSpot = try record.string("parkingSpot")
    creationDate = try record.date("creationDate")
    completionDate = record.value("completionDate") == nil ? nil : try record.date("completionDate")
    if record.value("temperature") != nil {
      let fields = try record.object("temperature")
      let value = try fields.double("value")
      let unitValue = try fields.required("unit")
      guard let unit = unitValue.stringValue, Temperature.units.contains(unit) else {
        throw fields.mismatch(
          "unit", expected: "one of \(Temperature.units.joined(separator: ", "))", found: unitValue)
      }
      temperature = Temperature(value: value, unit: unit)
    } else {
      temperature = nil
    }
    wasRaining = record.value("wasRaining") == nil ? nil : try record.bool("wasRaining")
    if record.value("preparation") != nil {
      let fields = try record.object("preparation")
      preparation = Preparation(
        start: try fields.date("start"), end: try fields.date("end"), staleDate: try fields.date("staleDate"))
    } else {
      preparation = nil
    }
  }
}

extension Order {
  /// Appends the `order` record as one compact JSON line without its newline: the same bytes as
  /// `JSONWriter.append(record, to:)`, written directly (the fast path for streaming millions of
  /// generated orders).
  public func appendRecord(to out: inout [UInt8]) {
    func raw(_ text: StaticString) {
      out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
    func string(_ s: String) { JSONWriter.appendString(s, to: &out) }
    func date(_ seconds: Int) {
      out.append(UInt8(ascii: "\""))
      Order.appendISODate(seconds, to: &out)
      out.append(UInt8(ascii: "\""))
    }
    raw("{\"city\":")
    string(city)
    if let completionDate {
      raw(",\"completionDate\":")
      date(completionDate)
    }
    raw(",\"creationDate\":")
    date(creationDate)
    raw(",\"grandTotal\":")
    let cents = grandTotalCents
    Order.appendInt(cents / 100, to: &out)
    let fraction = cents % 100
    if fraction != 0 {
      out.append(UInt8(ascii: "."))
      out.append(UInt8(ascii: "0") + UInt8(fraction / 10))
      if fraction % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }
    raw(",\"id\":")
    string(id)
    raw(",\"items\":[")
    for (index, item) in items.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      raw("{\"donut\":")
      Order.appendInt(item.donut, to: &out)
      raw(",\"name\":")
      string(item.name)
      raw(",\"quantity\":")
      Order.appendInt(item.quantity, to: &out)
      out.append(UInt8(ascii: "}"))
    }
    raw("],\"parkingSpot\":")
    string(parkingSpot)
    if let preparation {
      raw(",\"preparation\":{\"end\":")
      date(preparation.end)
      raw(",\"staleDate\":")
      date(preparation.staleDate)
      raw(",\"start\":")
      date(preparation.start)
      out.append(UInt8(ascii: "}"))
    }
    raw(",\"status\":\"")
    out.append(contentsOf: status.rawValue.utf8)
    out.append(UInt8(ascii: "\""))
    if let temperature {
      raw(",\"temperature\":{\"unit\":")
      string(temperature.unit)
      raw(",\"value\":")
      out.append(contentsOf: JSONNumber(temperature.value).text.utf8)
      out.append(UInt8(ascii: "}"))
    }
    raw(",\"totalSales\":")
    Order.appendInt(totalSales, to: &out)
    raw(",\"type\":\"order\"")
    if let wasRaining { wasRaining ? raw(",\"wasRaining\":true") : raw(",\"wasRaining\":false") }
    out.append(UInt8(ascii: "}"))
  }

  /// Appends an integer's decimal digits.
  static func appendInt(_ value: Int, to out: inout [UInt8]) {
    if value < 0 {
      out.append(UInt8(ascii: "-"))
      out.append(contentsOf: String(-value).utf8)
      return
    }
    if value < 10 {
      out.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      while rest > 0, count < 10 {
        buffer[9 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      }
      if rest == 0 { out.append(contentsOf: buffer[(10 - count)...]) }
    }
    if rest != 0 { out.append(contentsOf: String(value).utf8) }
  }

  /// Appends `YYYY-MM-DDTHH:MM:SSZ` (the same text as `ISODate.format`).
  static func appendISODate(_ seconds: Int, to out: inout [UInt8]) {
    let days = ISODate.floorDiv(seconds, 86_400)
    let (year, month, day) = ISODate.civil(fromDays: days)
    guard (0...9999).contains(year) else {
      out.append(contentsOf: ISODate.format(seconds).utf8)
      return
    }
    let time = seconds - days * 86_400
    func two(_ n: Int) {
      out.append(UInt8(ascii: "0") + UInt8(n / 10))
      out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }
    two(year / 100)
    two(year % 100)
    out.append(UInt8(ascii: "-"))
    two(month)
    out.append(UInt8(ascii: "-"))
    two(day)
    out.append(UInt8(ascii: "T"))
    two(time / 3600)
    out.append(UInt8(ascii: ":"))
    two(time / 60 % 60)
    out.append(UInt8(ascii: ":"))
    two(time % 60)
    out.append(UInt8(ascii: "Z"))
  }
}
