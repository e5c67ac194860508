import FoodTruckKit
import PipeProtocol

/// An order record checked in place, its bytes walked once (`ValidatedJSON`) and nothing decoded
/// into values: the fast twin of `Order(record:menu:)` with the built-in menu. It is sure only of
/// orders whose keys and the strings it reads have no escapes, whose donuts are built-in and whose
/// item objects hold no key twice; for anything else it answers nil, and `Order(record:)` reads
/// the record (and words any error). What it accepts, `Order(record:menu: .builtIn)` accepts,
/// with the same id and creation date (`StoreTwinsTests`).
struct SureOrder {
  /// The order's id.
  let id: String
  /// Its creation date, in seconds since 1970.
  let creationDate: Int

  /// The facts of an order read some other way.
  init(id: String, creationDate: Int) {
    self.id = id
    self.creationDate = creationDate
  }

  /// The facts of `view`, an `order` record; nil when not sure.
  init?(_ view: RecordView) {
    let json = ValidatedJSON(view.bytes)
    var id: String?
    var creationDate: Int?
    var seen = (status: false, items: false, city: false, spot: false)
    var sum = 0
    var totalSales: Int?
    for member in view.members {
      guard !member.keyHasEscapes else { return nil }
      let key = member.key
      let value = member.value
      if json.equals(key, "id") {
        guard let text = json.plainString(value) else { return nil }
        id = json.text(text)
      } else if json.equals(key, "status") {
        guard let text = json.plainString(value),
          OrderStatus.allCases.contains(where: { Self.same(json, text, $0.rawValue) })
        else { return nil }
        seen.status = true
      } else if json.equals(key, "items") {
        guard let quantities = Self.items(json, value) else { return nil }
        sum = quantities
        seen.items = true
      } else if json.equals(key, "totalSales") {
        guard let n = json.int(value) else { return nil }
        totalSales = n
      } else if json.equals(key, "city") {
        guard json.bytes[value.lowerBound] == UInt8(ascii: "\"") else { return nil }
        seen.city = true
      } else if json.equals(key, "parkingSpot") {
        guard json.bytes[value.lowerBound] == UInt8(ascii: "\"") else { return nil }
        seen.spot = true
      } else if json.equals(key, "creationDate") {
        guard let date = Self.date(json, value) else { return nil }
        creationDate = date
      } else if json.equals(key, "completionDate") {
        guard Self.date(json, value) != nil else { return nil }
      } else if json.equals(key, "temperature") {
        guard Self.temperature(json, value) else { return nil }
      } else if json.equals(key, "wasRaining") {
        guard json.equals(value, "true") || json.equals(value, "false") else { return nil }
      } else if json.equals(key, "preparation") {
        guard Self.preparation(json, value) else { return nil }
      }
    }
    guard let id, let creationDate, seen.status, seen.items, seen.city, seen.spot,
      totalSales == nil || totalSales == sum
    else { return nil }
    self.id = id
    self.creationDate = creationDate
  }

  /// The sum of the quantities of the items at `value`: a non-empty array of objects, each with a
  /// built-in donut id, a quantity from 1 to `Order.maxQuantity` and, when it has one, the donut's
  /// name; nil when not sure.
  static func items(_ json: ValidatedJSON, _ value: Range<Int>) -> Int? {
    guard json.bytes[value.lowerBound] == UInt8(ascii: "[") else { return nil }
    var sum = 0
    var count = 0
    var sure = true
    json.forEachElement(ofArrayAt: value.lowerBound) { start in
      guard sure, json.bytes[start] == UInt8(ascii: "{") else {
        sure = false
        return json.valueEnd(start)
      }
      count += 1
      var donut: Int?
      var quantity: Int?
      var name: Range<Int>?
      var keys = 0
      let end = json.forEachMember(ofObjectAt: start) { key, value in
        guard json.firstBackslash(in: key) == key.upperBound else {
          sure = false
          return
        }
        if json.equals(key, "donut") {
          donut = json.int(value).flatMap { Menu.isBuiltIn($0) ? $0 : nil }
          keys += 1
          if donut == nil { sure = false }
        } else if json.equals(key, "quantity") {
          quantity = json.int(value).flatMap { (1...Order.maxQuantity).contains($0) ? $0 : nil }
          keys += 1
          if quantity == nil { sure = false }
        } else if json.equals(key, "name") {
          name = json.plainString(value)
          keys += 1
          if name == nil { sure = false }
        }
      }
      // A key twice, a field missing, a name that is not the donut's: the slow twin reads it.
      guard sure, keys == (name == nil ? 2 : 3), let donut, let quantity else {
        sure = false
        return end
      }
      if let name, let known = Menu.builtIn.donut(id: donut)?.name, !same(json, name, known) {
        sure = false
        return end
      }
      sum += quantity
      return end
    }
    return sure && count > 0 ? sum : nil
  }

  /// Whether the bytes at `range` are the UTF-8 of `text`.
  static func same(_ json: ValidatedJSON, _ range: Range<Int>, _ text: String) -> Bool {
    range.count == text.utf8.count && json.bytes[range].elementsEqual(text.utf8)
  }

  /// The date at `value`, a string without escapes; nil when not sure.
  static func date(_ json: ValidatedJSON, _ value: Range<Int>) -> Int? {
    guard let text = json.plainString(value) else { return nil }
    return ISODate.parse(bytes: UnsafeBufferPointer(rebasing: json.bytes[text]))
  }

  /// Whether the temperature at `value` is surely one: an object with a finite number `value`
  /// (written without an exponent) and a known `unit`, neither twice.
  static func temperature(_ json: ValidatedJSON, _ value: Range<Int>) -> Bool {
    guard json.bytes[value.lowerBound] == UInt8(ascii: "{") else { return false }
    var number = 0
    var unit = 0
    json.forEachMember(ofObjectAt: value.lowerBound) { key, value in
      if json.equals(key, "value") {
        let first = json.bytes[value.lowerBound]
        let isNumber = first == UInt8(ascii: "-") || (first >= 48 && first <= 57)
        number += isNumber && !json.hasExponent(value) && value.count < 300 ? 1 : 2
      } else if json.equals(key, "unit") {
        let text = json.plainString(value)
        unit +=
          text.map { text in Temperature.units.contains { same(json, text, $0) } } == true
          ? 1 : 2
      } else if json.firstBackslash(in: key) != key.upperBound {
        number = 2
      }
    }
    return number == 1 && unit == 1
  }

  /// Whether the preparation at `value` is surely one: an object with the dates `start`, `end`
  /// and `staleDate`, none twice.
  static func preparation(_ json: ValidatedJSON, _ value: Range<Int>) -> Bool {
    guard json.bytes[value.lowerBound] == UInt8(ascii: "{") else { return false }
    var found = (start: 0, end: 0, stale: 0)
    var sure = true
    json.forEachMember(ofObjectAt: value.lowerBound) { key, value in
      if json.firstBackslash(in: key) != key.upperBound { sure = false }
      let isDate = date(json, value) != nil
      if json.equals(key, "start") {
        found.start += isDate ? 1 : 2
      } else if json.equals(key, "end") {
        found.end += isDate ? 1 : 2
      } else if json.equals(key, "staleDate") {
        found.stale += isDate ? 1 : 2
      }
    }
    return sure && found.start == 1 && found.end == 1 && found.stale == 1
  }
}
