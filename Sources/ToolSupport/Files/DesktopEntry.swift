import Glibc

/// A freedesktop.org desktop entry that makes a tool the desktop's handler of a MIME type or a URL
/// scheme (`x-scheme-handler/foodtruck`): written to `$XDG_DATA_HOME/applications` through the
/// safe-write primitive, made the default with `xdg-mime`, and removed again.
public struct DesktopEntry: Sendable {
  /// The file's name, `samplepipes-orders.desktop`: also the id `xdg-mime` names.
  public var fileName: String
  /// `Name=`.
  public var name: String
  /// `Comment=`.
  public var comment: String
  /// The command line, its words unquoted (`["/usr/bin/orders", "open", "%u"]`): each is quoted
  /// for `Exec=` as the specification says, field codes such as `%u` left as they are.
  public var exec: [String]
  /// `MimeType=`: the types and `x-scheme-handler/` schemes it opens.
  public var mimeTypes: [String]
  /// `Terminal=`: run in a terminal window.
  public var terminal: Bool
  /// `Categories=`.
  public var categories: [String]

  /// An entry.
  public init(
    fileName: String, name: String, comment: String, exec: [String], mimeTypes: [String], terminal: Bool,
    categories: [String] = ["Utility"]
  ) {
    self.fileName = fileName
    self.name = name
    self.comment = comment
    self.exec = exec
    self.mimeTypes = mimeTypes
    self.terminal = terminal
    self.categories = categories
  }

  /// The file's text. `NoDisplay=true`: it opens documents and links, and is no menu item.
  public var text: String {
    """
    [Desktop Entry]
    Type=Application
    Version=1.0
    Name=\(Self.escape(name))
    Comment=\(Self.escape(comment))
    Exec=\(Self.escape(exec.map(Self.quote).joined(separator: " ")))
    TryExec=\(Self.escape(exec[0]))
    Terminal=\(terminal)
    NoDisplay=true
    MimeType=\(mimeTypes.joined(separator: ";"));
    Categories=\(categories.joined(separator: ";"));

    """
  }

  /// A word of `Exec=` quoted where it needs it: in double quotes, with `"`, `` ` ``, `$` and `\`
  /// escaped by a backslash, when it holds a reserved character; a field code (`%u`) as it is.
  static func quote(_ word: String) -> String {
    if word.count == 2, word.hasPrefix("%") { return word }
    let reserved: Set<Character> = [
      " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`", "%",
    ]
    guard word.isEmpty || word.contains(where: reserved.contains) else { return word }
    var quoted = "\""
    for character in word {
      if "\"`$\\".contains(character) { quoted.append("\\") }
      // A literal percent sign is written twice, as field codes use it.
      quoted.append(character == "%" ? "%%" : String(character))
    }
    return quoted + "\""
  }

  /// A string value with the specification's escapes: `\\`, `\n`, `\t`, `\r`.
  static func escape(_ value: String) -> String { escapes.escape(value) }

  /// The specification's string escapes.
  static let escapes = EscapeTable(["\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"])

  /// `$XDG_DATA_HOME/applications`, else `~/.local/share/applications`.
  public static var applicationsFolder: String {
    let data =
      Environment.get("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 }
      ?? "\(Environment.get("HOME") ?? ".")/.local/share"
    return data + "/applications"
  }

  /// Where this entry is installed.
  public var path: String { Self.applicationsFolder + "/" + fileName }

  /// Whether it is installed.
  public var isInstalled: Bool { Files.exists(path) }

  /// Writes the entry (atomically; a link planted at this default place is refused) and makes it
  /// the default handler of its types with `xdg-mime default`. A folder that cannot be written is
  /// one error line (exit 74) and changes nothing. Returns what was done, for a note.
  public func install() throws(ToolError) -> String {
    do throws(ToolError) {
      try Files.makeDirectories(Self.applicationsFolder)
      try Files.writeAtomically(path, bytes: Array(text.utf8), mode: 0o644, named: false)
    } catch {
      throw Self.unchanged(error, installing: path)
    }
    guard let xdgMime = Subprocess.find("xdg-mime") else {
      return "installed '\(path)'; xdg-mime was not found (install xdg-utils), so it is not the default yet"
    }
    for type in mimeTypes {
      let status = try Self.run(xdgMime, ["default", fileName, type])
      guard status == 0 else {
        throw ToolError(
          "installed '\(path)', but 'xdg-mime default \(fileName) \(type)' failed with status \(status)")
      }
    }
    return "installed '\(path)', the default for \(mimeTypes.joined(separator: ", "))"
  }

  /// `error`, met while installing `path`, as one line saying that nothing was changed.
  public static func unchanged(_ error: ToolError, installing path: String) -> ToolError {
    if error.message.contains("nothing was changed") { return error }
    return ToolError(
      "cannot install '\(path)': \(error.message); nothing was changed", code: error.code, notes: error.notes)
  }

  /// Removes the entry, and its name from the defaults of `mimeapps.list`
  /// (`$XDG_CONFIG_HOME`, else `~/.config`). Returns what was done, for a note.
  public func uninstall() throws(ToolError) -> String {
    var done: [String] = []
    if Files.exists(path) {
      guard unlink(path) == 0 else { throw ToolError.io("cannot remove '\(path)': \(Files.describe(errno))") }
      done.append("removed '\(path)'")
    } else {
      done.append("'\(path)' is not installed")
    }
    let list = Self.mimeAppsList
    if let bytes = try? Files.readBounded(list, limit: ReadLimit.settings, what: "mimeapps.list") {
      let old = String(decoding: bytes, as: UTF8.self)
      let new = Self.forgetting(fileName, in: old)
      if new != old {
        try Files.writeAtomically(list, bytes: Array(new.utf8), named: false)
        done.append("no longer the default in '\(list)'")
      }
    }
    return done.joined(separator: "; ")
  }

  /// `$XDG_CONFIG_HOME/mimeapps.list`, else `~/.config/mimeapps.list`: where `xdg-mime default`
  /// records a user's defaults.
  static var mimeAppsList: String {
    let config =
      Environment.get("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 }
      ?? "\(Environment.get("HOME") ?? ".")/.config"
    return config + "/mimeapps.list"
  }

  /// `mimeapps.list` text without `entry` in the lists of its `[Default Applications]` and
  /// `[Added Associations]` groups; a key whose list is left empty goes, other lines stay as
  /// they are.
  static func forgetting(_ entry: String, in text: String) -> String {
    var group = ""
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("[") {
        group = line
        lines.append(line)
        continue
      }
      guard group == "[Default Applications]" || group == "[Added Associations]",
        let equals = line.firstIndex(of: "=")
      else {
        lines.append(line)
        continue
      }
      let values = line[line.index(after: equals)...].split(separator: ";").map(String.init)
      let kept = values.filter { $0 != entry }
      if kept.count == values.count {
        lines.append(line)
      } else if !kept.isEmpty {
        lines.append(String(line[...equals]) + kept.joined(separator: ";") + ";")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Runs a program with its stdin and stdout on /dev/null (its stderr ours), and waits for it.
  static func run(_ program: String, _ arguments: [String]) throws(ToolError) -> Int32 {
    do {
      let pid = try Subprocess.spawn(
        program, [program] + arguments, streams: Subprocess.Streams(redirect: [0: nil, 1: nil]))
      return Subprocess.wait(pid)
    } catch {
      throw ToolError("cannot run '\(program)': \(error.description)")
    }
  }

  /// The absolute path of the running program (`/proc/self/exe`), for an `Exec=` that works
  /// without PATH; `fallback` when it cannot be read.
  public static func runningProgram(fallback: String) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return fallback }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
