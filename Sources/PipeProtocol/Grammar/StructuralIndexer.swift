import VectorScan

/// Stage 1 of reading a line (see README.md beside this file): one pass over the line in 64-byte
/// blocks finds its quotes and tells whether it is plain (printable ASCII: no escape, no control
/// byte, no multi-byte UTF-8), then one walk over the grammar, iterative and without allocation,
/// validates the whole line as one record and lists its top-level members. On a plain line a
/// string ends at its next quote, found in the block bitmap; on any other line strings are read
/// by `JSONParser.scanString`, the authority on escapes, control bytes and UTF-8.
///
/// It answers only "valid (plain or not), and these are its members" or "not sure": at any error,
/// an escaped key, nesting past `maxNesting`, or more open keys than `maxOpenKeys`, it is not sure
/// and `JSONParser` reads the line, words the error and finds its column. On a line it accepts,
/// `JSONParser.indexObjectByteByByte` (duplicate keys refused) accepts it too and finds the same members;
/// on a line it is not sure of for an error, the parser refuses it: the property tests hold the
/// two together on random, mutated and JSONTestSuite lines.
public enum StructuralIndexer {
  /// What the indexer made of a line.
  public enum Verdict: Sendable, Equatable {
    /// A valid record of printable ASCII only.
    case plain
    /// A valid record with escapes, control bytes in white space, or multi-byte UTF-8.
    case valid
    /// An error, or something this reader leaves to `JSONParser`.
    case notSure
  }

  /// How deep this reader follows nesting; deeper lines go to `JSONParser`.
  public static let maxNesting = 64
  /// How many keys of the open objects it keeps for the duplicate check; more go to `JSONParser`.
  public static let maxOpenKeys = 64
  /// The longest line whose quote bitmap is kept (on the stack); longer lines are read as lines
  /// that are not plain.
  public static let maxPlainLength = 8 << 10

