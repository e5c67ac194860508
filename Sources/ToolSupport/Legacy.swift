// TEMPORARY: the old command shape, while tools move to `Command`. Deleted when none uses it.
import Glibc
import PipeProtocol

/// The result of parsing a command line.
public struct LegacyInvocation: Sendable {
  /// The words naming the command run: `["orders", "next"]`.
  public var path: [String]
  /// The selected command's specification.
  public var spec: CommandSpec
  /// Option values by long name, in the order given.
  public var values: [String: [String]]
  /// Flags given, by long name.
  public var flags: Set<String>
  /// Positional arguments.
  public var positionals: [String]

  /// The subcommand name (the second word of the path), or nil for the tool itself.
  public var subcommand: String? { path.count > 1 ? path[1] : nil }

  /// Whether a flag was given.
  public func flag(_ long: String) -> Bool { flags.contains(long) }

  /// The last value of an option.
  public func string(_ long: String) -> String? { values[long]?.last }

  /// Every value of a repeatable option.
  public func strings(_ long: String) -> [String] { values[long] ?? [] }

  /// An integer option within `range`, or `defaultValue` when absent.
  public func int(_ long: String, default defaultValue: Int, in range: ClosedRange<Int> = Int.min...Int.max)
    throws(ToolError) -> Int
  {
    guard let text = string(long) else { return defaultValue }
    guard let value = Int(text), range.contains(value) else {
      throw .usage("--\(long) takes a whole number\(describe(range)), not '\(text)'")
    }
    return value
  }

  /// An optional integer option within `range`.
  public func int(_ long: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(ToolError) -> Int? {
    guard string(long) != nil else { return nil }
    return try int(long, default: 0, in: range)
  }

  /// A number option within `range`, or `defaultValue` when absent.
  public func double(_ long: String, default defaultValue: Double, in range: ClosedRange<Double>)
    throws(ToolError)
    -> Double
  {
    guard let text = string(long) else { return defaultValue }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw .usage("--\(long) takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
  }

  /// A date option (`2026-11-29T10:00:00Z`, `2026-11-29`, `@SECONDS`) as seconds since 1970.
  public func date(_ long: String) throws(ToolError) -> Int? {
    guard let text = string(long) else { return nil }
    guard let seconds = ISODate.parseOption(text) else {
      throw .usage("--\(long) takes an ISO 8601 date such as 2026-11-29T10:00:00Z, not '\(text)'")
    }
    return seconds
  }

  /// The `--now` option, or the current time.
  public func now() throws(ToolError) -> Int {
    try date("now") ?? Clock.nowSeconds()
  }

  /// A value option restricted to `choices` (already checked by the parser when declared there).
  public func choice(_ long: String, default defaultValue: String) -> String { string(long) ?? defaultValue }

  func describe(_ range: ClosedRange<Int>) -> String {
    if range.lowerBound == Int.min && range.upperBound == Int.max { return "" }
    if range.upperBound == Int.max { return " of at least \(range.lowerBound)" }
    return " from \(range.lowerBound) to \(range.upperBound)"
  }
}

/// Parses command lines against a `CommandSpec`.
public enum LegacyParser {
  /// What the user asked for beyond running the command.
  public enum Request: Sendable {
    /// Run the command.
    case run(LegacyInvocation)
    /// Print the help of this command path.
    case help(LegacyInvocation)
    /// Print the version.
    case version
  }

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String], root: CommandSpec) throws(ToolError) -> Request {
    var spec = root
    var chain: [CommandSpec] = [root]
    var invocation = LegacyInvocation(path: [root.name], spec: root, values: [:], flags: [], positionals: [])
    var help = false
    var onlyPositionals = false
    var index = 0

    func lookup(long: String) -> OptionSpec? {
      for s in chain.reversed() { if let o = s.options.first(where: { $0.long == long }) { return o } }
      return nil
    }
    func lookup(short: Character) -> OptionSpec? {
      for s in chain.reversed() { if let o = s.options.first(where: { $0.short == short }) { return o } }
      return nil
    }
    func allLongNames() -> [String] {
      chain.flatMap { $0.options.map(\.long) } + ["help", "version"]
    }
    func store(_ option: OptionSpec, _ value: String?) throws(ToolError) {
      if let value {
        if !option.choices.isEmpty, !option.choices.contains(value) {
          throw .usage(
            "--\(option.long) takes one of \(option.choices.joined(separator: ", ")), not '\(value)'")
        }
        if !option.repeatable, invocation.values[option.long] != nil {
          throw .usage("--\(option.long) was given twice; give it once")
        }
        invocation.values[option.long, default: []].append(value)
      } else {
        invocation.flags.insert(option.long)
      }
    }

    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !onlyPositionals, argument == "--" {
        onlyPositionals = true
        continue
      }
      if !onlyPositionals, argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name: String
        var inline: String?
        if let eq = body.firstIndex(of: "=") {
          name = String(body[..<eq])
          inline = String(body[body.index(after: eq)...])
        } else {
          name = String(body)
        }
        if name == "help" {
          help = true
          continue
        }
        if name == "version", lookup(long: name) == nil { return .version }
        guard let option = lookup(long: name) else {
          var notes: [String] = []
          if let suggestion = Suggest.closest(to: name, in: allLongNames()) {
            notes.append("did you mean --\(suggestion)?")
          }
          notes.append("see '\(invocation.path.joined(separator: " ")) --help'")
          throw .usage("unknown option '--\(name)'", notes: notes)
        }
        if option.isFlag {
          guard inline == nil else { throw .usage("--\(name) takes no value") }
          try store(option, nil)
        } else {
          if let inline {
            try store(option, inline)
          } else {
            guard index < arguments.count else {
              throw .usage("--\(name) needs a value (\(option.valueName ?? "VALUE"))")
            }
            try store(option, arguments[index])
            index += 1
          }
        }
        continue
      }
      if !onlyPositionals, argument.hasPrefix("-"), argument.count > 1, !isNumber(argument) {
        var characters = Array(argument.dropFirst())
        while !characters.isEmpty {
          let c = characters.removeFirst()
          if c == "h" && lookup(short: "h") == nil {
            help = true
            continue
          }
          guard let option = lookup(short: c) else {
            throw .usage(
              "unknown option '-\(c)'", notes: ["see '\(invocation.path.joined(separator: " ")) --help'"])
          }
          if option.isFlag {
            try store(option, nil)
          } else if !characters.isEmpty {
            try store(option, String(characters))
            characters = []
          } else {
            guard index < arguments.count else {
              throw .usage("-\(c) needs a value (\(option.valueName ?? "VALUE"))")
            }
            try store(option, arguments[index])
            index += 1
          }
        }
        continue
      }
      if invocation.positionals.isEmpty, !onlyPositionals, !spec.subcommands.isEmpty {
        if let sub = spec.subcommands.first(where: { $0.name == argument }) {
          spec = sub
          chain.append(sub)
          invocation.path.append(sub.name)
          invocation.spec = sub
          continue
        }
        if spec.positionalName == nil {
          var notes: [String] = []
          let names = spec.subcommands.filter { !$0.hidden }.map(\.name)
          if let suggestion = Suggest.closest(to: argument, in: names) {
            notes.append("did you mean '\(suggestion)'?")
          }
          notes.append("commands: \(names.joined(separator: ", "))")
          throw .usage("unknown command '\(argument)'", notes: notes)
        }
      }
      invocation.positionals.append(argument)
    }

    if help { return .help(invocation) }
    let count = invocation.positionals.count
    let name = spec.positionalName ?? "argument"
    if let max = spec.maxPositionals, count > max {
      throw .usage(
        max == 0
          ? "unexpected argument '\(invocation.positionals[0])'"
          : "too many arguments (at most \(max) \(name))",
        notes: ["see '\(invocation.path.joined(separator: " ")) --help'"])
    }
    if count < spec.minPositionals {
      throw .usage(
        "missing \(name)", notes: ["usage: \(spec.usage.first ?? invocation.path.joined(separator: " "))"])
    }
    return .run(invocation)
  }

  static func isNumber(_ s: String) -> Bool { Double(s) != nil }
}

