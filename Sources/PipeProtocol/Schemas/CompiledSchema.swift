/// A schema compiled to flat tables, so that a conforming record is checked without allocation or
/// reference counting. The fast check only answers "conforms" or "not sure"; when it is not sure,
/// `RecordSchema.problems` runs the readable checker, which words the messages.
struct CompiledSchema: Sendable {
  enum Kind: UInt8, Sendable {
    case any, string, nonEmptyString, int, number, bool, dateTime, day, oneOf, array, object, map
  }

  struct Node: Sendable {
    var kind: Kind
    var low = 0
    var high = 0
    /// Object: the range of `fields`; oneOf: the range of `options`; int: the range of `ranges`
    /// (a rule's allowed values; none without a rule).
    var first = 0
    var count = 0
    /// Array and map: the element node.
    var child = -1
    /// Number: the allowed range.
    var lowNumber = -Double.greatestFiniteMagnitude
    var highNumber = Double.greatestFiniteMagnitude
    /// Object: its fields' names, known at run time, a key's field found with one look (field
    /// `first + k` is the table's `MemberIndex` `k`).
    var table = MemberTable<MemberIndex>([])
    /// Object: a bit per required field (bit i for its field i, among its first 64).
    var required: UInt64 = 0
  }

  struct Field: Sendable {
    var node: Int
    var required: Bool
  }

  var nodes: [Node] = []
  var fields: [Field] = []
  var options: [(start: Int, count: Int)] = []
  /// The values rules allow, as ranges.
  var ranges: [(low: Int, high: Int)] = []
  var pool: [UInt8] = []
  var root = 0
  /// Whether `conformsInOnePass` reads records of this schema (`canReadOnce`).
  var readsOnce = false

  init(_ fields: [FieldSpec], rules: [IntRule] = []) {
    root = add(.object(fields), steps: [], rules: rules)
    readsOnce = Self.canReadOnce(fields)
  }

  mutating func bytes(_ text: String) -> (Int, Int) {
    let start = pool.count
    pool.append(contentsOf: text.utf8)
    return (start, pool.count - start)
  }

  /// Adds the node of a value of `type` found at `steps`, with the rule for that path if any.
  mutating func add(_ type: FieldType, steps: [String], rules: [IntRule]) -> Int {
    let index = nodes.count
    switch type {
    case .any: nodes.append(Node(kind: .any))
    case .string: nodes.append(Node(kind: .string))
    case .nonEmptyString: nodes.append(Node(kind: .nonEmptyString))
    case .bool: nodes.append(Node(kind: .bool))
    case .dateTime: nodes.append(Node(kind: .dateTime))
    case .day: nodes.append(Node(kind: .day))
    case .int(let r):
      var node = Node(kind: .int, low: r.lowerBound, high: r.upperBound)
      if let rule = rules.first(where: { $0.path.steps == steps }) {
        node.first = ranges.count
        let allowed = rule.allowed.map { (low: $0.lowerBound, high: $0.upperBound) }
        ranges += allowed.isEmpty ? [(low: 1, high: 0)] : allowed  // nothing allowed: an empty range
        node.count = ranges.count - node.first
      }
      nodes.append(node)
    case .number(let r):
      nodes.append(Node(kind: .number, lowNumber: r.lowerBound, highNumber: r.upperBound))
    case .oneOf(let values):
      nodes.append(Node(kind: .oneOf, first: options.count, count: values.count))
      for value in values {
        let (start, count) = bytes(value)
        options.append((start, count))
      }
    case .array(let element):
      nodes.append(Node(kind: .array))
      let child = add(element, steps: steps + ["[]"], rules: rules)
      nodes[index].child = child
    case .map(let element):
      nodes.append(Node(kind: .map))
      let child = add(element, steps: steps + ["*"], rules: rules)
      nodes[index].child = child
    case .object(let specs):
      nodes.append(Node(kind: .object))
      var compiled: [Field] = []
      for spec in specs {
        compiled.append(
          Field(
            node: add(spec.type, steps: steps + [spec.name], rules: rules),
            required: spec.required))
      }
      nodes[index].first = fields.count
      nodes[index].count = compiled.count
      for (i, field) in compiled.prefix(64).enumerated() where field.required {
        nodes[index].required |= 1 << UInt64(i)
      }
      fields.append(contentsOf: compiled)
      nodes[index].table = MemberTable(specs.map(\.name))
    }
    return index
  }

