import Glibc
import PipeProtocol
import ToolSupport

/// How a save keeps the text it replaces, chosen the GNU way (as `cp --backup`, `mv`, `install`,
/// `patch` and Emacs do): `--backup=CONTROL`, else `$VERSION_CONTROL`, else `existing`.
enum BackupControl: String, Sendable, Hashable {
  /// No backup (none, off).
  case none
  /// One backup, `FILE~`, replaced at each save (simple, never).
  case simple
  /// Numbered backups when `FILE` has some already, else simple (existing, nil).
  case existing
  /// A new numbered backup `FILE.~N~` at each save (numbered, t).
  case numbered

  /// The words GNU accepts, synonyms together, in GNU's order.
  static let words: [(word: String, control: BackupControl)] = [
    ("none", .none), ("off", .none), ("simple", .simple), ("never", .simple),
    ("existing", .existing), ("nil", .existing), ("numbered", .numbered), ("t", .numbered),
  ]

  /// The help text of a `--backup` option.
  static let help = "simple (FILE~), numbered (FILE.~N~), existing or none"

  /// The rule, for the commands' help.
  static let rule = """
    Backups are chosen as GNU cp --backup chooses them: --backup=CONTROL, else $VERSION_CONTROL,
    else existing. CONTROL is none (or off: no backup), simple (or never: one FILE~), numbered
    (or t: FILE.~1~, FILE.~2~...), existing (or nil: numbered if FILE has numbered backups,
    else simple), or an abbreviation of one meaning (num). Backups are private (0600 unless
    the umask leaves group write open, and never more open than FILE); each keeps the time of
    the text it holds.
    """

  /// The `--backup=CONTROL` option of every command that keeps or finds backups (read with
  /// `VERSION_CONTROL` when the command runs: `of(_:)`).
  static let option: Option<String?> = .string("backup", name: "CONTROL", help: help)

  /// The control in force for `invocation`: its `--backup`, else `VERSION_CONTROL`, else `existing`.
  static func of(_ invocation: Invocation) throws(ToolError) -> BackupControl {
    try resolve(invocation[option])
  }

  /// `text` read as GNU's `argmatch` reads it: a word, or an abbreviation of exactly one meaning
  /// (`num` is numbered; `n` is ambiguous). `context` names where it came from, for the error.
  static func parse(_ text: String, context: String) throws(ToolError) -> BackupControl {
    if let exact = words.first(where: { $0.word == text }) { return exact.control }
    let meanings = Set(words.filter { !text.isEmpty && $0.word.hasPrefix(text) }.map(\.control))
    if meanings.count == 1, let only = meanings.first { return only }
    throw ToolError.usage(
      "\(meanings.isEmpty ? "invalid" : "ambiguous") argument '\(text)' for '\(context)'",
      notes: (meanings.isEmpty ? Suggest.notes(for: text, in: words.map(\.word).filter { $0.count > 1 }) : [])
        + ["valid arguments are 'none', 'off'; 'simple', 'never'; 'existing', 'nil'; 'numbered', 't'"])
  }

  /// The control in force: `given` (the `--backup` value) when not empty, else `VERSION_CONTROL`
  /// when set and not empty, else `existing` (as GNU's `xget_version`).
  static func resolve(_ given: String?) throws(ToolError) -> BackupControl {
    if let given, !given.isEmpty { return try parse(given, context: "--backup") }
    if let variable = Environment.get("VERSION_CONTROL"), !variable.isEmpty {
      return try parse(variable, context: "$VERSION_CONTROL")
    }
    return .existing
  }
}

/// One backup of a document: `FILE~` or `FILE.~N~`, a regular file beside it.
struct Backup: Sendable, Equatable {
  /// Where it is.
  var path: String
  /// N for `FILE.~N~` (its digits, any length); nil for `FILE~`.
  var number: BackupNumber?
}

