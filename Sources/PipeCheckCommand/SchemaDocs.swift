import PipeProtocol

/// Renders record schemas as the Markdown reference in PROTOCOL.md.
public enum SchemaDocs {
  /// One section per record type with a table of its fields.
  public static func markdown(_ schemas: [RecordSchema]) -> String {
    var text = ""
    for schema in schemas {
      text += "### `\(schema.type)`\n\n\(schema.summary)"
      if !schema.writers.isEmpty {
        text += " Written by " + schema.writers.map { "`\($0)`" }.joined(separator: ", ") + "."
      }
      text += "\n\n| field | type | required | notes |\n|---|---|---|---|\n"
      text += "| `type` | `\"\(schema.type)\"` | yes | |\n"
      for field in schema.fields { rows(field, prefix: "", into: &text) }
      text += "\n"
    }
    return text
  }

  static func rows(_ field: FieldSpec, prefix: String, into text: inout String) {
    let name = prefix + field.name
    text += "| `\(name)` | \(field.type.description.replacingOccurrences(of: "|", with: "\\|")) | "
    text += (field.required ? "yes" : "no") + " | \(field.note) |\n"
    switch field.type {
    case .object(let fields): for f in fields { rows(f, prefix: name + ".", into: &text) }
    case .array(.object(let fields)): for f in fields { rows(f, prefix: name + "[].", into: &text) }
    default: break
    }
  }
}

extension String {
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
