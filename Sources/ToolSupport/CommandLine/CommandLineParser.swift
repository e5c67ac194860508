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
    /// Run the plugin `TOOL-NAME` found at `path` with `arguments` (`Plugins`).
    case plugin(name: String, path: String, arguments: [String])
  }

  /// Parses `arguments` (without the program name). `config` gives the user's config file, read
  /// only when a command is to run (its settings fill the options the line leaves out).
  public static func parse(
    _ arguments: [String], root: Command, config: () throws(ToolError) -> ConfigFile = { .empty }
  ) throws(ToolError) -> Request {
    var here = CommandPath(root)
    var words: [String: [String]] = [:]
    var positionals: [String] = []
    var help = false
    // `TOOL help COMMAND...`: the words after `help` name the command whose help is shown.
    var helpWord = false
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
        if name == "no-pager", lookup(long: name) == nil {
          guard inline == nil else { throw .usage("--no-pager takes no value") }
          Pager.refused = true
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
      let atRoot = here.chain.count == 1
      if positionals.isEmpty, !onlyPositionals, !here.command.subcommands.isEmpty,
        let sub = here.subcommand(named: argument)
      {
        here.enter(sub)
        continue
      }
      if positionals.isEmpty, !onlyPositionals, atRoot, !helpWord, argument == "help",
        !here.command.subcommands.isEmpty
      {
        helpWord = true
        continue
      }
      // A plugin: the first word, at the tool, that names no built-in command (nor, for a tool
      // that reads files, a file), and names `TOOL-NAME` on PATH.
      if positionals.isEmpty, !onlyPositionals, atRoot,
        here.command.arguments.name == nil || (argument != "-" && !Files.exists(argument)),
        let path = Plugins.find(tool: root.name, name: argument)
      {
        if let given = words.keys.sorted().first {
          throw .usage(
            "--\(given) does not apply to the plugin '\(argument)' (\(root.name)-\(argument))",
            notes: ["give the plugin's options after its name"])
        }
        let rest = helpWord || help ? ["--help"] : Array(arguments[index...])
        return .plugin(name: argument, path: path, arguments: rest)
      }
      if positionals.isEmpty, !onlyPositionals, !here.command.subcommands.isEmpty {
        let names = here.command.subcommands.filter { !$0.hidden }.map(\.name)
        // Listed only for a word that names nothing: reading every folder on PATH cost each run
        // of a tool given a file about 2 ms (of 9).
        lazy var plugins = atRoot ? Plugins.names(tool: root.name, excluding: Plugins.builtins(root)) : []
        if here.command.arguments.name == nil || helpWord {
          var notes: [String] = []
          let words = names + (atRoot && !helpWord ? ["help"] : []) + plugins
          if let suggestion = Suggest.closest(to: argument, in: words) {
            notes.append("did you mean '\(suggestion)'?")
          }
          notes.append("commands: \(names.joined(separator: ", "))")
          if !plugins.isEmpty { notes.append("plugins on your PATH: \(plugins.joined(separator: ", "))") }
          throw .usage("unknown command '\(argument)'", notes: notes)
        }
        // A command that takes files as well as subcommands: a word that names no file and is one
        // edit from a subcommand is a mistyped command, not a file that cannot be opened.
        if argument != "-", !Files.exists(argument),
          let close = (names + plugins).first(where: { Suggest.distance(argument, $0) == 1 })
        {
          var notes = ["did you mean '\(close)'?", "commands: \(names.joined(separator: ", "))"]
          if !plugins.isEmpty { notes.append("plugins on your PATH: \(plugins.joined(separator: ", "))") }
          throw .usage("unknown command '\(argument)' (and no file of that name)", notes: notes)
        }
      }
      if helpWord {
        throw .usage("'\(here.path.joined(separator: " "))' has no command '\(argument)'", notes: [see()])
      }
      positionals.append(argument)
    }

    let (command, path, accepted) = (here.command, here.path, here.accepted)
    if help || helpWord {
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
    let configured = try configure(
      &words, accepted: accepted, conflicts: command.conflicts, path: path, config: config())
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
    invocation.configured = configured
    invocation.arguments = try command.arguments.values(positionals)
    return .run(invocation)
  }

  /// Adds to `words` (the options given on the line) the values `config` gives for the options
  /// `accepted` that the line leaves out, whose environment variable is not set: the line beats
  /// the environment, which beats the file. A value the option refuses is a usage error naming the
  /// config line; a setting that would break a rule between options with those given is dropped
  /// (what the line asks wins), as is a flag set to false.
  /// Returns where each setting used comes from (`--city from config '/p' (line 3)`).
  static func configure(
    _ words: inout [String: [String]], accepted: [any OptionKey], conflicts: [Conflict], path: [String],
    config: ConfigFile
  ) throws(ToolError) -> [String] {
    guard !config.entries.isEmpty else { return [] }
    var places: [String: String] = [:]
    var added: [String: [String]] = [:]
    for option in accepted where words[option.spec.long] == nil && option.spec.configurable {
      let spec = option.spec
      if let variable = spec.environment, let value = Environment.get(variable), !value.isEmpty { continue }
      let entries = config.entries(spec.long, path: path)
      guard let last = entries.last else { continue }
      places[spec.long] = "--\(spec.long) from \(config.place(last))"
      func refuse(_ error: ToolError, _ entry: ConfigFile.Entry) -> ToolError {
        .usage("\(config.place(entry)): \(error.message)", notes: error.notes)
      }
      if spec.isFlag {
        switch last.value?.lowercased() {
        case nil, "true", "yes", "on", "1": added[spec.long] = [""]
        case "false", "no", "off", "0": continue
        case let other?:
          throw refuse(.usage("--\(spec.long) is a flag: true or false, not '\(other)'"), last)
        }
        continue
      }
      var values: [String] = []
      for entry in spec.repeatable ? entries : [last] {
        guard var value = entry.value else {
          throw refuse(
            .usage("--\(spec.long) needs a value ('\(spec.long) = \(spec.valueName ?? "VALUE")')"), entry)
        }
        // A file's `~/` is the home folder, as a shell would make it on the command line.
        if Completions.namesFile(spec.valueName) { value = CompletionContext.expandingTilde(value) }
        if spec.valueIsOptional, value.isEmpty {
          values.append("")
          continue
        }
        if !spec.choices.isEmpty, !spec.decodesOtherSpellings, !spec.choices.contains(value) {
          throw refuse(
            .usage(
              "--\(spec.long) takes \(OptionText.list(spec.choices)), not '\(value)'",
              notes: Suggest.notes(for: value, in: spec.choices)), entry)
        }
        do throws(ToolError) {
          _ = try option.decode([value])
        } catch {
          throw refuse(error, entry)
        }
        values.append(value)
      }
      added[spec.long] = values
    }
    // A rule broken only because of a setting drops the settings it names.
    var changed = true
    while changed {
      changed = false
      let given = Array(words.keys) + Array(added.keys)
      for conflict in conflicts where conflict.violation(given: given) != nil {
        let dropped = conflict.options.filter { added[$0] != nil }
        for name in dropped { added[name] = nil }
        if !dropped.isEmpty { changed = true }
      }
    }
    words.merge(added) { line, _ in line }
    return added.keys.sorted().compactMap { places[$0] }
  }
}
