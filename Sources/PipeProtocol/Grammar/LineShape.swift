/// The shape of a plain, compact record line that `StructuralIndexer`'s walk accepted: its keys as
/// written and the kind of each value, in order, learned from one line and replayed against the
/// next. The lines of a stream mostly share one shape (orders as the tools write them, whatever
/// their number of items): a line of that shape is validated by comparing each key's written
/// bytes whole (`,"key":`) and reading each value as the kind it had, without the walk's general
/// steps (which container is open, whether a key came before, what a value is). A line the replay
/// does not match is walked as before, and its shape learned in turn.
///
/// The replay accepts only what the walk accepts, with the same members: every byte it passes is
/// one it checked (a key's bytes, a number's digits, a literal's letters, a bracket), so a string
/// ends at the next quote of the bitmap, as in the walk; each object's keys are the learned line's,
/// distinct; and the nesting and member counts are the learned line's, within the walk's limits.
/// `LineShapeTests` holds the two together on random and mutated lines.
///
/// One per worker thread (`RecordIndexer`'s buffers): it is written as lines are read.
public final class LineShape {
  /// The program: one word per step, the step's code in the low byte and its argument above.
  let ops: UnsafeMutablePointer<UInt32>
  var opCount = 0
  /// The keys' written forms (with the comma before them, but for an object's first), in `pool`,
  /// and for forms of at most 16 bytes their first and second eight bytes with masks.
  let pool: UnsafeMutablePointer<UInt8>
  var poolCount = 0
  let keyWords: UnsafeMutablePointer<UInt64>
  let keyStarts: UnsafeMutablePointer<Int32>
  let keyLengths: UnsafeMutablePointer<Int32>
  var keyCount = 0
  /// The deepest nesting of the learned line (its record is depth 1), and its top-level members.
  var depth = 0
  var topCount = 0
  /// Lines the shape matched since it was learned, and plain lines to walk (without a replay)
  /// before learning again: more after each shape that matched few (a stream whose shape changes
  /// line by line), none after one that matched many.
  var hits = 0
  var wait = 0
  var backoff = 0
  /// Lines replayed so far, whatever the shape (unlike `hits`, never set back): a caller that
  /// reads it before and after a line knows whether the replay read it.
  var replays = 0
  /// Shapes learned so far (tried): two lines the replay read with the same generation have the
  /// same keys in the same places.
  var generation = 0
  /// Where a replay with a trace writes the values of the steps marked `traced`.
  let values: UnsafeMutablePointer<Int>
  /// The runs of members whose bytes do not change from line to line, compared whole.
  let literals = LiteralRuns()

  /// Room for the values of every step of the longest plain line (the replay reads no other): a
  /// step that is traced reads at least one byte of its own (a value's first, a bracket).
  static let traceCapacity = 3 * StructuralIndexer.maxPlainLength

  static let maxOps = 2048
  static let maxPool = 4096
  static let maxKeys = 512

  /// The steps of a program. A step's word holds its code in the low byte, its flags in the next
  /// (`keyed`, `topKey`, `endsMember`) and its argument in the high half: where an array's element
  /// steps start, or for a keyed step the key's number (`keyNumber`) and the length of its written
  /// form when that is below 128 (`keyLength`; else 0, and `keyLengths` has it), so that the replay
  /// compares a short key with no lookup but its words.
  enum Step: UInt32 {
    /// The record's last `}`, then only spaces.
    case finish
    /// A value of its kind (an object's or array's first byte for `open` and `arrayOpen`; the
    /// record's own `{`, at byte 0, is an `open` too). An array's element that is an object has
    /// no `open`: its first key's step reads its `{` (`opens`).
    case string, number, bool, null, open, emptyObject, emptyArray, arrayOpen
    /// A nested object's `}`, but for an array's element, whose `}` the `arrayEnd` after it reads
    /// (`closes`).
    case close
    /// After an array's element: `,` and the element's steps again, or `]`.
    case arrayEnd
  }

