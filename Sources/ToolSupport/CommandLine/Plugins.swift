import Glibc
import PipeProtocol
import PipeReading
import Synchronization

/// Plugins on PATH, as git, cargo and kubectl have them: `TOOL NAME ARGS...` runs the program
/// `TOOL-NAME` found on `PATH` with `ARGS...` when NAME is no built-in command, in place of the
/// tool (exec), with the tool's resolved settings in its environment; its exit status (or the
/// signal that ends it) is the tool's. Built-ins always win. PROTOCOL.md ("Plugins") is the
/// contract a plugin keeps.
public enum Plugins {
  /// Whether `word` can name a plugin: a letter or digit, then letters, digits, `-`, `_` and `.`
  /// (so no path, no option and nothing a shell or a terminal would act on).
  public static func isName(_ word: String) -> Bool {
    guard let first = word.unicodeScalars.first, isAlphanumeric(first) else { return false }
    return word.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." }
  }

  static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
    (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9")
  }

  /// The path of the plugin `TOOL-NAME` on `PATH` (the first executable regular file of that name,
  /// as a shell finds it), or nil.
  public static func find(tool: String, name: String) -> String? {
    guard isName(name) else { return nil }
    return Subprocess.find("\(tool)-\(name)")
  }

  /// The names of the plugins of `tool` on `PATH`, sorted, each once, without those `builtins`
  /// already name (a built-in wins, so such a program is never run).
  public static func names(tool: String, excluding builtins: [String] = []) -> [String] {
    listings.add(1, ordering: .relaxed)
    let prefix = tool + "-"
    var found: Set<String> = []
    let path = Environment.get("PATH") ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: true).map(String.init) {
      guard let directory = opendir(folder) else { continue }
      defer { closedir(directory) }
      while let entry = readdir(directory) {
        let file = String(decoding: Files.entryName(entry), as: UTF8.self)
        guard file.hasPrefix(prefix), file.count > prefix.count else { continue }
        let name = String(file.dropFirst(prefix.count))
        guard isName(name), !builtins.contains(name), !found.contains(name),
          Subprocess.isExecutableFile("\(folder)/\(file)")
        else { continue }
        found.insert(name)
      }
    }
    return found.sorted()
  }

  /// How many times `names` read the folders on PATH (for the tests: a command line that names a
  /// file reads none).
  @_spi(Testing) public static let listings = Atomic<Int>(0)

  /// The names of the built-in commands of `root`, which no plugin can take: its subcommands
  /// (hidden ones too) and `help` when it has any.
  static func builtins(_ root: Command) -> [String] {
    let names = root.subcommands.map(\.name)
    return names.isEmpty ? [] : names + ["help"]
  }

  /// The environment a plugin of `tool` gets: the tool's own, with its resolved settings (see
  /// PROTOCOL.md, "Plugins"): `SAMPLEPIPES_TOOL`, `SAMPLEPIPES_VERSION`, `SAMPLEPIPES_PROTOCOL`,
  /// `SAMPLEPIPES_CONFIG`, `COLUMNS`, the colour `--color` chose, and the tool's own `settings`.
  static func environment(tool: String, settings: [(name: String, value: String)]) -> [String: String?] {
    var changes: [String: String?] = [
      "SAMPLEPIPES_TOOL": tool,
      "SAMPLEPIPES_VERSION": samplePipesVersion,
      "SAMPLEPIPES_PROTOCOL": String(protocolVersion),
      "COLUMNS": String(Terminal.width(fd: 1)),
    ]
    if let config = ConfigFile.location() { changes["SAMPLEPIPES_CONFIG"] = config }
    switch Terminal.color {
    case .auto: break
    case .always:
      changes["NO_COLOR"] = .some(nil)
      changes["FORCE_COLOR"] = "1"
      changes["CLICOLOR_FORCE"] = "1"
    case .never:
      changes["NO_COLOR"] = "1"
      changes["FORCE_COLOR"] = .some(nil)
      changes["CLICOLOR_FORCE"] = .some(nil)
    }
    if Pager.refused { changes["SAMPLEPIPES_PAGER"] = "cat" }
    for (name, value) in settings { changes[name] = value }
    return changes
  }

  /// Runs the plugin at `path` in place of this process, with `arguments` (after its name) and
  /// the settings of `environment(tool:settings:)`. Returns only when it cannot be run: exit 1
  /// and a message.
  static func run(
    path: String, tool: String, name: String, arguments: [String], settings: [(name: String, value: String)]
  ) -> Int32 {
    StandardOutput.shared.flush()
    var variables: [String: String] = [:]
    var order: [String] = []
    var index = 0
    while let entry = environ[index] {
      let text = String(cString: entry)
      index += 1
      guard let eq = text.firstIndex(of: "=") else { continue }
      let key = String(text[..<eq])
      if variables[key] == nil { order.append(key) }
      variables[key] = String(text[text.index(after: eq)...])
    }
    for (key, value) in environment(tool: tool, settings: settings) {
      if let value {
        if variables[key] == nil { order.append(key) }
        variables[key] = value
      } else {
        variables[key] = nil
      }
    }
    let env: [UnsafeMutablePointer<CChar>?] =
      order.compactMap { key in variables[key].map { strdup("\(key)=\($0)") } } + [nil]
    let argv: [UnsafeMutablePointer<CChar>?] = (["\(tool)-\(name)"] + arguments).map { strdup($0) } + [nil]
    defer {
      for p in env { free(p) }
      for p in argv { free(p) }
    }
    // The plugin starts as a program the shell started would: the signals the tool ignores for
    // itself (SIGPIPE, SIGXFSZ) back at their defaults, nothing blocked. A signal ignored when the
    // tool started (SIGINT of a background job) stays ignored, as the shell meant.
    signal(SIGPIPE, SIG_DFL)
    signal(SIGXFSZ, SIG_DFL)
    var none = sigset_t()
    sigemptyset(&none)
    sigprocmask(SIG_SETMASK, &none, nil)
    execve(path, argv, env)
    let code = errno
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    return Diagnostics.report(
      ToolError(
        "cannot run the plugin '\(tool)-\(name)' ('\(path)'): \(Files.describe(code))",
        notes: ["a plugin is an executable file (a script starts with '#!')"]),
      tool: tool)
  }
}
