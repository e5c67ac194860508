import VectorScan

/// A reader for JSON text that has already been validated (a line that `RecordReader` or `Record`
/// accepted): it finds values, walks an object's members and an array's elements, and reads whole
/// numbers and strings, without allocating and without checking syntax again. Positions are byte
/// offsets into `bytes`. On text that is not valid JSON the answers are meaningless (but reads stay
/// inside `bytes`).
@frozen
public struct ValidatedJSON {
  /// The text.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// Stage 1's quote bitmap of `bytes`, when they are a plain line (no escapes): then a string ends
  /// at its next quote, found there instead of by reading the bytes again.
  public let quotes: UnsafePointer<UInt64>?

  /// A reader over `bytes`, which must be valid JSON (a whole value, or a line holding one).
  @inlinable
  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    quotes = nil
  }

  /// A reader over the plain line `bytes` whose quote bitmap (`StructuralIndexer.index`'s) is
  /// `quotes`.
  @inlinable
  public init(_ bytes: UnsafeBufferPointer<UInt8>, quotes: UnsafePointer<UInt64>?) {
    self.bytes = bytes
    self.quotes = quotes
  }

  // Constants, not stored globals, so that inlined code compares with immediates.
  @inlinable static var quote: UInt8 { 0x22 }
  @inlinable static var backslash: UInt8 { 0x5C }

  /// The offset of the first byte at or after `i` that is not JSON white space.
  @inlinable @inline(__always)
  public func skipSpace(_ i: Int) -> Int {
    var i = i
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      default: return i
      }
    }
    return i
  }

  /// The offset just past the string whose opening quote is at `i`.
  @inlinable @inline(__always)
  public func stringEnd(_ i: Int) -> Int {
    if let quotes {
      return StructuralIndexer.quote(after: i &+ 1, in: quotes, count: bytes.count).map { $0 &+ 1 }
        ?? bytes.count
    }
    guard let base = bytes.baseAddress else { return bytes.count }
    var i = i + 1
    while i < bytes.count {
      // 16 bytes at a time to the next quote or backslash.
      if i + 16 <= bytes.count {
        let lane = VectorScan.quoteOrBackslash16(base + i)
        i =
          lane < 16 ? i + lane : VectorScan.firstQuoteOrBackslash(base, from: i + 16, end: bytes.count)
      } else {
        i = VectorScan.firstQuoteOrBackslash(base, from: i, end: bytes.count)
      }
      guard i < bytes.count else { break }
      if bytes[i] == Self.quote { return i + 1 }
      i += 2
    }
    return bytes.count
  }

  /// The offset just past the value that starts at `i`.
  @inlinable @inline(__always)
  public func valueEnd(_ i: Int) -> Int {
    switch bytes[i] {
    case Self.quote: return stringEnd(i)
    case UInt8(ascii: "{"), UInt8(ascii: "["): return containerEnd(i)
    default:
      // A number or a literal: it ends at a delimiter.
      var i = i
      while i < bytes.count {
        let c = bytes[i]
        if c &- 48 < 10 {
          i += 1
          continue
        }
        switch c {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return i
        default: i += 1
        }
      }
      return i
    }
  }

  /// The offset just past the object or array that starts at `i`.
  @inlinable
  func containerEnd(_ i: Int) -> Int {
    var i = i
    var depth = 0
    while i < bytes.count {
      switch bytes[i] {
      case Self.quote:
        i = stringEnd(i)
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return i + 1 }
      default: break
      }
      i += 1
    }
    return bytes.count
  }

  /// Calls `body` with each member of the object whose `{` is at `start`, in order: its key (the
  /// bytes between the quotes, escapes not decoded) and its value. Returns the offset just past
  /// the closing `}`.
  @inlinable @discardableResult
  public func forEachMember<E: Error>(
    ofObjectAt start: Int, _ body: (_ key: Range<Int>, _ value: Range<Int>) throws(E) -> Void
  ) throws(E) -> Int {
    var i = skipSpace(start + 1)
    while i < bytes.count, bytes[i] == Self.quote {
      let keyEnd = stringEnd(i)
      let valueStart = skipSpace(skipSpace(keyEnd) + 1)  // past the ':'
      let end = valueEnd(valueStart)
      try body((i + 1)..<(keyEnd - 1), valueStart..<end)
      i = skipSpace(end)
      if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i = skipSpace(i + 1) }
    }
    return Swift.min(i + 1, bytes.count)
  }

  /// Calls `body` with the offset of each element of the array whose `[` is at `start`, in order;
  /// `body` returns the offset just past that element (from `valueEnd`, or from `forEachMember`
  /// when it walked an object element), so no element is scanned twice. Returns the offset just
  /// past the closing `]`.
  @inlinable @discardableResult
  public func forEachElement<E: Error>(ofArrayAt start: Int, _ body: (_ element: Int) throws(E) -> Int)
    throws(E) -> Int
  {
    var i = skipSpace(start + 1)
    while i < bytes.count, bytes[i] != UInt8(ascii: "]") {
      i = skipSpace(try body(i))
      if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i = skipSpace(i + 1) }
    }
    return Swift.min(i + 1, bytes.count)
  }

  /// The whole number at `range`: an optional minus and 1 to `maxDigits` (at most 18) digits. Nil
  /// for anything else: a fraction or an exponent, more digits, a value that is not a number.
  @inlinable
  public func int(_ range: Range<Int>, maxDigits: Int = 18) -> Int? {
    var i = range.lowerBound
    let negative = i < range.upperBound && bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    let digits = range.upperBound - i
    guard digits > 0, digits <= Swift.min(maxDigits, 18) else { return nil }
    var value = 0
    while i < range.upperBound {
      let d = bytes[i] &- 48
      guard d < 10 else { return nil }
      value = value &* 10 &+ Int(d)
      i += 1
    }
    return negative ? -value : value
  }

  /// The bytes between the quotes of the string at `range`, when it has no escapes; nil when the
  /// value is not a string or has escapes.
  @inlinable
  public func plainString(_ range: Range<Int>) -> Range<Int>? {
    guard bytes[range.lowerBound] == Self.quote else { return nil }
    let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
    return firstBackslash(in: inner) == inner.upperBound ? inner : nil
  }

  /// The offset of the first backslash in `range` (the inside of a string, or a key), or its
  /// upper bound when there is none; 16 bytes at a time (a string holds no unescaped quote).
  @inlinable @inline(__always)
  public func firstBackslash(in range: Range<Int>) -> Int {
    guard let base = bytes.baseAddress else { return range.upperBound }
    let from = range.lowerBound
    // Most keys and strings are short: one 16-byte step (still inside the text) covers them.
    if from &+ 16 <= bytes.count {
      let limit = Swift.min(range.count, 16)
      let lane = VectorScan.quoteOrBackslash16(base + from, within: limit)
      if lane < limit || range.count <= 16 { return from &+ lane }
      return VectorScan.firstQuoteOrBackslash(base, from: from &+ 16, end: range.upperBound)
    }
    return VectorScan.firstQuoteOrBackslash(base, from: from, end: range.upperBound)
  }

  /// The string at `range` (quotes included), decoded; nil when the value is not a string.
  public func string(_ range: Range<Int>) -> String? {
    guard bytes[range.lowerBound] == Self.quote else { return nil }
    let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    return inner.contains(Self.backslash)
      ? JSONParser.unescape(inner) : String(decoding: inner, as: UTF8.self)
  }

  /// Whether the number at `range` has an exponent (`e` or `E`).
  @inlinable @inline(__always)
  public func hasExponent(_ range: Range<Int>) -> Bool {
    for i in range where bytes[i] | 0x20 == UInt8(ascii: "e") { return true }
    return false
  }

  /// Whether the bytes at `range` are exactly `other`.
  @inlinable @inline(__always)
  public func equals(_ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard range.count == other.count else { return false }
    guard let base = bytes.baseAddress, let start = other.baseAddress else { return other.isEmpty }
    return ShortBytes.equal(base + range.lowerBound, start, count: other.count)
  }

  /// Whether the bytes at `range` are exactly those of `text` (a key, say).
  @inlinable @inline(__always)
  public func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
    equals(range, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The JSON text at `range`, as written.
  public func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}
