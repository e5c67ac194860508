/// Validates lines as records and finds their members, in one of two modes:
/// - the authority (`index`, static): stage 1 (`StructuralIndexer`) reads the line, and a line it
///   is not sure of goes to `JSONParser`, which words the error and its column;
/// - sure (`indexIfSure`, a value per worker thread): decides only what it is sure of, a record within the
///   length limit whose keys have no escapes and whose `"type"` is a string without escapes, and
///   answers nil for anything else (an error of any kind, a line over the limit, an escaped key or
///   type), which the sequential code then reads, words and numbers. Its member list is reused.
public struct RecordIndexer {
  /// The nesting limit.
  public let maxDepth: Int
  /// The longest line, in bytes, without its ending (a longer one is an error for the sequential
  /// code to report).
  public let maxLineLength: Int
  /// The top-level members of the last line indexed by `indexIfSure`, as an array: kept only by an
  /// indexer made with `keepsMemberArray` (else empty); `spans` has them either way.
  public private(set) var members: [MemberSpan] = []
  /// Whether `members` is kept.
  public let keepsMemberArray: Bool
  /// The top-level members of the last line indexed by `indexIfSure` (stage 1 writes them here, so that
  /// nothing is copied), valid until the next line.
  public var spans: UnsafeBufferPointer<MemberSpan> {
    UnsafeBufferPointer(start: buffers.spans, count: memberCount)
  }
  /// The buffers this indexer writes (shared by its copies).
  @usableFromInline let buffers: IndexerBuffers
  @usableFromInline var memberCount = 0
  /// The names the owner reads (`value(_:)`), by their places in its `MemberTable`, then
  /// `"type"` when it is not among them.
  @usableFromInline let names: MemberSlots
  /// The type of the owner's names (`value(_:)` takes no other).
  @usableFromInline let nameType: ObjectIdentifier
  /// The place of `"type"` in `names`.
  @usableFromInline let typeName: Int
  /// The last line `indexIfSure` indexed (valid until the next).
  @usableFromInline var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  /// Whether the last line indexed is plain (printable ASCII, no escapes anywhere).
  public private(set) var plain = false
  /// Whether the last line `indexIfSure` indexed was read by the shape replay (`LineShape`), so
  /// that no space stands outside its strings before its closing brace: a reader of it need not
  /// skip any.
  public private(set) var compact = false
  /// The shape generation (`LineShape.generation`) the last line was replayed with, or -1 when
  /// the replay did not read it: where a name was found on a line of that generation, it is on
  /// this one.
  @usableFromInline var shapeNow = -1
  /// `shapeNow`, for a reader that keeps what it found on a line of that shape.
  @inlinable public var shapeGeneration: Int { shapeNow }
  /// The length of the last line indexed by `indexIfSure`.
  @usableFromInline var count = 0

  /// An indexer for lines at most `maxLineLength` bytes long, nested at most `maxDepth` deep;
  /// `keepsMemberArray` for a caller that reads `members` (an array) rather than `spans`; `names`
  /// the members the caller reads by `value(_:)`.
  public init<Name>(
    maxDepth: Int, maxLineLength: Int, keepsMemberArray: Bool = true, names: MemberTable<Name>
  ) {
    let keys = (0..<names.count).map(names.core.name)
    self.init(
      maxDepth: maxDepth, maxLineLength: maxLineLength, keepsMemberArray: keepsMemberArray, keys: keys,
      nameType: ObjectIdentifier(Name.self))
  }

  /// An indexer that reads no member by name but `"type"`.
  public init(maxDepth: Int, maxLineLength: Int, keepsMemberArray: Bool = true) {
    self.init(
      maxDepth: maxDepth, maxLineLength: maxLineLength, keepsMemberArray: keepsMemberArray, keys: [],
      nameType: ObjectIdentifier(Never.self))
  }

  private init(
    maxDepth: Int, maxLineLength: Int, keepsMemberArray: Bool, keys: [String], nameType: ObjectIdentifier
  ) {
    self.maxDepth = maxDepth
    self.maxLineLength = maxLineLength
    self.keepsMemberArray = keepsMemberArray
    // `"type"` keeps its place among the owner's names, or comes after them.
    let all = keys.contains("type") ? keys : keys + ["type"]
    names = MemberSlots(all)
    self.nameType = nameType
    typeName = all.firstIndex(of: "type")!
    buffers = IndexerBuffers(names: all.count)
    members.reserveCapacity(32)
  }

