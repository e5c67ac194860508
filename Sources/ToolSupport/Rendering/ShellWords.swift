/// Words for a POSIX shell, written once: every command a tool or a page prints for people to
/// paste (`trips activity toggle -- 'Cali Coastal Trails' …`) quotes its words here, and the
/// pages' scripts use the same rule in JavaScript (`javaScript`).
public enum ShellWords {
  /// The bytes a word may hold and still be written bare: letters, digits and `_@%+=:,./-`. A
  /// shell gives none of them a meaning inside a word (`=` only before the command's name).
  static func isBare(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default: return "_@%+=:,./-".utf8.contains(byte)
    }
  }

  /// `word` as a shell reads it back exactly: bare when it is not empty and holds only the bytes
  /// `isBare` allows, else in single quotes, each `'` in it written `'\''`. A word that begins
  /// with `-` still reads as an option to the command: put `--` before such words (`command`).
  public static func quoted(_ word: String) -> String {
    if !word.isEmpty, word.utf8.allSatisfy(isBare) { return word }
    return "'"
      + word.unicodeScalars.split(separator: "'", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }.joined(separator: "'\\''") + "'"
  }

  /// A command line: `words` (the command and its options, written as they are) then `--` and
  /// `names`, each quoted, so that a name that begins with `-` is never read as an option.
  public static func command(_ words: [String], names: [String]) -> String {
    (words.map(quoted) + ["--"] + names.map(quoted)).joined(separator: " ")
  }

  /// `quoted` in JavaScript, for a page's script: `const quote = (s) => …;`.
  public static let javaScript = #"""
    const quote = (s) => /^[A-Za-z0-9_@%+=:,.\/-]+$/.test(s) ? s : "'" + s.replaceAll("'", "'\\''") + "'";
    """#
}
