import Glibc
import PipeProtocol
import PipeReading
import SystemIO
import ToolSupport

/// A story document read from disk.
public struct LoadedStory: Sendable {
  /// The path it was read from.
  public var path: String
  /// Its bytes, exactly.
  public var bytes: [UInt8]
  /// Its text (the same bytes, known to be UTF-8).
  public var text: String
  /// When it was last changed: seconds since 1970.
  public var modified: Int
  /// The nanoseconds part of the change time (for ordering).
  public var modifiedNanoseconds: Int
  /// Its permission bits.
  public var mode: mode_t

  /// Its `story` record.
  public func record(includeText: Bool, includeModified: Bool = false) -> JSONObject {
    StoryDocument.record(
      path: path, bytes: bytes, text: text, includeText: includeText,
      modified: includeModified ? modified : nil)
  }
}

/// Reading and finding story files.
public enum StoryFiles {
  /// The largest document read: 10 MiB, so that its `story` record (escapes can make the text six
  /// times longer) stays under the protocol's 64 MiB line limit, and memory stays bounded.
  public static let maxDocumentSize = 10 << 20

  /// Reads the document at `path`. A path that is not a regular file, or bytes that are not UTF-8,
  /// give the corrupt-file error (exit 65); a path that cannot be opened gives exit 66.
  /// A path not named `*.story` is read all the same, and said so once on stderr (unless not
  /// `asDocument`: a backup, say).
  public static func load(_ path: String, asDocument: Bool = true) throws(ToolError) -> LoadedStory {
    let (fd, code) = SystemCall.descriptor(opening: path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      if code == EISDIR { throw corrupt(path, "'\(path)' is a folder, not a document file") }
      throw ToolError(
        "cannot open '\(path)': \(Files.describe(code))", code: ExitStatus.noInput,
        notes: code == ENOENT ? suggestions(for: path) : [])
    }
    defer { close(fd) }
    let info = try Files.examine(fd, path: path, verb: "read")
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG else {
      let what = kind == S_IFDIR ? "a folder" : "not a regular file"
      throw corrupt(path, "'\(path)' is \(what), not a document file")
    }
    let tooBig = ToolError.data(
      "'\(path)' is larger than \(LineReader.describeSize(maxDocumentSize)); story-io reads documents up to that size",
      notes: ["its story record would be longer than the protocol's line limit"])
    guard Int(info.st_size) <= maxDocumentSize else { throw tooBig }
    let bytes = try Files.read(fd: fd, name: "'\(path)'", sizeHint: Int(info.st_size), limit: maxDocumentSize)
    guard bytes.count <= maxDocumentSize else { throw tooBig }
    if let offset = UTF8Check.firstInvalidOffset(bytes) {
      let byte = String(bytes[offset], radix: 16, uppercase: true)
      throw corrupt(
        path, "'\(path)' is not UTF-8 text: byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)"
      )
    }
    if asDocument { warnIfNotDocument(path) }
    return LoadedStory(
      path: path, bytes: bytes, text: String(decoding: bytes, as: UTF8.self),
      modified: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec),
      mode: info.st_mode & 0o7777)
  }

  /// Did-you-mean for a document path that does not exist: a document beside it one typo away
  /// (`Ocen.story` for `Ocean.story`), or the same name with `.story` added (`Ocean`).
  static func suggestions(for path: String) -> [String] {
    let folder = Files.directory(of: path)
    guard let listing = try? names(in: folder) else { return [] }
    let documents = listing.names.filter(isDocumentName)
    let name = Files.basename(path)
    let withExtension = StoryDocument.fileName(forTitle: name)
    if !hasDocumentExtension(name), documents.contains(withExtension) {
      return ["did you mean '\(StoryDocument.join(folder, withExtension))'?"]
    }
    guard let close = Suggest.closest(to: name, in: documents), close != name else { return [] }
    return ["did you mean '\(StoryDocument.join(folder, close))'?"]
  }

  /// The corrupt-file error for `path`, with a note saying what is wrong.
  public static func corrupt(_ path: String, _ detail: String) -> ToolError {
    ToolError.data(StoryDocument.corruptMessage(StoryDocument.fileName(ofPath: path)), notes: [detail])
  }

  /// Reads a whole document or backup (`Files.readBounded`: a regular file of at most
  /// `maxDocumentSize` bytes); nil when it does not exist.
  static func readIfPresent(_ path: String) throws(ToolError) -> [UInt8]? {
    try Files.readBoundedIfPresent(path, limit: maxDocumentSize, what: "a story document")
  }

  /// What a path is, without following a final symbolic link.
  public enum Kind: Sendable, Equatable {
    /// Nothing is there.
    case missing
    /// A regular file.
    case file
    /// A folder.
    case folder
    /// A symbolic link.
    case link
    /// A device, socket or pipe.
    case other
  }

  /// The kind of `path` (not following a final link).
  public static func kind(_ path: String) -> Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    case S_IFLNK: return .link
    default: return .other
    }
  }

  /// Whether `path` is a folder, following links.
  public static func isFolder(_ path: String) -> Bool { Files.isDirectory(path) }

  /// The names in a folder, `.` and `..` left out, sorted byte by byte. Names that are not UTF-8
  /// are returned apart (as their repaired text) so that they can be reported.
  public static func names(in folder: String) throws(ToolError) -> (names: [String], invalid: [String]) {
    guard let dir = opendir(folder) else {
      throw ToolError("cannot open folder '\(folder)': \(Files.describe(errno))", code: ExitStatus.noInput)
    }
    defer { closedir(dir) }
    var names: [String] = []
    var invalid: [String] = []
    while let entry = readdir(dir) {
      let bytes = Files.entryName(entry)
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      if UTF8Check.firstInvalidOffset(bytes) != nil {
        invalid.append(String(decoding: bytes, as: UTF8.self))
        continue
      }
      names.append(String(decoding: bytes, as: UTF8.self))
    }
    names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return (names, invalid)
  }

  /// The documents directly in `folder` with their change times, most recent first (then by name).
  static func documents(in folder: String) throws(ToolError) -> [(
    path: String, modified: Int, nanoseconds: Int
  )] {
    let listing = try names(in: folder)
    var found: [(path: String, modified: Int, nanoseconds: Int)] = []
    for name in listing.names where isDocumentName(name) {
      let path = StoryDocument.join(folder, name)
      var info = stat()
      if stat(path, &info) == 0 {
        found.append((path, Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)))
      } else if lstat(path, &info) == 0 {
        found.append((path, Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)))
      }
    }
    return found.sorted { a, b in
      if a.modified != b.modified { return a.modified > b.modified }
      if a.nanoseconds != b.nanoseconds { return a.nanoseconds > b.nanoseconds }
      return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }
  }

  /// Refuses a `--dir` that exists and is not a folder.
  static func requireFolder(_ folder: String) throws(ToolError) {
    if Files.exists(folder), !Files.isDirectory(folder) {
      throw ToolError("'\(folder)' is not a folder", code: ExitStatus.usage)
    }
  }

  /// Whether a file name names a document (`*.story`, not hidden).
  public static func isDocumentName(_ name: String) -> Bool {
    !name.hasPrefix(".") && StoryDocument.dropExtension(name) != name
  }

  /// The file a path names: the target of a symbolic link (so that a save replaces the document
  /// and keeps its backups beside it, not the link), else the path itself.
  static func target(of path: String) -> String {
    guard kind(path) == .link, let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `path` names a document by its name: `NAME.story` (hidden names too).
  static func hasDocumentExtension(_ path: String) -> Bool {
    let name = StoryDocument.fileName(ofPath: path)
    return StoryDocument.dropExtension(name) != name
  }

  /// The paths already warned about, so that each is named once.
  nonisolated(unsafe) static var warned: Set<String> = []

  /// Says once on stderr that `path`, read as a document, is not named `*.story`.
  static func warnIfNotDocument(_ path: String) {
    guard !hasDocumentExtension(path), warned.insert(path).inserted else { return }
    Diagnostics.warn("'\(path)' is not a .story document; it is read as plain UTF-8 text", tool: "story-io")
  }
}