  /// The step's value comes after a key: the argument's written form.
  static let keyed: UInt32 = 1 << 8
  /// That key is the record's: its member starts.
  static let topKey: UInt32 = 2 << 8
  /// The step ends a member of the record: its span is written.
  static let endsMember: UInt32 = 4 << 8
  /// The step's value is written to the trace, when the replay keeps one (`ShapeCheck` marks the
  /// values its schema checks).
  static let traced: UInt32 = 8 << 8
  /// The step starts a run of members compared whole (`LiteralRuns`): its number in `runAt`.
  static let literal: UInt32 = 16 << 8
  /// The traced value is checked against more than its schema's field (the record's `"type"`,
  /// against the type the caller expects): a run of members compared whole still notes it, where
  /// it notes no other (see `LiteralRuns.add`).
  static let contextual: UInt32 = 32 << 8
  /// The keyed step is the first member of an object that is an array's element: the key's
  /// written form starts with the object's `{` (no `open` step of its own).
  static let opens: UInt32 = 64 << 8
  /// The `arrayEnd` step follows an element that is an object: its `}` comes first (no `close`
  /// step of its own).
  static let closes: UInt32 = 128 << 8

  /// The key number of keyed step `op` (below `maxKeys`).
  @inline(__always)
  static func keyNumber(_ op: UInt32) -> Int { Int(truncatingIfNeeded: op &>> 16 & 0x1FF) }

  /// The length of keyed step `op`'s written form when it is below 128, else 0.
  @inline(__always)
  static func keyLength(_ op: UInt32) -> Int { Int(truncatingIfNeeded: op &>> 25) }

  /// A worker's shape, empty until the first plain line is walked.
  public init() {
    ops = .allocate(capacity: Self.maxOps)
    pool = .allocate(capacity: Self.maxPool)
    keyWords = .allocate(capacity: 4 * Self.maxKeys)
    keyStarts = .allocate(capacity: Self.maxKeys)
    keyLengths = .allocate(capacity: Self.maxKeys)
    values = .allocate(capacity: Self.traceCapacity)
  }

  deinit {
    ops.deallocate()
    pool.deallocate()
    keyWords.deallocate()
    keyStarts.deallocate()
    keyLengths.deallocate()
    values.deallocate()
  }

  /// Replays the shape against the plain line of `end` bytes at `b` (`quotes` its bitmap): true,
  /// with its top-level members in `members`, when the line has the shape and is valid; false
  /// when there is no shape, the line is not of it, or its limits are not met (`maxDepth`,
  /// `capacity` members).
  @inline(__always)
  func replay(
    _ b: UnsafePointer<UInt8>, _ end: Int, _ maxDepth: Int, quotes: UnsafePointer<UInt64>,
    members: UnsafeMutablePointer<MemberSpan>, capacity: Int, count: inout Int
  ) -> Bool {
    // While learning waits (the last shapes matched few lines), the replay waits too: a stream
    // whose shape changes line by line is walked as it was, not replayed in vain first.
    guard opCount > 0, wait == 0, depth <= min(max(1, maxDepth), StructuralIndexer.maxNesting),
      topCount <= capacity
    else { return false }
    let last = StructuralIndexer.lastNonSpace(b, end)
    guard b[last] == UInt8(ascii: "}") else { return false }
    var run = Run(shape: self, b: b, end: end, last: last, quotes: quotes, members: members)
    guard run.run(from: 0, to: opCount, at: 0) == end else { return false }
    count = run.batched
    hits &+= 1
    replays &+= 1
    if literals.due { literals.find(b, members: members, count: count, in: self) }
    return true
  }

  /// `replay`, writing the values of the steps marked `traced` to `values`, three words each (the
  /// step's number, the value's first offset, the offset after it): how many words it wrote, or
  /// -1 when the line is not of the shape.
  func replay(
    _ b: UnsafePointer<UInt8>, _ end: Int, _ maxDepth: Int, quotes: UnsafePointer<UInt64>,
    members: UnsafeMutablePointer<MemberSpan>
  ) -> Int {
    guard opCount > 0, wait == 0, depth <= min(max(1, maxDepth), StructuralIndexer.maxNesting),
      topCount <= LineShape.maxKeys
    else { return -1 }
    let last = StructuralIndexer.lastNonSpace(b, end)
    guard b[last] == UInt8(ascii: "}") else { return -1 }
    var run = Run(shape: self, b: b, end: end, last: last, quotes: quotes, members: members)
    var trace = Trace(words: values)
    guard run.run(from: 0, to: opCount, at: 0, trace: &trace) == end else { return -1 }
    hits &+= 1
    replays &+= 1
    if literals.due { literals.find(b, members: members, count: run.batched, in: self) }
    return trace.count
  }

