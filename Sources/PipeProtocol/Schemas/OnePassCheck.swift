/// The check of a plain line read once: stage 1's block pass (the quote bitmap, and whether the
/// line is plain), then one walk that validates the whole grammar and checks the schema as it goes,
/// so that `StructuralIndexer.walkPlain` is not run for it. It answers only "a valid record of the
/// given type that conforms" or "not sure"; a line it is not sure of is read the usual way
/// (`RecordIndexer.indexIfSure`, then `RecordSchema.problems`), which finds the same or words why not.
///
/// It is sure only of what it checks in full: the grammar byte for byte (keys, colons, commas,
/// closers, the space as the only white space, numbers exactly as JSON writes them, literals,
/// nothing after the record's brace but spaces), nesting within the limit, each key a field of its
/// object (a key of no field, a map or an `.any` value: not sure) and none twice, and the record's
/// `"type"` a string equal to the one given. `OnePassCheckTests` ties it to the parser and the
/// worded check on random and mutated lines.
struct OnePassCheck {
  /// The schema's walk over the line (its tables, the line and its quote bitmap, the day memo).
  let checker: CompiledSchema.Checker
  /// The offset of the record's closing brace: the last byte that is not a space.
  let last: Int
  /// The deepest a container may be (the record is at depth 1).
  let limit: Int
  /// The type's text the record must have, between its quotes.
  let type: UnsafeBufferPointer<UInt8>
  /// The schema's root node.
  let rootNode: Int

  var b: UnsafePointer<UInt8> { checker.json.bytes.baseAddress! }

  /// The offset of the first byte at or after `i` that is not a space (the walk stays at or before
  /// `last`, a brace, so it stops there at the latest).
  @inline(__always)
  func skipSpace(_ i: Int) -> Int {
    var i = i
    while b[i] == 0x20 { i &+= 1 }
    return i
  }

  /// The offset of the quote that closes the string whose opening quote is at `i`, or -1.
  @inline(__always)
  func closingQuote(_ i: Int) -> Int {
    StructuralIndexer.quote(after: i &+ 1, in: checker.json.quotes!, count: checker.json.bytes.count) ?? -1
  }

  /// The offset just past the string whose opening quote is at `i`, or -1.
  @inline(__always)
  func stringEnd(_ i: Int) -> Int {
    let close = closingQuote(i)
    return close < 0 ? -1 : close &+ 1
  }

