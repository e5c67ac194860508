/// Parses command lines against a `Command` declaration.
public enum CommandLineParser {
  /// What the user asked for.
  public enum Request: Sendable {
    /// Run the command.
    case run(Invocation)
    /// Print the help of the command at this path.
    case help(path: [String], spec: CommandSpec, parents: [CommandSpec])
    /// Print the version.
    case version
  }

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String], root: Command) throws(ToolError) -> Request {
    var here = CommandPath(root)
    var words: [String: [String]] = [:]
    var positionals: [String] = []
    var help = false
    var onlyPositionals = false
    var index = 0

    func see() -> String { "see '\(here.path.joined(separator: " ")) --help'" }
    func lookup(long: String) -> (any OptionKey)? { here.option(long: long) }
    func lookup(short: Character) -> (any OptionKey)? { here.option(short: short) }
    func store(_ option: OptionSpec, _ value: String?) throws(ToolError) {
      guard let value else {
        words[option.long, default: []].append("")
        return
      }
      if !option.choices.isEmpty, !option.decodesOtherSpellings, !option.choices.contains(value) {
        throw .usage(
          "--\(option.long) takes \(OptionText.list(option.choices)), not '\(value)'",
          notes: Suggest.notes(for: value, in: option.choices))
      }
      if !option.repeatable, words[option.long] != nil {
        throw .usage("--\(option.long) was given twice; give it once")
      }
      words[option.long, default: []].append(value)
    }
    // Stores the next argument as the value of `option`, spelt `spelling` on the command line.
    func storeNext(_ option: OptionSpec, spelling: String) throws(ToolError) {
      guard index < arguments.count else {
        throw .usage("\(spelling) needs a value (\(option.valueName ?? "VALUE"))")
      }
      try store(option, arguments[index])
      index += 1
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
        // The first `=` as a code point: a value that begins with a combining mark makes `=` and
        // the mark one character, which a search by characters would not find.
        if let eq = body.unicodeScalars.firstIndex(of: "=") {
          name = String(body.unicodeScalars[..<eq])
          inline = String(body.unicodeScalars[body.unicodeScalars.index(after: eq)...])
        } else {
          name = String(body)
        }
        if name == "help" {
          help = true
          continue
        }
        if name == "color", lookup(long: name) == nil {
          var value = inline
          if value == nil {
            guard index < arguments.count else {
              throw .usage("--color needs a value (auto, always or never)")
            }
            value = arguments[index]
            index += 1
          }
          try Terminal.setColor(value!)
          continue
        }
        if name == "version", here.chain.count == 1, lookup(long: name) == nil { return .version }
        guard let option = lookup(long: name)?.spec else {
          var notes: [String] = []
          let names = here.accepted.map(\.spec.long) + ["help"]
          if let suggestion = Suggest.closest(to: name, in: names) {
            notes.append("did you mean --\(suggestion)?")
          }
          notes.append(see())
          throw .usage("unknown option '--\(name)'", notes: notes)
        }
        if option.isFlag {
          guard inline == nil else { throw .usage("--\(name) takes no value") }
          try store(option, nil)
        } else if let inline {
          try store(option, inline)
        } else if option.valueIsOptional {
          try store(option, "")
        } else {
          try storeNext(option, spelling: "--\(name)")
        }
        continue
      }
      if !onlyPositionals, argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
        var characters = Array(argument.dropFirst())
        while !characters.isEmpty {
          let c = characters.removeFirst()
          if c == "h" && lookup(short: "h") == nil {
            help = true
            continue
          }
          guard let option = lookup(short: c)?.spec else {
            throw .usage("unknown option '-\(c)'", notes: [see()])
          }
          if option.isFlag {
            try store(option, nil)
          } else if !characters.isEmpty {
            try store(option, String(characters))
            characters = []
          } else {
            try storeNext(option, spelling: "-\(c)")
          }
        }
        continue
      }
      if positionals.isEmpty, !onlyPositionals, !here.command.subcommands.isEmpty {
        if let sub = here.subcommand(named: argument) {
          here.enter(sub)
          continue
        }
        if here.command.arguments.name == nil {
          var notes: [String] = []
          let names = here.command.subcommands.filter { !$0.hidden }.map(\.name)
          if let suggestion = Suggest.closest(to: argument, in: names) {
            notes.append("did you mean '\(suggestion)'?")
          }
          notes.append("commands: \(names.joined(separator: ", "))")
          throw .usage("unknown command '\(argument)'", notes: notes)
        }
        // A command that takes files as well as subcommands: a word that names no file and is one
        // edit from a subcommand is a mistyped command, not a file that cannot be opened.
        let names = here.command.subcommands.filter { !$0.hidden }.map(\.name)
        if argument != "-", !Files.exists(argument),
          let close = names.first(where: { Suggest.distance(argument, $0) == 1 })
        {
          throw .usage(
            "unknown command '\(argument)' (and no file of that name)",
            notes: ["did you mean '\(close)'?", "commands: \(names.joined(separator: ", "))"])
        }
      }
      positionals.append(argument)
    }

    let (command, path, accepted) = (here.command, here.path, here.accepted)
    if help {
      var parents: [CommandSpec] = []
      var passed: [any OptionKey] = []
      for (depth, parent) in here.chain.dropLast().enumerated() {
        parents.append(parent.spec(path: Array(path.prefix(depth + 1)), inherited: passed))
        passed = parent.passedDown(passed)
      }
      return .help(path: path, spec: command.spec(path: path, inherited: here.inherited), parents: parents)
    }
    // An option given before the subcommand's name must be one the subcommand accepts.
    for long in words.keys.sorted() where !accepted.contains(where: { $0.spec.long == long }) {
      throw .usage("--\(long) does not apply to '\(path.joined(separator: " "))'", notes: [see()])
    }
    guard command.run != nil else {
      let names = command.subcommands.filter { !$0.hidden }.map(\.name)
      throw .usage("missing command", notes: ["commands: \(names.joined(separator: ", "))", see()])
    }
    let count = positionals.count
    let name = command.arguments.name ?? "argument"
    if let max = command.arguments.max, count > max {
      throw .usage(
        max == 0 ? "unexpected argument '\(positionals[0])'" : "too many arguments (at most \(max) \(name))",
        notes: [see()])
    }
    let usage = Usage.lines(path: path, command: command, options: accepted.map(\.spec))
    if count < command.arguments.min {
      // The first argument short of its words is the one missing (`NEW_TITLE` of `FILE NEW_TITLE`).
      var needed = 0
      let missing = command.arguments.keys.first { key in
        needed += key.min
        return needed > count
      }
      throw .usage(
        "missing \(missing?.name ?? name)", notes: ["usage: \(usage.first ?? path.joined(separator: " "))"])
    }
    var values: [String: any Sendable] = [:]
    for option in accepted {
      let given = words[option.spec.long]
      if option.spec.required, given == nil {
        throw .usage(
          "missing --\(option.spec.long)", notes: ["usage: \(usage.first ?? path.joined(separator: " "))"])
      }
      values[option.spec.long] = try option.decode(given ?? [])
    }
    // The declared rules between options, once every value is known to be good.
    let given = Array(words.keys)
    for conflict in command.conflicts {
      if let error = conflict.violation(given: given) { throw error }
    }
    var invocation = Invocation(
      path: path, command: command, positionals: positionals, words: words, values: values)
    invocation.arguments = try command.arguments.values(positionals)
    return .run(invocation)
  }
}