  /// Where a replay writes the values of its `traced` steps. The replay's loop is made once for
  /// each kind (`Trace`, `NoTrace`), so that the one without keeps its registers: one loop that
  /// could trace cost sales-chart's replays 7% more instructions, in spilled registers.
  protocol ValueTrace {
    /// Whether every step's value is noted (else only those marked `traced`).
    static var every: Bool { get }
    /// Notes the value of step `pc` at `start..<end`.
    mutating func note(_ pc: Int, _ start: Int, _ end: Int)
  }

  /// No trace: the replay of sales-chart, annotate and the store.
  struct NoTrace: ValueTrace {
    static var every: Bool { false }
    @inline(__always)
    mutating func note(_ pc: Int, _ start: Int, _ end: Int) {}
  }

  /// Where each step's value starts and ends on the learned line (`LiteralRuns`), step by step.
  struct Positions: ValueTrace {
    static var every: Bool { true }
    let at: UnsafeMutablePointer<Int32>
    let end: UnsafeMutablePointer<Int32>

    @inline(__always)
    mutating func note(_ pc: Int, _ start: Int, _ end: Int) {
      at[pc] = Int32(start)
      self.end[pc] = Int32(end)
    }
  }

  /// Three words per value, in `words`.
  struct Trace: ValueTrace {
    static var every: Bool { false }
    /// Room for `traceCapacity` words: no replay writes more.
    let words: UnsafeMutablePointer<Int>
    var count = 0

    @inline(__always)
    mutating func note(_ pc: Int, _ start: Int, _ end: Int) {
      words[count] = pc
      words[count &+ 1] = start
      words[count &+ 2] = end
      count &+= 3
    }
  }

  /// One replay over a line.
  struct Run {
    let ops: UnsafeMutablePointer<UInt32>
    let keyWords: UnsafeMutablePointer<UInt64>
    let keyStarts: UnsafeMutablePointer<Int32>
    let keyLengths: UnsafeMutablePointer<Int32>
    let pool: UnsafeMutablePointer<UInt8>
    let b: UnsafePointer<UInt8>
    let end: Int
    /// The line's last byte that is not a space: its closing brace.
    let last: Int
    let quotes: UnsafePointer<UInt64>
    let members: UnsafeMutablePointer<MemberSpan>?
    var batched = 0
    /// `LiteralRuns`' storage (its pointers, not the object: a reference would be counted on
    /// every replay).
    let runs: UnsafeMutablePointer<LiteralRuns.Run>
    let runAt: UnsafeMutablePointer<Int32>
    let runBytes: UnsafeMutablePointer<UInt8>
    let runSpans: UnsafeMutablePointer<MemberSpan>
    let runNotes: UnsafeMutablePointer<Int32>

    init(
      shape: LineShape, b: UnsafePointer<UInt8>, end: Int, last: Int, quotes: UnsafePointer<UInt64>,
      members: UnsafeMutablePointer<MemberSpan>?
    ) {
      ops = shape.ops
      keyWords = shape.keyWords
      keyStarts = shape.keyStarts
      keyLengths = shape.keyLengths
      pool = shape.pool
      self.b = b
      self.end = end
      self.last = last
      self.quotes = quotes
      self.members = members
      let literals = shape.literals
      runs = literals.runs
      runAt = literals.runAt
      runBytes = literals.bytes
      runSpans = literals.spans
      runNotes = literals.notes
    }

    /// Runs steps `pc..<stop` from byte `i`: the offset after them, or -1 when the line does not
    /// follow them. Every read is at most at `last` (see each step), and a load of eight bytes
    /// only where eight are left.
    mutating func run(from start: Int, to stop: Int, at start_i: Int) -> Int {
      var none = NoTrace()
      return steps(from: start, to: stop, at: start_i, trace: &none)
    }

    /// `run`, noting the values of `traced` steps in `trace`.
    mutating func run(from start: Int, to stop: Int, at start_i: Int, trace: inout Trace) -> Int {
      steps(from: start, to: stop, at: start_i, trace: &trace)
    }

