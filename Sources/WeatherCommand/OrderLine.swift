import FoodTruckKit
import Glibc
import PipeProtocol
import ToolSupport

/// An order read in one pass over its members: the members `annotate` reads or sets, with typed
/// access to their values (`FieldAccess`). `write` copies the record's own bytes as they are and
/// splices in only the values it sets: every other member, the spacing and the escapes stay byte
/// for byte.
struct OrderLine: FieldAccess {
  /// The members looked for.
  enum Name: Int {
    case id, city, parkingSpot, creationDate, temperature, wasRaining

    static let keys = ["id", "city", "parkingSpot", "creationDate", "temperature", "wasRaining"]
    static let bytes = keys.map { Array($0.utf8) }

    /// The member's key.
    var key: String { Self.keys[rawValue] }

    /// The table of the keys.
    static let table = MemberTable(keys)

    /// The name whose key is `key`.
    init?(key: String) {
      guard let index = Self.keys.firstIndex(of: key) else { return nil }
      self.init(rawValue: index)
    }
  }

  let view: RecordView
  /// The first member of each name (stored apart: no array to allocate per order).
  var id, city, parkingSpot, creationDate, temperature, wasRaining: MemberSpan?

  /// The first member named `name`.
  subscript(name: Name) -> MemberSpan? {
    switch name {
    case .id: id
    case .city: city
    case .parkingSpot: parkingSpot
    case .creationDate: creationDate
    case .temperature: temperature
    case .wasRaining: wasRaining
    }
  }

  /// Finds the members of `view` that `annotate` reads or sets (the reader has indexed them).
  init(_ view: RecordView) {
    self.view = view
    let bytes = view.bytes
    let members = view.members
    // (On the stack: an order is read without allocating.)
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: Name.table.count) { found in
      members.withUnsafeBufferPointer { Name.table.first(of: $0, in: bytes, into: found.baseAddress!) }
      func member(_ name: Name) -> MemberSpan? {
        let m = Int(found[name.rawValue])
        return m < 0 ? nil : members[m]
      }
      id = member(.id)
      city = member(.city)
      parkingSpot = member(.parkingSpot)
      creationDate = member(.creationDate)
      temperature = member(.temperature)
      wasRaining = member(.wasRaining)
    }
  }

  var type: String { view.type }

  /// The parsed value of the member `key` (one of `Name`).
  func value(_ key: String) -> JSONValue? {
    guard let name = Name(key: key), let member = self[name] else { return nil }
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
    guard let member = creationDate, let inner = ValidatedJSON(view.bytes).plainString(member.value) else {
      return nil
    }
    return ISODate.parse(bytes: UnsafeBufferPointer(rebasing: view.bytes[inner]), memo: &memo)
  }

  /// Appends the record to `out` with the values set (JSON text): each in the place of its
  /// member's value, or as a new member after the last one; then a newline.
  func write(temperature newTemperature: [UInt8], wasRaining newWasRaining: [UInt8], to out: inout [UInt8]) {
    let bytes = view.bytes
    // New members go right after the last member's value (or after the opening brace).
    let insert =
      view.members.last?.value.upperBound ?? (bytes.firstIndex(of: UInt8(ascii: "{")).map { $0 + 1 } ?? 0)
    var first = (temperature, newTemperature)
    var second = (wasRaining, newWasRaining)
    if let a = first.0, let b = second.0, b.value.lowerBound < a.value.lowerBound { swap(&first, &second) }
    var position = 0
    func splice(_ member: MemberSpan?, _ value: [UInt8]) {
      guard let member else { return }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<member.value.lowerBound]))
      out.append(contentsOf: value)
      position = member.value.upperBound
    }
    splice(first.0, first.1)
    splice(second.0, second.1)
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<insert]))
    func add(_ name: Name, _ member: MemberSpan?, _ value: [UInt8]) {
      guard member == nil else { return }
      if !view.members.isEmpty { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: Name.bytes[name.rawValue])
      out.append(contentsOf: "\":".utf8)
      out.append(contentsOf: value)
    }
    add(.temperature, temperature, newTemperature)
    add(.wasRaining, wasRaining, newWasRaining)
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[insert...]))
    out.append(0x0A)
  }
}