  /// Indexes `line` as one record (an object, duplicate keys refused) and returns where the text of
  /// its type is (between the quotes); nil when this mode is not sure of the line.
  public mutating func indexIfSure(_ line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard line.count <= maxLineLength else { return nil }
    count = line.count
    let store = buffers.spans
    // The shape unretained: `buffers` holds it as long as this indexer lives, and a retain and a
    // release around every line cost about 90 instructions (two atomic operations) per line.
    let shape = Unmanaged.passUnretained(buffers.shape)
    let replays = shape._withUnsafeGuaranteedRef { $0.replays }
    let scanned = lineScan.take(line)
    let verdict = shape._withUnsafeGuaranteedRef { shape in
      StructuralIndexer.index(
        line, maxDepth: maxDepth, quotes: buffers.quoteWords, members: store,
        capacity: StructuralIndexer.maxOpenKeys,
        count: &memberCount, shape: shape, scanned: scanned)
    }
    switch verdict {
    case .plain:
      plain = true
      compact = shape._withUnsafeGuaranteedRef { $0.replays } != replays
      shapeNow = compact ? shape._withUnsafeGuaranteedRef { $0.generation } : -1
    case .valid:
      plain = false
      compact = false
      shapeNow = -1
    case .notSure:
      // Deep nesting, many keys or an escaped key: the parser reads it (and nothing is worded).
      plain = false
      compact = false
      shapeNow = -1
      var parser = JSONParser(line, maxDepth: maxDepth)
      parser.rejectsDuplicateKeys = true
      let read = (try? parser.indexObjectByteByByte(into: &members)) != nil
      // An escaped key, or more members than the store holds: the sequential code reads the line.
      let sure =
        read && members.count <= StructuralIndexer.maxOpenKeys && !members.contains { $0.keyHasEscapes }
      memberCount = sure ? members.count : 0
      if sure { store.update(from: members, count: members.count) }
      if !keepsMemberArray || !sure { members.removeAll(keepingCapacity: true) }
      return sure ? typeText(line) : nil
    }
    if keepsMemberArray { members.replaceAll(with: spans) }
    return typeText(line)
  }

  /// Where the text of the last line's `"type"` is, when it is a string without escapes.
  @inline(__always)
  mutating func typeText(_ line: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    self.line = line
    guard let type = value(typeName) else { return nil }
    return string(type, ValidatedJSON(line))
  }

  /// The scan that frames a worker's lines and makes their quote bitmaps in this indexer's
  /// buffer (`LineChunk.forEachLine(scan:_:)`): a line it found plain is not scanned again.
  @inlinable
  public var lineScan: PlainLineScan { PlainLineScan(quotes: buffers.quoteWords, scanned: buffers.scanned) }

  /// The quote bitmap of the last line `indexIfSure` indexed when it is plain, else nil: for
  /// `ValidatedJSON(_:quotes:)`, until the next line is indexed.
  public var plainQuotes: UnsafePointer<UInt64>? { plain ? UnsafePointer(buffers.quoteWords) : nil }

  /// The offset of the first quote at or after `from` in the last line `indexIfSure` indexed, which must
  /// be plain (then a string ends at its next quote): from stage 1's bitmap, not read again. The
  /// line's length when there is none.
  @inlinable @inline(__always)
  public func quote(after from: Int) -> Int {
    StructuralIndexer.quote(after: from, in: buffers.quoteWords, count: count) ?? count
  }

  /// The value of the first member named `name` (of the table this indexer was made with) in the
  /// last line `indexIfSure` indexed.
  @inlinable @inline(__always)
  public func value<Name: MemberName>(_ name: Name) -> Range<Int>? {
    assert(ObjectIdentifier(Name.self) == nameType, "a name of another table than this indexer's")
    return value(name.memberIndex)
  }

  /// Where the first member named `name` (of the table this indexer was made with) is among the
  /// members of the last line `indexIfSure` indexed (`spans`), or nil: for a reader that edits the
  /// line in place (`RecordSplicer` takes members by their places).
  @inlinable @inline(__always)
  public func place<Name: MemberName>(_ name: Name) -> Int? {
    assert(ObjectIdentifier(Name.self) == nameType, "a name of another table than this indexer's")
    return place(name.memberIndex)
  }

  /// `value(_:)` by the name's place in `names`.
  @inlinable @inline(__always)
  func value(_ k: Int) -> Range<Int>? {
    guard let m = place(k) else { return nil }
    return buffers.spans[m].value
  }

  /// `place(_:)` by the name's place in `names`.
  @inlinable @inline(__always)
  func place(_ k: Int) -> Int? {
    // Lines of a stream mostly have one shape: the member where this name was last found (or
    // -1: not found) is tried first, and taken unchecked when it was found on a line the shape
    // replay read with the same shape as this one (the same keys in the same places). (The sure
    // mode reads only lines without duplicate keys or escaped keys, so the member found there is
    // the only one of that name.)
    let hint = Int(buffers.hints[k])
    if shapeNow >= 0, buffers.hintShapes[k] == shapeNow { return hint < 0 ? nil : hint }
    let m: Int
    if hint >= 0, hint < memberCount, names.isName(k, buffers.spans[hint].key, in: line) {
      m = hint
    } else {
      m = names.find(k, among: self.spans, in: line, escapes: false) ?? -1
      buffers.hints[k] = Int32(m)
    }
    buffers.hintShapes[k] = shapeNow
    return m < 0 ? nil : m
  }