    /// `run`, noting where every step's value is (the learned line's, for `LiteralRuns`).
    mutating func run(from start: Int, to stop: Int, at start_i: Int, positions: inout Positions) -> Int {
      steps(from: start, to: stop, at: start_i, trace: &positions)
    }

    /// The run of members that starts at step `pc` and byte `i`, compared whole: the offset after
    /// it (its members and traced values written), or -1 when the line's bytes differ there.
    @inline(never)
    mutating func literal<T: ValueTrace>(_ pc: Int, _ i: Int, batched: inout Int, trace: inout T) -> Int {
      let run = runs + Int(runAt[pc])
      let length = Int(run.pointee.length)
      // The run's bytes are all before the record's closing brace (`close` steps need that).
      guard i &+ length <= last, ShortBytes.equal(b + i, runBytes + Int(run.pointee.start), count: length)
      else {
        run.pointee.misses &+= 1
        // A value that only looked constant: the run costs a comparison on every line.
        if run.pointee.misses > 16, run.pointee.misses &* 4 > run.pointee.hits {
          ops[pc] &= ~LineShape.literal
        }
        return -1
      }
      run.pointee.hits &+= 1
      let members = self.members.unsafelyUnwrapped
      var span = runSpans + Int(run.pointee.spans)
      for _ in 0..<Int(run.pointee.spanCount) {
        let s = span.pointee
        members[batched] = MemberSpan(
          key: Range(uncheckedBounds: (s.key.lowerBound &+ i, s.key.upperBound &+ i)), keyHasEscapes: false,
          value: Range(uncheckedBounds: (s.value.lowerBound &+ i, s.value.upperBound &+ i)), kind: s.kind)
        batched &+= 1
        span += 1
      }
      if !(T.self == NoTrace.self) {
        var note = runNotes + Int(run.pointee.notes)
        for _ in 0..<Int(run.pointee.noteCount) {
          trace.note(Int(note[0]), Int(note[1]) &+ i, Int(note[2]) &+ i)
          note += 3
        }
      }
      return i &+ length
    }