/// A SamplePipes tool: a specification and a run function. `main()` does the rest: parsing,
/// `--help`, `--version`, signals, errors on stderr and exit statuses.
public protocol LegacyCommand {
  /// The tool's command-line specification.
  static var spec: CommandSpec { get }
  /// Runs the parsed invocation and returns the exit status.
  static func run(_ invocation: LegacyInvocation) throws -> Int32
}

extension LegacyCommand {
  /// The entry point of the tool's executable.
  public static func main() -> Never {
    Runtime.prepare(tool: spec.name)
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
        return ExitStatus.ok
      }
      if let shell = Runtime.completionShell(arguments) {
        guard let script = Completions.script(for: spec, shell: shell) else {
          throw ToolError.usage("no completion script for '\(shell)'; use bash, zsh or fish")
        }
        StandardOutput.shared.write(script)
        return ExitStatus.ok
      }
      switch try LegacyParser.parse(arguments, root: spec) {
      case .version:
        StandardOutput.shared.write("\(spec.name) (SamplePipes) \(samplePipesVersion)\n")
        return ExitStatus.ok
      case .help(let invocation):
        let parents = legacyParents(of: invocation.path, in: spec)
        StandardOutput.shared.write(Help.render(invocation.spec, path: invocation.path, parents: parents))
        return ExitStatus.ok
      case .run(let invocation):
        return try run(invocation)
      }
    } catch {
      return Diagnostics.report(error, tool: spec.name)
    }
  }
}

func legacyParents(of path: [String], in root: CommandSpec) -> [CommandSpec] {
  var parents: [CommandSpec] = []
  var current = root
  for word in path.dropFirst() {
    parents.append(current)
    guard let next = current.subcommands.first(where: { $0.name == word }) else { break }
    current = next
  }
  return parents
}

extension OptionSpec {
  /// An option taking a value.
  public static func value(
    _ long: String, short: Character? = nil, name: String, help: String, repeatable: Bool = false,
    choices: [String] = []
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: name, help: help, repeatable: repeatable, choices: choices)
  }
}