  /// Whether the record surely conforms. False means "look closer", not "wrong".
  func conforms(_ line: UnsafeBufferPointer<UInt8>, members: [MemberSpan]) -> Bool {
    var memo = ISODate.DayMemo()
    return members.withUnsafeBufferPointer { conforms(line, members: $0, quotes: nil, memo: &memo) }
  }

  /// `conforms`, for a line whose quote bitmap is `quotes` when it is plain (`RecordIndexer.plainQuotes`:
  /// no backslash anywhere, so no string needs a look for escapes, and each ends at its next
  /// quote), reading date-times with `memo` (the day of the last one a worker read).
  func conforms(
    _ line: UnsafeBufferPointer<UInt8>, members: UnsafeBufferPointer<MemberSpan>,
    quotes: UnsafePointer<UInt64>?,
    memo: inout ISODate.DayMemo
  ) -> Bool {
    withChecker(line, quotes: quotes, memo: &memo) { checker, _ in
      // A plain line is walked from its brace as a nested object is: a key as the tools write it
      // is found by its bytes alone, without its member's span.
      if checker.plain {
        return checker.plainObject(at: checker.plainSkipSpace(0), node: root) >= 0
      }
      return checker.topLevel(members, node: root)
    }
  }

  /// Runs `body` with a `Checker` of `line` over this schema's tables (held for the call), and
  /// the nodes' buffer.
  @inline(__always)
  func withChecker<Result>(
    _ line: UnsafeBufferPointer<UInt8>, quotes: UnsafePointer<UInt64>?, memo: inout ISODate.DayMemo,
    _ body: (Checker, UnsafeBufferPointer<Node>) -> Result
  ) -> Result {
    withUnsafeMutablePointer(to: &memo) { memo in
      nodes.withUnsafeBufferPointer { nodes in
        fields.withUnsafeBufferPointer { fields in
          pool.withUnsafeBufferPointer { pool in
            options.withUnsafeBufferPointer { options in
              ranges.withUnsafeBufferPointer { ranges in
                body(
                  Checker(
                    line: line, nodes: nodes, fields: fields, pool: pool, options: options, ranges: ranges,
                    quotes: quotes, memo: memo), nodes)
              }
            }
          }
        }
      }
    }
  }
}

extension CompiledSchema {
  /// The allocation-free walk over an already validated line.
  struct Checker {
    let json: ValidatedJSON
    let nodes: UnsafeBufferPointer<CompiledSchema.Node>
    let fields: UnsafeBufferPointer<CompiledSchema.Field>
    let pool: UnsafeBufferPointer<UInt8>
    let options: UnsafeBufferPointer<(start: Int, count: Int)>
    let ranges: UnsafeBufferPointer<(low: Int, high: Int)>
    /// Whether the line holds no backslash.
    let plain: Bool
    /// The day of the last date-time read (`ISODate.parse(bytes:memo:)`).
    let memo: UnsafeMutablePointer<ISODate.DayMemo>

    init(
      line: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<CompiledSchema.Node>,
      fields: UnsafeBufferPointer<CompiledSchema.Field>, pool: UnsafeBufferPointer<UInt8>,
      options: UnsafeBufferPointer<(start: Int, count: Int)>,
      ranges: UnsafeBufferPointer<(low: Int, high: Int)>,
      quotes: UnsafePointer<UInt64>?, memo: UnsafeMutablePointer<ISODate.DayMemo>
    ) {
      self.json = ValidatedJSON(line, quotes: quotes)
      self.nodes = nodes
      self.fields = fields
      self.pool = pool
      self.options = options
      self.ranges = ranges
      self.plain = quotes != nil
      self.memo = memo
    }

