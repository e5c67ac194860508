import Glibc

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
  }

  struct Field: Sendable {
    var nameStart: Int
    var nameCount: Int
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

  init(_ fields: [FieldSpec], rules: [IntRule] = []) {
    root = add(.object(fields), steps: [], rules: rules)
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
        let (start, count) = bytes(spec.name)
        compiled.append(
          Field(
            nameStart: start, nameCount: count,
            node: add(spec.type, steps: steps + [spec.name], rules: rules),
            required: spec.required))
      }
      nodes[index].first = fields.count
      nodes[index].count = compiled.count
      fields.append(contentsOf: compiled)
    }
    return index
  }

  /// Whether the record surely conforms. False means "look closer", not "wrong".
  func conforms(_ line: UnsafeBufferPointer<UInt8>, members: [MemberSpan]) -> Bool {
    nodes.withUnsafeBufferPointer { nodes in
      fields.withUnsafeBufferPointer { fields in
        pool.withUnsafeBufferPointer { pool in
          options.withUnsafeBufferPointer { options in
            ranges.withUnsafeBufferPointer { ranges in
              let checker = FastChecker(
                line: line, nodes: nodes, fields: fields, pool: pool, options: options, ranges: ranges)
              return checker.topLevel(members, node: root)
            }
          }
        }
      }
    }
  }
}

/// The allocation-free walk over an already validated line.
struct FastChecker {
  let line: UnsafeBufferPointer<UInt8>
  let nodes: UnsafeBufferPointer<CompiledSchema.Node>
  let fields: UnsafeBufferPointer<CompiledSchema.Field>
  let pool: UnsafeBufferPointer<UInt8>
  let options: UnsafeBufferPointer<(start: Int, count: Int)>
  let ranges: UnsafeBufferPointer<(low: Int, high: Int)>

  func topLevel(_ members: [MemberSpan], node: Int) -> Bool {
    let object = nodes[node]
    guard object.count <= 64 else { return false }
    var seen: UInt64 = 0
    for member in members {
      if member.keyHasEscapes { return false }
      guard let f = field(named: member.key, in: object) else { continue }
      if seen & (1 << UInt64(f - object.first)) != 0 { return false }
      seen |= 1 << UInt64(f - object.first)
      if !value(member.value, node: fields[f].node) { return false }
    }
    return requiredSeen(object, seen)
  }

  func requiredSeen(_ object: CompiledSchema.Node, _ seen: UInt64) -> Bool {
    for i in 0..<object.count where fields[object.first + i].required && seen & (1 << UInt64(i)) == 0 {
      return false
    }
    return true
  }

  func field(named key: Range<Int>, in object: CompiledSchema.Node) -> Int? {
    for f in object.first..<(object.first + object.count) {
      let field = fields[f]
      guard field.nameCount == key.count else { continue }
      var equal = true
      for i in 0..<field.nameCount where pool[field.nameStart + i] != line[key.lowerBound + i] {
        equal = false
        break
      }
      if equal { return f }
    }
    return nil
  }

