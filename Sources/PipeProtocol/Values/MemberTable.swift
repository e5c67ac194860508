import Synchronization

/// A name a `MemberTable` answers: a reader's own type for the members it reads, so that a lookup
/// says which member it found (`.quantity`), not a number each reader decodes its own way.
///
/// A reader whose names are fixed declares them once, as the cases of an enum whose raw values are
/// the keys (`enum Field: String, CaseIterable, MemberName { case type, creationDate }`) and makes
/// its table with `MemberTable()`. A table whose names come at run time (a schema's fields) answers
/// `MemberIndex`.
public protocol MemberName: Equatable, Sendable {
  /// The name's place in its table's list of names (0 for the first).
  var memberIndex: Int { get }
}

extension MemberName where Self: CaseIterable & RawRepresentable, RawValue == String {
  /// The case's place among `allCases`, read from the case itself: an enum without payloads is
  /// stored as its case's number in declaration order, which is the order of `allCases`
  /// (`MemberTable.init()` checks each case once). One load, where finding the case among
  /// `allCases` would be a search on the hot path.
  @inlinable @inline(__always)
  public var memberIndex: Int {
    switch MemoryLayout<Self>.size {
    case 0: 0
    case 1: Int(unsafeBitCast(self, to: UInt8.self))
    default: Int(unsafeBitCast(self, to: UInt16.self))
    }
  }
}

/// A name of a table made at run time from a list of keys (a schema's fields, `MemberTable(_:)`):
/// its place in that list. A type of its own, not a bare `Int`, so that a place among a table's
/// names is not taken for a place among a line's members or a schema's fields.
public struct MemberIndex: MemberName, Hashable {
  /// The place in the list the table was made of.
  public let memberIndex: Int

  /// The name at `memberIndex` in its table's list.
  public init(_ memberIndex: Int) { self.memberIndex = memberIndex }
}

/// The names a reader looks for among a record's members (the fields a tool reads, or a schema's
/// object), made into a table: a key is found with one look (a slot chosen by its first byte and its
/// length) and one comparison, instead of by trying each name in turn, and answered as one of the
/// reader's `Name`s. This and `RecordIndexer.member` (one name, any key) are the two ways to find a
/// member by name.
///
/// Keys are compared by code points (an escaped key decoded first), never by Swift's `==`. A table
/// is a plain value (two pointers and a few words) that threads copy freely, without reference
/// counting: its contents are made once per list of names and kept for the life of the process.
public struct MemberTable<Name: MemberName>: @unchecked Sendable {
  /// The slots, by a name's place.
  @usableFromInline let core: MemberSlots
  /// The names, by place: what a lookup answers.
  @usableFromInline let names: UnsafePointer<Name>

  /// The number of names.
  @inlinable public var count: Int { core.count }

  /// The table of a reader's names: the cases of `Name`, each found by its raw value.
  public init() where Name: CaseIterable & RawRepresentable, Name.RawValue == String {
    let cases = Array(Name.allCases)
    for (k, name) in cases.enumerated() {
      precondition(name.memberIndex == k, "\(Name.self): a case's memberIndex is not its place in allCases")
    }
    self.init(keys: cases.map(\.rawValue), names: cases)
  }

  /// The table of names known at run time (a schema's fields): a name is its place in `keys` (a
  /// key given twice is found at its first place).
  public init(_ keys: [String]) where Name == MemberIndex {
    self.init(keys: keys, names: keys.indices.map(MemberIndex.init))
  }

  private init(keys: [String], names: [Name]) {
    core = MemberSlots(keys)
    let key = MadeNames(type: ObjectIdentifier(Name.self), keys: keys)
    self.names = madeNames.withLock { made in
      if let pointer = made[key] { return pointer.assumingMemoryBound(to: Name.self) }
      let pointer = UnsafeMutablePointer<Name>.allocate(capacity: max(names.count, 1))
      pointer.initialize(from: names, count: names.count)
      made[key] = UnsafeRawPointer(pointer)
      return UnsafePointer(pointer)
    }
  }

  /// The key of `name` (its text, unescaped).
  public func key(_ name: Name) -> String { core.name(name.memberIndex) }

  /// The name whose key is the `count` bytes at `key` (written without escapes, between its
  /// quotes; the byte after them is read for an empty key), or nil.
  @inlinable @inline(__always)
  public func lookup(key: UnsafePointer<UInt8>, count: Int) -> Name? {
    guard let k = core.index(ofKey: key, count: count) else { return nil }
    return names[k]
  }

