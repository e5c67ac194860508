import Glibc
import PipeProtocol
import SystemIO

/// The user's config file, in git's form: `key = value` lines whose keys are long option names,
/// under a `[TOOL]` section for one tool (`[TOOL COMMAND...]` for one command of it) or before any
/// section for every tool; `#` and `;` start a comment. The most specific section that sets a key
/// gives it. It gives the options a command line leaves out: an option on the command line beats
/// the environment (a store's `$SAMPLEPIPES_ORDERS`), which beats the file. A key naming no option
/// of the command run is passed over, as git passes over keys it does not know.
///
/// Found at `$SAMPLEPIPES_CONFIG` (set and not empty), else `$XDG_CONFIG_HOME/samplepipes/config`,
/// else `~/.config/samplepipes/config`; a missing file is an empty one. Read with a bound
/// (`limit`), as every file a tool reads.
public struct ConfigFile: Sendable, Equatable {
  /// One `key = value` line.
  public struct Entry: Sendable, Equatable {
    /// The section it is under, lowercased, its words joined by one space (`weather`, `weather
    /// spot`), or nil before any section.
    public var section: String?
    /// The key, lowercased: a long option name without dashes (`city`).
    public var key: String
    /// The value, unquoted; nil for a key alone (`verbose`: a flag set).
    public var value: String?
    /// Its line number, from 1.
    public var line: Int
  }

  /// Where the file was read from (for messages).
  public var path: String
  /// Its lines of settings, in order.
  public var entries: [Entry]

  /// No settings.
  public static let empty = ConfigFile(path: "", entries: [])

  /// The most bytes a config file may hold (64 KiB): a larger one is refused (exit 65).
  public static let limit = 64 << 10

  /// The path of the config file the tools read, or nil when there is no home to find it in.
  public static func location() -> String? {
    if let named = Environment.get("SAMPLEPIPES_CONFIG"), !named.isEmpty { return named }
    if let config = Environment.get("XDG_CONFIG_HOME"), config.hasPrefix("/") {
      return "\(config)/samplepipes/config"
    }
    guard let home = Environment.get("HOME"), !home.isEmpty else { return nil }
    return "\(home)/.config/samplepipes/config"
  }

  /// The config file at `location()`: empty when there is none. Exit 65 when it is malformed or
  /// larger than `limit`, 66 when it is there but cannot be read (or is not a file).
  public static func load() throws(ToolError) -> ConfigFile {
    guard let path = location() else { return .empty }
    return try load(path)
  }

