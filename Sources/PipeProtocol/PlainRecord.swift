import Glibc

/// A fast path for indexing a record that is "plain": printable ASCII only, so no backslash (no
/// escapes), no control byte (the only white space is the space) and no multi-byte UTF-8. One
/// structural scan, 16 bytes at a time, tells whether a line is plain and where its quotes are (a
/// bit per byte); on a plain line every string ends at its next quote, found in that bitmap, and
/// the rest of the grammar is read here exactly as `JSONParser` reads it (objects, arrays, numbers,
/// literals, nesting depth, duplicate keys at any depth).
///
/// It only ever answers "valid, and these are its members" or "not sure": on anything else (a line
/// that is not plain, any syntax error, deep nesting, a line over 4 KiB) it returns false and
/// `JSONParser` reads the line, words the error and finds its column. On a line it accepts,
/// `JSONParser.indexObject` (with duplicate keys refused) accepts it too and finds the same
/// members: the tests compare the two on random and mutated lines.
public enum PlainRecord {
  /// How deep this path follows nesting; deeper lines go to `JSONParser`.
  static let maxNesting = 64
  /// How many keys of the open objects it keeps for the duplicate check (on the stack); more go
  /// to `JSONParser`.
  static let maxOpenKeys = 64
  /// The longest line read here (its quote bitmap is on the stack); longer ones go to `JSONParser`.
  static let maxLength = 4096

  /// Whether `line` is plain: no byte is a backslash, a control byte or not ASCII.
  @inlinable
  public static func isPlain(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = line.baseAddress else { return true }
    let end = line.count
    var i = 0
    var found = StructuralScan.Lanes()
    while i &+ 16 <= end {
      found |= StructuralScan.notPlain(StructuralScan.load(base, i))
      i &+= 16
    }
    if StructuralScan.any(found) { return false }
    while i < end {
      let c = base[i]
      if c == 0x5C || c < 0x20 || c >= 0x80 { return false }
      i &+= 1
    }
    return true
  }

  /// Fills `quotes` with a bit per byte of `line` (bit `i % 64` of word `i / 64`) that is a quote;
  /// returns whether the line is plain. `quotes` holds `(line.count + 63) / 64` words.
  @inline(__always)
  static func scan(_ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>) -> Bool {
    typealias Scan = StructuralScan
    var found = Scan.Lanes()
    var i = 0
    var word = 0
    while i &+ 64 <= count {
      let a = Scan.load(base, i)
      let b = Scan.load(base, i &+ 16)
      let c = Scan.load(base, i &+ 32)
      let d = Scan.load(base, i &+ 48)
      found |= Scan.notPlain(a) | Scan.notPlain(b) | Scan.notPlain(c) | Scan.notPlain(d)
      quotes[word] =
        UInt64(truncatingIfNeeded: Scan.bits(Scan.equalLanes(a, 0x22)))
        | UInt64(truncatingIfNeeded: Scan.bits(Scan.equalLanes(b, 0x22))) &<< 16
        | UInt64(truncatingIfNeeded: Scan.bits(Scan.equalLanes(c, 0x22))) &<< 32
        | UInt64(truncatingIfNeeded: Scan.bits(Scan.equalLanes(d, 0x22))) &<< 48
      i &+= 64
      word &+= 1
    }
    if i < count {
      var last: UInt64 = 0
      var shift: UInt64 = 0
      while i &+ 16 <= count {
        let v = Scan.load(base, i)
        found |= Scan.notPlain(v)
        last |= UInt64(truncatingIfNeeded: Scan.bits(Scan.equalLanes(v, 0x22))) &<< shift
        shift &+= 16
        i &+= 16
      }
      while i < count {
        let c = base[i]
        if c == 0x5C || c < 0x20 || c >= 0x80 { return false }
        if c == 0x22 { last |= 1 &<< shift }
        shift &+= 1
        i &+= 1
      }
      quotes[word] = last
    }
    return !Scan.any(found)
  }

