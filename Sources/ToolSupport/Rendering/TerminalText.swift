/// Text from data made safe to show a person on a terminal: control characters and the invisible
/// characters that change how a line reads are shown as `\u{1B}` escapes, never sent raw (an ESC
/// could clear the screen or set the window title; U+202E could reverse what follows).
public enum TerminalText {
  /// Whether a character is shown escaped: C0 controls (tab too), DEL, C1 controls, the bidi
  /// embedding, override and isolate controls, the line and paragraph separators, and U+FEFF.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
    default: return false
    }
  }

  /// `text` with every character that `needsEscape` shown as `\u{XX}`.
  public static func safe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }
}
