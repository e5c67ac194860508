import PipeProtocol
import PipeReading

/// `--format csv` of every listing, written one way (PROTOCOL.md, rule 10): a header row, then a
/// row per record. A record is flattened as Miller does: a member holding a non-empty object or
/// array is replaced by its members, `temperature.unit`, `items.1.donut` (arrays counted from 1),
/// down to the values that are not (a string, a number, a boolean, `null`, `{}` or `[]`). The
/// header is `type` and every field of the record type's schema, each field that a record holds
/// as a non-empty object or array replaced by every path the records hold under it (so the
/// longest array sets how many `items.N` columns there are), sorted segment by segment (numbers
/// by value, names by Unicode scalars). A string is written as it is (a formula leader marked,
/// `field(_:)`), a number as its JSON text, `true`/`false`, an absent value or `null` as an empty
/// field, `{}` and `[]` as such. Lines end in a line feed, as every other output does.
public struct CSVTable: Sendable {
  /// The field names, in header order.
  public let columns: [String]

  /// A table of these columns, in this order.
  public init(columns: [String]) { self.columns = columns }

  /// A table of the fields of `schema`'s records: `type` and every field the schema names, sorted
  /// (the header when no record is written).
  public init(_ schema: RecordSchema) {
    self.init(columns: Set(["type"] + schema.fields.map(\.name)).sorted(by: Self.pathOrder))
  }

  /// A table whose header is known before any record, for a command that streams: `type` and the
  /// schema's fields, an object field replaced by its members' paths as the schema names them, an
  /// array field by the paths of `slots[field]` elements (its most, known up front: an order of
  /// `orders stream` holds at most 5 items), sorted as `widened(by:)` sorts them. A record's
  /// paths outside these columns are left out.
  public init(_ schema: RecordSchema, slots: [String: Int]) {
    func paths(_ path: String, _ type: FieldType, slots: Int) -> [String] {
      switch type {
      case .object(let fields) where !fields.isEmpty:
        return fields.flatMap { paths(path + "." + $0.name, $0.type, slots: 0) }
      case .array(let element) where slots > 0:
        return (1...slots).flatMap { paths(path + ".\($0)", element, slots: 0) }
      default: return [path]
      }
    }
    let all = ["type"] + schema.fields.flatMap { paths($0.name, $0.type, slots: slots[$0.name] ?? 0) }
    self.init(columns: Set(all).sorted(by: Self.pathOrder))
  }

  /// The header row, ending in a line feed.
  public var header: String { columns.map(Self.field).joined(separator: ",") + "\n" }

  /// The row of `record`: its value at each column's path, ending in a line feed.
  public func row(_ record: JSONObject) -> String {
    let values = Self.flattened(record)
    return columns.map { Self.cell(values[$0]) }.joined(separator: ",") + "\n"
  }

  /// The header and a row per record, the header widened to every path the records hold under
  /// the table's fields (`widened(by:)`).
  public func text(_ records: [JSONObject]) -> String {
    let table = widened(by: records)
    return records.reduce(into: table.header) { $0 += table.row($1) }
  }

  /// This table with each column that a record holds as a non-empty object or array replaced by
  /// the paths the records hold under it, sorted (`pathOrder`); fields outside the table stay out.
  public func widened(by records: [JSONObject]) -> CSVTable {
    let fields = Set(columns)
    var paths = Set<String>()
    var nested = Set<String>()
    for record in records {
      for path in Self.flattened(record).keys {
        let field = path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? path
        guard fields.contains(field) else { continue }
        paths.insert(path)
        if path != field { nested.insert(field) }
      }
    }
    let kept = columns.filter { !nested.contains($0) }
    return CSVTable(
      columns: Set(kept).union(paths.filter { $0.contains(".") || !nested.contains($0) }).sorted(
        by: Self.pathOrder))
  }