  /// The bytes between the quotes of a string value without escapes; nil for another value.
  @inline(__always)
  public func string(_ range: Range<Int>, _ json: ValidatedJSON) -> Range<Int>? {
    if plain {
      return json.bytes[range.lowerBound] == UInt8(ascii: "\"")
        ? (range.lowerBound + 1)..<(range.upperBound - 1) : nil
    }
    return json.plainString(range)
  }

  /// Validates `bytes` as one record, fills `members`, and returns its `type`.
  public static func index(
    _ bytes: UnsafeBufferPointer<UInt8>, source: String, line: Int, into members: inout [MemberSpan],
    maxDepth: Int
  ) throws(InputError) -> String {
    var parser = JSONParser(bytes, maxDepth: maxDepth)
    parser.rejectsDuplicateKeys = true
    do {
      try parser.indexObject(into: &members)
    } catch {
      if PrettyPrintedJSON.looksLikePart(bytes) {
        throw InputError(source: source, line: line, message: PrettyPrintedJSON.hint)
      }
      let hint = InputHint.hint(for: bytes, line: line)
      throw InputError(
        source: source, line: line, column: column(of: error.offset, in: bytes),
        message: error.message + (hint.map { "; " + $0 } ?? ""))
    }
    guard let typeMember = member("type", in: bytes, members: members) else {
      throw InputError(source: source, line: line, message: "record has no \"type\" field")
    }
    guard typeMember.kind == UInt8(ascii: "\"") else {
      throw InputError(
        source: source, line: line, column: column(of: typeMember.value.lowerBound, in: bytes),
        message: "\"type\" must be a string")
    }
    let inner = (typeMember.value.lowerBound + 1)..<(typeMember.value.upperBound - 1)
    let slice = UnsafeBufferPointer(rebasing: bytes[inner])
    return slice.contains(UInt8(ascii: "\\"))
      ? JSONParser.unescape(slice) : String(decoding: slice, as: UTF8.self)
  }

  /// The one-based character column of a byte offset.
  public static func column(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var column = 1
    for i in 0..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
    return column
  }

  /// The first member named `key`: the way to find a member by one name, any key (a reader of
  /// several names uses a `MemberTable`).
  public static func member(_ key: String, in bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan])
    -> MemberSpan?
  {
    var key = key
    return key.withUTF8 { k in
      for m in members {
        if m.keyHasEscapes {
          // By code points, as JSON names keys (not by canonical equivalence, as String's ==).
          if JSONParser.unescapeBytes(UnsafeBufferPointer(rebasing: bytes[m.key])).elementsEqual(k) {
            return m
          }
          continue
        }
        guard m.key.count == k.count else { continue }
        if k.isEmpty || Bytes.equal(bytes.baseAddress! + m.key.lowerBound, k.baseAddress!, count: k.count) {
          return m
        }
      }
      return nil
    }
  }

  /// The parsed value of the first member named `key`.
  public static func value(of key: String, in bytes: UnsafeBufferPointer<UInt8>, members: [MemberSpan])
    -> JSONValue?
  {
    guard let m = member(key, in: bytes, members: members) else { return nil }
    var parser = JSONParser(
      UnsafeBufferPointer(rebasing: bytes[m.value]), maxDepth: JSONParser.maxDepthCeiling)
    return try? parser.parseValue(depth: 0)
  }
}

/// The buffers one `RecordIndexer` writes for each line: its top-level members
/// (`StructuralIndexer.maxOpenKeys` spans, written by stage 1), its quote bitmap
/// (`StructuralIndexer.quoteWords` words, kept from stage 1 for stage 2) and where each of its
/// names was last found. One indexer per thread: copies of an indexer share them.
@usableFromInline final class IndexerBuffers {
  @usableFromInline let spans = UnsafeMutablePointer<MemberSpan>.allocate(
    capacity: StructuralIndexer.maxOpenKeys)
  @usableFromInline let quoteWords = UnsafeMutablePointer<UInt64>.allocate(
    capacity: StructuralIndexer.quoteWords)
  @usableFromInline let hints: UnsafeMutablePointer<Int32>
  /// For each name, the shape generation of the replayed line its hint was checked on (-1: none).
  @usableFromInline let hintShapes: UnsafeMutablePointer<Int>
  /// The shape of the lines read last (`StructuralIndexer`'s replay).
  @usableFromInline let shape = LineShape()
  /// The line `lineScan` scanned plain last: its address and length.
  @usableFromInline let scanned: UnsafeMutablePointer<Int>

  init(names: Int) {
    scanned = .allocate(capacity: 2)
    scanned.initialize(repeating: 0, count: 2)
    hints = .allocate(capacity: max(names, 1))
    hints.initialize(repeating: 0, count: max(names, 1))
    hintShapes = .allocate(capacity: max(names, 1))
    hintShapes.initialize(repeating: -1, count: max(names, 1))
  }

  deinit {
    spans.deallocate()
    quoteWords.deallocate()
    hints.deallocate()
    hintShapes.deallocate()
    scanned.deallocate()
  }
}
