import PipeProtocol
import ToolSupport

/// The Writing App document: a `.story` file holds the story as raw UTF-8 bytes and nothing else.
public enum StoryDocument {
  /// The document's content type (the sample's exported type identifier).
  public static let contentType = "com.example.writingAppDocument"
  /// The type the content type conforms to.
  public static let conformsTo = "public.utf8-plain-text"
  /// The human description of the type.
  public static let typeDescription = "Writing App Document"
  /// The file name extension, without the dot.
  public static let fileExtension = "story"
  /// The longest title accepted, in UTF-8 bytes (leaves room for `.story` and temporary names).
  public static let maxTitleBytes = 200

  /// The message for a file that is not a story (the sample's corrupt-file error, code 259).
  public static func corruptMessage(_ fileName: String) -> String {
    "The file “\(fileName)” couldn’t be opened because it isn’t in the correct format."
  }

  /// The title of a document at `path`: its file name without a final `.story`.
  public static func title(ofPath path: String) -> String {
    dropExtension(fileName(ofPath: path))
  }

  /// `name` without a final `.story` (compared byte for byte), unless that would leave nothing.
  static func dropExtension(_ name: String) -> String {
    let suffix = Array(("." + fileExtension).utf8)
    let bytes = Array(name.utf8)
    guard bytes.count > suffix.count, Array(bytes.suffix(suffix.count)) == suffix else { return name }
    return String(decoding: bytes.dropLast(suffix.count), as: UTF8.self)
  }

  /// The last component of a path (trailing slashes ignored; slashes found byte by byte, since
  /// a combining mark after a `/` makes one `Character` of both).
  public static func fileName(ofPath path: String) -> String { Files.basename(path) }

  /// The file name of a document with this title.
  public static func fileName(forTitle title: String) -> String { title + "." + fileExtension }

  /// `folder/name`, without doubling a slash and without a leading `./` for the current folder.
  public static func join(_ folder: String, _ name: String) -> String {
    if folder.isEmpty || folder == "." { return name }
    return folder.utf8.last == UInt8(ascii: "/") ? folder + name : folder + "/" + name
  }

  /// Why `title` cannot name a document, or nil when it can. A title is a file name, never a path.
  public static func titleProblem(_ title: String) -> String? {
    if title.isEmpty { return "the title is empty" }
    if title == "." || title == ".." { return "the title '\(title)' is not a file name" }
    // Bytes, not Characters: "/" followed by a combining mark is one Character that is not "/".
    if title.utf8.first == UInt8(ascii: "/") {
      return "the title '\(escaped(title))' is an absolute path, not a file name"
    }
    if title.utf8.contains(UInt8(ascii: "/")) {
      return "the title '\(escaped(title))' contains '/'; a title is a file name, not a path"
    }
    if let bad = title.unicodeScalars.first(where: isControl) {
      return "the title '\(escaped(title))' contains the control character U+\(hex(bad.value))"
    }
    if title.utf8.count > maxTitleBytes {
      return "the title is \(title.utf8.count) bytes long; the limit is \(maxTitleBytes)"
    }
    return nil
  }

  /// A title given on the command line: a trailing `.story` is taken as the extension.
  public static func titleArgument(_ argument: String) -> String { dropExtension(argument) }

  /// Whether a scalar is a control character (C0, DEL or C1).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
  }

  /// A title made safe to show (`TerminalText`: control and bidi characters as `\u{1B}`).
  static func escaped(_ text: String) -> String { TerminalText.safe(text) }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The story in `bytes`, or nil when they are not valid UTF-8. A leading BOM is kept.
  public static func decode(_ bytes: [UInt8]) -> String? {
    guard UTF8Check.firstInvalidOffset(bytes) == nil else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The number of lines: line feeds, plus one for a last line without one. CRLF is one line end.
  public static func lineCount(_ bytes: [UInt8]) -> Int {
    var count = 0
    for byte in bytes where byte == 0x0A { count += 1 }
    if let last = bytes.last, last != 0x0A { count += 1 }
    return count
  }

  /// The number of words. A word is a run of characters that are not white space holding at least
  /// one letter or digit (so `don't` and `e-mail` are one word each, a lone `—` none); in addition
  /// every CJK ideograph, hiragana and katakana character is a word of its own.
  public static func wordCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes -> Int in
      var count = 0
      var inRun = false
      var runHasWord = false
      var i = 0
      let n = bytes.count
      while i < n {
        let b0 = bytes[i]
        var isSpace: Bool
        var isWordCharacter: Bool
        var ideograph = false
        if b0 < 0x80 {
          i += 1
          isSpace = b0 == 0x20 || (b0 >= 0x09 && b0 <= 0x0D)
          isWordCharacter = (b0 >= 0x30 && b0 <= 0x39) || ((b0 | 0x20) >= 0x61 && (b0 | 0x20) <= 0x7A)
        } else {
          // The text is valid UTF-8: decode one scalar.
          var value: UInt32
          var length: Int
          if b0 < 0xE0 {
            value = UInt32(b0 & 0x1F)
            length = 2
          } else if b0 < 0xF0 {
            value = UInt32(b0 & 0x0F)
            length = 3
          } else {
            value = UInt32(b0 & 0x07)
            length = 4
          }
          for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
          i += length
          let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
          isSpace = scalar.properties.isWhitespace
          ideograph = isIdeographic(scalar)
          isWordCharacter = !isSpace && isLetterOrDigit(scalar)
        }
        if isSpace || ideograph {
          if inRun, runHasWord { count += 1 }
          if ideograph { count += 1 }
          inRun = false
          runHasWord = false
          continue
        }
        inRun = true
        if isWordCharacter { runHasWord = true }
      }
      if inRun, runHasWord { count += 1 }
      return count
    }
  }

  static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      return true
    default: return false
    }
  }

  /// CJK ideographs, hiragana and katakana: scripts written without spaces between words.
  static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
    default: return false
    }
  }

  /// A `story` record for a document read from `path` (keys sorted). `text` is left out when nil;
  /// `modified` (seconds since 1970) is added when given.
  public static func record(
    path: String, bytes: [UInt8], text: String, includeText: Bool, modified: Int? = nil
  ) -> JSONObject {
    var object: JSONObject = [
      "type": .string("story"),
      "title": .string(title(ofPath: path)),
      "path": .string(path),
      "bytes": .int(bytes.count),
      "words": .int(wordCount(text)),
      "lines": .int(lineCount(bytes)),
      "sha256": .string(SHA256.hex(bytes)),
    ]
    if includeText { object["text"] = .string(text) }
    if let modified { object["modified"] = .string(ISODate.format(modified)) }
    object.sortKeys()
    return object
  }
}
