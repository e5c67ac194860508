/// Replacements for single characters, applied scalar by scalar: how markup, manual pages (roff)
/// and desktop entries escape text. Scalars, not `Character`s, so that a `\r\n` pair is two
/// characters to escape and not one that matches neither.
public struct EscapeTable: Sendable {
  /// What each escaped scalar becomes.
  public let replacements: [Unicode.Scalar: String]

  /// A table.
  public init(_ replacements: [Unicode.Scalar: String]) {
    self.replacements = replacements
  }

  /// `text` with every scalar the table names replaced, and the rest kept.
  public func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replacement = replacements[scalar] {
        out += replacement
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