    /// The inside of the string at `range` when it holds no escape, else nil.
    @inline(__always)
    func plainString(_ range: Range<Int>) -> Range<Int>? {
      guard plain else { return json.plainString(range) }
      return json.bytes[range.lowerBound] == 0x22 ? (range.lowerBound + 1)..<(range.upperBound - 1) : nil
    }

    func topLevel(_ members: UnsafeBufferPointer<MemberSpan>, node: Int) -> Bool {
      let object = nodes[node]
      guard object.count <= 64 else { return false }
      var seen: UInt64 = 0
      for member in members {
        if member.keyHasEscapes { return false }
        guard let f = field(named: member.key, in: object) else { continue }
        if seen & (1 << UInt64(f - object.first)) != 0 { return false }
        seen |= 1 << UInt64(f - object.first)
        // A plain line's values are read in one pass each, their ends found as they are checked.
        if plain
          ? plainValue(at: member.value.lowerBound, node: fields[f].node) < 0
          : !value(member.value, node: fields[f].node)
        {
          return false
        }
      }
      return requiredSeen(object, seen)
    }

    /// Whether every required field of `object` is among those `seen` (a bit per field).
    @inline(__always)
    func requiredSeen(_ object: CompiledSchema.Node, _ seen: UInt64) -> Bool {
      seen & object.required == object.required
    }

    /// The bytes of `pool` from `start`.
    func pooled(_ start: Int, _ count: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: pool[start..<(start + count)])
    }

    /// The field of `object` named by the key at `key` (its bytes without quotes), or nil: found
    /// in the object's member table.
    @inline(__always)
    func field(named key: Range<Int>, in object: CompiledSchema.Node) -> Int? {
      guard let name = object.table.lookup(key: json.bytes.baseAddress! + key.lowerBound, count: key.count)
      else {
        return nil
      }
      return object.first &+ name.memberIndex
    }

    func value(_ range: Range<Int>, node index: Int) -> Bool {
      let node = nodes[index]
      let line = json.bytes
      let first = line[range.lowerBound]
      switch node.kind {
      case .any: return true
      case .string: return first == 0x22
      case .nonEmptyString: return first == 0x22 && range.count > 2
      case .bool: return first == UInt8(ascii: "t") || first == UInt8(ascii: "f")
      case .int:
        guard let v = json.int(range) else { return false }
        return intAllowed(v, node)
      case .number:
        guard first == UInt8(ascii: "-") || first &- 48 < 10 else { return false }
        return numberWithin(range, exponent: json.hasExponent(range), node)
      case .dateTime, .day, .oneOf:
        guard let inner = plainString(range) else { return false }
        return textConforms(inner, node)
      case .array:
        guard first == UInt8(ascii: "[") else { return false }
        var conforms = true
        let child = nodes[node.child].kind
        json.forEachElement(ofArrayAt: range.lowerBound) { start in
          // An object element is walked once: its walk finds its end.
          if conforms, child == .object || child == .map, line[start] == UInt8(ascii: "{") {
            let (ok, end) = object(at: start, node: node.child)
            conforms = ok
            return end
          }
          let end = json.valueEnd(start)
          if conforms, !value(start..<end, node: node.child) { conforms = false }
          return end
        }
        return conforms
      case .object, .map:
        guard first == UInt8(ascii: "{") else { return false }
        return object(at: range.lowerBound, node: index).conforms
      }
    }

    /// Whether the whole number `v` is within the int `node`'s bounds and, with a rule, among the
    /// values it allows.
    @inline(__always)
    func intAllowed(_ v: Int, _ node: CompiledSchema.Node) -> Bool {
      guard v >= node.low && v <= node.high else { return false }
      if node.count == 0 { return true }
      for r in node.first..<(node.first + node.count) where v >= ranges[r].low && v <= ranges[r].high {
        return true
      }
      return false
    }

