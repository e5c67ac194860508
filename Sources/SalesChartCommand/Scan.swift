import FoodTruckKit
import PipeProtocol

/// A problem with one field of a record, or with the counts; the caller adds the record's place.
public struct FieldError: Error, Sendable {
  /// What is wrong.
  public let message: String
  /// An error with a message.
  public init(_ message: String) { self.message = message }
}

/// Fast readers for the few fields `sales-chart` needs, over bytes that the record reader has
/// already validated as JSON (so they only need to find things, not to check syntax).
enum Scan {
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")

  /// The index just past the string whose opening quote is at `i`.
  @inline(__always)
  static func skipString(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    var i = i + 1
    while i < b.count {
      let c = b[i]
      if c == quote { return i + 1 }
      i += c == backslash ? 2 : 1
    }
    return i
  }

  /// The index of the first byte at or after `i` that is not JSON white space.
  @inline(__always)
  static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    var i = i
    while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
    return i
  }

  /// The index just past the value starting at `i`.
  static func skipValue(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    var i = i
    switch b[i] {
    case quote: return skipString(b, i)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while i < b.count {
        let c = b[i]
        if c == quote {
          i = skipString(b, i)
          continue
        }
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
          depth += 1
        } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
          depth -= 1
          if depth == 0 { return i + 1 }
        }
        i += 1
      }
      return i
    default:
      while i < b.count {
        switch b[i] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return i
        default: i += 1
        }
      }
      return i
    }
  }

  /// The text of a value, shortened for messages.
  static func text(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let s = String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
    return s.count > 40 ? String(s.prefix(37)) + "..." : s
  }

  /// The decoded string value at `range` (quotes included), or nil when it is not a string.
  static func string(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    guard b[range.lowerBound] == quote else { return nil }
    let inner = UnsafeBufferPointer(rebasing: b[(range.lowerBound + 1)..<(range.upperBound - 1)])
    if !inner.contains(backslash) { return String(decoding: inner, as: UTF8.self) }
    var parser = JSONParser(UnsafeBufferPointer(rebasing: b[range]))
    return (try? parser.parseString())
  }

  /// The whole number at `range`; `what` names the field in messages.
  static func integer(
    _ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ what: @autoclosure () -> String
  ) throws(FieldError) -> Int {
    var i = range.lowerBound
    let negative = b[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    guard i < range.upperBound, b[i] &- 48 < 10 else {
      throw FieldError("\(what()) must be a whole number, not \(text(b, range))")
    }
    var value = 0
    var digits = 0
    while i < range.upperBound {
      let d = b[i] &- 48
      guard d < 10 else { throw FieldError("\(what()) must be a whole number, not \(text(b, range))") }
      value = value * 10 + Int(d)
      digits += 1
      guard digits <= 15 else { throw FieldError("\(what()) is too large: \(text(b, range))") }
      i += 1
    }
    return negative ? -value : value
  }

  /// Whether the bytes at `range` are exactly `key` (a short ASCII key).
  @inline(__always)
  static func equals(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ key: StaticString) -> Bool {
    guard range.count == key.utf8CodeUnitCount else { return false }
    let k = key.utf8Start
    var j = 0
    for i in range {
      if b[i] != k[j] { return false }
      j += 1
    }
    return true
  }

  /// `a + b`, or an error when the sum does not fit (counts never wrap or crash).
  @inline(__always)
  static func add(_ a: Int, _ b: Int) throws(FieldError) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw FieldError("the sales are too large to add up") }
    return sum
  }

  /// Which item key this is: 0 `donut`, 1 `quantity`, 2 `name`, -1 another.
  @inline(__always)
  static func which(_ b: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Int {
    if equals(b, key, "donut") { return 0 }
    if equals(b, key, "quantity") { return 1 }
    if equals(b, key, "name") { return 2 }
    guard b[key].contains(backslash) else { return -1 }
    // A rare escaped key: compare its decoded text.
    switch string(b, (key.lowerBound - 1)..<(key.upperBound + 1)) {
    case "donut": return 0
    case "quantity": return 1
    case "name": return 2
    default: return -1
    }
  }

  /// The menu's donut names as UTF-8, by id.
  static let menuNames: [[UInt8]] = Menu.builtIn.donuts.map { Array($0.name.utf8) }

  /// Reads an `items` (order) or `sales` (order-summary) array: objects with a `donut` id in the
  /// menu, a whole `quantity` of at least 0 and optionally a `name` that must be the menu's name for
  /// that id. Adds each quantity to `row[donut]` (a row of `Menu.builtIn.count` counts) and returns the
  /// sum of the quantities.
  static func addSales(
    _ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, field: String, into row: UnsafeMutablePointer<Int>
  ) throws(FieldError) -> Int {
    guard b[range.lowerBound] == UInt8(ascii: "[") else {
      throw FieldError("\"\(field)\" must be an array of {\"donut\",\"quantity\"}, not \(text(b, range))")
    }
    var i = skipSpace(b, range.lowerBound + 1)
    var index = 0
    var sum = 0
    while i < range.upperBound, b[i] != UInt8(ascii: "]") {
      func place() -> String { "\(field)[\(index)]" }
      guard b[i] == UInt8(ascii: "{") else {
        throw FieldError(
          "\(place()) must be an object with \"donut\" and \"quantity\", not \(text(b, i..<skipValue(b, i)))")
      }
      var donutRange: Range<Int>?
      var quantityRange: Range<Int>?
      var nameRange: Range<Int>?
      i = skipSpace(b, i + 1)
      while b[i] == quote {
        let keyStart = i + 1
        i = skipString(b, i)
        let key = keyStart..<(i - 1)
        i = skipSpace(b, skipSpace(b, i) + 1)  // past the ':'
        let valueStart = i
        let first = b[i]
        if first == quote {
          i = skipString(b, i)
        } else if first &- 48 < 10 {
          i += 1
          while b[i] &- 48 < 10 { i += 1 }  // a closing brace always follows
          if b[i] == UInt8(ascii: ".") || b[i] | 0x20 == UInt8(ascii: "e") { i = skipValue(b, valueStart) }
        } else {
          i = skipValue(b, i)
        }
        let value = valueStart..<i
        switch which(b, key) {
        case 0: if donutRange == nil { donutRange = value }
        case 1: if quantityRange == nil { quantityRange = value }
        case 2: if nameRange == nil { nameRange = value }
        default: break
        }
        i = skipSpace(b, i)
        if b[i] == UInt8(ascii: ",") { i = skipSpace(b, i + 1) }
      }
      let elementEnd = i + 1  // past the '}'
      guard let donutRange else { throw FieldError("\(place()) has no \"donut\" id") }
      guard let quantityRange else { throw FieldError("\(place()) has no \"quantity\"") }
      let donut = try integer(b, donutRange, "\(place()).donut")
      guard donut >= 0, donut < menuNames.count else {
        throw FieldError(
          "unknown donut id \(donut) in \(place()) (the menu has ids \(Menu.builtIn.validIDs); see 'orders menu')"
        )
      }
      let quantity = try integer(b, quantityRange, "\(place()).quantity")
      guard quantity >= 0 else {
        throw FieldError("\(place()).quantity must not be negative, not \(quantity)")
      }
      if let nameRange { try checkName(b, nameRange, donut: donut, place: place) }
      let (total, overflow) = row[donut].addingReportingOverflow(quantity)
      guard !overflow else { throw FieldError("sales of donut \(donut) are too large to count") }
      row[donut] = total
      sum = try add(sum, quantity)
      index += 1
      i = skipSpace(b, elementEnd)
      if i < range.upperBound, b[i] == UInt8(ascii: ",") { i = skipSpace(b, i + 1) }
    }
    return sum
  }

  /// Checks that a donut's `name` in a record is the menu's name for its id.
  static func checkName(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, donut: Int, place: () -> String)
    throws(FieldError)
  {
    let expected = menuNames[donut]
    let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
    if b[range.lowerBound] == quote, inner.count == expected.count,
      expected.withUnsafeBufferPointer({ e in
        var j = 0
        for i in inner {
          if b[i] != e[j] { return false }
          j += 1
        }
        return true
      })
    {
      return
    }
    guard let name = string(b, range) else {
      throw FieldError("\(place()).name must be a string, not \(text(b, range))")
    }
    if Array(name.utf8) == expected { return }
    throw FieldError(
      "\(place()) names donut \(donut) \"\(name)\", but donut \(donut) is \"\(Menu.builtIn.donuts[donut].name)\" "
        + "on the menu (a mismatched id is an error)")
  }

  /// The day number (days since 1970-01-01, UTC) of an ISO 8601 date-time string value.
  static func day(ofDateTime b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ what: String)
    throws(FieldError) -> Int
  {
    guard let s = string(b, range), let seconds = ISODate.parse(s) else {
      throw FieldError(
        "\"\(what)\" must be an ISO 8601 date such as 2026-11-29T10:02:13Z, not \(text(b, range))")
    }
    return ISODate.floorDiv(seconds, 86_400)
  }
}
