import VectorScan

/// A JSON syntax error at a byte offset of the text being parsed.
public struct JSONError: Error, Sendable, Equatable {
  /// What is wrong, in words: `expected ',' or '}' in object`.
  public var message: String
  /// The zero-based byte offset where it was found.
  public var offset: Int

  /// An error at a byte offset.
  public init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }
}

/// Where one top-level member of a record sits in its line.
public struct MemberSpan: Sendable, Equatable {
  /// The key's bytes, without quotes (still escaped when `keyHasEscapes`).
  public var key: Range<Int>
  /// Whether the key contains backslash escapes.
  public var keyHasEscapes: Bool
  /// The value's bytes.
  public var value: Range<Int>
  /// The first byte of the value: `"`, `{`, `[`, `t`, `f`, `n`, or a digit or `-`.
  public var kind: UInt8
}

/// A strict RFC 8259 parser over UTF-8 bytes. It can validate without allocating, index the
/// top-level members of an object, or build `JSONValue`s.
public struct JSONParser {
  /// The default limit on nesting depth.
  public static let defaultMaxDepth = 512
  /// The largest nesting limit accepted, so that parsing never overflows the stack.
  public static let maxDepthCeiling = 10_000

  let bytes: UnsafeBufferPointer<UInt8>
  /// The current byte offset.
  public internal(set) var position = 0
  /// The nesting limit for this parser.
  public var maxDepth: Int
  /// Whether an object naming the same key twice, at any depth, is an error (the protocol's rule
  /// for records; the JSON grammar alone allows it). Validating, indexing and building values
  /// all follow it.
  public var rejectsDuplicateKeys = false
  /// The keys of the objects being read, innermost last (for `rejectsDuplicateKeys`).
  var openKeys: [MemberSpan] = []