    /// The loop of `run`, made in each (its calls are inlined).
    @inline(__always)
    mutating func steps<T: ValueTrace>(from start: Int, to stop: Int, at start_i: Int, trace: inout T) -> Int
    {
      // What every step reads, in locals, so that the loop keeps it in registers; what only the
      // rarer steps read (a long key's form, the record's last brace, the members) stays in
      // `self`, so that the registers are not spilled on every step.
      let ops = self.ops
      let keyWords = self.keyWords
      let b = self.b
      let end = self.end
      let quotes = self.quotes
      var batched = self.batched
      defer { self.batched = batched }
      var pc = start
      var i = start_i
      while pc < stop {
        let op = ops[pc]
        if !T.every, op & LineShape.literal != 0 {
          let after = literal(pc, i, batched: &batched, trace: &trace)
          if after >= 0 {
            i = after
            pc = Int(runs[Int(runAt[pc])].endPC)
            continue
          }
        }
        pc &+= 1
        if op & LineShape.keyed != 0 {
          let k = LineShape.keyNumber(op)
          var length = LineShape.keyLength(op)
          if length == 0 { length = Int(keyLengths[k]) }
          guard
            Self.key(
              b, i, length, end: end, words: keyWords + 4 &* k,
              written: { UnsafePointer(pool + Int(keyStarts[k])) }, last)
          else { return -1 }
          if op & LineShape.topKey != 0 {
            // The member's key and where its value starts, written now: nothing held in registers
            // until the step that ends it (`,"key":` or `"key":`).
            let member = members.unsafelyUnwrapped + batched
            let valueStart = i &+ length
            member.pointee.key = Range(
              uncheckedBounds: (i &+ (b[i] == UInt8(ascii: ",") ? 2 : 1), valueStart &- 2))
            member.pointee.keyHasEscapes = false
            member.pointee.value = Range(uncheckedBounds: (valueStart, valueStart))
            member.pointee.kind = b[valueStart]
          }
          i &+= length
        }
        let at = i
        switch op & 0xFF {
        case Step.string.rawValue:
          // The quote at `i` opens a string: every byte before it was checked, so no quote was
          // passed over, and the string ends at the next one (before `last`, a brace).
          guard b[i] == UInt8(ascii: "\""),
            let close = StructuralIndexer.quote(after: i &+ 1, in: quotes, count: end)
          else { return -1 }
          i = close &+ 1
        case Step.number.rawValue:
          i = StructuralIndexer.plainNumber(b, i, end: end)
          if i < 0 { return -1 }
        case Step.open.rawValue:
          guard b[i] == UInt8(ascii: "{") else { return -1 }
          i &+= 1
        case Step.close.rawValue:
          // A nested object's brace: the record's own is still to come.
          guard b[i] == UInt8(ascii: "}"), i < last else { return -1 }
          i &+= 1
        case Step.arrayOpen.rawValue:
          guard b[i] == UInt8(ascii: "[") else { return -1 }
          i &+= 1
        case Step.arrayEnd.rawValue:
          if op & LineShape.closes != 0 {
            // The element's `}`, as a `close` step reads it.
            guard b[i] == UInt8(ascii: "}"), i < last else { return -1 }
            i &+= 1
          }
          let c = b[i]
          i &+= 1
          if c == UInt8(ascii: ",") {
            pc = Int(op &>> 16)
            continue
          }
          guard c == UInt8(ascii: "]") else { return -1 }
        case Step.bool.rawValue:
          // `true` or `false`: a field that holds one holds the other on other lines.
          if OpenContainers.literal(b, at: i, end: end, 0x6575_7274, 4) {
            i &+= 4
          } else {
            guard OpenContainers.literal(b, at: i, end: end, 0x65_736C_6166, 5) else { return -1 }
            i &+= 5
          }
        case Step.null.rawValue:
          guard OpenContainers.literal(b, at: i, end: end, 0x6C6C_756E, 4) else { return -1 }
          i &+= 4
        case Step.emptyObject.rawValue:
          guard b[i] == UInt8(ascii: "{"), b[i &+ 1] == UInt8(ascii: "}"), i &+ 1 < last else { return -1 }
          i &+= 2
        case Step.emptyArray.rawValue:
          guard b[i] == UInt8(ascii: "["), b[i &+ 1] == UInt8(ascii: "]") else { return -1 }
          i &+= 2
        default:  // finish
          // The record's closing brace must be the line's last byte but spaces.
          guard i == last else { return -1 }
          i = end
        }
        if op & LineShape.endsMember != 0 {
          let member = members.unsafelyUnwrapped + batched
          member.pointee.value = Range(uncheckedBounds: (member.pointee.value.lowerBound, i))
          batched &+= 1
        }
        if !(T.self == NoTrace.self), T.every || op & LineShape.traced != 0 { trace.note(pc &- 1, at, i) }
      }
      return i
    }

    /// Whether the `length` bytes at `i` are a key's written form (`words`: its first sixteen
    /// bytes and their masks; `written`: the whole form). None of them is the closing brace at
    /// `last` (a form ends with its colon), so a match stays before it.
    @inline(__always)
    static func key(
      _ b: UnsafePointer<UInt8>, _ i: Int, _ length: Int, end: Int, words: UnsafePointer<UInt64>,
      written: () -> UnsafePointer<UInt8>, _ last: @autoclosure () -> Int
    ) -> Bool {
      if length <= 16, i &+ 16 <= end {
        let p = UnsafeRawPointer(b + i)
        let first = (p.loadUnaligned(as: UInt64.self) ^ words[0]) & words[2]
        let second = (p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ words[1]) & words[3]
        return first | second == 0
      }
      guard i &+ length <= last() else { return false }
      return Bytes.equal(b + i, written(), count: length)
    }
  }

  /// After the walk accepted the plain line (`.plain`), learns its shape when one is due: always
  /// after a shape that matched many lines, less often after each that matched few.
  /// Whether it learned one (or left none, when the line could not be learned).
  @discardableResult
  func learnIfDue(_ b: UnsafePointer<UInt8>, _ end: Int, quotes: UnsafePointer<UInt64>) -> Bool {
    if wait > 0 {
      wait &-= 1
      return false
    }
    backoff = hits >= 16 ? 0 : min(max(1, backoff &* 2), 1024)
    wait = backoff
    hits = 0
    learn(b, end, quotes: quotes)
    return true
  }