    /// Whether the number at `range` (well formed; `exponent`: whether it has one) is within the
    /// number `node`'s bounds.
    @inline(__always)
    func numberWithin(_ range: Range<Int>, exponent: Bool, _ node: CompiledSchema.Node) -> Bool {
      // A well-formed number without an exponent and of at most 300 bytes is finite, and one
      // without a sign is not below zero: within bounds that reach the largest finite value above
      // and zero or less below, it is accepted unread.
      if node.highNumber == .greatestFiniteMagnitude, range.count <= 300,
        json.bytes[range.lowerBound] != UInt8(ascii: "-")
          ? node.lowNumber <= 0 : node.lowNumber == -.greatestFiniteMagnitude,
        !exponent
      {
        return true
      }
      // Else read as the readable check reads it (`SchemaChecker.number`), so that both agree at
      // the bounds.
      guard let v = SchemaChecker.number(json.bytes, range) else { return false }
      return v.isFinite && v >= node.lowNumber && v <= node.highNumber
    }

    /// Whether the string whose inside (without escapes) is at `inner` conforms to the date-time,
    /// day or oneOf `node`.
    @inline(__always)
    func textConforms(_ inner: Range<Int>, _ node: CompiledSchema.Node) -> Bool {
      let bytes = UnsafeBufferPointer(rebasing: json.bytes[inner])
      switch node.kind {
      case .day: return bytes.count == 10 && ISODate.day(bytes) != nil
      case .dateTime: return ISODate.parse(bytes: bytes, memo: &memo.pointee) != nil
      default:
        for o in node.first..<(node.first + node.count)
        where json.equals(inner, pooled(options[o].start, options[o].count)) {
          return true
        }
        return false
      }
    }

    /// Whether the object whose `{` is at `start` conforms to the object or map `node`, and the
    /// offset just past it.
    func object(at start: Int, node index: Int) -> (conforms: Bool, end: Int) {
      let node = nodes[index]
      guard node.count <= 64 else { return (false, json.valueEnd(start)) }
      var seen: UInt64 = 0
      var conforms = true
      let end = json.forEachMember(ofObjectAt: start) { key, member in
        guard conforms else { return }
        if !plain, json.firstBackslash(in: key) < key.upperBound {
          conforms = false
        } else if node.kind == .map {
          conforms = value(member, node: node.child)
        } else if let f = field(named: key, in: node) {
          let bit: UInt64 = 1 << UInt64(f - node.first)
          conforms = seen & bit == 0 && value(member, node: fields[f].node)
          seen |= bit
        }
      }
      return (conforms && (node.kind == .map || requiredSeen(node, seen)), end)
    }
  }
}

extension CompiledSchema.Checker {
  // The check of a plain line (printable ASCII, no backslash: `plain`): each value is checked and
  // ended in one pass over its bytes, a key written as the tools write it (`"name":`) is found by
  // its bytes alone, strings end at their next quote in stage 1's bitmap, and a space is the only
  // white space. The same answers as `value(_:node:)` and `object(at:node:)` on the same line
  // (`PlainSchemaCheckTests` holds them together on random and mutated lines).

  /// The offset of the first byte at or after `i` that is not a space (a plain line holds no
  /// other white space, and a valid one ends in a brace, so the walk stays inside it).
  @inline(__always)
  func plainSkipSpace(_ i: Int) -> Int {
    let b = json.bytes.baseAddress!
    var i = i
    while b[i] == 0x20 { i &+= 1 }
    return i
  }

  /// The offset just past the string whose opening quote is at `i`: its next quote in the bitmap.
  @inline(__always)
  func plainStringEnd(_ i: Int) -> Int {
    (StructuralIndexer.quote(after: i &+ 1, in: json.quotes!, count: json.bytes.count) ?? json.bytes.count)
      &+ 1
  }