  /// A parser over `bytes`, which must stay valid while it is used.
  public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONParser.defaultMaxDepth) {
    self.bytes = bytes
    self.maxDepth = min(max(1, maxDepth), JSONParser.maxDepthCeiling)
  }

  /// Parses a whole JSON text (any value, surrounded by optional white space); with
  /// `rejectsDuplicateKeys`, an object at any depth that names a key twice is an error.
  public static func parse(
    _ text: [UInt8], maxDepth: Int = defaultMaxDepth, rejectsDuplicateKeys: Bool = false
  ) throws(JSONError) -> JSONValue {
    try text.withUnsafeBufferPointer { buffer throws(JSONError) -> JSONValue in
      var parser = JSONParser(buffer, maxDepth: maxDepth)
      parser.rejectsDuplicateKeys = rejectsDuplicateKeys
      return try parser.parseDocument()
    }
  }

  /// Parses a whole JSON text given as a string.
  public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }

  /// Parses the whole buffer as one JSON text.
  public mutating func parseDocument() throws(JSONError) -> JSONValue {
    try checkBOM()
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard position == bytes.count else {
      throw JSONError("unexpected text after the JSON value", at: position)
    }
    return value
  }

  /// Validates the whole buffer as one JSON text without building anything.
  public mutating func validateDocument() throws(JSONError) {
    try checkBOM()
    skipWhitespace()
    try skipValue(depth: 0)
    skipWhitespace()
    guard position == bytes.count else {
      throw JSONError("unexpected text after the JSON value", at: position)
    }
  }

  /// Validates the buffer as one JSON object and lists its top-level members into `members`.
  public mutating func indexObject(into members: inout [MemberSpan]) throws(JSONError) {
    // Stage 1 reads the line; it leaves to the code below anything it is not sure of, and every
    // error, which only this parser words.
    if position == 0, StructuralIndexer.index(bytes, maxDepth: maxDepth, into: &members) != .notSure {
      position = bytes.count
      return
    }
    try indexObjectByteByByte(into: &members)
  }

  /// `indexObject` without stage 1: every line read byte by byte (the tests compare the two).
  mutating func indexObjectByteByByte(into members: inout [MemberSpan]) throws(JSONError) {
    members.removeAll(keepingCapacity: true)
    try checkBOM()
    skipWhitespace()
    guard position < bytes.count else {
      throw JSONError("expected a JSON object, found nothing", at: position)
    }
    guard bytes[position] == UInt8(ascii: "{") else {
      if isValueStart(bytes[position]) {
        let start = position
        let kind = describe(bytes[position])
        try skipValue(depth: 0)
        throw JSONError("expected a JSON object, found \(kind)", at: start)
      }
      throw unexpected("a JSON object")
    }
    position += 1
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
    } else {
      let firstKey = openKeys.count
      defer { if rejectsDuplicateKeys { openKeys.removeSubrange(firstKey...) } }
      while true {
        let (keyRange, escaped) = try memberKey(inObjectFrom: firstKey)
        let start = position
        guard start < bytes.count else { throw unexpected("a value") }
        let kind = bytes[start]
        try skipValue(depth: 1)
        members.append(MemberSpan(key: keyRange, keyHasEscapes: escaped, value: start..<position, kind: kind))
        if try closes(UInt8(ascii: "}"), in: "object") { break }
      }
    }
    skipWhitespace()
    guard position == bytes.count else {
      throw JSONError("unexpected text after the JSON object", at: position)
    }
  }

  // MARK: - Building values

  /// Parses one value at the current position.
  public mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
    guard position < bytes.count else { throw unexpected("a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      var object = JSONObject()
      if try opensEmpty(UInt8(ascii: "}"), depth: depth) { return .object(object) }
      let firstKey = openKeys.count
      defer { if rejectsDuplicateKeys { openKeys.removeSubrange(firstKey...) } }
      while true {
        let (keyRange, escaped) = try memberKey(inObjectFrom: firstKey)
        let key = string(keyRange, escaped: escaped)
        let value = try parseValue(depth: depth + 1)
        object.members.append(JSONMember(key, value))
        if try closes(UInt8(ascii: "}"), in: "object") { return .object(object) }
      }
    case UInt8(ascii: "["):
      var elements: [JSONValue] = []
      if try opensEmpty(UInt8(ascii: "]"), depth: depth) { return .array(elements) }
      while true {
        elements.append(try parseValue(depth: depth + 1))
        if try closes(UInt8(ascii: "]"), in: "array") { return .array(elements) }
      }
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    default:
      let range = try scanNumber()
      return .number(
        JSONNumber(
          uncheckedText: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)))
    }
  }

  /// Parses a string at the current position (which must be a `"`).
  public mutating func parseString() throws(JSONError) -> String {
    let (range, escaped) = try scanString()
    return string(range, escaped: escaped)
  }

  /// The string whose text (between its quotes) is `range`, unescaped when `escaped`.
  func string(_ range: Range<Int>, escaped: Bool) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    return escaped ? JSONParser.unescape(slice) : String(decoding: slice, as: UTF8.self)
  }

  // MARK: - Validating

  /// Skips one value at the current position, validating it.
  public mutating func skipValue(depth: Int) throws(JSONError) {
    guard position < bytes.count else { throw unexpected("a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      if try opensEmpty(UInt8(ascii: "}"), depth: depth) { return }
      let firstKey = openKeys.count
      defer { if rejectsDuplicateKeys { openKeys.removeSubrange(firstKey...) } }
      while true {
        _ = try memberKey(inObjectFrom: firstKey)
        try skipValue(depth: depth + 1)
        if try closes(UInt8(ascii: "}"), in: "object") { return }
      }
    case UInt8(ascii: "["):
      if try opensEmpty(UInt8(ascii: "]"), depth: depth) { return }
      while true {
        try skipValue(depth: depth + 1)
        if try closes(UInt8(ascii: "]"), in: "array") { return }
      }
    case UInt8(ascii: "\""):
      _ = try scanString()
    case UInt8(ascii: "t"): try expectLiteral("true")
    case UInt8(ascii: "f"): try expectLiteral("false")
    case UInt8(ascii: "n"): try expectLiteral("null")
    default: _ = try scanNumber()
    }
  }

  /// Scans a number at the current position and returns its byte range.
  public mutating func scanNumber() throws(JSONError) -> Range<Int> {
    let start = position
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else {
      if position == start { throw unexpected("a value") }
      throw JSONError("expected a digit after '-'", at: position)
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) {
        throw JSONError("numbers must not have leading zeros", at: position)
      }
    } else {
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw JSONError("expected a digit after the decimal point", at: position)
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw JSONError("expected a digit in the exponent", at: position)
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    return start..<position
  }

  /// Scans a string at the current position (a `"`), validating escapes and UTF-8; returns the
  /// range of its contents and whether it has escapes.
  public mutating func scanString() throws(JSONError) -> (Range<Int>, Bool) {
    position += 1
    let start = position
    var escaped = false
    let count = bytes.count
    guard let base = bytes.baseAddress else { throw JSONError("unterminated string", at: start - 1) }
    while position < count {
      // 16 bytes at a time: jump straight to the first quote, backslash, control or non-ASCII byte,
      // then read that byte as the grammar says.
      if position + 16 <= count {
        let lane = VectorScan.stringStop16(base + position)
        position =
          lane < 16
          ? position + lane : VectorScan.firstStringStop(base, from: position + 16, end: count)
      } else {
        position = VectorScan.firstStringStop(base, from: position, end: count)
      }
      guard position < count else { break }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let range = start..<position
        position += 1
        return (range, escaped)
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        position += 1
        guard position < count else { break }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 1
        case UInt8(ascii: "u"):
          guard position + 4 < count,
            isHex(bytes[position + 1]), isHex(bytes[position + 2]), isHex(bytes[position + 3]),
            isHex(bytes[position + 4])
          else { throw JSONError("expected four hex digits after \\u", at: position + 1) }
          let unit = hex4(position + 1)
          if unit >= 0xDC00, unit < 0xE000 {
            throw JSONError("lone low surrogate \\u\(hexText(unit)) in string", at: position - 1)
          }
          if unit >= 0xD800, unit < 0xDC00 {
            guard position + 10 < count, bytes[position + 5] == UInt8(ascii: "\\"),
              bytes[position + 6] == UInt8(ascii: "u"), isHex(bytes[position + 7]),
              isHex(bytes[position + 8]),
              isHex(bytes[position + 9]), isHex(bytes[position + 10]),
              (0xDC00..<0xE000).contains(hex4(position + 7))
            else {
              throw JSONError(
                "lone high surrogate \\u\(hexText(unit)) in string (not followed by a low one)",
                at: position - 1)
            }
            position += 6
          }
          position += 5
        default:
          throw JSONError("invalid escape '\\\(printable(bytes[position]))' in string", at: position - 1)
        }
      } else if byte < 0x20 {
        throw JSONError("control character U+\(hex2(byte)) must be escaped in string", at: position)
      } else if byte < 0x80 {
        position += 1
      } else {
        try skipUTF8Sequence()
      }
    }
    throw JSONError("unterminated string", at: start - 1)
  }

  mutating func skipUTF8Sequence() throws(JSONError) {
    guard let length = UTF8Check.sequenceLength(bytes, at: position) else {
      throw JSONError("invalid UTF-8 (byte 0x\(hex2(bytes[position])))", at: position)
    }
    position += length
  }

  // MARK: - Helpers

  /// Whether two keys (byte ranges of their escaped text) name the same string: the same code
  /// points once unescaped. Not Swift's `==`, which also equates canonically equivalent strings
  /// (`"\u00e9"` and `"e\u0301"`, `"K"` and `"\u212a"`): those are different keys in JSON.
  func sameKey(_ a: Range<Int>, _ aEscaped: Bool, _ b: Range<Int>, _ bEscaped: Bool) -> Bool {
    if !aEscaped && !bEscaped {
      guard a.count == b.count else { return false }
      for i in 0..<a.count where bytes[a.lowerBound + i] != bytes[b.lowerBound + i] { return false }
      return true
    }
    return JSONParser.unescapeBytes(UnsafeBufferPointer(rebasing: bytes[a]))
      == JSONParser.unescapeBytes(UnsafeBufferPointer(rebasing: bytes[b]))
  }

  /// Reads a member's key (checked against the keys of the object whose keys start at
  /// `firstKey`, when duplicates are refused), its colon and the white space around it; returns
  /// the key's text range and whether it has escapes.
  mutating func memberKey(inObjectFrom firstKey: Int) throws(JSONError) -> (Range<Int>, Bool) {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw unexpected("a string key in object")
    }
    let (keyRange, escaped) = try scanString()
    if rejectsDuplicateKeys { try noteKey(keyRange, escaped: escaped, inObjectFrom: firstKey) }
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
      throw unexpected("':' after object key")
    }
    position += 1
    skipWhitespace()
    return (keyRange, escaped)
  }

  /// Refuses a key already seen in the object whose keys start at `firstKey` of `openKeys`, then
  /// notes it there (the one duplicate check of validating, indexing and building values).
  mutating func noteKey(_ key: Range<Int>, escaped: Bool, inObjectFrom firstKey: Int) throws(JSONError) {
    for i in firstKey..<openKeys.count where sameKey(openKeys[i].key, openKeys[i].keyHasEscapes, key, escaped)
    {
      throw duplicate(key)
    }
    openKeys.append(MemberSpan(key: key, keyHasEscapes: escaped, value: 0..<0, kind: 0))
  }

  func duplicate(_ key: Range<Int>) -> JSONError {
    let name = JSONParser.unescape(UnsafeBufferPointer(rebasing: bytes[key]))
    return JSONError("duplicate key \"\(name)\" in object (a key may appear once)", at: key.lowerBound - 1)
  }

  /// Opens the object or array at the current position (nested `depth` deep, within the limit)
  /// and passes the white space after it; true when it is empty, and then past its `closer` too.
  mutating func opensEmpty(_ closer: UInt8, depth: Int) throws(JSONError) -> Bool {
    guard depth < maxDepth else { throw tooDeep() }
    position += 1
    skipWhitespace()
    guard position < bytes.count, bytes[position] == closer else { return false }
    position += 1
    return true
  }

  /// After an element of an object or an array: true past its `closer`, false past a `,` (and the
  /// white space after it); any other byte is an error.
  mutating func closes(_ closer: UInt8, in container: String) throws(JSONError) -> Bool {
    skipWhitespace()
    let expected = "',' or '\(Character(Unicode.Scalar(closer)))' in \(container)"
    guard position < bytes.count else { throw unexpected(expected) }
    let byte = bytes[position]
    position += 1
    if byte == UInt8(ascii: ",") {
      skipWhitespace()
      return false
    }
    if byte == closer { return true }
    position -= 1
    throw unexpected(expected)
  }

  mutating func checkBOM() throws(JSONError) {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      throw JSONError("a byte order mark is not allowed", at: 0)
    }
  }

  /// Skips JSON white space (space, tab, line feed, carriage return).
  @inline(__always)
  public mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
    let count = literal.utf8CodeUnitCount
    let pointer = literal.utf8Start
    for i in 0..<count {
      guard position + i < bytes.count, bytes[position + i] == pointer[i] else {
        throw JSONError("invalid literal (expected '\(literal)')", at: position)
      }
    }
    position += count
  }

  func tooDeep() -> JSONError {
    JSONError("nesting deeper than \(maxDepth) levels", at: position)
  }

  func unexpected(_ expected: String) -> JSONError {
    guard position < bytes.count else {
      return JSONError("expected \(expected), found end of line", at: position)
    }
    return JSONError("expected \(expected), found \(describe(bytes[position]))", at: position)
  }

  func describe(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
    case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    default: return "byte 0x\(hex2(byte))"
    }
  }

  func isValueStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"),
      UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default: return false
    }
  }

  @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
  @inline(__always) func isHex(_ b: UInt8) -> Bool { b &- 48 < 10 || (b | 0x20) &- 97 < 6 }

  func printable(_ b: UInt8) -> String {
    b >= 0x21 && b < 0x7F ? String(Character(Unicode.Scalar(b))) : "0x" + hex2(b)
  }

  func hex2(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
  }

  /// The value of the four hex digits at `at` (already checked).
  func hex4(_ at: Int) -> UInt32 {
    var v: UInt32 = 0
    for k in 0..<4 {
      let b = bytes[at + k]
      v = v << 4 | (b <= 57 ? UInt32(b - 48) : UInt32((b | 0x20) - 87))
    }
    return v
  }

  func hexText(_ unit: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).map { digits[Int((unit >> (12 - 4 * UInt32($0))) & 15)] })
  }

  /// Decodes an escaped string's contents (already validated, so surrogates come in pairs).
  static func unescape(_ s: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: unescapeBytes(s), as: UTF8.self)
  }

  /// The UTF-8 bytes of an escaped string's contents, decoded.
  static func unescapeBytes(_ s: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var i = 0
    func hexValue(_ at: Int) -> UInt32 {
      var v: UInt32 = 0
      for k in 0..<4 {
        let b = s[at + k]
        let d: UInt32 = b <= 57 ? UInt32(b - 48) : UInt32((b | 0x20) - 87)
        v = v << 4 | d
      }
      return v
    }
    func appendScalar(_ v: UInt32) {
      guard let scalar = Unicode.Scalar(v) else {
        out.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD; the reader refuses lone surrogates
        return
      }
      out.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
    while i < s.count {
      let b = s[i]
      guard b == UInt8(ascii: "\\") else {
        out.append(b)
        i += 1
        continue
      }
      let e = s[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): out.append(8)
      case UInt8(ascii: "f"): out.append(12)
      case UInt8(ascii: "n"): out.append(10)
      case UInt8(ascii: "r"): out.append(13)
      case UInt8(ascii: "t"): out.append(9)
      case UInt8(ascii: "u"):
        let v = hexValue(i)
        i += 4
        if v >= 0xD800, v < 0xDC00, i + 5 < s.count, s[i] == UInt8(ascii: "\\"), s[i + 1] == UInt8(ascii: "u")
        {
          let low = hexValue(i + 2)
          if low >= 0xDC00, low < 0xE000 {
            i += 6
            appendScalar(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00))
            continue
          }
        }
        appendScalar(v)
      default: out.append(e)
      }
    }
    return out
  }
}
