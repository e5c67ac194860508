import Glibc
import PipeProtocol

/// A SamplePipes tool: a specification and a run function. `main()` does the rest: parsing,
/// `--help`, `--version`, signals, errors on stderr and exit statuses.
public protocol Command {
  /// The tool's command-line specification.
  static var spec: CommandSpec { get }
  /// Runs the parsed invocation and returns the exit status.
  static func run(_ invocation: Invocation) throws -> Int32
}

extension Command {
  /// The entry point of the tool's executable.
  public static func main() -> Never {
    Runtime.prepare()
    let status = execute(Array(CommandLine.arguments.dropFirst()))
    StandardOutput.shared.flush()
    exit(status)
  }

  /// Parses and runs `arguments`, printing errors; returns the exit status.
  public static func execute(_ arguments: [String]) -> Int32 {
    let spec = Self.spec
    do {
      if arguments.first == "--generate-manual" {
        guard arguments.count == 1 else { throw ToolError.usage("--generate-manual takes no arguments") }
        StandardOutput.shared.write(Manual.render(spec))
        return ExitCode.ok
      }
      if let shell = Runtime.completionShell(arguments) {
        guard let script = Completions.script(for: spec, shell: shell) else {
          throw ToolError.usage("no completion script for '\(shell)'; use bash, zsh or fish")
        }
        StandardOutput.shared.write(script)
        return ExitCode.ok
      }
      switch try ArgumentParser.parse(arguments, root: spec) {
      case .version:
        StandardOutput.shared.write("\(spec.name) (SamplePipes) \(samplePipesVersion)\n")
        return ExitCode.ok
      case .help(let invocation):
        let parents = Runtime.parents(of: invocation.path, in: spec)
        StandardOutput.shared.write(Help.render(invocation.spec, path: invocation.path, parents: parents))
        return ExitCode.ok
      case .run(let invocation):
        return try run(invocation)
      }
    } catch {
      return Diagnostics.report(error, tool: spec.name)
    }
  }
}

/// Messages on stderr in the shape `tool: error: what, where, what to do`.
public enum Diagnostics {
  /// Prints an error and returns its exit status.
  public static func report(_ error: any Error, tool: String) -> Int32 {
    let toolError: ToolError
    switch error {
    case let e as ToolError: toolError = e
    case let e as InputError: toolError = e.toolError
    case let e as OpenError: toolError = e.toolError
    default: toolError = ToolError("\(error)")
    }
    StandardOutput.shared.flush()
    let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 2))
    var text = "\(tool): \(style.red("error")): \(toolError.message)\n"
    for note in toolError.notes { text += "\(tool): \(note)\n" }
    StandardOutput.error.write(text)
    StandardOutput.error.flush()
    return toolError.code
  }

  /// Prints a warning (the tool goes on).
  public static func warn(_ message: String, tool: String) {
    let style = Terminal.Style(enabled: Terminal.colorEnabled(fd: 2))
    StandardOutput.error.write("\(tool): \(style.apply("33", "warning")): \(message)\n")
    StandardOutput.error.flush()
  }

  /// Prints a plain note on stderr.
  public static func note(_ message: String, tool: String) {
    StandardOutput.error.write("\(tool): \(message)\n")
    StandardOutput.error.flush()
  }
}

/// Process set-up shared by all tools.
public enum Runtime {
  /// Ignores SIGPIPE (a closed pipe is handled as EPIPE and ends the tool quietly) and SIGXFSZ
  /// (a file-size limit becomes an I/O error), and makes SIGINT and SIGTERM remove temporary files
  /// and exit 130 or 143. A signal that was ignored when the tool started (SIGINT for a background
  /// job of a script, or under nohup) stays ignored, as the shell meant. SIGINT and SIGTERM are
  /// unblocked: a tool started by a parent that blocked them must still stop when asked to.
  public static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    if !isIgnored(SIGINT) {
      signal(SIGINT) { _ in
        Cleanup.removeAll()
        _exit(130)
      }
    }
    if !isIgnored(SIGTERM) {
      signal(SIGTERM) { _ in
        Cleanup.removeAll()
        _exit(143)
      }
    }
    // Unblocked after the handlers are in place, so that one already pending runs the handler.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    sigaddset(&unblock, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// Whether `signal` is ignored (SIG_IGN) in this process.
  static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
  }

  static func completionShell(_ arguments: [String]) -> String? {
    guard let first = arguments.first else { return nil }
    if first == "--generate-completion-script" { return arguments.count > 1 ? arguments[1] : "bash" }
    if first.hasPrefix("--generate-completion-script=") {
      return String(first.dropFirst("--generate-completion-script=".count))
    }
    return nil
  }

  static func parents(of path: [String], in root: CommandSpec) -> [CommandSpec] {
    var parents: [CommandSpec] = []
    var current = root
    for word in path.dropFirst() {
      parents.append(current)
      guard let next = current.subcommands.first(where: { $0.name == word }) else { break }
      current = next
    }
    return parents
  }
}

/// Reading records from the files named on the command line, or stdin.
public enum Inputs {
  /// Opens each path in turn (`-` or none: stdin) and calls `body` with a record reader. When the
  /// input is a terminal, prints a short hint so the tool does not wait silently.
  public static func forEach(_ paths: [String], tool: String, _ body: (RecordReader) throws -> Void) throws {
    let sources = paths.isEmpty ? ["-"] : paths
    for path in sources {
      if path == "-", Terminal.isTTY(0) {
        Diagnostics.note(
          "reading JSON lines from the terminal; end with Ctrl-D (see '\(tool) --help')", tool: tool)
      }
      let reader: LineReader
      do {
        reader = try LineReader.open(path: path)
      } catch {
        throw error.toolError
      }
      try body(RecordReader(reader))
    }
  }
}
