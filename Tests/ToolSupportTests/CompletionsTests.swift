import Foundation
import TestSupport
import Testing
import ToolSupport

/// A temporary home for the built tools: its own stores (named by the environment variables, in
/// `root`, which is also HOME and XDG_DATA_HOME) and a working folder holding `a.jsonl`, `b.txt`,
/// `Ocean.story` and the folders `sub` and `drafts` (with `Sea.story`).
private struct Sandbox {
  let root: URL
  let work: URL
  let environment: [String: String]

  init() throws {
    let fm = FileManager.default
    root = try TestSupport.temporaryDirectory()
    work = root.appendingPathComponent("work")
    for folder in ["sub", "drafts"] {
      try fm.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for name in ["a.jsonl", "b.txt", "Ocean.story", "drafts/Sea.story"] {
      _ = fm.createFile(atPath: work.appendingPathComponent(name).path, contents: Data())
    }
    environment = [
      "HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "SCRIPTS": root.path,
      "SAMPLEPIPES_MENU": root.appendingPathComponent("menu.jsonl").path,
      "SAMPLEPIPES_ORDERS": root.appendingPathComponent("orders.jsonl").path,
      "SAMPLEPIPES_TRIPS": root.appendingPathComponent("trips.jsonl").path,
      "SAMPLEPIPES_FEED": root.appendingPathComponent("feed.jsonl").path,
    ]
  }

  func path(_ name: String) -> String { root.appendingPathComponent(name).path }

  /// Runs a built tool in the working folder; it must succeed.
  @discardableResult
  func run(_ tool: String, _ arguments: [String]) throws -> TestSupport.Result {
    let result = try TestSupport.run(tool, arguments, environment: environment, currentDirectory: work)
    try #require(result.status == 0, "\(tool) \(arguments): \(result.err)")
    return result
  }

  /// A custom donut 'Quokka Cruller' (17) in the menu store, a trip 'Quoddy Head' with the
  /// activity 'Walk the cliffs' in the trip store, order 1225 placed and order 1201 completed.
  func stock() throws {
    try run("orders", ["donut", "new", "--name", "Quokka Cruller"])
    try run("trips", ["add", "--name", "Quoddy Head"])
    try run("trips", ["activity", "add", "Quoddy Head", "Walk the cliffs"])
    try run("orders", ["place", "--donut", "3"])
    try run("orders", ["complete", "1201"])
  }

  /// Runs `script` with `shell` and `arguments` in the working folder; the script is saved in
  /// `root` as `script` beside `files`.
  func shell(_ shell: String, _ arguments: [String], script: String, files: [String: String] = [:]) throws
    -> TestSupport.Result
  {
    let path = try #require(Requirements.path(of: shell), "\(shell) is not installed")
    for (name, text) in files {
      try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let file = root.appendingPathComponent("script")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return try TestSupport.runProcess(
      path, arguments + [file.path], environment: environment, currentDirectory: work)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// `text` in single quotes for a shell script (bash, zsh).
private func shellQuoted(_ text: String) -> String {
  "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

/// The words of `__complete`'s answer, without descriptions and the `:files` line.
private func words(_ answer: String) -> [String] {
  answer.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.filter { $0 != ":files" }
}

/// The cities `weather spots` lists, in its order.
private func cities(_ sandbox: Sandbox) throws -> [String] {
  var names: [String] = []
  for line in try sandbox.run("weather", ["spots"]).out.split(separator: "\n") {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    if let city = object?["city"] as? String, !names.contains(city) { names.append(city) }
  }
  return names
}

@Suite("__complete from the data")
struct DataCompletionTests {
  @Test func storesThatDoNotExistOfferWhatTheyWillStartWithAndAreNotCreated() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let next = try sandbox.run("orders", ["__complete", "next", ""])
    #expect(words(next.out) == (1201...1224).map(String.init))
    #expect(next.out.hasPrefix("1201\tready, "))
    let donuts = words(try sandbox.run("orders", ["__complete", "place", "--donut", ""]).out)
    #expect(donuts.prefix(17) == ArraySlice((0...16).map(String.init)))
    #expect(donuts.contains("Cosmos"))
    let trips = words(try sandbox.run("trips", ["__complete", "show", ""]).out)
    #expect(trips.count == 12)
    #expect(trips.contains("Angkor Temple Run"))
    let created = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path)
    #expect(created.sorted() == ["work"], "completion created files")
  }

  @Test func storesAnswerWithWhatWasJustAdded() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.stock()
    func complete(_ tool: String, _ arguments: [String]) throws -> [String] {
      words(try sandbox.run(tool, ["__complete"] + arguments).out)
    }
    #expect(try complete("orders", ["place", "--donut", "Quo"]) == ["Quokka Cruller"])
    #expect(try complete("orders", ["place", "--donut", "quo"]) == ["Quokka Cruller"])
    #expect(try complete("orders", ["place", "--donut", "17"]) == ["17"])
    #expect(try complete("orders", ["place", "--donut", "17x"]) == [])
    #expect(try complete("orders", ["feed", "post", "--donut=Quo"]) == ["--donut=Quokka Cruller"])
    #expect(try complete("orders", ["donut", "edit", ""]) == ["17", "Quokka Cruller"])
    #expect(try complete("orders", ["donut", "remove", "C"]) == [])
    // Open orders for next and complete; every order for show; those on the line are not offered.
    #expect(try complete("orders", ["next", "122"]) == ["1220", "1221", "1222", "1223", "1224", "1225"])
    #expect(try !complete("orders", ["complete", ""]).contains("1201"))
    #expect(try complete("orders", ["show", "120"]).prefix(2) == ["1201", "1202"])
    #expect(try complete("orders", ["show", "1201", "Order#120"]).first == "Order#1202")
    #expect(try complete("trips", ["show", "Quo"]) == ["Quoddy Head"])
    #expect(try complete("trips", ["activity", "toggle", "quoddy head", ""]) == ["Walk the cliffs"])
    #expect(try complete("trips", ["activity", "rename", "Quoddy Head", "Walk the cliffs", ""]) == [])
    #expect(try complete("trips", ["activity", "add", "Quoddy Head", ""]) == [])
    #expect(try complete("trips", ["remove", "Quoddy Head", "Quo"]) == [])
  }

  @Test func optionsOnTheLineNameTheStore() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.stock()
    let other = sandbox.path("other menu.jsonl")
    try sandbox.run("orders", ["donut", "new", "--menu", other, "--name", "Otter Glaze"])
    let answer = words(
      try sandbox.run("orders", ["__complete", "place", "--menu", other, "--donut", ""]).out)
    #expect(answer.contains("Otter Glaze"))
    #expect(!answer.contains("Quokka Cruller"))
    let trips = sandbox.path("other trips.jsonl")
    try sandbox.run("trips", ["add", "--store", trips, "--name", "Quilted Hills"])
    #expect(
      words(try sandbox.run("trips", ["__complete", "--store", trips, "show", "Qu"]).out) == ["Quilted Hills"]
    )
    #expect(
      words(try sandbox.run("trips", ["__complete", "show", "--store=\(trips)", "Qu"]).out) == [
        "Quilted Hills"
      ])
  }

  @Test func citiesAndSpots() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let all = try cities(sandbox)
    #expect(all.count >= 3)
    #expect(words(try sandbox.run("weather", ["__complete", "spot", "--city", ""]).out) == all)
    #expect(words(try sandbox.run("weather", ["__complete", "forecast", "-c", "lon"]).out) == ["London"])
    let spots = words(
      try sandbox.run("weather", ["__complete", "forecast", "--city", "London", "--spot", ""]).out)
    #expect(spots.contains("Big Ben"))
    #expect(!spots.contains("Coit Tower"))
    #expect(words(try sandbox.run("orders", ["__complete", "place", "--city", ""]).out) == all)
  }

  @Test func storyDocumentsInTheFolder() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let read = try sandbox.run("story-io", ["__complete", "read", ""])
    #expect(words(read.out) == ["Ocean.story", "drafts/", "sub/"])
    #expect(read.out.contains("Ocean.story\tOcean\n"))
    #expect(
      words(try sandbox.run("story-io", ["__complete", "edit", "drafts/"]).out) == ["drafts/Sea.story"])
    #expect(words(try sandbox.run("story-io", ["__complete", "rename", "Ocean.story", ""]).out) == [])
    #expect(
      words(try sandbox.run("story-io", ["__complete", "new", "--dir", ""]).out) == ["drafts/", "sub/"])
  }

  @Test func badStoresGiveWhatReadsAndNoMessage() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.run("orders", ["donut", "new", "--name", "Quokka Cruller"])
    let menu = try FileHandle(forWritingTo: URL(fileURLWithPath: sandbox.path("menu.jsonl")))
    menu.seekToEndOfFile()
    menu.write(Data("not json\n{\"type\":\"donut\",\"id\":18".utf8))
    try menu.close()
    try FileManager.default.createDirectory(
      atPath: sandbox.path("orders.jsonl"), withIntermediateDirectories: true)
    for (tool, arguments) in [
      ("orders", ["place", "--donut", "Quo"]), ("orders", ["next", ""]),
      ("orders", ["place", "--menu", "/nonexistent/x", "--donut", ""]),
      ("trips", ["--store", "/dev/null", "show", ""]),
    ] {
      let result = try TestSupport.run(
        tool, ["__complete"] + arguments, environment: sandbox.environment, currentDirectory: sandbox.work)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.err.isEmpty, "\(arguments): \(result.err)")
      if arguments[0] == "next" { #expect(result.out.isEmpty) }
      if arguments.last == "Quo" { #expect(words(result.out) == ["Quokka Cruller"]) }
    }
  }

  /// A writer holding the order store's lock does not keep completion waiting: it takes no lock.
  @Test(.enabled(if: Requirements.has("flock"), "flock (util-linux) is not installed"))
  func aWriterHoldingTheLockDoesNotDelayIt() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.stock()
    let result = try TestSupport.shell(
      """
      exec 9>"$SAMPLEPIPES_ORDERS.lock"
      flock -x 9 || exit 99
      timeout 5 orders __complete next 1225 9>&-
      """, environment: sandbox.environment, currentDirectory: sandbox.work)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("1225\tplaced, 1 donut\n"))
  }
}

