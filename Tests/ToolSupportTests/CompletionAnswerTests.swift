import Foundation
import TestSupport
import Testing
import ToolSupport

/// A made-up tool whose options and arguments have completers, for `__complete`: `stock move
/// ITEM SHELF NOTE...` and `stock count`.
private enum Stock {
  static let store = Option.string("store", name: "FILE", help: "the store", default: "~/stock.jsonl")
  static let shelf = Option.string("shelf", short: "s", name: "S", help: "a shelf").completing { _ in
    ["top", "middle", "bottom", "Tall"]
  }
  static let broken = Option.string("broken", name: "B", help: "a completer that fails").completing { _ in
    throw ToolError("the store does not read")
  }
  static let kind = Option<String?>(
    "kind", name: "K", help: "choices and a completer", default: nil, choices: ["plain", "fancy"]
  ) { $0 }.completing(Completer(files: true) { _ in [Candidate("custom", description: "from the data")] })

  /// Tells what it was given, as one candidate that begins with the word being completed.
  static let echo = Completer { context in
    [
      Candidate(
        context.current + "|" + (context.argumentName ?? "-") + "|"
          + context.positionals.joined(separator: ",")
          + "|" + (context.path(of: store) ?? "-") + "|" + context.command.joined(separator: " "))
    ]
  }

  static let move = Command(
    name: "move", summary: "move an item", options: [shelf, broken, kind],
    arguments: Arguments(Argument.one("ITEM"), Argument.one("SHELF"), Argument.many("NOTE")).completing(echo),
    run: { _ in 0 })
  static let count = Command(name: "count", summary: "count items", arguments: .files, run: { _ in 0 })
  static let tool = Command(
    name: "stock", summary: "a tool with completers", sharedOptions: [store], subcommands: [move, count])
}

@Suite("__complete answers")
struct CompletionAnswerTests {
  /// The sorted words and whether file names fit, for `words` (the last one being completed).
  func answer(_ command: Command, _ words: [String]) -> ([String], Bool) {
    let answer = CompletionAnswer.answer(command, words: words)
    return (answer.candidates.map(\.value).sorted(), answer.files)
  }

  /// Each case: the words after the tool's name (the last one is being completed), the sorted
  /// candidates and whether file names fit.
  static let declarationCases: [([String], [String], Bool)] = [
    ([""], ["admin", "help", "list", "next"], false),
    (["li"], ["list"], false),
    (["--st"], ["--store"], false),
    (
      ["-"],
      [
        "--color", "--dry-run", "--help", "--no-pager", "--store", "--verbose", "--version", "-h", "-s", "-v",
      ],
      false
    ),
    (["--store", ""], [], true),
    (["--store="], [], true),
    (["-s", "a.jsonl", "l"], ["list"], false),
    (["list", "--f"], ["--format"], false),
    (["list", "--format", ""], ["json", "text"], false),
    (["list", "-f", "t"], ["text"], false),
    (["list", "-fj"], ["-fjson"], false),
    (["list", "--format=j"], ["--format=json"], false),
    (["list", "--color", ""], ["always", "auto", "never"], false),
    (["list", "--tag", ""], [], false),
    (["list", "--since", ""], ["now", "today", "yesterday"], false),
    (["list", "--since=y"], ["--since=yesterday"], false),
    (["list", "--st"], ["--store"], false),
    (["list", "a."], [], true),
    (["list", "--", "-"], [], true),
    (["list", "--format", "json", ""], [], true),
    (["list", "--nope", "x", ""], [], true),
    (["next", ""], [], false),
    (["next", "4", ""], [], false),
    (["next", "--"], ["--color", "--help", "--no-pager", "--store", "--verbose"], false),
    (["admin", ""], ["reset"], false),
    (["admin", "reset", "--f"], ["--force"], false),
    (["secret", ""], [], false),
    (["--version", ""], ["admin", "help", "list", "next"], false),
    (["help", ""], ["admin", "list", "next"], false),
    (["help", "admin", ""], ["reset"], false),
    (["help", "admin", "reset", ""], [], false),
  ]

  @Test func answersFromTheDeclarations() {
    for (words, candidates, files) in Self.declarationCases {
      let (got, gotFiles) = answer(Fixtures.command, words)
      #expect(got == candidates, "completing \(words)")
      #expect(gotFiles == files, "file names for \(words)")
    }
  }

  @Test func subcommandsAndOptionsCarryTheirHelp() {
    let answer = CompletionAnswer.answer(Fixtures.command, words: ["ne"])
    #expect(answer.candidates == [Candidate("next", description: "advance one record")])
    let options = CompletionAnswer.answer(Fixtures.command, words: ["list", "--ta"])
    #expect(options.candidates == [Candidate("--tag", description: "only records with TAG")])
  }