  /// `record`'s values by path: a member holding a non-empty object or array is replaced by its
  /// members (`temperature.unit`, `items.1.donut`), recursively.
  public static func flattened(_ record: JSONObject) -> [String: JSONValue] {
    var out: [String: JSONValue] = [:]
    func visit(_ value: JSONValue, _ path: String) {
      if let object = value.objectValue, !object.members.isEmpty {
        for member in object.members { visit(member.value, path + "." + member.key) }
      } else if let array = value.arrayValue, !array.isEmpty {
        for (n, element) in array.enumerated() { visit(element, path + ".\(n + 1)") }
      } else {
        out[path] = value
      }
    }
    for member in record.members { visit(member.value, member.key) }
    return out
  }

  /// The header's order: paths compared segment by segment, two numbers by value, anything else
  /// by Unicode scalars; a path before the longer ones it begins.
  public static func pathOrder(_ a: String, _ b: String) -> Bool {
    let x = a.split(separator: ".", omittingEmptySubsequences: false)
    let y = b.split(separator: ".", omittingEmptySubsequences: false)
    for (p, q) in zip(x, y) where p != q {
      if let m = Int(p), let n = Int(q), m >= 0, n >= 0 { return m < n }
      return p.unicodeScalars.lexicographicallyPrecedes(q.unicodeScalars) { $0.value < $1.value }
    }
    return x.count < y.count
  }

  /// A field as CSV writes it: quoted, with its quotes doubled, when its UTF-8 bytes hold a
  /// comma, a quote, a line feed or a carriage return (RFC 4180); as it is otherwise. Decided by
  /// bytes, not characters: a comma or a quote followed by a combining mark is one character in
  /// Swift but two fields' worth of bytes to a CSV reader, and so is CR LF.
  public static func quoted(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
      return text
    }
    var bytes: [UInt8] = [0x22]
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      bytes.append(byte)
      if byte == 0x22 { bytes.append(0x22) }
    }
    bytes.append(0x22)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The first bytes that make a spreadsheet run a cell as a formula or a command (`=`, `+`,
  /// `-`, `@`, tab, carriage return), and the `'` that marks text: a text cell that begins with
  /// one of them is written with one `'` before it (rule 10), so that it is shown as text, and a
  /// reader that removes one leading `'` from a text cell gets the string back.
  static let formulaLeaders: Set<UInt8> = [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D, 0x27]

  /// A text field as CSV writes it: a string that a spreadsheet would run as a formula gets a
  /// leading `'` (see `formulaLeaders`), then it is quoted as `quoted(_:)` says.
  public static func field(_ text: String) -> String {
    quoted(guardedText(text))
  }

  /// `text` with one `'` before it when it begins with a formula leader or a `'`.
  public static func guardedText(_ text: String) -> String {
    guard let first = text.utf8.first, formulaLeaders.contains(first) else { return text }
    return "'" + text
  }

  /// A value's field: a string as a text field (`field(_:)`), nothing for `null` or an absent
  /// field, the JSON text of anything else (numbers, booleans, and after flattening `{}` and
  /// `[]`), quoted when it needs to be; a number is never marked as text (`-3` stays `-3`).
  public static func cell(_ value: JSONValue?) -> String {
    guard let value else { return "" }
    if let text = value.stringValue { return field(text) }
    if case .null = value { return "" }
    return quoted(value.jsonText)
  }
}

extension CSVTable {
  /// Writes `records` of `type` as a listing's `--format` asks: with `csv`, a header row of the
  /// fields `catalog` gives the type and a row per record (`text(_:)`); with any other format,
  /// JSON lines. A text view is each command's own.
  public static func write(
    _ records: [JSONObject], as format: OutputFormat, type: String, in catalog: SchemaCatalog
  ) {
    if format == .csv {
      StandardOutput.shared.write(CSVTable(catalog.schema(for: type)!).text(records))
    } else {
      for record in records { StandardOutput.shared.writeRecord(record) }
    }
  }
}