/// The bash driver: `complete_words WORD...` sets COMP_WORDS and COMP_CWORD as bash would, calls
/// the tool's completion function and prints COMPREPLY on one line, tab-separated.
private let bashDriver = """
  shopt -s nullglob
  for tool in orders trips weather story-io pipe-check; do
    source <("$tool" --generate-completion-script bash) || exit 1
  done
  complete_words() {
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
    "_${1//-/_}"
    printf '%s\\t' "${COMPREPLY[@]}"; echo
  }

  """

@Suite("bash completion")
struct BashCompletionTests {
  /// Each case: the words as bash splits them (the last one is being completed, as typed, quotes
  /// and all) and the sorted candidates. `$CITIES` stands for every city of `weather spots`.
  static let cases: [([String], [String])] = [
    (
      ["orders", ""],
      [
        "complete", "donut", "feed", "generate", "help", "history", "list", "menu", "next", "notices", "open",
        "place",
        "recent", "show", "stream", "watch", "widget",
      ]
    ),
    (["orders", "pl"], ["place"]),
    (["orders", "place", "--do"], ["--donut"]),
    (["orders", "place", "--donut", "Quo"], ["Quokka Cruller"]),
    (["orders", "place", "--donut", "'Quokka C"], ["Quokka Cruller"]),
    (["orders", "place", "--donut", "Quokka\\ C"], ["Quokka Cruller"]),
    (["orders", "place", "--donut", "=", "Quo"], ["Quokka Cruller"]),
    (["orders", "place", "--donut=Quo"], ["--donut=Quokka Cruller"]),
    (["orders", "place", "--store", "a"], ["a.jsonl"]),
    (["orders", "place", "--store", ""], ["Ocean.story", "a.jsonl", "b.txt", "drafts", "sub"]),
    (["orders", "place", "--store", "=", "a"], ["a.jsonl"]),
    (["orders", "place", "--store", "=", ""], ["Ocean.story", "a.jsonl", "b.txt", "drafts", "sub"]),
    (["orders", "place", "--store=a"], ["--store=a.jsonl"]),
    (["orders", "menu", "--format", "=", "j"], ["json"]),
    (["orders", "menu", "--format", "="], ["csv", "json", "svg", "text"]),
    (["orders", "menu", "--format=j"], ["--format=json"]),
    (["orders", "next", "1225"], ["1225"]),
    (["orders", "show", "foodtruck", ":", "//order/1"], []),
    (["trips", "show", "Quo"], ["Quoddy Head"]),
    (["trips", "show", "'quo"], ["Quoddy Head"]),
    (["trips", "activity", "toggle", "'Quoddy Head'", ""], ["Walk the cliffs"]),
    (["weather", "spot", "--city", ""], ["$CITIES"]),
    (["weather", "spot", "--city", "San"], ["San Francisco"]),
    (["story-io", "read", ""], ["Ocean.story", "drafts/", "sub/"]),
    (["story-io", "read", "drafts/"], ["drafts/Sea.story"]),
    (["pipe-check", "--pa"], ["--pass"]),
    (["pipe-check", "a."], ["a.jsonl"]),
  ]

