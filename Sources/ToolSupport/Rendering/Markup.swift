/// Escaping for the SVG and HTML the tools write.
public enum Markup {
  /// Escapes text for XML or HTML content and quoted attribute values. Characters neither allows
  /// in a document (controls other than tab, line feed and carriage return, and noncharacters)
  /// become U+FFFD, so that text from any record still gives a valid document.
  public static func escape(_ text: String) -> String {
    entities.escape(replacingDisallowed(text))
  }

  /// The characters markup reads as its own, as entities.
  static let entities = EscapeTable(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])

  /// Whether a document may hold a character as it is: not a control other than tab, line feed
  /// and carriage return, nor a noncharacter (XML forbids them; HTML parsers report them).
  public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v == 0x09 || v == 0x0A || v == 0x0D { return true }
    return !(v < 0x20 || (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE)
  }

  /// Text with each character a document may not hold (see `isAllowed`) replaced by U+FFFD, as
  /// `escape` does, and nothing else changed: for text escaped another way, such as JSON data in
  /// a `<script>` element.
  public static func replacingDisallowed(_ text: String) -> String {
    guard !text.unicodeScalars.allSatisfy(isAllowed) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(isAllowed(scalar) ? scalar : "\u{FFFD}") }
    return String(out)
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