  /// Indexes `line` as one record (an object, duplicate keys refused, nesting within `maxDepth`)
  /// into `members`, when it is plain and valid; false when it is not sure (then `members` holds
  /// nothing to rely on).
  public static func index(
    _ line: UnsafeBufferPointer<UInt8>, maxDepth: Int, into members: inout [MemberSpan]
  ) -> Bool {
    guard let base = line.baseAddress, line.count <= maxLength else { return false }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: maxLength / 64) { quotes in
      guard scan(base, line.count, quotes: quotes.baseAddress!) else { return false }
      members.removeAll(keepingCapacity: true)
      return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * maxOpenKeys) { keys in
        var scanner = Scanner(
          base: base, end: line.count, maxDepth: maxDepth, keys: keys.baseAddress!,
          quotes: quotes.baseAddress!)
        return scanner.record(into: &members)
      }
    }
  }

  /// A reader of one plain line; every method returns false at anything it does not accept.
  struct Scanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    let maxDepth: Int
    /// The keys of the open objects (start and end offsets, in pairs), innermost last.
    let keys: UnsafeMutablePointer<Int>
    /// A bit per quote of the line (see `PlainRecord.scan`).
    let quotes: UnsafePointer<UInt64>
    var keyCount = 0
    var i = 0

    init(
      base: UnsafePointer<UInt8>, end: Int, maxDepth: Int, keys: UnsafeMutablePointer<Int>,
      quotes: UnsafePointer<UInt64>
    ) {
      self.base = base
      self.end = end
      self.maxDepth = min(max(1, maxDepth), JSONParser.maxDepthCeiling)
      self.keys = keys
      self.quotes = quotes
    }

    /// The offset of the first quote at or after `from`, or `end`.
    @inline(__always)
    func nextQuote(_ from: Int) -> Int {
      guard from < end else { return end }
      var word = from &>> 6
      var bits = quotes[word] &>> UInt64(truncatingIfNeeded: from & 63)
      if bits != 0 { return from &+ bits.trailingZeroBitCount }
      let words = (end &+ 63) &>> 6
      word &+= 1
      while word < words {
        bits = quotes[word]
        if bits != 0 { return word &<< 6 &+ bits.trailingZeroBitCount }
        word &+= 1
      }
      return end
    }

    @inline(__always)
    mutating func skipSpaces() {
      while i < end, base[i] == 0x20 { i &+= 1 }
    }

    /// The byte at `i`, or 0 at the end (0 is never valid here: the line is plain).
    @inline(__always)
    func peek() -> UInt8 { i < end ? base[i] : 0 }

    /// Reads a string whose opening quote is at `i`; returns the range of its contents.
    @inline(__always)
    mutating func string() -> Range<Int>? {
      let start = i &+ 1
      // On a plain line a string ends at the next quote.
      let j = nextQuote(start)
      guard j < end else { return nil }
      i = j &+ 1
      return start..<j
    }

    /// A bit for a key, from its length and its last byte: keys with different bits differ.
    @inline(__always)
    func signature(_ key: Range<Int>) -> UInt64 {
      let last = key.isEmpty ? 0 : Int(base[key.upperBound &- 1])
      return 1 &<< UInt64(truncatingIfNeeded: (key.count &* 7 &+ last) & 63)
    }

    /// Whether the key at `key` equals one of the keys from `from` on, whose signatures are in
    /// `seen` (the key's own signature is added to it).
    @inline(__always)
    func isDuplicate(_ key: Range<Int>, from: Int, seen: inout UInt64) -> Bool {
      let bit = signature(key)
      defer { seen |= bit }
      if seen & bit == 0 { return false }
      let count = key.count
      var k = from
      while k < keyCount {
        let start = keys[2 &* k]
        if keys[2 &* k &+ 1] &- start == count, memcmp(base + start, base + key.lowerBound, count) == 0 {
          return true
        }
        k &+= 1
      }
      return false
    }

    /// Remembers a key of the innermost open object; false when the duplicate check is full.
    @inline(__always)
    mutating func push(_ key: Range<Int>) -> Bool {
      guard keyCount < PlainRecord.maxOpenKeys else { return false }
      keys[2 &* keyCount] = key.lowerBound
      keys[2 &* keyCount &+ 1] = key.upperBound
      keyCount &+= 1
      return true
    }

    /// The whole line as one object, its members listed.
    mutating func record(into members: inout [MemberSpan]) -> Bool {
      skipSpaces()
      guard peek() == UInt8(ascii: "{") else { return false }
      i &+= 1
      skipSpaces()
      var seen: UInt64 = 0
      if peek() == UInt8(ascii: "}") {
        i &+= 1
      } else {
        while true {
          guard peek() == UInt8(ascii: "\""), let key = string(), !isDuplicate(key, from: 0, seen: &seen),
            push(key)
          else { return false }
          skipSpaces()
          guard peek() == UInt8(ascii: ":") else { return false }
          i &+= 1
          skipSpaces()
          let start = i
          guard start < end else { return false }
          let kind = base[start]
          guard value(depth: 1) else { return false }
          members.append(MemberSpan(key: key, keyHasEscapes: false, value: start..<i, kind: kind))
          skipSpaces()
          let c = peek()
          i &+= 1
          if c == UInt8(ascii: ",") {
            skipSpaces()
            continue
          }
          if c == UInt8(ascii: "}") { break }
          return false
        }
      }
      skipSpaces()
      return i == end
    }

    /// One value at `i`, nested `depth` levels deep.
    mutating func value(depth: Int) -> Bool {
      switch peek() {
      case UInt8(ascii: "\""):
        return string() != nil
      case UInt8(ascii: "{"):
        guard depth < maxDepth, depth < PlainRecord.maxNesting else { return false }
        i &+= 1
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
          i &+= 1
          return true
        }
        let firstKey = keyCount
        defer { keyCount = firstKey }
        var seen: UInt64 = 0
        while true {
          guard peek() == UInt8(ascii: "\""), let key = string(),
            !isDuplicate(key, from: firstKey, seen: &seen),
            push(key)
          else { return false }
          skipSpaces()
          guard peek() == UInt8(ascii: ":") else { return false }
          i &+= 1
          skipSpaces()
          guard value(depth: depth &+ 1) else { return false }
          skipSpaces()
          let c = peek()
          i &+= 1
          if c == UInt8(ascii: ",") {
            skipSpaces()
            continue
          }
          return c == UInt8(ascii: "}")
        }
      case UInt8(ascii: "["):
        guard depth < maxDepth, depth < PlainRecord.maxNesting else { return false }
        i &+= 1
        skipSpaces()
        if peek() == UInt8(ascii: "]") {
          i &+= 1
          return true
        }
        while true {
          guard value(depth: depth &+ 1) else { return false }
          skipSpaces()
          let c = peek()
          i &+= 1
          if c == UInt8(ascii: ",") {
            skipSpaces()
            continue
          }
          return c == UInt8(ascii: "]")
        }
      case UInt8(ascii: "t"): return literal(0x6575_7274, 4)  // "true", its bytes little-endian
      case UInt8(ascii: "f"): return literal(0x65_736C_6166, 5)  // "false"
      case UInt8(ascii: "n"): return literal(0x6C6C_756E, 4)  // "null"
      default: return number()
      }
    }

    /// The literal whose `count` bytes, little-endian, are `word`.
    @inline(__always)
    mutating func literal(_ word: UInt64, _ count: Int) -> Bool {
      guard i &+ count <= end else { return false }
      var read: UInt64 = 0
      for k in 0..<count { read |= UInt64(base[i &+ k]) &<< (8 &* UInt64(k)) }
      guard read == word else { return false }
      i &+= count
      return true
    }

    @inline(__always)
    func isDigit(_ k: Int) -> Bool { k < end && base[k] &- 48 < 10 }

    /// A number as JSON writes it: `-`? (`0` | a digit 1-9 and digits) (`.` digits)? (`e` or `E`,
    /// `+` or `-`?, digits)?
    mutating func number() -> Bool {
      if peek() == UInt8(ascii: "-") { i &+= 1 }
      guard isDigit(i) else { return false }
      if base[i] == UInt8(ascii: "0") {
        i &+= 1
        if isDigit(i) { return false }
      } else {
        while isDigit(i) { i &+= 1 }
      }
      if peek() == UInt8(ascii: ".") {
        i &+= 1
        guard isDigit(i) else { return false }
        while isDigit(i) { i &+= 1 }
      }
      if peek() | 0x20 == UInt8(ascii: "e") {
        i &+= 1
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { i &+= 1 }
        guard isDigit(i) else { return false }
        while isDigit(i) { i &+= 1 }
      }
      return true
    }
  }
}