  @Test func completersGetTheLineSoFar() {
    // Each positional knows its name; the last name repeats.
    #expect(answer(Stock.tool, ["move", ""]).0 == ["|ITEM||-|stock move"])
    #expect(answer(Stock.tool, ["move", "cup", "t"]).0 == ["t|SHELF|cup|-|stock move"])
    #expect(answer(Stock.tool, ["move", "cup", "top", "a", ""]).0 == ["|NOTE|cup,top,a|-|stock move"])
    // Options given before the word, with their values (the subcommand's and the tool's).
    let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
    #expect(
      answer(Stock.tool, ["--store", "~/s.jsonl", "move", "-s", "top", ""]).0 == [
        "|ITEM||\(home)/s.jsonl|stock move"
      ])
    #expect(answer(Stock.tool, ["move", "--store=/x", "--", "-k", ""]).0 == ["|SHELF|-k|/x|stock move"])
  }

  @Test func optionValuesFromACompleter() {
    #expect(answer(Stock.tool, ["move", "--shelf", ""]).0 == ["Tall", "bottom", "middle", "top"])
    #expect(answer(Stock.tool, ["move", "--shelf=t"]).0 == ["--shelf=top"])
    #expect(answer(Stock.tool, ["move", "-sm"]).0 == ["-smiddle"])
    // No candidate begins with the word as typed: those that do ignoring case.
    #expect(answer(Stock.tool, ["move", "-s", "TO"]).0 == ["top"])
    #expect(answer(Stock.tool, ["move", "-s", "ta"]).0 == ["Tall"])
    // Choices and a completer together; the completer says file names fit too.
    let kinds = CompletionAnswer.answer(Stock.tool, words: ["move", "--kind", ""])
    #expect(kinds.candidates.map(\.value) == ["plain", "fancy", "custom"])
    #expect(kinds.candidates[2].description == "from the data")
    #expect(kinds.files)
  }

  @Test func aFailingCompleterOffersNothing() {
    #expect(answer(Stock.tool, ["move", "--broken", ""]) == ([], false))
  }

  @Test func wordsThatCannotBeOfferedAreLeftOut() {
    let completer = Completer.fixed(["a", "a", "two\nlines", "tab\there", ":files", "", "b"])
    let command = Command(
      name: "t", summary: "t", arguments: Arguments(Argument.many("X")).completing(completer), run: { _ in 0 }
    )
    #expect(CompletionAnswer.answer(command, words: [""]).candidates.map(\.value) == ["a", "b"])
  }

  @Test("words a terminal would act on are left out; descriptions are shown escaped")
  func controlAndBidiCharactersNeverReachTheShell() {
    let completer = Completer { _ in
      [
        "Order#\u{1B}]0;pwned\u{07}", "Order#\u{1B}[2J", "Order#12\u{202E}01", "Order#\u{0}x",
        "Order#\u{9B}x",
        Candidate("Order#1205", description: "placed \u{1B}[2J\u{202E}"),
      ]
    }
    let command = Command(
      name: "t", summary: "t", arguments: Arguments(Argument.many("X")).completing(completer), run: { _ in 0 }
    )
    let answer = CompletionAnswer.answer(command, words: [""])
    #expect(answer.candidates.map(\.value) == ["Order#1205"])
    #expect(answer.text == "Order#1205\tplaced \\u{1B}[2J\\u{202E}\n")
  }

  @Test func theAnswerIsOneCandidatePerLine() {
    let answer = CompletionAnswer(
      candidates: [Candidate("Big Ben", description: "London\nUK"), "Coit Tower"], files: true)
    #expect(answer.text == "Big Ben\tLondon UK\nCoit Tower\n:files\n")
    #expect(CompletionAnswer().text == "")
  }

  @Test func theHiddenEntryAnswersAndNeverFails() {
    let list = TestSupport.runInProcess(Fixtures.command, ["__complete", "li"])
    #expect(list.status == 0)
    #expect(list.out == "list\tlist the records\n")
    #expect(list.err.isEmpty)
    for words in [[], ["--nope", ""], ["list", "--format", "yaml", "--count", "x", ""], ["--broken", ""]] {
      let result = TestSupport.runInProcess(Stock.tool, ["__complete"] + words)
      #expect(result.status == 0, "\(words)")
      #expect(result.err.isEmpty, "\(words)")
    }
    let broken = TestSupport.runInProcess(Stock.tool, ["__complete", "move", "--broken", ""])
    #expect(broken.out.isEmpty)
  }
}
