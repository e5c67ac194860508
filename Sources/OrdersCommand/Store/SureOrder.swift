import FoodTruckKit
import PipeProtocol

/// An order record checked in place, its bytes walked once (`ValidatedJSON`) and nothing decoded
/// into values: the fast twin of `Order(record:menu:)` with the built-in menu. It is sure only of
/// orders whose keys and the strings it reads have no escapes, whose donuts are built-in and whose
/// item objects hold no key twice; for anything else it answers nil, and `Order(record:)` reads
/// the record (and words any error). What it accepts, `Order(record:menu: .builtIn)` accepts,
/// with the same id, creation date, status, donuts and preparation (`StoreTwinsTests`).
struct SureOrder {
  /// The order's id.
  let id: String
  /// Its creation date, in seconds since 1970.
  let creationDate: Int
  /// Its status, its number of donuts (the sum of its items' quantities), and whether it has a
  /// preparation (its 60 seconds in the oven).
  let status: OrderStatus
  let totalSales: Int
  let prepared: Bool

  /// The facts of an order read some other way.
  init(_ order: Order) {
    id = order.id
    creationDate = order.creationDate
    status = order.status
    totalSales = order.totalSales
    prepared = order.preparation != nil
  }

  /// The members of an order the check reads, found by one table (`MemberTable`), each key once.
  enum Field: String, CaseIterable, MemberName {
    case type, id, status, items, totalSales, city, parkingSpot, creationDate, completionDate, temperature
    case wasRaining, preparation
    static let table = MemberTable<Field>()
  }

  /// The keys of an item the check reads.
  enum ItemField: String, CaseIterable, MemberName {
    case donut, quantity, name
    static let table = MemberTable<ItemField>()
  }

  /// The facts of `view`, an `order` record; nil when not sure.
  init?(_ view: RecordView) {
    var memo = ISODate.DayMemo()
    guard
      let sure = view.members.withUnsafeBufferPointer({ members in
        Self(ValidatedJSON(view.bytes), members: members, memo: &memo)
      })
    else { return nil }
    self = sure
  }

  /// The facts of the order record `json` (a validated line) whose top-level members are
  /// `members`; nil when not sure. `memo` keeps the day of the last date read (dates in a store
  /// mostly share days).
  init?(_ json: ValidatedJSON, members: UnsafeBufferPointer<MemberSpan>, memo: inout ISODate.DayMemo) {
    guard let base = json.bytes.baseAddress else { return nil }
    let table = Self.Field.table
    var id: String?
    var creationDate: Int?
    var status: OrderStatus?
    var prepared = false
    var seen = (items: false, city: false, spot: false)
    var sum = 0
    var totalSales: Int?
    for member in members {
      guard !member.keyHasEscapes else { return nil }
      let key = member.key
      let value = member.value
      guard let field = table.lookup(key: base + key.lowerBound, count: key.count) else { continue }
      switch field {
      case .type: break
      case .id:
        guard let text = json.plainString(value) else { return nil }
        id = json.text(text)
      case .status:
        guard let text = json.plainString(value),
          let known = Self.statuses.firstIndex(where: { json.equals(text, $0) })
        else { return nil }
        status = OrderStatus.allCases[known]
      case .items:
        guard let quantities = Self.items(json, value) else { return nil }
        sum = quantities
        seen.items = true
      case .totalSales:
        guard let n = json.int(value) else { return nil }
        totalSales = n
      case .city:
        guard json.bytes[value.lowerBound] == UInt8(ascii: "\"") else { return nil }
        seen.city = true
      case .parkingSpot:
        guard json.bytes[value.lowerBound] == UInt8(ascii: "\"") else { return nil }
        seen.spot = true
      case .creationDate:
        guard let date = Self.date(json, value, memo: &memo) else { return nil }
        creationDate = date
      case .completionDate:
        guard Self.date(json, value, memo: &memo) != nil else { return nil }
      case .temperature:
        guard Self.temperature(json, value) else { return nil }
      case .wasRaining:
        guard json.equals(value, "true") || json.equals(value, "false") else { return nil }
      case .preparation:
        guard Self.preparation(json, value, memo: &memo) else { return nil }
        prepared = true
      }
    }
    guard let id, let creationDate, let status, seen.items, seen.city, seen.spot,
      totalSales == nil || totalSales == sum
    else { return nil }
    self.id = id
    self.creationDate = creationDate
    self.status = status
    self.totalSales = sum
    self.prepared = prepared
  }

  /// The sum of the quantities of the items at `value`: a non-empty array of objects, each with a
  /// built-in donut id, a quantity from 1 to `Order.maxQuantity` and, when it has one, the donut's
  /// name; nil when not sure.
  static func items(_ json: ValidatedJSON, _ value: Range<Int>) -> Int? {
    guard json.bytes[value.lowerBound] == UInt8(ascii: "["), let base = json.bytes.baseAddress else {
      return nil
    }
    var sum = 0
    var count = 0
    var sure = true
    json.forEachElement(ofArrayAt: value.lowerBound) { start in
      guard sure, json.bytes[start] == UInt8(ascii: "{") else {
        sure = false
        return json.valueEnd(start)
      }
      count += 1
      if let written = writtenItem(json, start) {
        sum += written.quantity
        return written.end
      }
      var donut: Int?
      var quantity: Int?
      var name: Range<Int>?
      var keys = 0
      let end = json.forEachMember(ofObjectAt: start) { key, value in
        guard json.firstBackslash(in: key) == key.upperBound else {
          sure = false
          return
        }
        switch ItemField.table.lookup(key: base + key.lowerBound, count: key.count) {
        case .donut:
          donut = json.int(value).flatMap { Menu.isBuiltIn($0) ? $0 : nil }
          keys += 1
          if donut == nil { sure = false }
        case .quantity:
          quantity = json.int(value).flatMap { (1...Order.maxQuantity).contains($0) ? $0 : nil }
          keys += 1
          if quantity == nil { sure = false }
        case .name:
          name = json.plainString(value)
          keys += 1
          if name == nil { sure = false }
        case nil: break
        }
      }
      // A key twice, a field missing, a name that is not the donut's: the slow twin reads it.
      guard sure, keys == (name == nil ? 2 : 3), let donut, let quantity else {
        sure = false
        return end
      }
      if let name, !json.equals(name, builtInNames[donut]) {
        sure = false
        return end
      }
      sum += quantity
      return end
    }
    return sure && count > 0 ? sum : nil
  }

