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
    columns.map { Self.field(Self.cell(record[$0])) }.joined(separator: ",") + "\n"
  }

  /// The header and a row per record.
  public func text(_ records: [JSONObject]) -> String {
    records.reduce(into: header) { $0 += row($1) }
  }

  /// A field as CSV writes it: quoted, with its quotes doubled, when it holds a comma, a quote,
  /// a line feed or a carriage return (RFC 4180); as it is otherwise.
  public static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }

  /// A value's text in a field: a string as it is, nothing for `null` or an absent field, the
  /// JSON text of anything else (numbers, booleans, arrays and objects, unflattened).
  public static func cell(_ value: JSONValue?) -> String {
    guard let value else { return "" }
    if let text = value.stringValue { return text }
    if case .null = value { return "" }
    return value.jsonText
  }
}
