/// Runs of a shape's top-level members whose bytes were the same on the line the shape was
/// learned from and on the first line it replayed (a stream's city, parking spot and status, the
/// record's type): a later line of the shape is compared with such a run's bytes whole, one
/// comparison in place of a key and a value per member, and where it differs the replay goes on
/// step by step as if there were no run.
///
/// The comparison is enough: the run's bytes are the learned line's, which the walk accepted, at
/// the same place in the same steps (a run starts at a member's key and ends after a member's
/// value, outside any array), so the same bytes are the same members. A run that keeps differing
/// (a value that only looked constant) is dropped. `LineShapeTests` holds the replay with runs
/// to the walk on streams whose members change now and then.
///
/// One per `LineShape`: it is written as lines are read.
final class LiteralRuns {
  /// A run: its bytes in `bytes`, the steps it stands for (`firstPC` holds the `literal` flag),
  /// its members' spans and `contextual` traced values relative to its first byte, and its tally.
  struct Run {
    var start: Int32 = 0
    var length: Int32 = 0
    var endPC: Int32 = 0
    var spans: Int32 = 0
    var spanCount: Int32 = 0
    var notes: Int32 = 0
    var noteCount: Int32 = 0
    var hits: Int32 = 0
    var misses: Int32 = 0
  }

  let runs: UnsafeMutablePointer<Run>
  var count = 0
  /// Per step: the run it starts (where its op has the `literal` flag).
  let runAt: UnsafeMutablePointer<Int32>
  let bytes: UnsafeMutablePointer<UInt8>
  var byteCount = 0
  let spans: UnsafeMutablePointer<MemberSpan>
  var spanCount = 0
  /// Three words per `contextual` traced value: the step, its value's start and end.
  var notes: UnsafeMutablePointer<Int32> { runAt + LineShape.maxOps }
  var noteCount = 0

  /// The learned line, its top-level members, where each member's steps start (and, last, where
  /// the record's `finish` is), and where each step's value starts and ends on it: in the second
  /// halves of `bytes` and `spans`, and after `notes`.
  var learned: UnsafeMutablePointer<UInt8> { bytes + StructuralIndexer.maxPlainLength }
  var learnedCount = 0
  var learnedSpans: UnsafeMutablePointer<MemberSpan> { spans + LineShape.maxKeys }
  var memberPCs: UnsafeMutablePointer<Int32> { notes + 3 * LineShape.maxOps }
  var stepAt: UnsafeMutablePointer<Int32> { memberPCs + LineShape.maxKeys + 1 }
  var stepEnd: UnsafeMutablePointer<Int32> { stepAt + LineShape.maxOps }
  /// A shape was learned and its runs are still to be found, on the next line it replays.
  var due = false

  /// How many times a run stood for its members, over the runs of the shape (for the tests).
  var used: Int { (0..<count).reduce(0) { $0 + Int(runs[$1].hits) } }

  /// Four allocations, the buffers above placed in them: the runs; the runs' bytes, then the
  /// learned line; the runs' spans, then the learned line's; and the 32-bit words (`runAt`,
  /// `notes`, `memberPCs`, `stepAt`, `stepEnd`, in that order).
  init() {
    runs = .allocate(capacity: LineShape.maxKeys)
    bytes = .allocate(capacity: 2 * StructuralIndexer.maxPlainLength)
    spans = .allocate(capacity: 2 * LineShape.maxKeys)
    runAt = .allocate(capacity: 6 * LineShape.maxOps + LineShape.maxKeys + 1)
  }

  deinit {
    runs.deallocate()
    bytes.deallocate()
    spans.deallocate()
    runAt.deallocate()
  }

  /// Forgets the runs and the learned line (a shape is being learned).
  func reset() {
    count = 0
    byteCount = 0
    spanCount = 0
    noteCount = 0
    learnedCount = 0
    due = false
  }

  /// Keeps the line `shape` was just learned from (`end` bytes at `b`, `members` its `members`
  /// top-level spans, `stepAt`/`stepEnd` already written), so that the next line replayed finds
  /// the runs.
  func keep(_ b: UnsafePointer<UInt8>, _ end: Int, members: Int, of shape: LineShape) {
    guard end <= StructuralIndexer.maxPlainLength, members == shape.topCount else { return }
    learned.update(from: b, count: end)
    learnedCount = end
    due = true
  }

  /// Finds the runs from the first line the shape replayed after it was learned (`b`, its
  /// top-level `members`), marking each run's first step `literal` in `shape`'s program.
  func find(
    _ b: UnsafePointer<UInt8>, members: UnsafePointer<MemberSpan>, count memberCount: Int, in shape: LineShape
  ) {
    due = false
    guard learnedCount > 0, memberCount == shape.topCount else { return }
    /// Whether member `m` has the bytes it had on the learned line, and no array of elements.
    func same(_ m: Int) -> Bool {
      let was = learnedSpans[m].value
      let now = members[m].value
      guard was.count == now.count,
        Bytes.equal(learned + was.lowerBound, b + now.lowerBound, count: was.count)
      else { return false }
      for pc in Int(memberPCs[m])..<Int(memberPCs[m &+ 1])
      where shape.ops[pc] & 0xFF == LineShape.Step.arrayOpen.rawValue {
        return false
      }
      return true
    }
    var m = 0
    while m < memberCount {
      var n = m
      while n < memberCount, same(n) { n &+= 1 }
      // One step alone is a key and a value: no fewer comparisons as a run.
      if n &- m > 0, memberPCs[n] &- memberPCs[m] >= 2 { add(m, n, in: shape) }
      m = max(n, m &+ 1)
    }
  }

  /// Makes members `m..<n` of the learned line a run.
  func add(_ m: Int, _ n: Int, in shape: LineShape) {
    // The first member's written key: `,"key":`, or `"key":` for the record's first.
    let start = learnedSpans[m].key.lowerBound &- (m > 0 ? 2 : 1)
    let end = learnedSpans[n &- 1].value.upperBound
    let firstPC = Int(memberPCs[m])
    let endPC = Int(memberPCs[n])
    var run = Run()
    run.start = Int32(byteCount)
    run.length = Int32(end &- start)
    run.endPC = Int32(endPC)
    (bytes + byteCount).update(from: learned + start, count: end &- start)
    byteCount &+= end &- start
    run.spans = Int32(spanCount)
    for k in m..<n {
      let span = learnedSpans[k]
      spans[spanCount] = MemberSpan(
        key: (span.key.lowerBound &- start)..<(span.key.upperBound &- start), keyHasEscapes: false,
        value: (span.value.lowerBound &- start)..<(span.value.upperBound &- start), kind: span.kind)
      spanCount &+= 1
    }
    run.spanCount = Int32(n &- m)
    run.notes = Int32(noteCount)
    // Of the traced values, only those checked against more than their field: a shape with
    // traced values is one `ShapeCheck` planned after the one-pass walk found its learned line
    // conforming, and a field's check reads nothing but the value's bytes, which are the learned
    // line's here. (pipe-check read the parking spot, status and temperature of every order
    // again, four checks a line.)
    for pc in firstPC..<endPC where shape.ops[pc] & LineShape.contextual != 0 {
      notes[noteCount] = Int32(pc)
      notes[noteCount &+ 1] = stepAt[pc] &- Int32(start)
      notes[noteCount &+ 2] = stepEnd[pc] &- Int32(start)
      noteCount &+= 3
    }
    run.noteCount = Int32((noteCount - Int(run.notes)) / 3)
    runs[count] = run
    runAt[firstPC] = Int32(count)
    count &+= 1
    shape.ops[firstPC] |= LineShape.literal
  }
}