/// The N of a numbered backup `FILE.~N~`: decimal digits not starting with 0, of any length (GNU
/// counts any such name), compared and counted as digit strings, so that no number is too large.
struct BackupNumber: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// The digits.
  let digits: String

  /// The number 1, the first backup's.
  static let one = BackupNumber(uncheckedDigits: "1")

  /// A number from its digits; nil unless they are digits not starting with 0.
  init?<Digits: Collection<UInt8>>(digits bytes: Digits) {
    guard let first = bytes.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9"),
      bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    digits = String(decoding: bytes, as: UTF8.self)
  }

  /// A number from text, as `--to N` gives it.
  init?(_ text: String) { self.init(digits: Array(text.utf8)) }

  private init(uncheckedDigits: String) { digits = uncheckedDigits }

  /// A number written in the code (1 or more).
  init(integerLiteral value: Int) {
    precondition(value >= 1, "backup numbers start at 1")
    digits = String(value)
  }

  var description: String { digits }

  /// The next number: one more, carried through the digits.
  var successor: BackupNumber {
    var bytes = Array(digits.utf8)
    var i = bytes.count - 1
    while i >= 0 {
      if bytes[i] == UInt8(ascii: "9") {
        bytes[i] = UInt8(ascii: "0")
        i -= 1
      } else {
        bytes[i] += 1
        return BackupNumber(uncheckedDigits: String(decoding: bytes, as: UTF8.self))
      }
    }
    return BackupNumber(uncheckedDigits: "1" + String(decoding: bytes, as: UTF8.self))
  }

  /// Numeric order: a longer number is larger; numbers of one length compare digit by digit.
  static func < (a: BackupNumber, b: BackupNumber) -> Bool {
    a.digits.utf8.count != b.digits.utf8.count
      ? a.digits.utf8.count < b.digits.utf8.count : a.digits.utf8.lexicographicallyPrecedes(b.digits.utf8)
  }
}

/// The backups of documents: finding them, and keeping a new one atomically.
enum Backups {
  /// The simple backup's name: `FILE~` (`SIMPLE_BACKUP_SUFFIX` is not read: a suffix such as
  /// `.story` would make backups look like documents).
  static func simplePath(of path: String) -> String { path + "~" }

  /// The numbered backup's name: `FILE.~N~`.
  static func numberedPath(of path: String, _ number: BackupNumber) -> String { "\(path).~\(number)~" }

  /// The numbers N of the names `FILE.~N~` beside `path`, highest first. As GNU counts them, N is
  /// digits not starting with 0, of any length, and any kind of file counts for the next number
  /// and for `existing`; only regular files are backups to list and swap in (`regularOnly`).
  static func numbers(of path: String, regularOnly: Bool = false) -> [BackupNumber] {
    let folder = Files.directory(of: path)
    let prefix = Array((Files.basename(path) + ".~").utf8)
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var found: [BackupNumber] = []
    while let entry = readdir(dir) {
      let name = Files.entryName(entry)
      guard name.count > prefix.count + 1, name.starts(with: prefix), name.last == UInt8(ascii: "~") else {
        continue
      }
      guard let number = BackupNumber(digits: name[prefix.count..<(name.count - 1)]),
        !regularOnly || StoryFiles.kind(numberedPath(of: path, number)) == .file
      else { continue }
      found.append(number)
    }
    return found.sorted(by: >)
  }

  /// The backups of `path` in the order `undo` tries them under `control`: numbered ones from the
  /// highest, then `FILE~`; with simple (or existing when there are no numbered ones) `FILE~` first.
  static func list(of path: String, control: BackupControl) -> [Backup] {
    let numbered = numbers(of: path, regularOnly: true).map {
      Backup(path: numberedPath(of: path, $0), number: $0)
    }
    let simple = simplePath(of: path)
    let simples = StoryFiles.kind(simple) == .file ? [Backup(path: simple, number: nil)] : []
    return effective(control, for: path) == .simple
      ? simples + numbered : numbered + simples
  }

  /// What `control` does for `path`: `existing` becomes numbered or simple; none stays none.
  static func effective(_ control: BackupControl, for path: String) -> BackupControl {
    guard control == .existing else { return control }
    return numbers(of: path).isEmpty ? .simple : .numbered
  }

  /// The mode of a backup of a document whose mode is `documentMode`: private
  /// (`Files.privateMode()`), and never more open than the document.
  static func mode(for documentMode: mode_t) -> mode_t { Files.privateMode() & documentMode & 0o666 }

  /// Keeps `bytes` (the text a save is about to replace in `path`) as a backup under `control`:
  /// `FILE~` replaced, or the next `FILE.~N~` created, never both. The backup is written to a
  /// temporary file beside it, synced and moved into place, with the document's change time
  /// `modified`. Returns its path, or nil for none. A folder that cannot be written gives exit 74
  /// and changes nothing.
  @discardableResult
  static func keep(
    _ bytes: [UInt8], of path: String, documentMode: mode_t, modified: timespec, control: BackupControl
  ) throws(ToolError) -> String? {
    switch effective(control, for: path) {
    case .none: return nil
    case .simple, .existing:
      let simple = simplePath(of: path)
      if StoryFiles.kind(simple) == .folder {
        throw ToolError(
          "'\(simple)' is a folder, so the backup cannot be kept there; '\(path)' was not changed")
      }
      _ = try place(bytes, at: simple, mode: mode(for: documentMode), modified: modified, replacing: true)
      return simple
    case .numbered:
      return try keepNumbered(bytes, of: path, documentMode: documentMode, modified: modified).path
    }
  }

