/// Writes a changed copy of one record's bytes (rule 2 of PROTOCOL.md): the record's own bytes
/// copied as they are, with only the values it replaces, the members it removes and the members
/// it inserts spliced in. Every other member keeps its bytes, escapes and spacing, and so do the
/// separators between members that stay neighbours. The one splicer of the tools: `weather
/// annotate` (`OrderLine.write`) and the store edits of `orders` (`Record.updated(to:)`) both
/// write through it, each placing new members by its own rule.
///
/// Edits are given member by member, in the record's order (`members` as the reader indexed
/// them): for each member at most one `replace` or `remove`, and `insert(before:)` before it.
/// Members not named are kept. `finish` writes the rest.
public struct RecordSplicer {
  /// The record's bytes, validated (an object).
  public let bytes: UnsafeBufferPointer<UInt8>
  /// The record's top-level members, in order.
  public let members: UnsafeBufferPointer<MemberSpan>
  /// The bytes of `bytes` before this offset are written (or skipped).
  @usableFromInline var copied = 0
  /// The first member not yet passed, replaced or removed.
  @usableFromInline var next = 0
  /// Where in the output the last member written ends (its value's end): a separator written
  /// after it is taken back when every member after it is removed. Nil before any member.
  @usableFromInline var afterValue: Int?

  /// A splicer of `bytes`, whose top-level members are `members`.
  public init(_ bytes: UnsafeBufferPointer<UInt8>, members: UnsafeBufferPointer<MemberSpan>) {
    self.bytes = bytes
    self.members = members
  }

  /// Where member `m` starts: its key's opening quote.
  @inlinable @inline(__always)
  func keyStart(_ m: Int) -> Int { members[m].key.lowerBound - 1 }

  /// Copies the input up to `offset`.
  @inlinable @inline(__always)
  mutating func copy<Sink: ByteSink>(upTo offset: Int, to out: inout Sink) {
    if offset > copied { out.append(bytes: UnsafeBufferPointer(rebasing: bytes[copied..<offset])) }
    copied = max(copied, offset)
  }

  /// Keeps the members before `m` not yet passed and the separator before `m`, copying the input
  /// up to `offset` (`m`'s key, or a point inside `m`) in one piece.
  @inlinable @inline(__always)
  mutating func pass<Sink: ByteSink>(to m: Int, through offset: Int, to out: inout Sink) {
    if m > next {
      // Where the output will be once the last member before `m` is copied.
      afterValue = out.count &+ (members[m - 1].value.upperBound &- copied)
      next = m
    }
    copy(upTo: offset, to: &out)
  }

  /// Keeps the members before `m` not yet passed, and the separator before `m` (up to its key); at
  /// the end (`m` is `members.count`), up to the last member's value, or to the closing brace when
  /// no member is written.
  @inlinable @inline(__always)
  mutating func pass<Sink: ByteSink>(to m: Int, to out: inout Sink) {
    if m < members.count { return pass(to: m, through: keyStart(m), to: &out) }
    if m > next {
      pass(to: m, through: members[m - 1].value.upperBound, to: &out)
    } else if afterValue == nil {
      // No member is written yet: up to the object's closing brace.
      var end = bytes.count - 1
      while end > copied, bytes[end] != UInt8(ascii: "}") { end -= 1 }
      copy(upTo: end, to: &out)
    }
  }

  /// Member `m` with its key and spacing as they are, and the value `write` writes (JSON text).
  @inlinable @inline(__always)
  public mutating func replace<Sink: ByteSink>(
    _ m: Int, to out: inout Sink, value write: (inout Sink) -> Void
  ) {
    pass(to: m, through: members[m].value.lowerBound, to: &out)
    write(&out)
    copied = members[m].value.upperBound
    afterValue = out.count
    next = m + 1
  }

  /// Member `m` with its key and spacing as they are, and `value` (JSON text) as its value: the
  /// same as `replace(_:to:value:)`, without a closure or an array to hold the value (a writer of
  /// every line of a stream, `weather annotate`, spent a tenth of its time keeping them).
  @inlinable @inline(__always)
  public mutating func replace<Sink: ByteSink>(
    _ m: Int, with value: UnsafeBufferPointer<UInt8>, to out: inout Sink
  ) {
    pass(to: m, through: members[m].value.lowerBound, to: &out)
    out.append(bytes: value)
    copied = members[m].value.upperBound
    afterValue = out.count
    next = m + 1
  }

  /// Leaves out member `m` and one separator beside it.
  public mutating func remove<Sink: ByteSink>(_ m: Int, to out: inout Sink) {
    pass(to: m, to: &out)
    if m + 1 < members.count {
      // With the separator after it (the one before it, if any, is written and stays).
      copied = keyStart(m + 1)
    } else {
      // The last member: with the separator before it, already written.
      if let afterValue { out.truncate(to: afterValue) }
      copied = members[m].value.upperBound
    }
    next = m + 1
  }

  /// Inserts a member before member `m` (after the last one when `m` is `members.count`):
  /// `write` writes its key, colon and value (JSON text).
  @inlinable @inline(__always)
  public mutating func insert<Sink: ByteSink>(
    before m: Int, to out: inout Sink, member write: (inout Sink) -> Void
  ) {
    pass(to: m, to: &out)
    if m == members.count, afterValue != nil { out.append(UInt8(ascii: ",")) }
    write(&out)
    afterValue = out.count
    if m < members.count { out.append(UInt8(ascii: ",")) }
  }

  /// Keeps the members not yet passed and writes the rest of the record.
  @inlinable @inline(__always)
  public mutating func finish<Sink: ByteSink>(to out: inout Sink) {
    copy(upTo: bytes.count, to: &out)
  }
}