  /// The config file at `path` (see `load()`).
  public static func load(_ path: String) throws(ToolError) -> ConfigFile {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return ConfigFile(path: path, entries: []) }
      throw ToolError(
        "cannot read the config file '\(path)': \(Files.describe(errno))", code: ExitStatus.noInput)
    }
    // /dev/null, as git's GIT_CONFIG_GLOBAL=/dev/null: no settings.
    if info.st_mode & S_IFMT == S_IFCHR, path == "/dev/null" { return ConfigFile(path: path, entries: []) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw ToolError("the config file '\(path)' is not a regular file", code: ExitStatus.noInput)
    }
    // A bounded read of our own (ToolSupport/Files has none that refuses a FIFO put in its place).
    let (fd, code) = SystemCall.descriptor(opening: path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      throw ToolError(
        "cannot read the config file '\(path)': \(Files.describe(code))", code: ExitStatus.noInput)
    }
    defer { close(fd) }
    guard let opened = SystemCall.statusIfAny(fd), opened.st_mode & S_IFMT == S_IFREG else {
      throw ToolError("the config file '\(path)' is not a regular file", code: ExitStatus.noInput)
    }
    let bytes: [UInt8]
    do throws(ToolError) {
      bytes = try Files.read(fd: fd, name: "the config file '\(path)'", limit: limit)
    } catch {
      throw ToolError(
        error.message, code: error.code, notes: ["keep it to settings, one 'key = value' a line"])
    }
    return try parse(bytes, path: path)
  }

  /// The settings in `bytes`, read from `path`. Exit 65, naming the line, for a line that is not a
  /// section, a setting or a comment, or text that is not UTF-8.
  public static func parse(_ bytes: [UInt8], path: String) throws(ToolError) -> ConfigFile {
    var entries: [Entry] = []
    var section: String?
    var number = 0
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      number += 1
      var line = Array(bytes[start..<end])
      start = end + 1
      if line.last == 0x0D { line.removeLast() }
      if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
      guard let text = String(validating: line, as: UTF8.self) else {
        throw bad(path, number, "the line is not UTF-8 text")
      }
      let trimmed = trim(Substring(text))
      if trimmed.isEmpty || trimmed.first == "#" || trimmed.first == ";" { continue }
      if trimmed.first == "[" {
        guard let close = trimmed.firstIndex(of: "]") else {
          throw bad(path, number, "a section is '[tool]', with its ']'")
        }
        let words = trimmed[trimmed.index(after: trimmed.startIndex)..<close].split {
          $0 == " " || $0 == "\t"
        }
        let rest = trim(trimmed[trimmed.index(after: close)...])
        guard !words.isEmpty, words.allSatisfy({ Plugins.isName(String($0)) }),
          rest.isEmpty || rest.first == "#" || rest.first == ";"
        else {
          throw bad(path, number, "a section is '[tool]' or '[tool command]': names in brackets")
        }
        section = words.joined(separator: " ").lowercased()
        continue
      }
      let key = trimmed.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      guard let first = key.first, first.isLetter else {
        throw bad(path, number, "expected 'key = value', '[tool]' or a comment")
      }
      let rest = trim(trimmed[key.endIndex...])
      if rest.isEmpty || rest.first == "#" || rest.first == ";" {
        entries.append(Entry(section: section, key: key.lowercased(), value: nil, line: number))
        continue
      }
      guard rest.first == "=" else {
        throw bad(path, number, "expected 'key = value' after '\(key)'")
      }
      let value = try self.value(trim(rest.dropFirst()), path: path, line: number)
      entries.append(Entry(section: section, key: key.lowercased(), value: value, line: number))
    }
    return ConfigFile(path: path, entries: entries)
  }

  /// A value as git writes it: its text up to an unquoted `#` or `;`, outer spaces trimmed,
  /// `"..."` keeping spaces and comment characters, and `\"`, `\\`, `\n`, `\t` escapes.
  static func value(_ text: Substring, path: String, line: Int) throws(ToolError) -> String {
    var result = ""
    var quoted = false
    var pendingSpaces = ""
    var characters = text.makeIterator()
    while let c = characters.next() {
      if !quoted, c == "#" || c == ";" { break }
      if !quoted, c == " " || c == "\t" {
        pendingSpaces.append(c)
        continue
      }
      if !result.isEmpty || quoted { result += pendingSpaces }
      pendingSpaces = ""
      switch c {
      case "\"": quoted.toggle()
      case "\\":
        switch characters.next() {
        case "\"": result.append("\"")
        case "\\": result.append("\\")
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: throw bad(path, line, "a backslash escapes only '\"', '\\\\', 'n' or 't'")
        }
      default: result.append(c)
      }
    }
    if quoted { throw bad(path, line, "a quoted value has no closing '\"'") }
    if result.isEmpty, text.first == "\"" { return "" }
    return result
  }

  static func trim(_ text: Substring) -> Substring {
    var text = text
    while let c = text.first, c == " " || c == "\t" { text = text.dropFirst() }
    while let c = text.last, c == " " || c == "\t" { text = text.dropLast() }
    return text
  }

  static func bad(_ path: String, _ line: Int, _ what: String) -> ToolError {
    .data(
      "config '\(path)' (line \(line)): \(what)",
      notes: [
        "the config file holds 'key = value' lines (keys are long option names) under '[tool]' sections"
      ])
  }

  /// The entries for `key` that apply to the command `path` (`["weather", "spot"]`): those of the
  /// most specific section that sets it (`[weather spot]`, then `[weather]`), else those before
  /// any section; in file order (the last one counts for an option given once).
  public func entries(_ key: String, path: [String]) -> [Entry] {
    for depth in stride(from: path.count, through: 1, by: -1) {
      let section = path.prefix(depth).joined(separator: " ")
      let own = entries.filter { $0.key == key && $0.section == section }
      if !own.isEmpty { return own }
    }
    return entries.filter { $0.key == key && $0.section == nil }
  }

  /// The entries for `key` that apply to every command of `tool` (see `entries(_:path:)`).
  public func entries(_ key: String, tool: String) -> [Entry] { entries(key, path: [tool]) }

  /// The last value of `key` for `tool` (see `entries(_:tool:)`), or nil.
  public func value(_ key: String, tool: String) -> String? {
    entries(key, tool: tool).last.flatMap { $0.value }
  }

  /// `config '/path' (line N)`: where an entry is, for messages.
  public func place(_ entry: Entry) -> String { "config '\(path)' (line \(entry.line))" }
}