  /// Validates `line` as one record (an object, duplicate keys refused at any depth, nesting
  /// within `maxDepth`) and lists its top-level members into `members`; on `.notSure`, `members`
  /// holds nothing to rely on.
  public static func index(
    _ line: UnsafeBufferPointer<UInt8>, maxDepth: Int, into members: inout [MemberSpan]
  ) -> Verdict {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: quoteWords) { quotes in
      index(line, maxDepth: maxDepth, quotes: quotes.baseAddress!, into: &members)
    }
  }

  /// The words of a quote bitmap: one bit per byte of a line of up to `maxPlainLength` bytes, and
  /// a spare word that `quote(after:in:count:)` may read past the line's last.
  public static let quoteWords = maxPlainLength / 64 + 1

  /// `index(_:maxDepth:into:)`, leaving the line's quote bitmap in `quotes` (`quoteWords` words)
  /// for stage 2 to find string ends with (`quote(after:in:count:)`); it is meaningful when the
  /// verdict is `.plain`.
  public static func index(
    _ line: UnsafeBufferPointer<UInt8>, maxDepth: Int, quotes: UnsafeMutablePointer<UInt64>,
    into members: inout [MemberSpan]
  ) -> Verdict {
    // Most records have few members: room for them on the stack (within 1 KiB, which Swift
    // makes there), and for a record with more, room for all on the heap, read again.
    withUnsafeTemporaryAllocation(of: MemberSpan.self, capacity: memberBatch) { batch in
      var count = 0
      var verdict = index(
        line, maxDepth: maxDepth, quotes: quotes, members: batch.baseAddress!, capacity: memberBatch,
        count: &count)
      var spans = UnsafeBufferPointer(batch)
      let heap: UnsafeMutablePointer<MemberSpan>? =
        verdict == .notSure && count < 0 ? .allocate(capacity: maxOpenKeys) : nil
      defer { heap?.deallocate() }
      if let heap {
        verdict = index(
          line, maxDepth: maxDepth, quotes: quotes, members: heap, capacity: maxOpenKeys, count: &count)
        spans = UnsafeBufferPointer(start: heap, count: maxOpenKeys)
      }
      guard verdict != .notSure else { return verdict }
      members.replaceAll(with: UnsafeBufferPointer(rebasing: spans[0..<count]))
      return verdict
    }
  }

  /// `index(_:maxDepth:quotes:into:)`, listing the members into `members` (room for `maxOpenKeys`
  /// spans, as many as a line it accepts can have) and their number into `count`: no array is
  /// touched, so that a worker reading line after line copies nothing. With a `shape` (the
  /// worker's own), a plain line is first replayed against the shape of the lines before it, and
  /// walked only when it is not of that shape.
  public static func index(
    _ line: UnsafeBufferPointer<UInt8>, maxDepth: Int, quotes: UnsafeMutablePointer<UInt64>,
    members: UnsafeMutablePointer<MemberSpan>, count memberCount: inout Int, shape: LineShape? = nil
  ) -> Verdict {
    index(
      line, maxDepth: maxDepth, quotes: quotes, members: members, capacity: maxOpenKeys, count: &memberCount,
      shape: shape)
  }

  /// The indexer over a member list with room for `capacity` spans: past that, `.notSure` with a
  /// `count` of -1.
  static func index(
    _ line: UnsafeBufferPointer<UInt8>, maxDepth: Int, quotes: UnsafeMutablePointer<UInt64>,
    members: UnsafeMutablePointer<MemberSpan>, capacity: Int, count memberCount: inout Int,
    shape: LineShape? = nil, scanned: Bool = false
  ) -> Verdict {
    memberCount = 0
    guard let base = line.baseAddress, !line.isEmpty else { return .notSure }
    let count = line.count
    guard count <= maxPlainLength else {
      return walk(
        base, count, maxDepth, quotes: nil, members: members, capacity: capacity, count: &memberCount)
    }
    // `scanned`: `PlainLineScan` found the line plain and made its bitmap.
    let plain = scanned || scan(base, count, quotes: quotes)
    if plain, let shape {
      if shape.replay(
        base, count, maxDepth, quotes: quotes, members: members, capacity: capacity, count: &memberCount)
      {
        return .plain
      }
      let verdict = walk(
        base, count, maxDepth, quotes: UnsafePointer(quotes), members: members, capacity: capacity,
        count: &memberCount)
      if verdict == .plain { shape.learnIfDue(base, count, quotes: quotes) }
      return verdict
    }
    return walk(
      base, count, maxDepth, quotes: plain ? UnsafePointer(quotes) : nil, members: members,
      capacity: capacity,
      count: &memberCount)
  }

  /// The offset of the first quote at or after `from` in a line of `count` bytes whose quote
  /// bitmap is `quotes`, or nil when there is none. Bits at or past `count` are not read as quotes,
  /// whatever they hold.
  @inlinable @inline(__always)
  public static func quote(after from: Int, in quotes: UnsafePointer<UInt64>, count: Int) -> Int? {
    guard from < count else { return nil }
    var word = from &>> 6
    // The 64 bits from `from` on, this word's and the next one's: a string of up to 63 bytes ends
    // here with no branch on whether its quote is in the next word (a branch that went either
    // way, string by string). The next word may be past the line's (the bitmap's spare word):
    // its bits are then stale, and a quote they put at or past `count` is none.
    let shift = UInt64(truncatingIfNeeded: from & 63)
    var bits = quotes[word] &>> shift | (quotes[word &+ 1] &<< 1) &<< (63 &- shift)
    if bits != 0 {
      let at = from &+ bits.trailingZeroBitCount
      return at < count ? at : nil
    }
    // None in those 64 bits, which hold the next word's first bits: it is read whole again.
    let words = (count &+ 63) &>> 6
    word &+= 1
    while word < words {
      bits = quotes[word]
      if bits != 0 {
        let at = word &<< 6 &+ bits.trailingZeroBitCount
        return at < count ? at : nil
      }
      word &+= 1
    }
    return nil
  }

  /// Whether `line` is plain: no byte is a backslash, a control byte or not ASCII.
  public static func isPlain(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = line.baseAddress else { return true }
    return VectorScan.isPlain(base, line.count)
  }

  /// The block pass (`VectorScan.blocks`, through the kernel chosen at start): fills `quotes` with
  /// a bit per byte of the line (bit `i % 64` of word `i / 64`) that is a quote, and returns
  /// whether the line is plain (the bitmap is meaningful only then). `quotes` holds `(count + 63)
  /// / 64` words.
  @inline(__always)
  static func scan(_ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>) -> Bool {
    VectorScan.blocks(base, count, quotes: quotes)
  }

  /// The grammar walk over the line's `end` bytes at `b`: the quote bitmap when the line is plain,
  /// nil otherwise. The members go to `members` (room for `capacity`), their number to `count`.
  static func walk(
    _ b: UnsafePointer<UInt8>, _ end: Int, _ maxDepth: Int, quotes: UnsafePointer<UInt64>?,
    members: UnsafeMutablePointer<MemberSpan>, capacity: Int, count: inout Int
  ) -> Verdict {
    // Two walks, one for each kind of line: the plain one has no string reader for escapes to
    // keep registers for, only the space as white space (a plain line has no tab, line feed or
    // carriage return, which are control bytes), and its strings end at quotes of the bitmap.
    if let quotes {
      return walkPlain(b, end, maxDepth, quotes: quotes, members: members, capacity: capacity, count: &count)
    }
    return walkAny(b, end, maxDepth, members: members, capacity: capacity, count: &count)
  }

  /// The walk of a line that is not plain (or too long for the quote bitmap): strings are read by
  /// `JSONParser.scanString`.
  static func walkAny(
    _ b: UnsafePointer<UInt8>, _ end: Int, _ maxDepth: Int,
    members: UnsafeMutablePointer<MemberSpan>, capacity: Int, count memberCount: inout Int
  ) -> Verdict {
    let limit = min(max(1, maxDepth), maxNesting)
    let verdict: Verdict = .valid
    // JSON white space: space, tab, line feed, carriage return.
    let spaces: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D
    // Two allocations of at most 1 KiB each, which Swift makes on the stack (a larger one it
    // would take from the heap).
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * maxOpenKeys) { keyScratch in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * maxNesting) { savedScratch -> Verdict in
        var containers = OpenContainers(keys: keyScratch.baseAddress!, saved: savedScratch.baseAddress!)
        // Top-level members go straight to `members`.
        var batched = 0
        @inline(__always) func done() -> Verdict {
          skipSpaces()
          guard i == end else { return .notSure }
          memberCount = batched
          return verdict
        }
        var i = 0
        var topKey = 0..<0
        var topStart = 0

        @inline(__always) func peek() -> UInt8 { i < end ? b[i] : 0 }
        @inline(__always) func skipSpaces() {
          while i < end {
            let c = b[i]
            guard c <= 0x20, spaces & (1 &<< UInt64(c)) != 0 else { return }
            i &+= 1
          }
        }
        /// The offset of the quote that ends the string whose opening quote is at `i`, or nil; sets
        /// `escaped` when it holds an escape.
        @inline(__always) func stringEnd(_ escaped: inout Bool) -> Int? {
          var parser = JSONParser(UnsafeBufferPointer(start: b, count: end))
          parser.position = i
          guard let (range, hasEscapes) = try? parser.scanString() else { return nil }
          escaped = hasEscapes
          return range.upperBound
        }
        @inline(__always) func literal(_ word: UInt64, _ count: Int) -> Bool {
          guard OpenContainers.literal(b, at: i, end: end, word, count) else { return false }
          i &+= count
          return true
        }
        @inline(__always) func isDigit(_ k: Int) -> Bool { k < end && b[k] &- 48 < 10 }
        /// A number as JSON writes it: `-`? (`0` | a digit 1-9 and digits) (`.` digits)? (`e` or
        /// `E`, `+` or `-`?, digits)?
        @inline(__always) func number() -> Bool {
          if peek() == UInt8(ascii: "-") { i &+= 1 }
          guard isDigit(i) else { return false }
          if b[i] == UInt8(ascii: "0") {
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

        skipSpaces()
        guard peek() == UInt8(ascii: "{") else { return .notSure }
        i &+= 1
        containers.open(object: true)
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
          i &+= 1
          return done()
        }
        value: while true {
          // In an object, a key and its colon come first.
          if containers.inObject {
            guard peek() == UInt8(ascii: "\"") else { return .notSure }
            var escaped = false
            guard let keyEnd = stringEnd(&escaped), !escaped else { return .notSure }
            let key = (i &+ 1)..<keyEnd
            guard containers.add(key: key.lowerBound, end: keyEnd, in: b) else { return .notSure }
            if containers.depth == 1 { topKey = key }
            i = keyEnd &+ 1
            skipSpaces()
            guard peek() == UInt8(ascii: ":") else { return .notSure }
            i &+= 1
            skipSpaces()
          }
          if containers.depth == 1 { topStart = i }
          switch peek() {
          case UInt8(ascii: "\""):
            var escaped = false
            guard let close = stringEnd(&escaped) else { return .notSure }
            i = close &+ 1
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.depth < limit else { return .notSure }
            let closer = b[i] &+ 2  // `}` and `]` are their opening bracket plus 2
            i &+= 1
            containers.open(object: closer == UInt8(ascii: "}"))
            skipSpaces()
            guard peek() == closer else { continue value }
            i &+= 1
            containers.close()
          // The literals' bytes, little-endian.
          case UInt8(ascii: "t"): guard literal(0x6575_7274, 4) else { return .notSure }  // "true"
          case UInt8(ascii: "f"): guard literal(0x65_736C_6166, 5) else { return .notSure }  // "false"
          case UInt8(ascii: "n"): guard literal(0x6C6C_756E, 4) else { return .notSure }  // "null"
          default: guard number() else { return .notSure }
          }
          // A value ended at `i`, in the container open at `depth`.
          while true {
            if containers.depth == 1 {
              guard batched < capacity else {
                memberCount = -1
                return .notSure
              }
              (members + batched).initialize(
                to: MemberSpan(key: topKey, keyHasEscapes: false, value: topStart..<i, kind: b[topStart]))
              batched &+= 1
            }
            skipSpaces()
            let c = peek()
            if c == UInt8(ascii: ",") {
              i &+= 1
              skipSpaces()
              continue value
            }
            guard c == containers.closer else { return .notSure }
            i &+= 1
            containers.close()
            if containers.depth == 0 { return done() }
          }
        }
      }
    }
  }

  /// The walk of a plain line (`quotes` its bitmap): the same grammar as `walkAny`, written for
  /// the lines most streams are made of. Its reads need no check against the line's end: the
  /// last byte that is not a space must be the closing brace (`last`), and every step stops at a
  /// byte it expects (a digit, a colon, a space...), which that brace is not; so `i <= last` holds
  /// at every read. Only a closing brace can take `i` past `last`, and that is checked where it
  /// happens.
  static func walkPlain(
    _ b: UnsafePointer<UInt8>, _ end: Int, _ maxDepth: Int, quotes: UnsafePointer<UInt64>,
    members: UnsafeMutablePointer<MemberSpan>, capacity: Int, count memberCount: inout Int
  ) -> Verdict {
    let last = lastNonSpace(b, end)
    guard b[last] == UInt8(ascii: "}") else { return .notSure }
    let limit = min(max(1, maxDepth), maxNesting)
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * maxOpenKeys) { keyScratch in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * maxNesting) { savedScratch -> Verdict in
        var containers = OpenContainers(keys: keyScratch.baseAddress!, saved: savedScratch.baseAddress!)
        var batched = 0
        var i = 0
        var topStart = 0

        @inline(__always) func skipSpaces() { while b[i] == 0x20 { i &+= 1 } }
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }
        // The line's quotes in order, taken one by one from the bitmap: in a plain line every quote
        // opens or closes a string, and the walk meets the strings in order, so the string it is at
        // starts at the next quote and ends at the one after. Where the walk goes next then hangs on
        // one bit-clearing step, not on a load at the place it is at.
        let words = (end &+ 63) &>> 6
        var quoteWord = 0
        var quoteBits = quotes[0]
        @inline(__always) func nextQuote() -> Int? {
          while quoteBits == 0 {
            quoteWord &+= 1
            guard quoteWord < words else { return nil }
            quoteBits = quotes[quoteWord]
          }
          let at = quoteWord &<< 6 &+ quoteBits.trailingZeroBitCount
          quoteBits &= quoteBits &- 1
          return at
        }
        /// The quote that ends the string whose opening quote is at `i`, or nil when the next quote
        /// is not there (a quote was passed over: the line is not valid) or there is none after it.
        @inline(__always) func stringEnd() -> Int? {
          guard nextQuote() == i else { return nil }
          return nextQuote()
        }
        @inline(__always) func literal(_ word: UInt64, _ count: Int) -> Bool {
          guard OpenContainers.literal(b, at: i, end: end, word, count) else { return false }
          i &+= count
          return true
        }
        @inline(__always) func number() -> Bool {
          i = plainNumber(b, i, end: end)
          return i >= 0
        }

        skipSpaces()
        guard b[i] == UInt8(ascii: "{"), i < last else { return .notSure }
        i &+= 1
        containers.open(object: true)
        skipSpaces()
        if b[i] == UInt8(ascii: "}") {
          i &+= 1
          return i == last &+ 1 ? .plain : .notSure
        }
        value: while true {
          if containers.inObject {
            guard b[i] == UInt8(ascii: "\""), let keyEnd = stringEnd() else { return .notSure }
            let keyStart = i &+ 1
            guard containers.add(key: keyStart, end: keyEnd, in: b) else { return .notSure }
            if containers.depth == 1 {
              // The member's key now, its value when it ends: nothing to keep meanwhile.
              guard batched < capacity else {
                memberCount = -1
                return .notSure
              }
              (members + batched).pointee.key = Range(uncheckedBounds: (keyStart, keyEnd))
            }
            i = keyEnd &+ 1
            // Records as the tools write them have the colon right after the key.
            if b[i] != UInt8(ascii: ":") {
              skipSpaces()
              guard b[i] == UInt8(ascii: ":") else { return .notSure }
            }
            i &+= 1
            skipSpaces()
          }
          if containers.depth == 1 { topStart = i }
          let c = b[i]
          if c == UInt8(ascii: "\"") {
            guard let close = stringEnd() else { return .notSure }
            i = close &+ 1
          } else if isDigit(c) || c == UInt8(ascii: "-") {
            guard number() else { return .notSure }
          } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
            guard containers.depth < limit else { return .notSure }
            let closer = c &+ 2  // `}` and `]` are their opening bracket plus 2
            i &+= 1
            containers.open(object: closer == UInt8(ascii: "}"))
            skipSpaces()
            guard b[i] == closer else { continue value }
            i &+= 1
            containers.close()
            // Still inside the record (depth 1 at least): its closing brace is yet to come.
            guard i <= last else { return .notSure }
          } else {
            // The literals' bytes, little-endian.
            switch c {
            case UInt8(ascii: "t"): guard literal(0x6575_7274, 4) else { return .notSure }  // "true"
            case UInt8(ascii: "f"): guard literal(0x65_736C_6166, 5) else { return .notSure }  // "false"
            case UInt8(ascii: "n"): guard literal(0x6C6C_756E, 4) else { return .notSure }  // "null"
            default: return .notSure
            }
          }
          // A value ended at `i`, in the container open at `depth`.
          while true {
            if containers.depth == 1 {
              (members + batched).pointee.value = Range(uncheckedBounds: (topStart, i))
              (members + batched).pointee.keyHasEscapes = false
              (members + batched).pointee.kind = b[topStart]
              batched &+= 1
            }
            skipSpaces()
            let c = b[i]
            if c == UInt8(ascii: ",") {
              i &+= 1
              skipSpaces()
              continue value
            }
            i &+= 1
            guard c == containers.closer else { return .notSure }
            containers.close()
            if containers.depth == 0 {
              guard i == last &+ 1 else { return .notSure }
              memberCount = batched
              return .plain
            }
            guard i <= last else { return .notSure }
          }
        }
      }
    }
  }

  /// The offset of the last byte of the `end` bytes at `b` that is not a space (0 when all are):
  /// where a plain record's closing brace must be, for the walks that read up to it unchecked.
  @inline(__always)
  static func lastNonSpace(_ b: UnsafePointer<UInt8>, _ end: Int) -> Int {
    var last = end &- 1
    while last > 0, b[last] == 0x20 { last &-= 1 }
    return last
  }

  /// The number that starts at `start` in a plain line of `end` bytes at `b`, as JSON writes it
  /// (`-`? (`0` | a digit 1-9 and digits) (`.` digits)? (`e` or `E`, `+` or `-`?, digits)?): the
  /// offset after it, or -1. Each step reads one byte past what it took, so the caller must know a
  /// byte that ends it comes before the line's end (the walks: the record's closing brace).
  @inline(__always)
  static func plainNumber(_ b: UnsafePointer<UInt8>, _ start: Int, end: Int) -> Int {
    var i = start
    @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }
    /// Steps `i` over the digits there: eight bytes at a time (SWAR) where eight are left, so
    /// that a run of any length up to seven costs one step and no loop exit to mispredict.
    @inline(__always) func skipDigits() {
      while i &+ 8 <= end {
        let word = UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
        // A plain line is ASCII, so no byte carries into the next: adding 0x46 sets the high
        // bit of bytes above `9`; with the high bit set first, subtracting 0x30 clears it in
        // bytes below `0`.
        let high: UInt64 = 0x8080_8080_8080_8080
        let aboveNine = word &+ 0x4646_4646_4646_4646
        let notDigit = (aboveNine | ~((word | high) &- 0x3030_3030_3030_3030)) & high
        if notDigit != 0 {
          i &+= notDigit.littleEndian.trailingZeroBitCount &>> 3
          return
        }
        i &+= 8
      }
      while isDigit(b[i]) { i &+= 1 }
    }
    if b[i] == UInt8(ascii: "-") { i &+= 1 }
    let first = b[i]
    guard isDigit(first) else { return -1 }
    i &+= 1
    if first == UInt8(ascii: "0") {
      if isDigit(b[i]) { return -1 }
    } else {
      skipDigits()
    }
    if b[i] == UInt8(ascii: ".") {
      i &+= 1
      guard isDigit(b[i]) else { return -1 }
      skipDigits()
    }
    if b[i] | 0x20 == UInt8(ascii: "e") {
      i &+= 1
      if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i &+= 1 }
      guard isDigit(b[i]) else { return -1 }
      while isDigit(b[i]) { i &+= 1 }
    }
    return i
  }

  /// How many members the array form of `index` makes room for on the stack (within 1 KiB); a
  /// record with more is read again with room for all.
  static var memberBatch: Int { 1024 / MemoryLayout<MemberSpan>.stride }
}

extension Array where Element == MemberSpan {
  /// Makes the array hold exactly `spans`. Lines of a stream mostly have as many members as the
  /// one before: then they are written over its own, without the array's general replacement.
  @inline(__always)
  mutating func replaceAll(with spans: UnsafeBufferPointer<MemberSpan>) {
    if count == spans.count, let source = spans.baseAddress {
      withUnsafeMutableBufferPointer { $0.baseAddress?.update(from: source, count: spans.count) }
    } else {
      removeAll(keepingCapacity: true)
      append(contentsOf: spans)
    }
  }
}