  /// Whether `c` is a digit.
  @inline(__always)
  static func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }

  /// The offset just past the digits at `i`.
  @inline(__always)
  func skipDigits(_ i: Int) -> Int {
    var i = i
    while Self.isDigit(b[i]) { i &+= 1 }
    return i
  }

  /// The offset just past the number at `i`, read exactly as JSON writes it (`-`? (`0` | a digit
  /// 1-9 and digits) (`.` digits)? (`e` or `E`, `+` or `-`?, digits)?), or -1; `exponent` tells
  /// whether it has one. What follows it is the caller's to check.
  @inline(__always)
  func number(at i: Int, exponent: inout Bool) -> Int {
    var j = i
    if b[j] == UInt8(ascii: "-") { j &+= 1 }
    let first = b[j]
    guard Self.isDigit(first) else { return -1 }
    j = first == UInt8(ascii: "0") ? j &+ 1 : skipDigits(j &+ 1)
    if b[j] == UInt8(ascii: ".") {
      guard Self.isDigit(b[j &+ 1]) else { return -1 }
      j = skipDigits(j &+ 2)
    }
    if b[j] | 0x20 == UInt8(ascii: "e") {
      exponent = true
      j &+= 1
      if b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") { j &+= 1 }
      guard Self.isDigit(b[j]) else { return -1 }
      j = skipDigits(j)
    }
    return j
  }

  /// After a value that ends at `i`, in a container that `closer` closes: the offset of that
  /// closer, or of what follows the comma there (not the closer: a value must come), or -1 for
  /// anything else.
  @inline(__always)
  func next(_ i: Int, closer: UInt8) -> Int {
    var i = skipSpace(i)
    if b[i] == closer { return i }
    guard b[i] == UInt8(ascii: ",") else { return -1 }
    i = skipSpace(i &+ 1)
    return b[i] == closer ? -1 : i
  }

  /// The record: the offset just past its closing brace when the whole line is a valid record of
  /// `type` that conforms, else -1.
  func record() -> Int {
    let i = skipSpace(0)
    guard b[i] == UInt8(ascii: "{") else { return -1 }
    let end = object(at: i, node: rootNode, depth: 1)
    return end == last &+ 1 ? end : -1
  }

  /// Checks the value at `i`, in a container at `depth`, against node `index`: the offset just
  /// past it when it is valid and conforms, else -1.
  func value(at i: Int, node index: Int, depth: Int) -> Int {
    // The node read where it is: a copy of it (a table and a dozen words) cost more than the
    // checks of most values.
    let node = UnsafePointer(checker.nodes.baseAddress! + index)
    let first = b[i]
    switch node.pointee.kind {
    case .any, .map:
      return -1
    case .string:
      return first == 0x22 ? stringEnd(i) : -1
    case .nonEmptyString:
      return first == 0x22 && b[i &+ 1] != 0x22 ? stringEnd(i) : -1
    case .bool:
      // The literals' bytes, little-endian.
      let count = checker.json.bytes.count
      if first == UInt8(ascii: "t") {
        return OpenContainers.literal(b, at: i, end: count, 0x6575_7274, 4) ? i &+ 4 : -1
      }
      if first == UInt8(ascii: "f") {
        return OpenContainers.literal(b, at: i, end: count, 0x65_736C_6166, 5) ? i &+ 5 : -1
      }
      return -1
    case .int:
      // A JSON integer of 1 to 18 digits (a fraction or an exponent after it is no delimiter: the
      // caller finds it not sure).
      var j = i
      if first == UInt8(ascii: "-") { j &+= 1 }
      let digitsStart = j
      let lead = b[j]
      guard Self.isDigit(lead) else { return -1 }
      j = lead == UInt8(ascii: "0") ? j &+ 1 : skipDigits(j &+ 1)
      let digits = j &- digitsStart
      guard digits <= 18 else { return -1 }
      var v = 0
      for k in digitsStart..<j { v = v &* 10 &+ Int(b[k] &- 48) }
      return checker.intAllowed(first == UInt8(ascii: "-") ? -v : v, node.pointee) ? j : -1
    case .number:
      var exponent = false
      let j = number(at: i, exponent: &exponent)
      // As `CompiledSchema.Checker.plainValue` reads it.
      return j >= 0 && checker.numberWithin(i..<j, exponent: exponent, node.pointee) ? j : -1
    case .dateTime, .day, .oneOf:
      guard first == 0x22 else { return -1 }
      let end = stringEnd(i)
      return end >= 0 && checker.textConforms((i &+ 1)..<(end &- 1), node.pointee) ? end : -1
    case .array:
      guard first == UInt8(ascii: "["), depth < limit else { return -1 }
      var j = skipSpace(i &+ 1)
      if b[j] != UInt8(ascii: "]") {
        while true {
          j = value(at: j, node: node.pointee.child, depth: depth &+ 1)
          if j < 0 { return -1 }
          j = next(j, closer: UInt8(ascii: "]"))
          if j < 0 { return -1 }
          if b[j] == UInt8(ascii: "]") { break }
        }
      }
      // Inside the record: its closing brace is yet to come.
      return j < last ? j &+ 1 : -1
    case .object:
      guard first == UInt8(ascii: "{"), depth < limit else { return -1 }
      return object(at: i, node: index, depth: depth &+ 1)
    }
  }

  /// Checks the object whose `{` is at `start`, at `depth` (1: the record, which must also have
  /// the `"type"`), against the object node `index`: the offset just past it when it is valid and
  /// conforms, else -1.
  func object(at start: Int, node index: Int, depth: Int) -> Int {
    let node = UnsafePointer(checker.nodes.baseAddress! + index)
    guard node.pointee.kind == .object, node.pointee.count <= 64 else { return -1 }
    let n = checker.json.bytes.count
    let top = depth == 1
    var seen: UInt64 = 0
    var typeSeen = false
    var i = skipSpace(start &+ 1)
    if b[i] != UInt8(ascii: "}") {
      while true {
        guard b[i] == 0x22 else { return -1 }
        // The key: by its written form (`"name":`) when it is one, else ended at its next quote;
        // a key of no field is not for this walk, except the record's type.
        var f = -1
        if let (name, length) = node.pointee.table.lookupWritten(at: b + i, available: n &- i) {
          f = node.pointee.first &+ name.memberIndex
          i &+= length
        } else {
          let close = closingQuote(i)
          guard close >= 0 else { return -1 }
          let keyCount = close &- i &- 1
          // Not a field's name: the record's `type` (its bytes, little-endian), or not for this walk.
          if let name = node.pointee.table.lookup(key: b + (i &+ 1), count: keyCount) {
            f = node.pointee.first &+ name.memberIndex
          } else if !(top && keyCount == 4 && OpenContainers.literal(b, at: i &+ 1, end: n, 0x6570_7974, 4)) {
            return -1
          }
          i = skipSpace(close &+ 1)
          guard b[i] == UInt8(ascii: ":") else { return -1 }
          i &+= 1
        }
        i = skipSpace(i)
        if f < 0 {
          // The record's type: once, a string equal to `type`.
          guard !typeSeen, b[i] == 0x22 else { return -1 }
          typeSeen = true
          let close = closingQuote(i)
          guard close >= 0, close &- i &- 1 == type.count,
            type.isEmpty || Bytes.equal(b + (i &+ 1), type.baseAddress!, count: type.count)
          else { return -1 }
          i = close &+ 1
        } else {
          let bit: UInt64 = 1 &<< UInt64(f &- node.pointee.first)
          guard seen & bit == 0 else { return -1 }
          seen |= bit
          i = value(at: i, node: checker.fields[f].node, depth: depth)
          if i < 0 { return -1 }
        }
        i = next(i, closer: UInt8(ascii: "}"))
        if i < 0 { return -1 }
        if b[i] == UInt8(ascii: "}") { break }
      }
    }
    guard checker.requiredSeen(node.pointee, seen), !top || typeSeen else { return -1 }
    // A nested object is inside the record: the record's closing brace is yet to come.
    return top || i < last ? i &+ 1 : -1
  }
}

