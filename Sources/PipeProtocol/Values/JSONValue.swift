/// A JSON value that keeps object member order and the exact text of every number.
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as the literal text it was read from or written as.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object whose members keep their order.
  case object(JSONObject)

  /// A number value from an integer.
  public static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  /// A number value from a double, written in its shortest round-trip form.
  public static func double(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

  /// A number value written with at most `digits` fraction digits (trailing zeros dropped).
  public static func decimal(_ value: Double, fractionDigits digits: Int) -> JSONValue {
    .number(JSONNumber(value, fractionDigits: digits))
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The integer, if this is a number written as an integer that fits in `Int`.
  public var intValue: Int? {
    if case .number(let n) = self { return n.intValue }
    return nil
  }

  /// The number as a double, if this is a finite number.
  public var doubleValue: Double? {
    if case .number(let n) = self { return n.doubleValue }
    return nil
  }

  /// The boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The object, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The JSON type name used in messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// The compact JSON text of this value.
  public var jsonText: String {
    var out: [UInt8] = []
    JSONWriter.append(self, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}

/// A JSON number kept as its literal text, so that it is written back exactly as read.
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
  /// The literal text, valid RFC 8259 number syntax.
  public let text: String

  /// A number from literal text; nil unless the text is a valid JSON number.
  public init?(text: String) {
    var bytes = Array(text.utf8)
    let valid = bytes.withUnsafeMutableBufferPointer { buffer -> Bool in
      var parser = JSONParser(UnsafeBufferPointer(buffer))
      return (try? parser.scanNumber()) != nil && parser.position == buffer.count
    }
    guard valid else { return nil }
    self.text = text
  }

  init(uncheckedText: String) { self.text = uncheckedText }

  /// A number from an integer.
  public init(_ value: Int) { self.text = String(value) }

  /// A number from a finite double in its shortest round-trip form (integers without `.0`).
  public init(_ value: Double) {
    precondition(value.isFinite, "JSON numbers must be finite")
    if value == value.rounded(), abs(value) < 1e15 {
      self.text = String(Int(value))
    } else {
      self.text = "\(value)"
    }
  }

  /// A number rounded to at most `fractionDigits` digits after the point, trailing zeros dropped.
  public init(_ value: Double, fractionDigits: Int) {
    precondition(value.isFinite, "JSON numbers must be finite")
    var scale = 1.0
    for _ in 0..<fractionDigits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else {
      self = JSONNumber(value)
      return
    }
    let units = Int(scaled)
    let whole = units / Int(scale)
    var fraction = units % Int(scale)
    var digits = fractionDigits
    while digits > 0, fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    var text = (value < 0 && units != 0) ? "-" : ""
    text += String(whole)
    if digits > 0 {
      let f = String(fraction)
      text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    self.text = text
  }

  /// The value as `Int` when the text is an integer literal within range.
  public var intValue: Int? { Int(text) }

  /// The value as a finite `Double`, or nil when it overflows.
  public var doubleValue: Double? {
    guard let d = Double(text), d.isFinite else { return nil }
    return d
  }

  /// The literal text.
  public var description: String { text }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
  /// The member's key.
  public var key: String
  /// The member's value.
  public var value: JSONValue

  /// A member.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// A JSON object that keeps its members in order, duplicates included, as read.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  /// The members in order.
  public var members: [JSONMember]

  /// An object with these members in this order.
  public init(members: [JSONMember] = []) { self.members = members }

  /// An object from a dictionary literal, members sorted by key.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.members = elements.map { JSONMember($0.0, $0.1) }
    sortKeys()
  }

  /// An object from a dictionary, members sorted by key (the form of records a tool creates).
  public init(sorted dictionary: [String: JSONValue]) {
    self.members = dictionary.map { JSONMember($0.key, $0.value) }
    sortKeys()
  }

  /// The value of the first member with this key. Setting replaces it in place, or appends a member;
  /// setting nil removes every member with the key (`set(_:_:placing:)` with `.last`).
  public subscript(key: String) -> JSONValue? {
    get { index(of: key).map { members[$0].value } }
    set { set(key, newValue, placing: .last) }
  }

  /// The index of the first member with this key.
  public func index(of key: String) -> Int? { members.firstIndex { Self.sameKey($0.key, key) } }

  /// Whether two keys are the same key: the same code points, as JSON names keys (not Swift's `==`,
  /// which equates canonically equivalent strings such as `"\u00e9"` and `"e\u0301"`).
  public static func sameKey(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
  }

  /// Where `set` puts a member the object does not have yet.
  public enum NewMember: Sendable {
    /// After the last member.
    case last
    /// Before the first member whose key sorts after it (Unicode scalars, as `sortKeys`), so an
    /// object with sorted keys stays sorted and the other members keep their order.
    case inKeyOrder
  }

  /// Sets the first member with this key in place, or adds it where `placing` says; nil removes
  /// every member with the key. The one setter of an object's members.
  public mutating func set(_ key: String, _ value: JSONValue?, placing: NewMember = .inKeyOrder) {
    guard let value else {
      members.removeAll { Self.sameKey($0.key, key) }
      return
    }
    if let index = index(of: key) {
      members[index].value = value
      return
    }
    switch placing {
    case .last: members.append(JSONMember(key, value))
    case .inKeyOrder:
      let position =
        members.firstIndex { !$0.key.unicodeScalars.lexicographicallyPrecedes(key.unicodeScalars) }
        ?? members.endIndex
      members.insert(JSONMember(key, value), at: position)
    }
  }

  /// The keys in order.
  public var keys: [String] { members.map(\.key) }

  /// Sorts members by key, comparing Unicode scalars (stable for duplicates).
  public mutating func sortKeys() {
    members = members.enumerated().sorted { a, b in
      a.element.key.unicodeScalars.lexicographicallyPrecedes(b.element.key.unicodeScalars)
        || (a.element.key == b.element.key && a.offset < b.offset)
    }.map(\.element)
  }

  /// The `type` member's string, if any.
  public var type: String? { self["type"]?.stringValue }
}