  /// The name whose key is at `key` (its text between the quotes) of a validated line, an escaped
  /// key compared once decoded (by code points, as JSON names keys); or nil.
  @inlinable @inline(__always)
  public func lookup(_ key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Name? {
    guard let k = core.index(of: key, in: bytes) else { return nil }
    return names[k]
  }

  /// The name whose written form (`"name":`, the key's quotes and its colon right after it, as the
  /// protocol's writers write a key) starts at `p`, with `available` bytes there, and the written
  /// form's length; nil when none does (the key may still be a name, written otherwise: with
  /// escapes, or a space before its colon).
  @inlinable @inline(__always)
  public func lookupWritten(at p: UnsafePointer<UInt8>, available: Int) -> (name: Name, length: Int)? {
    guard let (k, length) = core.writtenIndex(at: p, available: available) else { return nil }
    return (names[k], length)
  }

  /// Whether the key at `key` of the line `bytes` (written without escapes) is `name`.
  @inlinable @inline(__always)
  public func isName(_ name: Name, _ key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    core.isName(name.memberIndex, key, in: bytes)
  }

  /// The index in `members` (of the validated line `bytes`) of the first member named `name`, or
  /// nil: for a reader that wants a few of its names, and perhaps not all (`first` finds them all
  /// in one pass). `escapes`: whether a key may have escapes (a worker's sure mode reads only lines
  /// whose keys have none).
  @inlinable @inline(__always)
  public func find(
    _ name: Name, among members: UnsafeBufferPointer<MemberSpan>, in bytes: UnsafeBufferPointer<UInt8>,
    escapes: Bool = true
  ) -> Int? {
    core.find(name.memberIndex, among: members, in: bytes, escapes: escapes)
  }

  /// Finds the first member of each name among `members` of the validated line `bytes`, in one
  /// pass: writes into `found[name.memberIndex]` the index in `members` of the first member named
  /// `name`, or -1 (`count` places).
  @inlinable @inline(__always)
  public func first(
    of members: UnsafeBufferPointer<MemberSpan>, in bytes: UnsafeBufferPointer<UInt8>,
    into found: UnsafeMutablePointer<Int32>
  ) {
    core.first(of: members, in: bytes, into: found)
  }
}

/// The names of the tables made so far, by their type and keys (a generic type has no static
/// stored property of its own).
private let madeNames = Mutex<[MadeNames: UnsafeRawPointer]>([:])

/// A key of `madeNames`.
private struct MadeNames: Hashable {
  let type: ObjectIdentifier
  let keys: [String]
}

/// The slots behind a `MemberTable`, by a name's place in its list (an `Int`): what `MemberTable`
/// answers as its `Name`, and what `RecordIndexer` keeps (its reader's names, and `"type"`).
///
/// A plain value (a few pointers) that threads copy freely, without reference counting: its
/// contents are made once per list of names and kept for the life of the process (the lists a
/// process uses are few: the schemas and the readers).
@usableFromInline struct MemberSlots: @unchecked Sendable {
  /// One name: its written form (`"name":`, as the protocol's writers write a key) and where the
  /// name is in it.
  @usableFromInline struct Entry {
    /// The written form, `"` + name + `":`.
    @usableFromInline var written: UnsafePointer<UInt8>
    /// The length of the name (the written form is 3 bytes longer).
    @usableFromInline var count: Int
    /// The written form's first 8 bytes (fewer for a short name, the rest zero), and the mask of
    /// those bytes.
    @usableFromInline var head: UInt64
    @usableFromInline var mask: UInt64
    /// The written form's last 8 bytes (when it is longer than 8).
    @usableFromInline var writtenTail: UInt64
    /// The name's `ShortBytes.head` and `tail`.
    @usableFromInline var nameHead: UInt64
    @usableFromInline var nameTail: UInt64
  }

  /// The slots: a name's index (its slot to itself), `none`, or `several` (then each name is tried).
  @usableFromInline let slots: UnsafePointer<Int32>
  /// The slots of written forms, by the two bytes after the quote (`writtenSlot`: the name's
  /// first two, read from the word already loaded): each with what tells its form (one load away
  /// from the key's bytes).
  @usableFromInline let writtenSlots: UnsafePointer<WrittenSlot>

