/// Text matching and ordering without Foundation, following what the sample's Foundation calls
/// do on Linux (wishlist.md A4): search is case-insensitive and diacritic-sensitive; sorting is a
/// three-level collation (letters, then accents, then case with lower case first), with spaces
/// before punctuation and symbols, those before digits, and digits before letters.
///
/// Accents are folded for precomposed Latin-1 letters and for any letter followed by combining
/// marks; other scripts sort by code point within their class. That is enough for the sample's
/// ASCII names and for most Western names; results may differ from ICU for other text.
public enum Collation {
  /// Whether `needle` occurs in `haystack` ignoring case but not accents ("CAFÉ" contains "café",
  /// "Café" does not contain "cafe"); false for an empty needle.
  public static func contains(_ haystack: String, _ needle: String) -> Bool {
    guard !needle.isEmpty else { return false }
    let h = Array(haystack.lowercased())
    let n = Array(needle.lowercased())
    guard n.count <= h.count else { return false }
    for start in 0...(h.count - n.count) {
      var matched = true
      for i in 0..<n.count where h[start + i] != n[i] {
        matched = false
        break
      }
      if matched { return true }
    }
    return false
  }

  /// Whether `a` sorts before `b` (`localizedCompare`, or `localizedCaseInsensitiveCompare` when
  /// `ignoringCase`). Strings equal under the collation are ordered by their code points so that
  /// sorting stays deterministic.
  public static func precedes(_ a: String, _ b: String, ignoringCase: Bool = false) -> Bool {
    let order = compare(a, b, ignoringCase: ignoringCase)
    if order != 0 { return order < 0 }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  /// -1, 0 or 1 as `a` sorts before, equal to, or after `b` under the collation.
  public static func compare(_ a: String, _ b: String, ignoringCase: Bool = false) -> Int {
    let ka = a.map(Key.init)
    let kb = b.map(Key.init)
    for level in 0..<(ignoringCase ? 2 : 3) {
      for (x, y) in zip(ka, kb) {
        let order = x.compare(y, level: level)
        if order != 0 { return order }
      }
      if ka.count != kb.count { return ka.count < kb.count ? -1 : 1 }
    }
    return 0
  }

  /// A key whose byte order is the collation's order (`compare`): `compare(a, b) < 0` exactly when
  /// `sortKey(a)` sorts before `sortKey(b)`, and equal keys for equal names. Each level (letters,
  /// accents, case) is a run of per-character weights ended by 0, so that a shorter run sorts
  /// first, as in `compare`. Sorting many names by their keys makes each name's weights once.
  public static func sortKey(_ text: String, ignoringCase: Bool = false) -> [UInt8] {
    let keys = text.map(Key.init)
    var out: [UInt8] = []
    out.reserveCapacity(keys.count * 6)
    // UTF-8 keeps code point order; shifted by one (UTF-8 has no 0xFF byte) so that 0 ends a weight.
    func append(_ weight: String) {
      for byte in weight.utf8 { out.append(byte + 1) }
      out.append(0)
    }
    for key in keys {
      out.append(UInt8(key.group + 1))
      append(key.base)
    }
    out.append(0)
    for key in keys { append(key.accents) }
    out.append(0)
    if !ignoringCase {
      for key in keys { out.append(key.upper ? 2 : 1) }
    }
    return out
  }

  /// The indexes of `names` in collation order, ties in their order (a stable sort by `compare`).
  public static func order(_ names: [String], ignoringCase: Bool = false) -> [Int] {
    let keys = names.map { sortKey($0, ignoringCase: ignoringCase) }
    return names.indices.sorted { a, b in
      keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : a < b
    }
  }

  /// One character's collation weights.
  struct Key {
    var group: Int
    var base: String
    var accents: String
    var upper: Bool

    init(_ c: Character) {
      if c.isWhitespace {
        group = 0
      } else if c.isPunctuation || c.isSymbol {
        group = 1
      } else if c.isNumber {
        group = 2
      } else {
        group = 3
      }
      var scalars = Array(c.unicodeScalars)
      let first = scalars.removeFirst()
      var accentText = String(String.UnicodeScalarView(scalars))
      var baseText = String(first).lowercased()
      if let folded = Key.folding[baseText] {
        accentText = baseText + accentText
        baseText = folded
      }
      base = baseText
      accents = accentText
      upper = c.isUppercase
    }

    func compare(_ other: Key, level: Int) -> Int {
      switch level {
      case 0:
        if group != other.group { return group < other.group ? -1 : 1 }
        if base != other.base {
          return base.unicodeScalars.lexicographicallyPrecedes(other.base.unicodeScalars) ? -1 : 1
        }
        return 0
      case 1:
        if accents != other.accents {
          return accents.unicodeScalars.lexicographicallyPrecedes(other.accents.unicodeScalars) ? -1 : 1
        }
        return 0
      default:
        if upper != other.upper { return upper ? 1 : -1 }
        return 0
      }
    }

    /// Precomposed lower-case Latin-1 letters and their base letters.
    static let folding: [String: String] = {
      let table: [(String, String)] = [
        ("àáâãäå", "a"), ("ç", "c"), ("èéêë", "e"), ("ìíîï", "i"), ("ñ", "n"), ("òóôõöø", "o"),
        ("ùúûü", "u"), ("ýÿ", "y"),
      ]
      var map: [String: String] = [:]
      for (letters, base) in table { for letter in letters { map[String(letter)] = base } }
      return map
    }()
  }
}