  @Test(.enabled(if: Requirements.has("bash"), "bash is not installed"))
  func candidates() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.stock()
    let all = try cities(sandbox).sorted()
    var driver = bashDriver
    for (words, _) in Self.cases {
      driver += "complete_words " + words.map { shellQuoted($0) }.joined(separator: " ") + "\n"
    }
    driver += "complete -p orders trips weather\n"
    let result = try sandbox.shell("bash", ["--norc", "--noprofile"], script: driver)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(lines.count > Self.cases.count, "\(result.out)")
    for (index, (words, expected)) in Self.cases.enumerated() {
      let got = lines[index].split(separator: "\t").map(String.init).sorted()
      #expect(got == (expected == ["$CITIES"] ? all : expected), "completing \(words)")
    }
    #expect(
      lines[Self.cases.count..<Self.cases.count + 3] == [
        "complete -F _orders orders", "complete -F _trips trips", "complete -F _weather weather",
      ])
  }

  /// The acceptance cases of issue #24, each on fresh stores: what `orders donut new` and
  /// `trips add` just made, and every city.
  @Test(.enabled(if: Requirements.has("bash"), "bash is not installed"))
  func offersWhatWasJustMade() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let menu = sandbox.path("fresh menu.jsonl")
    try sandbox.run("orders", ["donut", "new", "--menu", menu, "--name", "Maple Dream"])
    try sandbox.run("trips", ["add", "--name", "Quoddy Head"])
    let driver =
      bashDriver + """
        complete_words orders place --donut ''
        complete_words orders place --menu \(shellQuoted(menu)) --donut ''
        complete_words trips show Quo
        complete_words weather spot --city ''

        """
    let result = try sandbox.shell("bash", ["--norc", "--noprofile"], script: driver)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    try #require(lines.count == 4, "\(result.out)")
    #expect(!lines[0].contains("Maple Dream"), "the menu of $SAMPLEPIPES_MENU has no custom donut")
    #expect(lines[1].contains("Maple Dream") && lines[1].contains("17") && lines[1].contains("Cosmos"))
    #expect(lines[2] == ["Quoddy Head"])
    #expect(lines[3].sorted() == (try cities(sandbox)).sorted())
  }

  @Test func realToolRegistersItsCompletion() throws {
    let result = try TestSupport.shell(
      "source <(pipe-check --generate-completion-script bash) && complete -p pipe-check")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "complete -F _pipe_check pipe-check\n")
    #expect(result.err.isEmpty)
  }
}