  /// Keeps `bytes` as the next numbered backup of `path` (one more than the highest); when another
  /// process takes that number first, the next one.
  static func keepNumbered(_ bytes: [UInt8], of path: String, documentMode: mode_t, modified: timespec?)
    throws(ToolError) -> Backup
  {
    for _ in 0..<100 {
      let next = numbers(of: path).first?.successor ?? .one
      let target = numberedPath(of: path, next)
      // Temporary files named for FILE.~ (not FILE.~N~), so that one a killed process left is
      // removed by the next numbered backup, whatever its number.
      if try place(
        bytes, at: target, mode: mode(for: documentMode), modified: modified, replacing: false,
        temporaryFor: path + ".~")
      {
        return Backup(path: target, number: next)
      }
    }
    throw ToolError.io("cannot find a free backup number for '\(path)'")
  }

  /// Writes `bytes` to a temporary file beside `path` (named as `Files.writeAtomically` names
  /// them, so that one left by a killed process is removed later), syncs it and moves it to
  /// `path`: replacing what is there, or, when not `replacing`, only if nothing is (a hard link
  /// that fails when the name is taken; false then). The temporary file is named for
  /// `temporaryFor` (default `path`).
  static func place(
    _ bytes: [UInt8], at path: String, mode: mode_t, modified: timespec?, replacing: Bool,
    temporaryFor: String? = nil
  ) throws(ToolError) -> Bool {
    // A device or FIFO at a backup's name is refused, never replaced (a link is replaced, not
    // followed: `rename` swaps the name itself).
    if replacing { try WriteTarget.requireReplaceable(path) }
    Files.removeStaleTemporaries(of: temporaryFor ?? path)
    let (temp, fd) = try Files.createTemporary(beside: path, nameFor: temporaryFor)
    var open = true
    defer {
      if open { close(fd) }
      unlink(temp)
      Cleanup.unregister(temp)
    }
    guard Subprocess.writeAll(fd, bytes) else {
      throw ToolError.io("cannot write '\(path)': \(Files.describe(errno))")
    }
    guard fchmod(fd, mode) == 0 else {
      throw ToolError.io("cannot set permissions of '\(path)': \(Files.describe(errno))")
    }
    if let modified {
      let utimeOmit = (1 << 30) - 2  // UTIME_OMIT: leave the access time
      let times = [timespec(tv_sec: 0, tv_nsec: utimeOmit), modified]
      _ = futimens(fd, times)
    }
    guard fsync(fd) == 0 else { throw ToolError.io("cannot sync '\(path)': \(Files.describe(errno))") }
    open = false
    guard close(fd) == 0 else { throw ToolError.io("cannot write '\(path)': \(Files.describe(errno))") }
    if replacing {
      guard rename(temp, path) == 0 else {
        throw ToolError.io("cannot replace '\(path)': \(Files.describe(errno))")
      }
    } else if link(temp, path) != 0 {
      let code = errno
      if code == EEXIST { return false }
      // No hard links on this file system: check, then rename.
      guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS else {
        throw ToolError.io("cannot write '\(path)': \(Files.describe(code))")
      }
      if Files.exists(path) { return false }
      guard rename(temp, path) == 0 else {
        throw ToolError.io("cannot write '\(path)': \(Files.describe(errno))")
      }
    }
    Files.syncDirectory(Files.directory(of: path))
    return true
  }

  typealias RenameAt2 =
    @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) ->
    Int32

  /// glibc's `renameat2` (not in Swift's Glibc module), looked up once.
  static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map {
    unsafeBitCast($0, to: RenameAt2.self)
  }

  /// Swaps the files at `a` and `b` in one step (`renameat2` with `RENAME_EXCHANGE`), so that a
  /// crash leaves both or neither swapped. False when the system or the file system cannot.
  static func exchange(_ a: String, _ b: String) throws(ToolError) -> Bool {
    guard let renameat2 else { return false }
    let renameExchange: UInt32 = 1 << 1
    guard renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 else {
      let code = errno
      if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP { return false }
      throw ToolError.io("cannot swap '\(a)' and '\(b)': \(Files.describe(code))")
    }
    Files.syncDirectory(Files.directory(of: a))
    return true
  }
}
