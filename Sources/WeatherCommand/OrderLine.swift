import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// An order's members that `annotate` reads or sets, found once, with typed access to their
/// values (`FieldAccess`). `write` copies the record's own bytes as they are and splices in only
/// the values it sets: every other member, the spacing and the escapes stay byte for byte.
///
/// It holds the line in place (its bytes and members, valid while the line is read), so that a
/// worker makes one per order without an array, a string or a reference count.
struct OrderLine: FieldAccess {
  /// The members looked for (each its key).
  enum Name: String, CaseIterable, MemberName {
    case id, city, parkingSpot, creationDate, temperature, wasRaining

    /// The table of the keys.
    static let table = MemberTable<Name>()
  }

  /// The line's bytes (a validated record).
  let bytes: UnsafeBufferPointer<UInt8>
  /// Its top-level members, in order.
  let members: UnsafeBufferPointer<MemberSpan>
  /// Where messages place the order: its source and one-based line.
  let source: String
  let line: Int
  /// Whether the line is plain (no backslash anywhere), so that a string needs no look for escapes.
  let plain: Bool
  /// Where the first member of each name is among the members, by `Name.memberIndex` (-1: not
  /// there). Inline, and of a concrete type: no array to allocate per order, and an order is
  /// copied without a call.
  var found = SIMD8<Int32>(repeating: -1)

  /// The first member named `name`.
  @inline(__always)
  subscript(name: Name) -> MemberSpan? {
    let m = Int(found[name.memberIndex])
    return m < 0 ? nil : members[m]
  }

  /// Where the first member named `name` is among the members (-1: not there).
  @inline(__always)
  func place(_ name: Name) -> Int { Int(found[name.memberIndex]) }

  /// The order of `view`, its members of each name found in one pass (any keys, escaped ones
  /// decoded), valid while `members` is (the view's, in place).
  init(_ view: borrowing RecordView, members: UnsafeBufferPointer<MemberSpan>) {
    precondition(Name.table.count <= found.scalarCount)
    bytes = view.bytes
    self.members = members
    source = view.source
    line = view.line
    plain = false
    let bytes = view.bytes
    withUnsafeMutableBytes(of: &found) { found in
      Name.table.first(of: members, in: bytes, into: found.baseAddress!.assumingMemoryBound(to: Int32.self))
    }
  }

  /// The order a worker's indexer read last (`RecordIndexer.indexIfSure`, made with `Name.table`):
  /// its members as the indexer keeps them, each name's found by the indexer (a sure line has no
  /// escaped key and no key twice). No source or line: an order that fails is read again by the
  /// sequential code, which words the error. So its "id", read only for those words, is not
  /// looked for.
  ///
  /// `places` keeps the places found on the last line the shape replay read: a line replayed with
  /// the same shape (`RecordIndexer.shapeGeneration`) has the same keys in the same places, so
  /// they are taken as they are.
  init(_ line: UnsafeBufferPointer<UInt8>, indexed index: borrowing RecordIndexer, places: inout Places) {
    bytes = line
    members = index.spans
    source = ""
    self.line = 0
    plain = index.plain
    let generation = index.shapeGeneration
    if generation >= 0, generation == places.generation {
      found = places.found
      return
    }
    // Name by name (`allCases` would be an array made for every order).
    found[Name.city.memberIndex] = Int32(index.place(Name.city) ?? -1)
    found[Name.parkingSpot.memberIndex] = Int32(index.place(Name.parkingSpot) ?? -1)
    found[Name.creationDate.memberIndex] = Int32(index.place(Name.creationDate) ?? -1)
    found[Name.temperature.memberIndex] = Int32(index.place(Name.temperature) ?? -1)
    found[Name.wasRaining.memberIndex] = Int32(index.place(Name.wasRaining) ?? -1)
    places = Places(generation: generation, found: found)
  }

  /// The places of a worker's last order read on a line of a known shape (see
  /// `init(_:indexed:places:)`).
  struct Places {
    /// The shape generation of that line (-1: none).
    var generation = -1
    var found = SIMD8<Int32>(repeating: -1)
  }

