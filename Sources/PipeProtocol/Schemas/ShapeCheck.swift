/// The schema check of a plain line of the last lines' shape: the line is replayed against the
/// shape (`LineShape`, which validates its grammar step by step) and only the values whose kind
/// does not settle the schema are read (a date-time, a choice, a non-empty string, an integer and
/// its rule, a bounded number, the record's `"type"`). What the shape settles once for all its
/// lines, the plan checks when it is made: each key a field of its object and none twice, the
/// required fields there, each value of a kind its field allows, the nesting.
///
/// A shape is learned only from a line the one-pass walk (`OnePassCheck`) found valid and
/// conforming, and a line the replay does not match is read by that walk again, so this answers
/// what the walk answers. `ShapeCheckTests` holds the two together on random and mutated lines.
///
/// One per worker thread (pipe-check's `ChunkChecker`): it is written as lines are read.
public final class ShapeCheck {
  /// The shape of the lines read last, its values to check marked `traced`.
  let shape = LineShape()
  /// Per step of the shape's program: what its value is checked for, and the schema node.
  let checks: UnsafeMutablePointer<Check>
  let nodeOf: UnsafeMutablePointer<Int32>
  /// The schema the plan was made for (its nodes' storage), or nil when there is no plan.
  var plannedFor: UnsafeRawPointer?
  /// The replay's scratch: the record's members.
  let members: UnsafeMutablePointer<MemberSpan>

  /// What a step's value is checked for beyond its kind.
  enum Check: UInt8 {
    case none, nonEmpty, text, int, number, type
  }

  /// A worker's check, without a shape until the first conforming line is read.
  public init() {
    checks = .allocate(capacity: LineShape.maxOps)
    nodeOf = .allocate(capacity: LineShape.maxOps)
    members = .allocate(capacity: LineShape.maxKeys)
  }

  deinit {
    checks.deallocate()
    nodeOf.deallocate()
    members.deallocate()
  }
}