  /// A slot of `writtenSlots`.
  @usableFromInline struct WrittenSlot {
    /// The written form's first 8 bytes and their mask (zero: no name here), and its last 8.
    @usableFromInline var head: UInt64 = 0
    @usableFromInline var mask: UInt64 = 0
    @usableFromInline var tail: UInt64 = 0
    /// The written form's length, and the name's index (`several`: names share this slot).
    @usableFromInline var length: Int32 = 0
    @usableFromInline var index: Int32 = MemberSlots.none
  }
  @usableFromInline let entries: UnsafePointer<Entry>
  /// The number of names.
  @usableFromInline let count: Int
  /// The multiplier of the length in the slot of a key (`slot`).
  @usableFromInline let multiplier: Int
  /// The multiplier of the second byte in the slot of a written form (`writtenSlot`).
  @usableFromInline let writtenMultiplier: UInt64

  @usableFromInline static var slotCount: Int { 64 }
  @usableFromInline static var none: Int32 { -1 }
  @usableFromInline static var several: Int32 { -2 }

  /// The table of `names`; a name's index is its place in the list (a name given twice is found
  /// at its first place).
  @usableFromInline init(_ names: [String]) {
    self = Self.made.withLock { made in
      if let table = made[names] { return table }
      let table = MemberSlots(making: names)
      made[names] = table
      return table
    }
  }

  /// The tables made so far, by their names.
  private static let made = Mutex<[[String]: MemberSlots]>([:])