@Suite("zsh completion")
struct ZshCompletionTests {
  /// Each case: the line typed before Tab and the sorted candidates zsh offers (quoted as zsh
  /// puts them on the line).
  static let cases: [(String, [String])] = [
    ("orders pl", ["place"]),
    ("orders place --do", ["--donut"]),
    ("orders place --donut Quo", ["Quokka\\ Cruller"]),
    ("orders place --donut=Quo", ["--donut=Quokka\\ Cruller"]),
    ("orders place --store a", ["a.jsonl"]),
    ("orders place --store=a", ["a.jsonl"]),
    ("orders menu --format=", ["--format=csv", "--format=json", "--format=svg", "--format=text"]),
    ("orders next 1225", ["1225"]),
    ("trips show Quo", ["Quoddy\\ Head"]),
    ("trips activity toggle 'Quoddy Head' ", ["Walk\\ the\\ cliffs"]),
    ("weather spot --city Lon", ["London"]),
    ("weather spot --city San", ["San\\ Francisco"]),
    ("story-io read dr", ["drafts/"]),
    ("story-io read drafts/", ["drafts/Sea.story"]),
  ]

  /// Types each case into an interactive zsh on a pseudo-terminal (zsh/zpty), presses Tab, and
  /// records what the completion system adds.
  @Test(.enabled(if: Requirements.has("zsh"), "zsh is not installed (.ci/run installs it)"))
  func candidates() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.stock()
    var files: [String: String] = [:]
    for tool in ["orders", "trips", "weather", "story-io"] {
      let script = try sandbox.run(tool, ["--generate-completion-script", "zsh"]).out
      try FileManager.default.createDirectory(
        atPath: sandbox.path("functions"), withIntermediateDirectories: true)
      files["functions/_\(tool)"] = script
    }
    files["setup.zsh"] = #"""
      PS1='' PROMPT='' RPROMPT=''
      fpath=($SCRIPTS/functions $fpath)
      autoload -Uz compinit && compinit -u -D
      compadd() {
        if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
        local -a hits
        builtin compadd -A hits "$@"
        local hit
        for hit in $hits; do print -r -- "<HIT:$hit>"; done
        builtin compadd "$@"
      }
      show-done() { print -r -- '<DONE>' }
      zle -N show-done
      bindkey '^I' complete-word
      bindkey '^X' show-done
      zstyle ':completion:*' menu no

