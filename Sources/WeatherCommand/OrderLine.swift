import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// An order read in one pass over its members: the members `annotate` reads or sets, with typed
/// access to their values (`FieldAccess`). `write` copies the record's own bytes as they are and
/// splices in only the values it sets: every other member, the spacing and the escapes stay byte
/// for byte.
struct OrderLine: FieldAccess {
  /// The members looked for (each its key).
  enum Name: String, CaseIterable, MemberName {
    case id, city, parkingSpot, creationDate, temperature, wasRaining

    /// The table of the keys.
    static let table = MemberTable<Name>()
  }

  let view: RecordView
  /// Where the first member of each name is among the members, by `Name.memberIndex` (-1: not
  /// there). Inline: no array to allocate per order.
  var found = InlineArray<8, Int32>(repeating: -1)

  /// The first member named `name`.
  subscript(name: Name) -> MemberSpan? {
    let m = Int(found[name.memberIndex])
    return m < 0 ? nil : view.members[m]
  }

  /// Where the first member named `name` is among the members (-1: not there).
  func place(_ name: Name) -> Int { Int(found[name.memberIndex]) }

  /// Finds the members of `view` that `annotate` reads or sets (the reader has indexed them).
  init(_ view: RecordView) {
    precondition(Name.table.count <= found.count)
    self.view = view
    let bytes = view.bytes
    withUnsafeMutableBytes(of: &found) { found in
      view.members.withUnsafeBufferPointer {
        Name.table.first(of: $0, in: bytes, into: found.baseAddress!.assumingMemoryBound(to: Int32.self))
      }
    }
  }

  var type: String { view.type }

  /// The parsed value of the member `key` (one of `Name`).
  func value(_ key: String) -> JSONValue? {
    guard let name = Name(rawValue: key), let member = self[name] else { return nil }
    var parser = JSONParser(
      UnsafeBufferPointer(rebasing: view.bytes[member.value]), maxDepth: JSONParser.maxDepthCeiling)
    return try? parser.parseValue(depth: 0)
  }

  func error(_ message: String) -> InputError { view.error(message) }

  /// The raw bytes of a member's value (empty when it is absent).
  func raw(_ name: Name) -> UnsafeBufferPointer<UInt8> {
    guard let member = self[name] else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(rebasing: view.bytes[member.value])
  }

  /// "creationDate" when it is a string without escapes holding a date (as `date` reads it);
  /// nil otherwise.
  func plainDate(memo: inout ISODate.DayMemo) -> Int? {
    guard let member = self[.creationDate], let inner = ValidatedJSON(view.bytes).plainString(member.value)
    else {
      return nil
    }
    return ISODate.parse(bytes: UnsafeBufferPointer(rebasing: view.bytes[inner]), memo: &memo)
  }

  /// Appends the record to `out` with the values set (JSON text), through `RecordSplicer`: each in
  /// the place of its member's value, or as a new member after the last one; then a newline.
  func write(temperature newTemperature: [UInt8], wasRaining newWasRaining: [UInt8], to out: inout [UInt8]) {
    let temperatureIndex = place(.temperature)
    let wasRainingIndex = place(.wasRaining)
    view.members.withUnsafeBufferPointer { members in
      var splicer = RecordSplicer(view.bytes, members: members)
      // (No arrays here: an order is written without allocating.)
      let (a, aValue, b, bValue) =
        temperatureIndex <= wasRainingIndex
        ? (temperatureIndex, newTemperature, wasRainingIndex, newWasRaining)
        : (wasRainingIndex, newWasRaining, temperatureIndex, newTemperature)
      if a >= 0 { splicer.replace(a, to: &out) { $0.append(contentsOf: aValue) } }
      if b >= 0 { splicer.replace(b, to: &out) { $0.append(contentsOf: bValue) } }
      func add(_ name: Name, _ value: [UInt8]) {
        splicer.insert(before: members.count, to: &out) { out in
          out.append(UInt8(ascii: "\""))
          out.append(contentsOf: name.rawValue.utf8)
          out.append(contentsOf: "\":".utf8)
          out.append(contentsOf: value)
        }
      }
      if temperatureIndex < 0 { add(.temperature, newTemperature) }
      if wasRainingIndex < 0 { add(.wasRaining, newWasRaining) }
      splicer.finish(to: &out)
    }
    out.append(0x0A)
  }
}