  /// Learns the shape of a line the walk accepted as plain; leaves no shape when the line is not
  /// compact (a space outside strings), or too big for the program's room.
  func learn(_ b: UnsafePointer<UInt8>, _ end: Int, quotes: UnsafePointer<UInt64>) {
    generation &+= 1
    opCount = 0
    poolCount = 0
    keyCount = 0
    depth = 0
    topCount = 0
    literals.reset()
    let last = StructuralIndexer.lastNonSpace(b, end)
    var learner = Learner(shape: self, b: b, end: end, last: last, quotes: quotes)
    guard learner.record() else {
      opCount = 0
      return
    }
    depth = learner.deepest
    topCount = learner.top
    // Where each step's value is on this line, for the runs the next line will find.
    var run = Run(shape: self, b: b, end: end, last: last, quotes: quotes, members: literals.learnedSpans)
    var positions = Positions(at: literals.stepAt, end: literals.stepEnd)
    if topCount <= LineShape.maxKeys, run.run(from: 0, to: opCount, at: 0, positions: &positions) == end {
      literals.keep(b, end, members: run.batched, of: self)
    }
  }

  /// Writes a program from a line the walk accepted: every step can trust its grammar.
  struct Learner {
    let shape: LineShape
    let b: UnsafePointer<UInt8>
    let end: Int
    let last: Int
    let quotes: UnsafePointer<UInt64>
    var deepest = 0
    var top = 0

    mutating func emit(_ step: Step, flags: UInt32 = 0, _ argument: Int = 0) -> Bool {
      guard shape.opCount < LineShape.maxOps else { return false }
      shape.ops[shape.opCount] = step.rawValue | flags | UInt32(argument) &<< 16
      shape.opCount &+= 1
      return true
    }

    /// Notes the written form of a key, `from..<to`: its number, or nil when there is no room.
    mutating func key(_ from: Int, _ to: Int) -> Int? {
      let length = to &- from
      let shape = self.shape
      guard shape.keyCount < LineShape.maxKeys, shape.poolCount &+ length <= LineShape.maxPool else {
        return nil
      }
      let k = shape.keyCount
      shape.keyCount &+= 1
      (shape.pool + shape.poolCount).update(from: b + from, count: length)
      shape.keyStarts[k] = Int32(shape.poolCount)
      shape.keyLengths[k] = Int32(length)
      shape.poolCount &+= length
      var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
      for j in 0..<min(length, 16) {
        let byte = UInt64(b[from &+ j]) &<< (8 &* UInt64(j & 7))
        let mask = UInt64(0xFF) &<< (8 &* UInt64(j & 7))
        if j < 8 {
          words.0 |= byte
          words.2 |= mask
        } else {
          words.1 |= byte
          words.3 |= mask
        }
      }
      let slot = shape.keyWords + 4 &* k
      slot[0] = words.0
      slot[1] = words.1
      slot[2] = words.2
      slot[3] = words.3
      return k
    }

    /// The record: `{`, its members, `}` as the last byte but spaces.
    mutating func record() -> Bool {
      guard b[0] == UInt8(ascii: "{"), emit(.open) else { return false }
      deepest = 1
      var i = 1
      if b[i] != UInt8(ascii: "}") {
        while true {
          guard let (form, after) = keyForm(at: i, comma: top > 0),
            let k = key(form.lowerBound, form.upperBound)
          else { return false }
          shape.literals.memberPCs[top] = Int32(shape.opCount)
          i = value(at: after, depth: 1, key: k, top: true)
          guard i >= 0 else { return false }
          top &+= 1
          if b[i] != UInt8(ascii: ",") { break }
        }
      }
      shape.literals.memberPCs[top] = Int32(shape.opCount)
      guard b[i] == UInt8(ascii: "}"), emit(.finish) else { return false }
      i &+= 1
      while i < end, b[i] == 0x20 { i &+= 1 }
      return i == end
    }

    /// The written form of the key whose quote (or the comma before it, with `comma`) is at `i`,
    /// and the offset after its colon; nil when a space stands in the way.
    func keyForm(at i: Int, comma: Bool) -> (Range<Int>, Int)? {
      var q = i
      if comma {
        guard b[q] == UInt8(ascii: ",") else { return nil }
        q &+= 1
      }
      guard b[q] == UInt8(ascii: "\""),
        let close = StructuralIndexer.quote(after: q &+ 1, in: quotes, count: end),
        close &+ 1 < end, b[close &+ 1] == UInt8(ascii: ":")
      else { return nil }
      return (i..<(close &+ 2), close &+ 2)
    }

