import PipeProtocol

/// `--format csv` of every listing, written one way: a header row of the record's field names
/// (`type` and the schema's fields, sorted as records hold their keys), then a row per record.
/// A field is quoted when it holds a comma, a quote or a line break, and its quotes are doubled
/// (RFC 4180); lines end in a line feed, as every other output does. Values are not flattened
/// into more columns: a string is written as it is, a number as its JSON text, `true`/`false`,
/// an absent field or `null` as an empty field, and an array or an object as its JSON text in
/// one field (so a reader gets it back with one JSON parse).
public struct CSVTable: Sendable {
  /// The field names, in header order.
  public let columns: [String]

  /// A table of these columns, in this order.
  public init(columns: [String]) { self.columns = columns }

  /// A table of the fields of `schema`'s records: `type` and every field the schema names, sorted.
  public init(_ schema: RecordSchema) {
    self.init(columns: Set(["type"] + schema.fields.map(\.name)).sorted())
  }

  /// The header row, ending in a line feed.
  public var header: String { columns.map(Self.field).joined(separator: ",") + "\n" }

  /// The row of `record`: its value of each column, ending in a line feed.
  public func row(_ record: JSONObject) -> String {
    columns.map { Self.cell(record[$0]) }.joined(separator: ",") + "\n"
  }

  /// The header and a row per record.
  public func text(_ records: [JSONObject]) -> String {
    records.reduce(into: header) { $0 += row($1) }
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
  /// field, the JSON text of anything else (numbers, booleans, arrays and objects, unflattened),
  /// quoted when it needs to be; a number is never marked as text (`-3` stays `-3`).
  public static func cell(_ value: JSONValue?) -> String {
    guard let value else { return "" }
    if let text = value.stringValue { return field(text) }
    if case .null = value { return "" }
    return quoted(value.jsonText)
  }
}