      """#
    var driver = #"""
      zmodload zsh/zpty
      zpty z zsh -f -i
      zpty -w z "source $SCRIPTS/setup.zsh"
      complete_line() {
        zpty -w -n z "$1"$'\t\C-x'
        local out='' chunk deadline=$((SECONDS + 20))
        while (( SECONDS < deadline )) && [[ $out != *'<DONE>'* ]]; do
          if zpty -r -t z chunk; then out+=$chunk; else sleep 0.05; fi
        done
        zpty -w -n z $'\C-e\C-u'
        print -r -- "$out" | grep -a -o '<HIT:[^>]*>' | LC_ALL=C sort -u | tr '\n' '\t'
        echo
      }

      """#
    for (line, _) in Self.cases { driver += "complete_line \(shellQuoted(line))\n" }
    driver += "zpty -d z\n"
    let result = try sandbox.shell("zsh", ["-f"], script: driver, files: files)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(lines.count > Self.cases.count, "\(result.out)")
    for (index, (line, expected)) in Self.cases.enumerated() {
      let got = lines[index].split(separator: "\t").map { String($0.dropFirst(5).dropLast()) }.sorted()
      #expect(got == expected, "completing '\(line)'")
    }
  }

  @Test(.enabled(if: Requirements.has("zsh"), "zsh is not installed (.ci/run installs it)"))
  func realToolScriptLoads() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let script = try sandbox.run("pipe-check", ["--generate-completion-script", "zsh"]).out
    #expect(script.hasPrefix("#compdef pipe-check\n"))
    let driver =
      "autoload -Uz compinit && compinit -u -D\nsource $SCRIPTS/script.zsh\nprint -r -- $_comps[pipe-check]\n"
    let result = try sandbox.shell("zsh", ["-f"], script: driver, files: ["script.zsh": script])
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(result.out == "_pipe-check\n")
  }
}

@Suite("fish completion")
struct FishCompletionTests {
  static let cases: [(String, [String])] = [
    ("orders pl", ["place"]),
    ("orders place --do", ["--donut"]),
    ("orders place --donut Quo", ["Quokka Cruller"]),
    ("orders place --donut \\'Quokka C", ["Quokka Cruller"]),
    ("orders place --donut=Quo", ["--donut=Quokka Cruller"]),
    ("orders place --store a", ["a.jsonl"]),
    ("orders place --store=a", ["--store=a.jsonl"]),
    ("orders menu --format=", ["--format=csv", "--format=json", "--format=svg", "--format=text"]),
    ("orders next 1225", ["1225"]),
    ("trips show Quo", ["Quoddy Head"]),
    ("trips activity toggle \\'Quoddy Head\\' ", ["Walk the cliffs"]),
    ("weather spot --city Lon", ["London"]),
    ("story-io read ", ["Ocean.story", "drafts/", "sub/"]),
    ("story-io read drafts/", ["drafts/Sea.story"]),
  ]

  @Test(.enabled(if: Requirements.has("fish"), "fish is not installed (.ci/run installs it)"))
  func candidates() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    try sandbox.stock()
    var driver = ""
    for tool in ["orders", "trips", "weather", "story-io"] {
      driver += "\(tool) --generate-completion-script fish | source\n"
    }
    for (line, _) in Self.cases {
      driver += "echo (complete -C '\(line)' | string split -f1 \\t | string join \\t)\n"
    }
    let result = try sandbox.shell("fish", ["--no-config"], script: driver)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(lines.count > Self.cases.count, "\(result.out)")
    for (index, (line, expected)) in Self.cases.enumerated() {
      #expect(
        lines[index].split(separator: "\t").map(String.init).sorted() == expected, "completing '\(line)'")
    }
  }

  @Test(.enabled(if: Requirements.has("fish"), "fish is not installed (.ci/run installs it)"))
  func realToolScriptLoads() throws {
    let result = try TestSupport.shell(
      "pipe-check --generate-completion-script fish | fish --no-config -c 'source; complete -C \"pipe-check --pa\"'"
    )
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(result.out.hasPrefix("--pass\t"))
  }
}

@Suite("completion scripts")
struct CompletionScriptTests {
  @Test func scriptsAskTheTool() throws {
    for shell in Completions.shells {
      let script = try #require(Completions.script(for: Fixtures.tool, shell: shell))
      #expect(script.contains("command demo-tool __complete "), "\(shell)")
      #expect(script.contains(":files"), "\(shell)")
    }
  }

  @Test func unknownShellHasNoScript() {
    #expect(Completions.script(for: Fixtures.tool, shell: "tcsh") == nil)
  }

  @Test func unknownShellIsAUsageError() throws {
    let result = try TestSupport.run("pipe-check", ["--generate-completion-script", "tcsh"])
    #expect(result.status == 64)
    #expect(result.err == "pipe-check: error: no completion script for 'tcsh'; use bash, zsh or fish\n")
  }
}