extension CompiledSchema {
  /// Whether the one-pass walk can read records of this schema: its names are printable ASCII
  /// without quote or backslash (so a written form `"name":` ends where its quote is), and the
  /// record's own fields name no `"type"` (that key is the record's type, checked apart).
  static func canReadOnce(_ specs: [FieldSpec]) -> Bool {
    func plainNames(_ type: FieldType) -> Bool {
      switch type {
      case .object(let specs):
        return specs.allSatisfy { spec in
          spec.name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
            && plainNames(spec.type)
        }
      case .array(let element), .map(let element): return plainNames(element)
      default: return true
      }
    }
    return !specs.contains { $0.name == "type" } && plainNames(.object(specs))
  }

  /// Whether `line` is surely a plain, valid record (duplicate keys refused, nesting within
  /// `maxDepth`) whose `"type"` is `type` (its text between the quotes, without escapes) and
  /// which conforms, read once (`OnePassCheck`); false means "not sure": read it the usual way.
  ///
  /// With a `shape` (the worker's own), a line of the last conforming lines' shape is replayed
  /// against it and only the values its plan marks are read (`ShapeCheck`); any other line is
  /// walked, and the shape of one that conforms learned when one is due.
  func conformsInOnePass(
    _ line: UnsafeBufferPointer<UInt8>, type: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxLineLength: Int,
    memo: inout ISODate.DayMemo, shape: ShapeCheck? = nil, scan: PlainLineScan? = nil
  ) -> Bool {
    guard readsOnce, let base = line.baseAddress, !line.isEmpty, line.count <= maxLineLength,
      line.count <= StructuralIndexer.maxPlainLength
    else { return false }
    // The shape unretained (the caller holds it for the call): taken into the closures below, it
    // was retained and released on every line.
    let held = shape.map { Unmanaged.passUnretained($0) }
    // A line the worker's scan found plain has its bitmap made, in the scan's buffer.
    if let scan, scan.holds(line) {
      return conformsInOnePass(
        line, base, quotes: scan.quotes, type: type, maxDepth: maxDepth, memo: &memo, held)
    }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: StructuralIndexer.quoteWords) { bitmap in
      let quotes = bitmap.baseAddress!
      guard StructuralIndexer.scan(base, line.count, quotes: quotes) else { return false }
      return conformsInOnePass(line, base, quotes: quotes, type: type, maxDepth: maxDepth, memo: &memo, held)
    }
  }

  /// `conformsInOnePass` of a plain line whose bitmap is `quotes` (read, never written: it may be
  /// the worker's scan's, which its indexer reads next when this is not sure).
  @inline(__always)
  private func conformsInOnePass(
    _ line: UnsafeBufferPointer<UInt8>, _ base: UnsafePointer<UInt8>, quotes: UnsafePointer<UInt64>,
    type: UnsafeBufferPointer<UInt8>, maxDepth: Int, memo: inout ISODate.DayMemo,
    _ held: Unmanaged<ShapeCheck>?
  ) -> Bool {
    let last = StructuralIndexer.lastNonSpace(base, line.count)
    guard base[last] == UInt8(ascii: "}") else { return false }
    return withChecker(line, quotes: quotes, memo: &memo) { checker, nodes in
      if let held,
        let answer = held._withUnsafeGuaranteedRef({ shape -> Bool? in
          guard shape.plannedFor == UnsafeRawPointer(nodes.baseAddress) else { return nil }
          let words = shape.shape.replay(base, line.count, maxDepth, quotes: quotes, members: shape.members)
          return words >= 0 ? checker.traced(shape, words: words, type: type) : nil
        })
      {
        return answer
      }
      let walk = OnePassCheck(
        checker: checker, last: last, limit: min(max(1, maxDepth), StructuralIndexer.maxNesting),
        type: type, rootNode: root)
      guard walk.record() >= 0 else { return false }
      if let shape = held?.takeUnretainedValue(), shape.shape.learnIfDue(base, line.count, quotes: quotes) {
        _ = plan(shape, nodes: nodes)
      }
      return true
    }
  }
}