  /// Checks the value that starts at `i` against node `index`: the offset just past it when it
  /// conforms, else -1.
  func plainValue(at i: Int, node index: Int) -> Int {
    let node = nodes[index]
    let b = json.bytes.baseAddress!
    let first = b[i]
    switch node.kind {
    case .any:
      return json.valueEnd(i)
    case .string:
      return first == 0x22 ? plainStringEnd(i) : -1
    case .nonEmptyString:
      return first == 0x22 && b[i &+ 1] != 0x22 ? plainStringEnd(i) : -1
    case .bool:
      return first == UInt8(ascii: "t") ? i &+ 4 : first == UInt8(ascii: "f") ? i &+ 5 : -1
    case .int:
      // As `ValidatedJSON.int`: an optional minus and 1 to 18 digits, up to a delimiter.
      var j = i
      if first == UInt8(ascii: "-") { j &+= 1 }
      let digitsStart = j
      var v = 0
      while b[j] &- 48 < 10 {
        v = v &* 10 &+ Int(b[j] &- 48)
        j &+= 1
      }
      let digits = j &- digitsStart
      guard digits > 0, digits <= 18, Self.endsNumber(b[j]) else { return -1 }
      return intAllowed(first == UInt8(ascii: "-") ? -v : v, node) ? j : -1
    case .number:
      guard first == UInt8(ascii: "-") || first &- 48 < 10 else { return -1 }
      var j = i &+ 1
      var exponent = false
      while true {
        let c = b[j]
        if c &- 48 < 10 || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
          j &+= 1
        } else if c | 0x20 == UInt8(ascii: "e") {
          exponent = true
          j &+= 1
        } else {
          break
        }
      }
      return numberWithin(i..<j, exponent: exponent, node) ? j : -1
    case .dateTime, .day, .oneOf:
      guard first == 0x22 else { return -1 }
      let end = plainStringEnd(i)
      return textConforms((i &+ 1)..<(end &- 1), node) ? end : -1
    case .array:
      guard first == UInt8(ascii: "[") else { return -1 }
      let child = node.child
      let objects = nodes[child].kind == .object || nodes[child].kind == .map
      var j = plainSkipSpace(i &+ 1)
      if b[j] == UInt8(ascii: "]") { return j &+ 1 }
      while true {
        j =
          objects && b[j] == UInt8(ascii: "{")
          ? plainObject(at: j, node: child) : plainValue(at: j, node: child)
        if j < 0 { return -1 }
        j = plainSkipSpace(j)
        let c = b[j]
        j &+= 1
        if c != UInt8(ascii: ",") { return j }  // the closing bracket
        j = plainSkipSpace(j)
      }
    case .object, .map:
      return first == UInt8(ascii: "{") ? plainObject(at: i, node: index) : -1
    }
  }

  /// Whether `c`, the byte after a number's digits, ends it (a delimiter of a plain line).
  @inline(__always)
  static func endsNumber(_ c: UInt8) -> Bool {
    c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20
  }

  /// Checks the object whose `{` is at `start` against the object or map `node`: the offset just
  /// past it when it conforms, else -1.
  func plainObject(at start: Int, node index: Int) -> Int {
    let node = nodes[index]
    guard node.count <= 64 else { return -1 }
    let b = json.bytes.baseAddress!
    let n = json.bytes.count
    var seen: UInt64 = 0
    var i = plainSkipSpace(start &+ 1)
    if b[i] != UInt8(ascii: "}") {
      while true {
        // The key (at its opening quote), then the value.
        var f = -1
        if node.kind == .map {
          i = plainSkipSpace(plainStringEnd(i)) &+ 1
        } else if let (name, length) = node.table.lookupWritten(at: b + i, available: n &- i) {
          f = node.first &+ name.memberIndex
          i &+= length
        } else {
          let keyEnd = plainStringEnd(i)
          if let name = node.table.lookup(key: b + (i &+ 1), count: keyEnd &- i &- 2) {
            f = node.first &+ name.memberIndex
          }
          i = plainSkipSpace(keyEnd) &+ 1
        }
        i = plainSkipSpace(i)
        if node.kind == .map {
          i = plainValue(at: i, node: node.child)
        } else if f >= 0 {
          let bit: UInt64 = 1 << UInt64(f &- node.first)
          guard seen & bit == 0 else { return -1 }
          seen |= bit
          i = plainValue(at: i, node: fields[f].node)
        } else {
          i = json.valueEnd(i)
        }
        if i < 0 { return -1 }
        i = plainSkipSpace(i)
        let c = b[i]
        i &+= 1
        if c != UInt8(ascii: ",") { break }  // the closing brace
        i = plainSkipSpace(i)
      }
    } else {
      i &+= 1
    }
    return node.kind == .map || requiredSeen(node, seen) ? i : -1
  }
}
