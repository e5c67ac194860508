import PipeProtocol
import PipeReading

/// What `TOOL __complete WORD...` answers: the words that fit where the last word is being
/// completed, from the command declarations (subcommands, options, choices) and the completers
/// that read the user's data; and whether file names fit too.
///
/// The answer is written one candidate per line, `WORD` or `WORD<tab>description`, then, when
/// file names fit, a last line `:files` (the shell completes them itself, as it does everywhere
/// else). The shell scripts of `Completions` call it.
public struct CompletionAnswer: Sendable, Equatable {
  /// The words that fit, each with its description.
  public var candidates: [Candidate]
  /// Whether file names fit too.
  public var files: Bool

  /// The line that says file names fit; never a candidate.
  public static let filesDirective = ":files"

  /// An answer.
  public init(candidates: [Candidate] = [], files: Bool = false) {
    self.candidates = candidates
    self.files = files
  }

  /// The answer's text: one candidate per line, then `:files` when file names fit.
  public var text: String {
    var text = ""
    for candidate in candidates {
      text += candidate.value
      if let description = candidate.description, !description.isEmpty {
        // Shown beside the word, never typed: escaped as every text view escapes data.
        text += "\t" + TerminalText.safe(String(description.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
      }
      text += "\n"
    }
    if files { text += Self.filesDirective + "\n" }
    return text
  }

  /// Runs `TOOL __complete WORDS`: writes the answer on stdout and returns 0, whatever happens.
  /// Nothing is written on stderr (a message would land in the middle of the user's prompt).
  static func run(_ root: Command, _ words: [String]) -> Int32 {
    // A warning a store reader would give goes nowhere.
    let messages = StandardOutput.error
    StandardOutput.error = BufferedOutput.memory()
    defer { StandardOutput.error = messages }
    StandardOutput.shared.write(answer(root, words: words).text)
    return ExitStatus.ok
  }

  /// The answer for `words`: the words after the tool's name, the one being completed last
  /// (possibly empty). The line is read as the parser reads it, but never refused: an unknown
  /// option or a word too many is passed over.
  public static func answer(_ root: Command, words: [String]) -> CompletionAnswer {
    let current = words.last ?? ""
    let before = words.dropLast()
    var here = CommandPath(root)
    var given: [String: [String]] = [:]
    var positionals: [String] = []
    var onlyPositionals = false
    var pending: OptionSpec?
    // After `TOOL help`, the words name a command.
    var helpWord = false

    func lookup(long: String) -> OptionSpec? {
      here.option(long: long)?.spec ?? (long == "color" ? colorOption : nil)
    }
    func lookup(short: Character) -> OptionSpec? { here.option(short: short)?.spec }

    for word in before {
      if let option = pending {
        given[option.long, default: []].append(word)
        pending = nil
        continue
      }
      if !onlyPositionals, word == "--" {
        onlyPositionals = true
        continue
      }
      if !onlyPositionals, word.hasPrefix("--") {
        let body = word.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        guard let option = lookup(long: name) else { continue }
        if option.isFlag || (option.valueIsOptional && !body.contains("=")) {
          given[option.long, default: []].append("")
        } else if body.contains("=") {
          given[option.long, default: []].append(String(body.drop { $0 != "=" }.dropFirst()))
        } else {
          pending = option
        }
        continue
      }
      if !onlyPositionals, word.hasPrefix("-"), word.count > 1, Double(word) == nil {
        var characters = Substring(word.dropFirst())
        while let c = characters.first {
          characters = characters.dropFirst()
          guard let option = lookup(short: c) else { continue }
          if option.isFlag {
            given[option.long, default: []].append("")
          } else if characters.isEmpty {
            pending = option
          } else {
            given[option.long, default: []].append(String(characters))
            characters = ""
          }
        }
        continue
      }
      if positionals.isEmpty, !onlyPositionals, let sub = here.subcommand(named: word) {
        here.enter(sub)
        continue
      }
      if positionals.isEmpty, !onlyPositionals, here.chain.count == 1 {
        if word == "help", !helpWord, !root.subcommands.isEmpty {
          helpWord = true
          continue
        }
        // A plugin's words are its own: only file names are offered.
        if !helpWord, root.arguments.name == nil || !Files.exists(word),
          Plugins.find(tool: root.name, name: word) != nil
        {
          return CompletionAnswer(files: true)
        }
      }
      positionals.append(word)
    }

    let (command, path, accepted) = (here.command, here.path, here.accepted)
    var context = CompletionContext(
      command: path, words: Array(before), current: current, positionals: positionals, given: given)
    func value(of spec: OptionSpec, typed: String, prefix: String) -> CompletionAnswer {
      context.current = typed
      var candidates = spec.choices.map { Candidate($0) }
      var files = Completions.namesFile(spec.valueName)
      if let completer = accepted.first(where: { $0.spec.long == spec.long })?.completer {
        candidates += completer(context)
        files = completer.files
      }
      return CompletionAnswer(candidates: fitting(candidates, typed), files: files).prefixed(prefix)
    }

    if let option = pending { return value(of: option, typed: current, prefix: "") }
    if !onlyPositionals, current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
      let name = String(current[current.index(current.startIndex, offsetBy: 2)..<equals])
      guard let option = lookup(long: name), !option.isFlag else { return CompletionAnswer() }
      let prefix = String(current[...equals])
      return value(of: option, typed: String(current[current.index(after: equals)...]), prefix: prefix)
    }
    if !onlyPositionals, current.hasPrefix("-"), !current.hasPrefix("--"), current.count > 2,
      let short = current.dropFirst().first, let option = lookup(short: short), !option.isFlag
    {
      return value(of: option, typed: String(current.dropFirst(2)), prefix: String(current.prefix(2)))
    }
    if !onlyPositionals, current.hasPrefix("-") {
      let options = optionsOffered(accepted.map(\.spec), atRoot: path.count == 1)
      var candidates: [Candidate] = []
      for option in options {
        candidates.append(Candidate("--" + option.long, description: option.help))
        if let short = option.short { candidates.append(Candidate("-\(short)", description: option.help)) }
      }
      return CompletionAnswer(candidates: fitting(candidates, current))
    }

    var answer = CompletionAnswer()
    if positionals.isEmpty, !onlyPositionals {
      answer.candidates = command.subcommands.filter { !$0.hidden }.map {
        Candidate($0.name, description: $0.summary)
      }
      if path.count == 1 {
        if !helpWord, !command.subcommands.isEmpty {
          answer.candidates.append(Candidate("help", description: "show the help of a command"))
        }
        answer.candidates += Plugins.names(tool: root.name, excluding: Plugins.builtins(root)).map {
          Candidate($0, description: "a plugin: \(root.name)-\($0)")
        }
      }
    }
    if helpWord {
      answer.candidates = fitting(answer.candidates, current)
      return answer
    }
    if let name = argumentName(command.arguments, at: positionals.count) {
      context.argumentName = name
      if let completer = command.arguments.completer {
        answer.candidates += completer(context)
        answer.files = completer.files
      } else {
        answer.files = Completions.namesFile(name)
      }
    }
    answer.candidates = fitting(answer.candidates, current)
    return answer
  }

  /// `--color`, which every tool takes.
  static let colorOption = CommandSpec.standardOptions.first { $0.long == "color" }!
  /// `--no-pager`, which every tool takes.
  static let noPagerOption = CommandSpec.standardOptions.first { $0.long == "no-pager" }!

  /// The options offered after `-`: those accepted, then `--help`, `--color` (unless declared) and,
  /// for the tool itself, `--version`.
  static func optionsOffered(_ accepted: [OptionSpec], atRoot: Bool) -> [OptionSpec] {
    var options = accepted
    let shortHelp: Character? = options.contains { $0.short == "h" } ? nil : "h"
    options.append(.flag("help", short: shortHelp, help: "show this help and exit"))
    if !options.contains(where: { $0.long == "color" }) { options.append(colorOption) }
    if !options.contains(where: { $0.long == "no-pager" }) { options.append(noPagerOption) }
    if atRoot, !options.contains(where: { $0.long == "version" }) {
      options.append(.flag("version", help: "print the version and exit"))
    }
    return options
  }

  /// The name of the positional argument at `index` (`NEW_TITLE` for the second of
  /// `FILE NEW_TITLE`; the last name repeats), or nil when the command takes no more.
  static func argumentName(_ arguments: Arguments, at index: Int) -> String? {
    guard let name = arguments.name else { return nil }
    if let max = arguments.max, index >= max { return nil }
    let names = name.split(separator: " ").map(String.init)
    return names[min(index, names.count - 1)]
  }

  /// The candidates that begin with `typed`, each once, in their order; when none does, those
  /// that begin with it ignoring case (so `quo` finds `Quoddy Head`). `:files` is never offered,
  /// nor a word holding a character a terminal would act on (`TerminalText.needsEscape`: a line
  /// break, a tab, ESC, NUL, U+202E): the shell prints candidates raw, and the escaped form
  /// would be another word, naming nothing, once on the command line. Such a word is left out.
  static func fitting(_ candidates: [Candidate], _ typed: String) -> [Candidate] {
    var seen: Set<String> = []
    let offered = candidates.filter { candidate in
      !candidate.value.isEmpty && candidate.value != filesDirective
        && !candidate.value.unicodeScalars.contains(where: TerminalText.needsEscape)
        && seen.insert(candidate.value).inserted
    }
    let exact = offered.filter { $0.value.hasPrefix(typed) }
    if !exact.isEmpty || typed.isEmpty { return exact }
    let lowered = typed.lowercased()
    return offered.filter { $0.value.lowercased().hasPrefix(lowered) }
  }

  /// The answer with `prefix` (`--format=`) before each candidate.
  func prefixed(_ prefix: String) -> CompletionAnswer {
    guard !prefix.isEmpty else { return self }
    return CompletionAnswer(
      candidates: candidates.map { Candidate(prefix + $0.value, description: $0.description) }, files: files)
  }
}