  func value(_ range: Range<Int>, node index: Int) -> Bool {
    let node = nodes[index]
    let first = line[range.lowerBound]
    switch node.kind {
    case .any: return true
    case .string: return first == 0x22
    case .nonEmptyString: return first == 0x22 && range.count > 2
    case .bool: return first == UInt8(ascii: "t") || first == UInt8(ascii: "f")
    case .int:
      guard let v = integer(range), v >= node.low && v <= node.high else { return false }
      if node.count == 0 { return true }
      for r in node.first..<(node.first + node.count) where v >= ranges[r].low && v <= ranges[r].high {
        return true
      }
      return false
    case .number:
      // Plain decimals are read here; exponents (and so overflow) get the closer look.
      var i = range.lowerBound
      let negative = first == UInt8(ascii: "-")
      if negative { i += 1 }
      var v = 0.0
      var scale = 1.0
      var fraction = false
      while i < range.upperBound {
        let c = line[i]
        if c == UInt8(ascii: ".") {
          fraction = true
        } else if c &- 48 < 10 {
          if fraction {
            scale /= 10
            v += Double(c &- 48) * scale
          } else {
            v = v * 10 + Double(c &- 48)
          }
        } else {
          return false
        }
        i += 1
      }
      if negative { v = -v }
      return v >= node.lowNumber && v <= node.highNumber
    case .dateTime, .day:
      guard let inner = plain(range) else { return false }
      let count = inner.count
      guard node.kind == .day ? count == 10 : count > 10 else { return false }
      return ISODate.parse(bytes: UnsafeBufferPointer(rebasing: line[inner])) != nil
    case .oneOf:
      guard let inner = plain(range) else { return false }
      for o in node.first..<(node.first + node.count) {
        let option = options[o]
        guard option.count == inner.count else { continue }
        var equal = true
        for i in 0..<option.count where pool[option.start + i] != line[inner.lowerBound + i] {
          equal = false
          break
        }
        if equal { return true }
      }
      return false
    case .array:
      guard first == UInt8(ascii: "[") else { return false }
      var p = skipSpace(range.lowerBound + 1)
      while p < range.upperBound - 1 {
        let end = skip(p)
        if !value(p..<end, node: node.child) { return false }
        p = skipSpace(end)
        if line[p] == UInt8(ascii: ",") { p = skipSpace(p + 1) }
      }
      return true
    case .object, .map:
      guard first == UInt8(ascii: "{"), node.count <= 64 else { return false }
      var seen: UInt64 = 0
      var p = skipSpace(range.lowerBound + 1)
      while p < range.upperBound - 1 {
        let keyEnd = skip(p)
        let key = (p + 1)..<(keyEnd - 1)
        for i in key where line[i] == UInt8(ascii: "\\") { return false }
        p = skipSpace(skipSpace(keyEnd) + 1)
        let valueEnd = skip(p)
        if node.kind == .map {
          if !value(p..<valueEnd, node: node.child) { return false }
        } else if let f = field(named: key, in: node) {
          let bit: UInt64 = 1 << UInt64(f - node.first)
          if seen & bit != 0 { return false }
          seen |= bit
          if !value(p..<valueEnd, node: fields[f].node) { return false }
        }
        p = skipSpace(valueEnd)
        if line[p] == UInt8(ascii: ",") { p = skipSpace(p + 1) }
      }
      return node.kind == .map || requiredSeen(node, seen)
    }
  }

  /// The inside of a string without escapes.
  func plain(_ range: Range<Int>) -> Range<Int>? {
    guard line[range.lowerBound] == 0x22 else { return nil }
    let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
    for i in inner where line[i] == UInt8(ascii: "\\") { return nil }
    return inner
  }

  func integer(_ range: Range<Int>) -> Int? {
    var i = range.lowerBound
    let negative = line[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    guard i < range.upperBound, range.count <= 18 else { return nil }
    var v = 0
    while i < range.upperBound {
      let d = line[i] &- 48
      guard d < 10 else { return nil }
      v = v * 10 + Int(d)
      i += 1
    }
    return negative ? -v : v
  }

  func skipSpace(_ start: Int) -> Int {
    var p = start
    while p < line.count {
      switch line[p] {
      case 0x20, 0x09, 0x0A, 0x0D: p += 1
      default: return p
      }
    }
    return p
  }

  /// The end of the (valid) string starting at the quote at `start`.
  func stringEnd(_ start: Int) -> Int {
    var p = start + 1
    let base = line.baseAddress!
    while true {
      guard let hit = memchr(base + p, 0x22, line.count - p) else { return line.count }
      let q = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      // A quote after an odd number of backslashes is escaped.
      var backslashes = 0
      while q - backslashes - 1 >= p, line[q - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
      if backslashes % 2 == 0 { return q + 1 }
      p = q + 1
    }
  }

  /// The end of the (valid) value starting at `start`.
  func skip(_ start: Int) -> Int {
    var p = start
    switch line[p] {
    case 0x22:
      return stringEnd(p)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      repeat {
        switch line[p] {
        case 0x22:
          p += 1
          while line[p] != 0x22 { p += line[p] == UInt8(ascii: "\\") ? 2 : 1 }
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        p += 1
      } while depth > 0
      return p
    default:
      while p < line.count {
        switch line[p] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return p
        default: p += 1
        }
      }
      return p
    }
  }
}