extension CompiledSchema {
  /// Makes `check`'s plan for its shape's program against this schema: true when every step is
  /// one the schema allows (marking the steps whose values must be read), false when the shape
  /// cannot be checked by plan (and no plan is left).
  func plan(_ check: ShapeCheck, nodes: UnsafeBufferPointer<Node>) -> Bool {
    check.plannedFor = nil
    let shape = check.shape
    guard shape.opCount > 0, shape.ops[0] == LineShape.Step.open.rawValue else { return false }
    /// An open container: its node, whether it is an array (else an object), the fields seen.
    struct Frame {
      var node: Int
      var isArray: Bool
      var seen: UInt64 = 0
      var typeSeen = false
    }
    var stack = [Frame(node: root, isArray: false)]
    guard nodes[root].kind == .object, nodes[root].count <= 64 else { return false }
    check.checks[0] = .none
    check.nodeOf[0] = Int32(root)
    for pc in 1..<shape.opCount {
      let op = shape.ops[pc] & ~(LineShape.traced | LineShape.contextual)
      shape.ops[pc] = op
      guard let step = LineShape.Step(rawValue: op & 0xFF), var frame = stack.last else { return false }
      if op & LineShape.opens != 0 {
        // The step opens an array's element, an object, as an `open` step would.
        guard frame.isArray else { return false }
        let child = nodes[frame.node].child
        guard nodes[child].kind == .object, nodes[child].count <= 64 else { return false }
        frame = Frame(node: child, isArray: false)
        stack.append(frame)
      }
      let top = stack.count == 1
      var node = -1
      var isType = false
      if op & LineShape.keyed != 0 {
        guard !frame.isArray else { return false }
        let k = LineShape.keyNumber(op)
        // `,"name":` or `"name":`: the name between the quotes.
        var from = shape.pool + Int(shape.keyStarts[k])
        var count = Int(shape.keyLengths[k])
        if from[0] == UInt8(ascii: ",") || op & LineShape.opens != 0 {
          from += 1
          count -= 1
        }
        from += 1
        count -= 3
        guard count >= 0 else { return false }
        let object = nodes[frame.node]
        if let name = object.table.lookup(key: from, count: count) {
          let bit: UInt64 = 1 &<< UInt64(name.memberIndex)
          guard frame.seen & bit == 0 else { return false }
          frame.seen |= bit
          node = fields[object.first + name.memberIndex].node
        } else if top, count == 4, from[0] == UInt8(ascii: "t"), from[1] == UInt8(ascii: "y"),
          from[2] == UInt8(ascii: "p"), from[3] == UInt8(ascii: "e"), !frame.typeSeen
        {
          frame.typeSeen = true
          isType = true
        } else {
          return false
        }
        stack[stack.count - 1] = frame
      } else if step != .close, step != .arrayEnd, step != .finish {
        guard frame.isArray else { return false }
        node = nodes[frame.node].child
      }
      var what = ShapeCheck.Check.none
      let kind: Kind? = node >= 0 ? nodes[node].kind : nil
      switch step {
      case .string:
        if isType {
          what = .type
        } else {
          switch kind {
          case .string?: what = .none
          case .nonEmptyString?: what = .nonEmpty
          case .dateTime?, .day?, .oneOf?: what = .text
          default: return false
          }
        }
      case .number:
        switch kind {
        case .int?: what = .int
        case .number?: what = .number
        default: return false
        }
      case .bool:
        guard kind == .bool else { return false }
      case .null:
        return false
      case .open:
        guard kind == .object, nodes[node].count <= 64 else { return false }
        stack.append(Frame(node: node, isArray: false))
      case .emptyObject:
        guard kind == .object, nodes[node].count <= 64, nodes[node].required == 0 else { return false }
      case .arrayOpen:
        guard kind == .array else { return false }
        stack.append(Frame(node: node, isArray: true))
      case .emptyArray:
        guard kind == .array else { return false }
      case .close:
        let required = nodes[frame.node].required
        guard !frame.isArray, !top, frame.seen & required == required else { return false }
        stack.removeLast()
      case .arrayEnd:
        if op & LineShape.closes != 0 {
          // The element's `}` first, as a `close` step reads it.
          let required = nodes[frame.node].required
          guard !frame.isArray, stack.count > 2, frame.seen & required == required else { return false }
          stack.removeLast()
        }
        guard let array = stack.last, array.isArray else { return false }
        stack.removeLast()
      case .finish:
        let required = nodes[frame.node].required
        guard top, !frame.isArray, frame.typeSeen, frame.seen & required == required,
          pc == shape.opCount - 1
        else { return false }
        stack.removeLast()
      }
      check.checks[pc] = what
      check.nodeOf[pc] = Int32(node)
      if what != .none { shape.ops[pc] = op | LineShape.traced | (what == .type ? LineShape.contextual : 0) }
    }
    guard stack.isEmpty else { return false }
    check.plannedFor = UnsafeRawPointer(nodes.baseAddress)
    return true
  }
}

extension CompiledSchema.Checker {
  /// Whether the values `check`'s replay traced (`words` words) conform, the record's type
  /// being `type`.
  func traced(_ check: ShapeCheck, words: Int, type: UnsafeBufferPointer<UInt8>) -> Bool {
    let b = json.bytes.baseAddress!
    let trace = check.shape.values
    var t = 0
    while t < words {
      let pc = trace[t]
      let start = trace[t &+ 1]
      let end = trace[t &+ 2]
      t &+= 3
      let node = UnsafePointer(nodes.baseAddress! + Int(check.nodeOf[pc]))
      switch check.checks[pc] {
      case .none:
        break
      case .nonEmpty:
        guard end &- start > 2 else { return false }
      case .text:
        guard textConforms((start &+ 1)..<(end &- 1), node.pointee) else { return false }
      case .int:
        // A JSON integer of 1 to 18 digits, as the one-pass walk reads it (the replay read it as
        // a number: a fraction or an exponent makes it none).
        let negative = b[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start &+ 1 : start
        guard end &- digitsStart <= 18 else { return false }
        var v = 0
        var j = digitsStart
        while j < end {
          let d = b[j] &- 48
          guard d < 10 else { return false }
          v = v &* 10 &+ Int(d)
          j &+= 1
        }
        guard intAllowed(negative ? -v : v, node.pointee) else { return false }
      case .number:
        var exponent = false
        var j = start
        while j < end {
          if b[j] | 0x20 == UInt8(ascii: "e") { exponent = true }
          j &+= 1
        }
        guard numberWithin(start..<end, exponent: exponent, node.pointee) else { return false }
      case .type:
        guard end &- start &- 2 == type.count,
          type.isEmpty || Bytes.equal(b + (start &+ 1), type.baseAddress!, count: type.count)
        else { return false }
      }
    }
    return true
  }
}
