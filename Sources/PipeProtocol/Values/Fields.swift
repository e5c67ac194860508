/// Typed access to a record's fields with one error shape: the record's place (source and line),
/// the field, what was expected and what was found. `Record`, `RecordView` and `Fields` (a nested
/// object) all have it.
public protocol FieldAccess {
  /// The record's type, for messages.
  var type: String { get }
  /// The value of the member `key`, parsed; nil when absent.
  func value(_ key: String) -> JSONValue?
  /// An error naming the record's place (exit 65).
  func error(_ message: String) -> InputError
  /// How a field is named in messages: its key, with the path of the object holding it.
  func fieldName(_ key: String) -> String
}

extension FieldAccess {
  /// `"key"`.
  public func fieldName(_ key: String) -> String { "\"\(key)\"" }

  /// The error for a field that is missing.
  public func missing(_ key: String) -> InputError { error("\(type) record has no \(fieldName(key)) field") }

  /// The error for a field whose value is not what was expected, with what to do about it when
  /// there is a `hint`.
  public func mismatch(_ key: String, expected: String, found: JSONValue, hint: String? = nil) -> InputError {
    error(
      "\(fieldName(key)) must be \(expected), not \(MessageText.shortened(found.jsonText))"
        + (hint.map { "; \($0)" } ?? ""))
  }

  /// The value of `key`, or an error when it is missing.
  public func required(_ key: String) throws(InputError) -> JSONValue {
    guard let value = value(key) else { throw missing(key) }
    return value
  }

  /// The value of `key`; nil when it is missing or null.
  func present(_ key: String) -> JSONValue? {
    guard let value = value(key), value != .null else { return nil }
    return value
  }

  /// The value of `key` as `extract` reads it, or a `mismatch` saying `expected` when it cannot.
  func typed<T>(_ key: String, _ value: JSONValue, _ expected: String, _ extract: (JSONValue) -> T?)
    throws(InputError) -> T
  {
    guard let typed = extract(value) else { throw mismatch(key, expected: expected, found: value) }
    return typed
  }

  /// A string field.
  public func string(_ key: String) throws(InputError) -> String {
    try typed(key, try required(key), "a string", \.stringValue)
  }

  /// A string field that is not empty.
  public func nonEmptyString(_ key: String) throws(InputError) -> String {
    let s = try string(key)
    guard !s.isEmpty else { throw error("\(fieldName(key)) is empty") }
    return s
  }

  /// A string field that may be missing or null.
  public func optionalString(_ key: String) throws(InputError) -> String? {
    guard let value = present(key) else { return nil }
    return try typed(key, value, "a string", \.stringValue)
  }

  /// A whole-number field within `range`.
  public func int(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(InputError) -> Int {
    try int(key, try required(key), in: range)
  }

  /// A whole-number field within `range` that may be missing or null.
  public func optionalInt(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(InputError)
    -> Int?
  {
    guard let value = present(key) else { return nil }
    return try int(key, value, in: range)
  }

  func int(_ key: String, _ value: JSONValue, in range: ClosedRange<Int>) throws(InputError) -> Int {
    guard let n = value.intValue, range.contains(n) else {
      let expected: String
      if range.lowerBound == Int.min && range.upperBound == Int.max {
        expected = "a whole number"
      } else if range.upperBound == Int.max {
        expected = "a whole number of at least \(range.lowerBound)"
      } else {
        expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
      }
      throw mismatch(key, expected: expected, found: value)
    }
    return n
  }

  /// A number field.
  public func double(_ key: String) throws(InputError) -> Double {
    try typed(key, try required(key), "a number", \.doubleValue)
  }

  /// A number field that may be missing or null.
  public func optionalDouble(_ key: String) throws(InputError) -> Double? {
    guard let value = present(key) else { return nil }
    return try typed(key, value, "a number", \.doubleValue)
  }

  /// A boolean field.
  public func bool(_ key: String) throws(InputError) -> Bool {
    try typed(key, try required(key), "true or false", \.boolValue)
  }

  /// A boolean field that may be missing or null.
  public func optionalBool(_ key: String) throws(InputError) -> Bool? {
    guard let value = present(key) else { return nil }
    return try typed(key, value, "true or false", \.boolValue)
  }

  /// A date field (the protocol's date grammar), as seconds since 1970.
  public func date(_ key: String) throws(InputError) -> Int {
    try date(key, try required(key))
  }

  /// A date field that may be missing or null.
  public func optionalDate(_ key: String) throws(InputError) -> Int? {
    guard let value = present(key) else { return nil }
    return try date(key, value)
  }

  func date(_ key: String, _ value: JSONValue) throws(InputError) -> Int {
    guard let text = value.stringValue, let seconds = ISODate.parse(text) else {
      throw mismatch(
        key, expected: "an ISO 8601 date-time", found: value, hint: value.stringValue.flatMap(ISODate.hint))
    }
    return seconds
  }

  /// An array field.
  public func array(_ key: String) throws(InputError) -> [JSONValue] {
    try typed(key, try required(key), "an array", \.arrayValue)
  }

  /// An object field, for typed access to its own fields.
  public func object(_ key: String) throws(InputError) -> Fields {
    try fields(key, try required(key))
  }

  /// An object field that may be missing or null.
  public func optionalObject(_ key: String) throws(InputError) -> Fields? {
    guard let value = present(key) else { return nil }
    return try fields(key, value)
  }

  /// An object found in this record (an array element, say), named `path` in messages.
  public func fields(_ path: String, _ value: JSONValue) throws(InputError) -> Fields {
    guard let object = value.objectValue else { throw mismatch(path, expected: "an object", found: value) }
    return Fields(object, path: pathName(path), in: self)
  }

  /// The path of a field for nested objects: `key` or `outer.key`.
  func pathName(_ key: String) -> String {
    let name = fieldName(key)
    return String(name.dropFirst().dropLast())
  }
}

/// An object inside a record (an order's item, a trip's activity), with the record's typed access
/// and its place in messages (`"items[1].donut" must be ...`).
public struct Fields: FieldAccess {
  /// The object.
  public let object: JSONObject
  /// Its path in the record (`items[1]`).
  public let path: String
  /// The record's type.
  public let type: String
  let place: (String) -> InputError

  /// The fields of `object`, found at `path` in `record`.
  public init(_ object: JSONObject, path: String, in record: some FieldAccess) {
    self.object = object
    self.path = path
    self.type = record.type
    let make = record.error
    self.place = { make($0) }
  }

  /// The value of member `key`.
  public func value(_ key: String) -> JSONValue? { object[key] }
  /// An error naming the record's place.
  public func error(_ message: String) -> InputError { place(message) }
  /// `"path.key"`.
  public func fieldName(_ key: String) -> String { "\"\(path).\(key)\"" }
}

extension Record: FieldAccess {
  /// The value of member `key`, parsed.
  public func value(_ key: String) -> JSONValue? { self[key] }
}

extension RecordView: FieldAccess {
  /// The value of member `key`, parsed.
  public func value(_ key: String) -> JSONValue? { self[key] }
}