    /// The value at `i` inside a container at `depth`, after key `key` (nil in an array), a
    /// member of the record when `top`: the offset after it, or -1.
    mutating func value(at i: Int, depth: Int, key: Int?, top: Bool, opens: Bool = false) -> Int {
      let keyFlags =
        key == nil ? 0 : LineShape.keyed | (top ? LineShape.topKey : 0) | (opens ? LineShape.opens : 0)
      var argument = key ?? 0
      if let key, shape.keyLengths[key] < 128 { argument |= Int(shape.keyLengths[key]) &<< 9 }
      let ends = top ? LineShape.endsMember : 0
      switch b[i] {
      case UInt8(ascii: "\""):
        guard emit(.string, flags: keyFlags | ends, argument),
          let close = StructuralIndexer.quote(after: i &+ 1, in: quotes, count: end)
        else { return -1 }
        return close &+ 1
      case UInt8(ascii: "t"): return emit(.bool, flags: keyFlags | ends, argument) ? i &+ 4 : -1
      case UInt8(ascii: "f"): return emit(.bool, flags: keyFlags | ends, argument) ? i &+ 5 : -1
      case UInt8(ascii: "n"): return emit(.null, flags: keyFlags | ends, argument) ? i &+ 4 : -1
      case UInt8(ascii: "{"):
        deepest = max(deepest, depth &+ 1)
        if b[i &+ 1] == UInt8(ascii: "}") {
          return emit(.emptyObject, flags: keyFlags | ends, argument) ? i &+ 2 : -1
        }
        // An array's element (no key) has no `open` step: its `{` is the first key's written form's
        // first byte (`opens`), one step fewer for every element (an order's items).
        let element = key == nil
        if !element {
          guard emit(.open, flags: keyFlags, argument) else { return -1 }
        }
        var j = i &+ 1
        var first = true
        while true {
          guard let (form, after) = keyForm(at: j, comma: !first),
            let k = self.key(first && element ? i : form.lowerBound, form.upperBound)
          else { return -1 }
          j = value(at: after, depth: depth &+ 1, key: k, top: false, opens: first && element)
          first = false
          guard j >= 0 else { return -1 }
          if b[j] != UInt8(ascii: ",") { break }
        }
        guard b[j] == UInt8(ascii: "}"), emit(.close, flags: ends) else { return -1 }
        return j &+ 1
      case UInt8(ascii: "["):
        deepest = max(deepest, depth &+ 1)
        if b[i &+ 1] == UInt8(ascii: "]") {
          return emit(.emptyArray, flags: keyFlags | ends, argument) ? i &+ 2 : -1
        }
        guard emit(.arrayOpen, flags: keyFlags, argument) else { return -1 }
        let body = shape.opCount
        var j = value(at: i &+ 1, depth: depth &+ 1, key: nil, top: false)
        guard j >= 0 else { return -1 }
        let stop = shape.opCount
        // The other elements must follow the first's steps.
        var run = Run(shape: shape, b: b, end: end, last: last, quotes: quotes, members: nil)
        while b[j] == UInt8(ascii: ",") {
          j = run.run(from: body, to: stop, at: j &+ 1)
          guard j >= 0 else { return -1 }
        }
        // An element that is an object ends with its `close` step: the `arrayEnd` reads its `}`
        // (`closes`), one step fewer for every element.
        var closes: UInt32 = 0
        if stop > body, shape.ops[stop &- 1] == Step.close.rawValue {
          shape.opCount &-= 1
          closes = LineShape.closes
        }
        guard b[j] == UInt8(ascii: "]"), emit(.arrayEnd, flags: ends | closes, body) else { return -1 }
        return j &+ 1
      default:
        // A number (the walk read it): up to the first byte that cannot be in one.
        guard emit(.number, flags: keyFlags | ends, argument) else { return -1 }
        var j = i
        while true {
          let d = b[j]
          guard
            d &- 48 < 10 || d == UInt8(ascii: "-") || d == UInt8(ascii: "+") || d == UInt8(ascii: ".")
              || d | 0x20 == UInt8(ascii: "e")
          else { break }
          j &+= 1
        }
        return j
      }
    }
  }
}
