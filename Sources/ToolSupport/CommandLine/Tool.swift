import Glibc
import PipeProtocol
import PipeReading
import SystemIO

/// A SamplePipes tool: its command declaration. `main()` does the rest: parsing, `--help`,
/// `--version`, manual pages, completions, signals, errors on stderr and exit statuses.
public protocol Tool {
  /// The tool's command: options, subcommands, help sections and run.
  static var command: Command { get }
}

extension Tool {
  /// The entry point of the tool's executable.
  public static func main() -> Never {
    Runtime.prepare(tool: command.name)
    let status = execute(Array(CommandLine.arguments.dropFirst()))
    StandardOutput.shared.flush()
    Pager.finish()
    exit(status)
  }

  /// Parses and runs `arguments`, printing errors; returns the exit status.
  public static func execute(_ arguments: [String]) -> Int32 {
    Runtime.execute(command, arguments)
  }
}

/// Process set-up shared by all tools.
public enum Runtime {
  /// Parses and runs `arguments` against `root`, printing errors; returns the exit status.
  public static func execute(_ root: Command, _ arguments: [String]) -> Int32 {
    // The hidden entry the completion scripts call; it never fails (see CompletionAnswer).
    if arguments.first == "__complete" { return CompletionAnswer.run(root, Array(arguments.dropFirst())) }
    do {
      // The vector kernel, before any line is read.
      try VectorKernel.choose()
      if let first = arguments.first, let generated = try generated(first, arguments.count, root.spec) {
        StandardOutput.shared.write(generated)
        return ExitStatus.ok
      }
      if let shell = completionShell(arguments) {
        guard let script = Completions.script(for: root.spec, shell: shell) else {
          throw ToolError.usage("no completion script for '\(shell)'; use bash, zsh or fish")
        }
        StandardOutput.shared.write(script)
        return ExitStatus.ok
      }
      // The config file, read once; its settings that are no command's options (`color`,
      // `pager`, `no-pager`) apply at once, its options only to a command that runs.
      let config = Result { () throws(ToolError) in try ConfigFile.load() }
      if case .success(let file) = config { try applySettings(file, tool: root.name) }
      switch try CommandLineParser.parse(
        arguments, root: root, config: { () throws(ToolError) in try config.get() })
      {
      case .version:
        StandardOutput.shared.write(versionLine(tool: root.name))
        return ExitStatus.ok
      case .help(let path, let spec, let parents):
        let plugins = path.count == 1 ? Plugins.names(tool: root.name, excluding: Plugins.builtins(root)) : []
        let text = Help.render(spec, path: path, parents: parents, plugins: plugins)
        Pager.start()
        StandardOutput.shared.write(text)
        return ExitStatus.ok
      case .plugin(let name, let path, let rest):
        let file = (try? config.get()) ?? .empty
        // The tool's settings name files: a `~/` is the home folder, as for a command's options.
        let settings =
          root.settings?({ key in file.value(key, tool: root.name).map(CompletionContext.expandingTilde) })
          ?? []
        return Plugins.run(path: path, tool: root.name, name: name, arguments: rest, settings: settings)
      case .run(let invocation):
        guard let run = invocation.command.run else { return ExitStatus.usage }
        do {
          return try run(invocation)
        } catch let error as ToolError where error.code == ExitStatus.usage && !invocation.configured.isEmpty
        {
          // A value the run refuses may be one the user forgot is in the config file.
          var error = error
          error.notes += invocation.configured.map { "(\($0))" }
          throw error
        }
      }
    } catch {
      return Diagnostics.report(error, tool: root.name)
    }
  }

  /// Applies the config file's settings for every command of `tool` that are no command's own
  /// options: `color` (as `--color`, which the line still overrides), `pager` (the pager's command
  /// line, after `$SAMPLEPIPES_PAGER`, before `$PAGER`) and `no-pager`.
  static func applySettings(_ config: ConfigFile, tool: String) throws(ToolError) {
    if let entry = config.entries("color", tool: tool).last {
      do throws(ToolError) {
        try Terminal.setColor(entry.value ?? "")
      } catch {
        throw .usage("\(config.place(entry)): \(error.message)", notes: error.notes)
      }
    }
    if let pager = config.value("pager", tool: tool) { Pager.configured = pager }
    if let entry = config.entries("no-pager", tool: tool).last {
      switch entry.value?.lowercased() {
      case nil, "true", "yes", "on", "1": Pager.refused = true
      case "false", "no", "off", "0": break
      case let other?:
        throw .usage("\(config.place(entry)): --no-pager is a flag: true or false, not '\(other)'")
      }
    }
  }