  var type: String { "order" }

  /// The parsed value of the member `key` (one of `Name`).
  func value(_ key: String) -> JSONValue? {
    guard let name = Name(rawValue: key), let member = self[name] else { return nil }
    var parser = JSONParser(
      UnsafeBufferPointer(rebasing: bytes[member.value]), maxDepth: JSONParser.maxDepthCeiling)
    return try? parser.parseValue(depth: 0)
  }

  func error(_ message: String) -> InputError { InputError(source: source, line: line, message: message) }

  /// The raw bytes of a member's value (empty when it is absent).
  @inline(__always)
  func raw(_ name: Name) -> UnsafeBufferPointer<UInt8> {
    guard let member = self[name] else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(rebasing: bytes[member.value])
  }

  /// "creationDate" when it is a string without escapes holding a date (as `date` reads it);
  /// nil otherwise.
  @inline(__always)
  func plainDate(memo: inout ISODate.DayMemo) -> Int? {
    guard let member = self[.creationDate] else { return nil }
    let inner: Range<Int>
    if plain {
      // No backslash in the line: a string is its bytes between the quotes.
      guard member.kind == UInt8(ascii: "\"") else { return nil }
      inner = (member.value.lowerBound + 1)..<(member.value.upperBound - 1)
    } else {
      guard let plainInner = ValidatedJSON(bytes).plainString(member.value) else { return nil }
      inner = plainInner
    }
    return ISODate.parse(bytes: UnsafeBufferPointer(rebasing: bytes[inner]), memo: &memo)
  }

  /// Appends the record to `out` with the values set (JSON text), through `RecordSplicer`: each in
  /// the place of its member's value, or as a new member after the last one; then a newline.
  /// `spliced` (for the tests: the slow twin) writes any order through the splicer.
  func write<Sink: ByteSink>(
    temperature newTemperature: UnsafeBufferPointer<UInt8>,
    wasRaining newWasRaining: UnsafeBufferPointer<UInt8>,
    to out: inout Sink, spliced: Bool = false
  ) {
    let temperatureIndex = place(.temperature)
    let wasRainingIndex = place(.wasRaining)
    // Both there, "temperature" first (as orders are written): the line's own bytes around the
    // two values, as the splicer would copy them, without its bookkeeping.
    if !spliced, temperatureIndex >= 0, wasRainingIndex > temperatureIndex {
      let temperature = members[temperatureIndex].value
      let wasRaining = members[wasRainingIndex].value
      out.append(bytes: UnsafeBufferPointer(rebasing: bytes[..<temperature.lowerBound]))
      out.append(bytes: newTemperature)
      out.append(bytes: UnsafeBufferPointer(rebasing: bytes[temperature.upperBound..<wasRaining.lowerBound]))
      out.append(bytes: newWasRaining)
      out.append(bytes: UnsafeBufferPointer(rebasing: bytes[wasRaining.upperBound...]))
      out.append(0x0A)
      return
    }
    var splicer = RecordSplicer(bytes, members: members)
    // (No arrays here: an order is written without allocating.)
    let (a, aValue, b, bValue) =
      temperatureIndex <= wasRainingIndex
      ? (temperatureIndex, newTemperature, wasRainingIndex, newWasRaining)
      : (wasRainingIndex, newWasRaining, temperatureIndex, newTemperature)
    if a >= 0 { splicer.replace(a, with: aValue, to: &out) }
    if b >= 0 { splicer.replace(b, with: bValue, to: &out) }
    func add(_ name: Name, _ value: UnsafeBufferPointer<UInt8>) {
      splicer.insert(before: members.count, to: &out) { out in
        out.append(UInt8(ascii: "\""))
        for byte in name.rawValue.utf8 { out.append(byte) }
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
        out.append(bytes: value)
      }
    }
    if temperatureIndex < 0 { add(.temperature, newTemperature) }
    if wasRainingIndex < 0 { add(.wasRaining, newWasRaining) }
    splicer.finish(to: &out)
    out.append(0x0A)
  }
}
