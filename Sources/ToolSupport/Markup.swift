/// Escaping for the SVG and HTML the tools write.
public enum Markup {
  /// Escapes text for XML or HTML content and quoted attribute values. Characters neither allows
  /// in a document (controls other than tab, line feed and carriage return, and noncharacters)
  /// become U+FFFD, so that text from any record still gives a valid document.
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      default:
        let v = scalar.value
        let forbidden =
          v < 0x20 || (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
        out.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
      }
    }
    return out
  }

  /// An SVG `<defs>` block holding one linear gradient named `id` that runs from `bottom` up to
  /// `top`, indented by two spaces, one element a line, ending in a line feed.
  public static func verticalGradient(id: String, bottom: String, top: String) -> String {
    """
      <defs>
        <linearGradient id="\(id)" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stop-color="\(bottom)"/>
          <stop offset="1" stop-color="\(top)"/>
        </linearGradient>
      </defs>

    """
  }
}