  /// Makes a write error on stdout end the process: quietly with status 0 when the reader has gone
  /// away (`| head`), else with `tool: error: cannot write output: ...` and status 74.
  public static func exitOnWriteError(_ output: BufferedOutput, tool: String) {
    output.onError = { code in
      if code == EPIPE {
        Cleanup.removeAll()
        exit(ExitStatus.ok)
      }
      let message = "\(tool): error: cannot write output: \(String(cString: strerror(code)))\n"
      _ = try? SystemCall.writeAll(2, Array(message.utf8))
      Cleanup.removeAll()
      exit(ExitStatus.ioError)
    }
  }

  /// Ignores SIGPIPE (a closed pipe is handled as EPIPE and ends the tool quietly) and SIGXFSZ
  /// (a file-size limit becomes an I/O error), and makes SIGINT, SIGTERM and SIGHUP end the
  /// children (`Children`), remove temporary files and end the tool by that signal (a shell
  /// reports 130, 143 or 129). A signal that was ignored when the tool started (SIGINT for a
  /// background job of a script, or under nohup) stays ignored, as the shell meant. SIGINT and SIGTERM are
  /// unblocked: a tool started by a parent that blocked them must still stop when asked to.
  /// A write error on stdout ends the tool (see `exitOnWriteError`).
  public static func prepare(tool: String) {
    exitOnWriteError(StandardOutput.shared, tool: tool)
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    // The handler's tables are made now: a global is made on its first use, and making one in the
    // handler would allocate, which deadlocks when the signal came in the middle of a malloc.
    Children.prepare()
    Cleanup.prepare()
    for handled in [SIGINT, SIGTERM, SIGHUP] where !isIgnored(handled) {
      signal(handled) { caught in
        // Children first (an editor, a provider and its curl), so that none outlives the tool,
        // then the temporary files.
        Children.signalAll(caught)
        Cleanup.removeAll()
        // Then the tool ends by the signal itself (a shell reports 128 + the signal): one that
        // exits 130 instead tells the shell it handled Ctrl-C, and a script running it in a loop
        // goes on to the next round.
        Glibc.signal(caught, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, caught)
        sigprocmask(SIG_UNBLOCK, &only, nil)
        raise(caught)
        _exit(128 + caught)
      }
    }
    // Unblocked after the handlers are in place, so that one already pending runs the handler.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for handled in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, handled) }
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// Whether `signal` is ignored (SIG_IGN) in this process.
  static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0 else { return false }
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
  }

  /// `orders (SamplePipes) 0.1.0, protocol version 4`: what `--version` prints, in every tool.
  public static func versionLine(tool: String) -> String {
    "\(tool) (SamplePipes) \(samplePipesVersion), protocol version \(protocolVersion)\n"
  }

  /// What a hidden generating entry (`--generate-manual[=PAGE]`, `--manual-pages`,
  /// `--generate-contract[=summary|words]`) prints, or nil when `word` is none of them; they take no
  /// other argument. `bin/sync-docs` and the manual plugins call them.
  static func generated(_ word: String, _ count: Int, _ spec: CommandSpec) throws(ToolError) -> String? {
    let (name, value) = word.hasPrefix("--") ? splitInline(word) : (word, nil)
    let entries = ["--generate-manual", "--manual-pages", "--generate-contract"]
    guard entries.contains(name) else { return nil }
    guard count == 1 else { throw .usage("\(name) takes no arguments") }
    switch (name, value) {
    case ("--generate-manual", nil): return Manual.render(spec)
    case ("--generate-manual", let page?):
      guard let text = Manual.page(named: page, of: spec) else {
        throw .usage(
          "no manual page '\(page)'", notes: ["'\(spec.name) --manual-pages' lists them"])
      }
      return text
    case ("--manual-pages", nil): return Manual.pageNames(spec).map { $0 + "\n" }.joined()
    case ("--generate-contract", nil): return ContractPage.page(spec)
    case ("--generate-contract", "summary"):
      return ContractPage.summary(spec, page: "docs/cli/\(spec.name).md")
    case ("--generate-contract", "words"): return ContractPage.words(spec)
    default: throw .usage("\(name) takes no value here: '\(value ?? "")'")
    }
  }

  /// `--name=value` as its name and value.
  static func splitInline(_ word: String) -> (String, String?) {
    guard let eq = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<eq]), String(word[word.index(after: eq)...]))
  }

  static func completionShell(_ arguments: [String]) -> String? {
    guard let first = arguments.first else { return nil }
    if first == "--generate-completion-script" { return arguments.count > 1 ? arguments[1] : "bash" }
    if first.hasPrefix("--generate-completion-script=") {
      return String(first.dropFirst("--generate-completion-script=".count))
    }
    return nil
  }

}

/// The version of every SamplePipes tool.
public let samplePipesVersion = "0.1.0"
/// The version of PROTOCOL.md the tools follow: one more at each change of the contract, listed in
/// its "Changes" section.
public let protocolVersion = 4