  /// The quantity of the item whose `{` is at `start`, and the offset past its `}`, when it is
  /// written as the tools write one, `{"donut":D,"name":"NAME","quantity":Q}` (the name may be
  /// left out), D a built-in donut, NAME its name and Q from 1 to `Order.maxQuantity`; nil for any
  /// other spelling, which the walk of its members reads. (Checked byte by byte against that one
  /// spelling: no key to look up, no string to end.)
  @inline(__always)
  static func writtenItem(_ json: ValidatedJSON, _ start: Int) -> (quantity: Int, end: Int)? {
    var i = start
    guard skip(json, &i, #"{"donut":"#), let donut = digits(json, &i), Menu.isBuiltIn(donut) else {
      return nil
    }
    if skip(json, &i, #","name":""#) {
      guard skip(json, &i, builtInNames[donut]), skip(json, &i, #"""#) else { return nil }
    }
    guard skip(json, &i, #","quantity":"#), let quantity = digits(json, &i),
      (1...Order.maxQuantity).contains(quantity), skip(json, &i, "}")
    else { return nil }
    return (quantity, i)
  }

  /// Whether `text` is at `i` (then `i` moves past it).
  @inline(__always)
  static func skip(_ json: ValidatedJSON, _ i: inout Int, _ text: StaticString) -> Bool {
    skip(json, &i, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Whether `text` is at `i` (then `i` moves past it).
  @inline(__always)
  static func skip(_ json: ValidatedJSON, _ i: inout Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard i + text.count <= json.bytes.count, json.equals(i..<(i + text.count), text) else { return false }
    i += text.count
    return true
  }

  /// The whole number of 1 to 9 digits at `i` (then `i` moves past it); nil when there is none or
  /// a longer one. (A fraction or exponent after it is refused by what must follow.)
  @inline(__always)
  static func digits(_ json: ValidatedJSON, _ i: inout Int) -> Int? {
    var n = 0
    var j = i
    while j < json.bytes.count, j - i < 10, case let d = json.bytes[j] &- 48, d < 10 {
      n = n * 10 + Int(d)
      j += 1
    }
    guard j > i, j - i < 10 else { return nil }
    i = j
    return n
  }

  /// The names of the built-in donuts as bytes, by id (`Menu.isBuiltIn`: 0 up to their count).
  nonisolated(unsafe) static let builtInNames = kept(
    (0..<Menu.builtIn.count).map { Menu.builtIn.donut(id: $0)?.name ?? "" })
  /// The statuses, as bytes.
  nonisolated(unsafe) static let statuses = kept(OrderStatus.allCases.map(\.rawValue))
  /// The temperature units, as bytes.
  nonisolated(unsafe) static let units = kept(Temperature.units)

  /// The UTF-8 of `texts`, kept for the life of the process (compared without a `String`).
  static func kept(_ texts: [String]) -> [UnsafeBufferPointer<UInt8>] {
    texts.map { text in
      let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
      _ = bytes.initialize(from: text.utf8)
      return UnsafeBufferPointer(bytes)
    }
  }

  /// Whether the bytes at `range` are the UTF-8 of `text`.
  static func same(_ json: ValidatedJSON, _ range: Range<Int>, _ text: String) -> Bool {
    range.count == text.utf8.count && json.bytes[range].elementsEqual(text.utf8)
  }

  /// The date at `value`, a string without escapes; nil when not sure.
  static func date(_ json: ValidatedJSON, _ value: Range<Int>, memo: inout ISODate.DayMemo) -> Int? {
    guard let text = json.plainString(value) else { return nil }
    return ISODate.parse(bytes: UnsafeBufferPointer(rebasing: json.bytes[text]), memo: &memo)
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
          text.map { text in units.contains { json.equals(text, $0) } } == true
          ? 1 : 2
      } else if json.firstBackslash(in: key) != key.upperBound {
        number = 2
      }
    }
    return number == 1 && unit == 1
  }

  /// Whether the preparation at `value` is surely one: an object with the dates `start`, `end`
  /// and `staleDate`, none twice.
  static func preparation(_ json: ValidatedJSON, _ value: Range<Int>, memo: inout ISODate.DayMemo) -> Bool {
    guard json.bytes[value.lowerBound] == UInt8(ascii: "{") else { return false }
    var found = (start: 0, end: 0, stale: 0)
    var sure = true
    json.forEachMember(ofObjectAt: value.lowerBound) { key, value in
      if json.firstBackslash(in: key) != key.upperBound { sure = false }
      let isDate = date(json, value, memo: &memo) != nil
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
