import FoodTruckKit
import PipeProtocol

/// A problem with one field of a record, or with the counts; the caller adds the record's place.
public struct FieldError: Error, Sendable {
  /// What is wrong.
  public let message: String
  /// An error with a message.
  public init(_ message: String) { self.message = message }
}

/// The fields `sales-chart` counts, read in place from a record's validated bytes (with
/// PipeProtocol's `ValidatedJSON`): donut sales, whole numbers, dates and names, each checked and
/// worded for messages.
enum SalesFields {
  /// The text of a value, shortened for messages.
  static func text(_ json: ValidatedJSON, _ range: Range<Int>) -> String {
    MessageText.shortened(json.text(range))
  }

  /// The whole number at `range` (at most 15 digits); `what` names the field in messages.
  @inline(__always)
  static func integer(_ json: ValidatedJSON, _ range: Range<Int>, _ what: @autoclosure () -> String)
    throws(FieldError) -> Int
  {
    if let value = json.int(range, maxDigits: 15) { return value }
    // More than 15 leading digits is too large; anything else is not a whole number.
    var i = range.lowerBound
    if json.bytes[i] == UInt8(ascii: "-") { i += 1 }
    var digits = 0
    while i < range.upperBound, json.bytes[i] &- 48 < 10 {
      digits += 1
      i += 1
    }
    if digits > 15 { throw FieldError("\(what()) is too large: \(text(json, range))") }
    throw FieldError("\(what()) must be a whole number, not \(text(json, range))")
  }

  /// `a + b`, or an error when the sum does not fit (counts never wrap or crash).
  @inline(__always)
  static func add(_ a: Int, _ b: Int) throws(FieldError) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw FieldError("the sales are too large to add up") }
    return sum
  }

  /// The keys of an item of `items` or `sales`.
  enum ItemKey: String, CaseIterable, MemberName {
    case donut, quantity, name
  }

  /// The table of `ItemKey`.
  static let itemKeys = MemberTable<ItemKey>()

  /// Reads an `items` (order) or `sales` (order-summary) array: objects with a `donut` id on
  /// `menu` (or, when it defers, a custom id it keeps pending), a whole `quantity` (1 to 1,000,000
  /// for an order's items, at least 0 for a summary's sales) and optionally a `name` that must be
  /// the menu's name for that id. Calls `count` with each id and quantity and returns the sum of
  /// the quantities. `record` is the record's place, kept for a pending id.
  @inline(__always)
  static func addSales(
    _ json: ValidatedJSON, _ range: Range<Int>, field: String, menu: StreamMenu,
    record: @autoclosure () -> InputError,
    count: (_ donut: Int, _ quantity: Int) throws(FieldError) -> Void
  ) throws(FieldError) -> Int {
    let b = json.bytes
    guard b[range.lowerBound] == UInt8(ascii: "[") else {
      throw FieldError("\"\(field)\" must be an array of {\"donut\",\"quantity\"}, not \(text(json, range))")
    }
    var index = 0
    var sum = 0
    try json.forEachElement(ofArrayAt: range.lowerBound) { (start: Int) throws(FieldError) -> Int in
      func place() -> String { "\(field)[\(index)]" }
      guard b[start] == UInt8(ascii: "{") else {
        throw FieldError(
          "\(place()) must be an object with \"donut\" and \"quantity\", not \(text(json, start..<json.valueEnd(start)))"
        )
      }
      var donutRange: Range<Int>?
      var quantityRange: Range<Int>?
      var nameRange: Range<Int>?
      let end = json.forEachMember(ofObjectAt: start) { key, value in
        switch itemKeys.lookup(key, in: json.bytes) {
        case .donut?: if donutRange == nil { donutRange = value }
        case .quantity?: if quantityRange == nil { quantityRange = value }
        case .name?: if nameRange == nil { nameRange = value }
        case nil: break
        }
      }
      guard let donutRange else { throw FieldError("\(place()) has no \"donut\" id") }
      guard let quantityRange else { throw FieldError("\(place()) has no \"quantity\"") }
      let donut = try integer(json, donutRange, "\(place()).donut")
      let known = menu.isKnown(donut)
      if !known {
        var name: [UInt8]?
        if let nameRange {
          guard let text = json.string(nameRange) else {
            throw FieldError("\(place()).name must be a string, not \(text(json, nameRange))")
          }
          name = Array(text.utf8)
        }
        try menu.unknown(donut, name: name, place: place(), at: record())
      }
      let quantity = try integer(json, quantityRange, "\(place()).quantity")
      // An order's item holds 1 to 1,000,000 donuts (PROTOCOL.md); a summary's sales may be 0.
      let least = field == "items" ? 1 : 0
      guard quantity >= least, field != "items" || quantity <= Order.maxQuantity else {
        let most = field == "items" ? " to \(Order.maxQuantity)" : " or more"
        throw FieldError(
          "\"\(place()).quantity\" must be a whole number from \(least)\(most), not \(quantity)")
      }
      if known, let nameRange { try checkName(json, nameRange, donut: donut, menu: menu, place: place) }
      try count(donut, quantity)
      sum = try add(sum, quantity)
      index += 1
      return end
    }
    return sum
  }

  /// Checks that a donut's `name` in a record is the menu's name for its id.
  static func checkName(
    _ json: ValidatedJSON, _ range: Range<Int>, donut: Int, menu: StreamMenu, place: () -> String
  ) throws(FieldError) {
    let expected = menu.name(donut)
    // Equal bytes without escapes are an equal name; a name with escapes is compared decoded.
    if json.bytes[range.lowerBound] == UInt8(ascii: "\""),
      expected.withUnsafeBufferPointer({ json.equals((range.lowerBound + 1)..<(range.upperBound - 1), $0) })
    {
      return
    }
    guard let name = json.string(range) else {
      throw FieldError("\(place()).name must be a string, not \(text(json, range))")
    }
    if Array(name.utf8) == expected { return }
    throw menu.mismatch(donut, name: name, place: place())
  }

  /// The instant (seconds since 1970) of an ISO 8601 date-time string value.
  static func instant(ofDateTime json: ValidatedJSON, _ range: Range<Int>, _ what: String) throws(FieldError)
    -> Int
  {
    guard let s = json.string(range), let seconds = ISODate.parse(s) else {
      let hint = json.string(range).flatMap(ISODate.hint).map { "; \($0)" } ?? ""
      throw FieldError(
        "\"\(what)\" must be an ISO 8601 date such as 2026-11-29T10:02:13Z, not \(text(json, range))\(hint)")
    }
    return seconds
  }
}