  private init(making names: [String]) {
    let entries = UnsafeMutablePointer<Entry>.allocate(capacity: max(names.count, 1))
    for (k, name) in names.enumerated() {
      let written = Array("\"\(name)\":".utf8)
      let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: written.count)
      bytes.initialize(from: written, count: written.count)
      var head: UInt64 = 0
      var mask: UInt64 = 0
      for (i, byte) in written.prefix(8).enumerated() {
        head |= UInt64(byte) << (8 * UInt64(i))
        mask |= 0xFF << (8 * UInt64(i))
      }
      let count = written.count - 3
      entries[k] = Entry(
        written: UnsafePointer(bytes), count: count, head: head, mask: mask,
        writtenTail: written.count > 8 ? ShortBytes.tail(bytes, count: written.count) : 0,
        nameHead: ShortBytes.head(bytes + 1, count: count),
        nameTail: count > 8 ? ShortBytes.tail(bytes + 1, count: count) : 0)
    }
    let keys = (0..<names.count).map { k in
      (first: entries[k].count == 0 ? UInt8(ascii: "\"") : entries[k].written[1], count: entries[k].count)
    }
    // The first multiplier (1 to 63) that gives each name a slot of its own, else 5 and slots shared.
    func table(_ multiplier: Int) -> (table: [Int32], distinct: Bool) {
      var table = [Int32](repeating: Self.none, count: Self.slotCount)
      var distinct = true
      for (k, key) in keys.enumerated() {
        let slot = Self.slot(first: key.first, count: key.count, multiplier: multiplier)
        if table[slot] == Self.none {
          table[slot] = Int32(k)
        } else {
          table[slot] = Self.several
          distinct = false
        }
      }
      return (table, distinct)
    }
    let multiplier = (1..<Self.slotCount).first { table($0).distinct } ?? 5
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: Self.slotCount)
    slots.initialize(from: table(multiplier).table, count: Self.slotCount)
    self.slots = UnsafePointer(slots)
    // The first multiplier that gives each written form a slot of its own (names that share their
    // first byte mostly differ in the next: `city`, `creationDate`), else 0 and slots shared.
    let heads = (0..<names.count).map { entries[$0].head }
    let writtenMultiplier =
      (0..<UInt64(Self.slotCount)).first { m in
        Set(heads.map { Self.writtenSlot($0, multiplier: m) }).count == heads.count
      } ?? 0
    let writtenSlots = UnsafeMutablePointer<WrittenSlot>.allocate(capacity: Self.slotCount)
    writtenSlots.initialize(repeating: WrittenSlot(), count: Self.slotCount)
    for k in 0..<names.count {
      // The bytes after the opening quote: the name's first two, or its first and the closing
      // quote, or (for an empty one) the closing quote and the colon.
      let slot = Self.writtenSlot(entries[k].head, multiplier: writtenMultiplier)
      if writtenSlots[slot].index == Self.none {
        let entry = entries[k]
        writtenSlots[slot] = WrittenSlot(
          head: entry.head, mask: entry.mask, tail: entry.writtenTail, length: Int32(entry.count + 3),
          index: Int32(k))
      } else {
        writtenSlots[slot].index = Self.several
      }
    }
    self.writtenSlots = UnsafePointer(writtenSlots)
    self.entries = UnsafePointer(entries)
    self.count = names.count
    self.multiplier = multiplier
    self.writtenMultiplier = writtenMultiplier
  }

  /// The slot of a key whose first byte is `first` (for an empty key, its closing quote) and whose
  /// length is `count`.
  @inlinable @inline(__always)
  static func slot(first: UInt8, count: Int, multiplier: Int) -> Int {
    (Int(first) &+ count &* multiplier) & (slotCount &- 1)
  }

  /// The slot of a written form whose first 8 bytes (fewer are enough: the three after the first)
  /// are `head`: by its second and third bytes (the two after the quote).
  @inlinable @inline(__always)
  static func writtenSlot(_ head: UInt64, multiplier: UInt64) -> Int {
    Int(truncatingIfNeeded: (head &>> 8 & 0xFF) &+ (head &>> 16 & 0xFF) &* multiplier) & (slotCount &- 1)
  }

  /// The name at `index`.
  @usableFromInline func name(_ index: Int) -> String {
    let entry = entries[index]
    return String(decoding: UnsafeBufferPointer(start: entry.written + 1, count: entry.count), as: UTF8.self)
  }

  /// Whether name `k` is the `count` bytes at `key`.
  @inlinable @inline(__always)
  func isName(_ k: Int, _ key: UnsafePointer<UInt8>, count: Int) -> Bool {
    let entry = entries[k]
    return entry.count == count
      && ShortBytes.equal(key, count: count, head: entry.nameHead, tail: entry.nameTail, entry.written + 1)
  }

  /// Whether the key at `key` of the line `bytes` (written without escapes) is name `k`.
  @inlinable @inline(__always)
  func isName(_ k: Int, _ key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    isName(k, bytes.baseAddress! + key.lowerBound, count: key.upperBound &- key.lowerBound)
  }

  /// The index of the name that is the key of `count` bytes at `key` (written without escapes,
  /// between its quotes), or nil.
  @inlinable @inline(__always)
  func index(ofKey key: UnsafePointer<UInt8>, count: Int) -> Int? {
    let first = count == 0 ? UInt8(ascii: "\"") : key[0]
    let k = Int(slots[Self.slot(first: first, count: count, multiplier: multiplier)])
    if k >= 0 { return isName(k, key, count: count) ? k : nil }
    if k == Int(Self.none) { return nil }
    for k in 0..<self.count where isName(k, key, count: count) { return k }
    return nil
  }

  /// The index of the name that is the key at `key` (its text between the quotes) of a validated
  /// line, an escaped key compared once decoded (by code points, as JSON names keys); or nil.
  @inlinable @inline(__always)
  func index(of key: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let start = bytes.baseAddress! + key.lowerBound
    if let k = index(ofKey: start, count: key.count) { return k }
    return UnsafeBufferPointer(start: start, count: key.count).contains(UInt8(ascii: "\\"))
      ? escapedIndex(UnsafeBufferPointer(start: start, count: key.count)) : nil
  }

  /// `index(of:in:)` for a key with escapes.
  @usableFromInline func escapedIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    let decoded = JSONParser.unescapeBytes(key)
    return decoded.withUnsafeBufferPointer { d in
      // (An empty key is never read, only its length.)
      index(ofKey: d.baseAddress ?? StaticString("").utf8Start, count: d.count)
    }
  }

  /// The index of the name whose written form (`"name":`, the key's quotes and its colon right
  /// after it, as the protocol's writers write a key) starts at `p`, with `available` bytes there;
  /// nil when none does (the key may still be a name, written otherwise); with the written form's
  /// length.
  @inlinable @inline(__always)
  func writtenIndex(at p: UnsafePointer<UInt8>, available: Int) -> (index: Int, length: Int)? {
    guard available >= 8 else { return nil }
    let head = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    // The slot by the two bytes after the quote, from the word already read.
    let slot = writtenSlots[Self.writtenSlot(head, multiplier: writtenMultiplier)]
    if slot.index < 0 {
      guard slot.index == Self.several, let k = writtenIndexTryingEach(at: p, available: available) else {
        return nil
      }
      return (k, entries[k].count &+ 3)
    }
    guard head & slot.mask == slot.head else { return nil }
    let length = Int(slot.length)
    if length > 8 {
      guard length <= available, ShortBytes.tail(p, count: length) == slot.tail else { return nil }
      if length > 16, !ShortBytes.equal(entries[Int(slot.index)].written + 8, p + 8, count: length &- 16) {
        return nil
      }
    }
    return (Int(slot.index), length)
  }

  /// `writtenIndex` where names share the first byte's slot.
  @usableFromInline @inline(never)
  func writtenIndexTryingEach(at p: UnsafePointer<UInt8>, available: Int) -> Int? {
    for k in 0..<count where isWritten(k, p, available: available) { return k }
    return nil
  }

  /// Whether name `k`'s written form starts at `p` (at least 8 bytes there, `available` in all).
  @inlinable @inline(__always)
  func isWritten(_ k: Int, _ p: UnsafePointer<UInt8>, available: Int) -> Bool {
    let entry = entries[k]
    guard UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) & entry.mask == entry.head else { return false }
    let length = entry.count &+ 3
    if length <= 8 { return true }
    guard length <= available, ShortBytes.tail(p, count: length) == entry.writtenTail else { return false }
    return length <= 16 || ShortBytes.equal(entry.written + 8, p + 8, count: length &- 16)
  }

  /// The index in `members` (of the validated line `bytes`) of the first member named name `k`,
  /// or nil: for a reader that wants a few of its names, and perhaps not all (`first` finds them
  /// all in one pass). `escapes`: whether a key may have escapes (a worker's sure mode reads only
  /// lines whose keys have none).
  @inlinable @inline(__always)
  func find(
    _ k: Int, among members: UnsafeBufferPointer<MemberSpan>, in bytes: UnsafeBufferPointer<UInt8>,
    escapes: Bool = true
  ) -> Int? {
    let entry = entries[k]
    let line = bytes.baseAddress!
    guard let first = members.baseAddress else { return nil }
    // (A pointer walk: this loop runs for every member a worker passes.)
    let end = first + members.count
    var member = first
    while member < end {
      let key = member.pointee.key
      if escapes, member.pointee.keyHasEscapes {
        if escapedIs(k, UnsafeBufferPointer(rebasing: bytes[key])) { return member - first }
      } else if key.upperBound &- key.lowerBound == entry.count,
        ShortBytes.equal(
          line + key.lowerBound, count: entry.count, head: entry.nameHead, tail: entry.nameTail,
          entry.written + 1)
      {
        return member - first
      }
      member += 1
    }
    return nil
  }

  /// Whether the escaped key `key` is name `k`, once decoded.
  @usableFromInline func escapedIs(_ k: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let entry = entries[k]
    return JSONParser.unescapeBytes(key).elementsEqual(
      UnsafeBufferPointer(start: entry.written + 1, count: entry.count))
  }

  /// Finds the first member of each name among `members` of the validated line `bytes`: writes
  /// into `found[k]` the index in `members` of the first member named name `k`, or -1.
  @inlinable @inline(__always)
  func first(
    of members: UnsafeBufferPointer<MemberSpan>, in bytes: UnsafeBufferPointer<UInt8>,
    into found: UnsafeMutablePointer<Int32>
  ) {
    found.initialize(repeating: -1, count: count)
    let line = bytes.baseAddress!
    for m in 0..<members.count {
      let member = members[m]
      let k: Int?
      if member.keyHasEscapes {
        k = escapedIndex(UnsafeBufferPointer(rebasing: bytes[member.key]))
      } else {
        // In a line, the byte at an empty key is its closing quote, as the slots were made.
        let key = line + member.key.lowerBound
        let count = member.key.count
        let slot = Int(slots[Self.slot(first: key[0], count: count, multiplier: multiplier)])
        if slot == Int(Self.none) { continue }
        k = slot >= 0 ? (isName(slot, key, count: count) ? slot : nil) : index(ofKey: key, count: count)
      }
      if let k, found[k] < 0 { found[k] = Int32(m) }
    }
  }
}
