import Foundation
import TestSupport
import Testing

/// The golden cases under Tests/golden, run through `bin/regtest`, which holds their rules (what a
/// case holds, how it runs, what is compared, when it is skipped, how it is recorded): this file
/// only hands each case to it, with the built tools first on PATH.
enum Regtest {
  static let script = TestSupport.packageRoot.appendingPathComponent("bin/regtest").path

  /// Runs `bin/regtest ARGUMENTS`.
  static func run(_ arguments: [String]) throws -> TestSupport.Result {
    try TestSupport.runProcess("/bin/bash", [script] + arguments)
  }
}

/// One golden case, as `bin/regtest --list` names it.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  /// Its name under Tests/golden (`orders/next`).
  let name: String
  /// Its folder.
  let folder: String
  /// The programs it requires that are not installed here.
  let missing: String

  var testDescription: String { name }

  /// Every case, from `bin/regtest --list`; empty when the listing failed (a test says so).
  static let all: [GoldenCase] = {
    guard let listing = try? Regtest.run(["--list"]), listing.status == 0 else { return [] }
    return listing.out.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return GoldenCase(
        name: fields[0], folder: fields.count > 1 ? fields[1] : "", missing: fields.count > 2 ? fields[2] : ""
      )
    }
  }()

  /// The cases that can run here.
  static let runnable = all.filter { $0.missing.isEmpty }
  /// The cases that need a program not installed here.
  static let unrunnable = all.filter { !$0.missing.isEmpty }
  /// Why the unrunnable cases are skipped: `case needs tool; ...`.
  static let unrunnableReason = unrunnable.map { "\($0.name) needs \($0.missing)" }.joined(separator: "; ")

  /// Whether cases are recorded rather than checked (GOLDEN_RECORD=1).
  static let recording = Requirements.flag("GOLDEN_RECORD")
}

/// Runs one case with `bin/regtest CASE` (or `bin/regtest --record CASE` with GOLDEN_RECORD=1).
/// A case that does not pass fails with regtest's report; a case recorded fails too, since
/// recording is not passing: review the diff, then run again without GOLDEN_RECORD.
func check(_ c: GoldenCase) throws {
  let result = try Regtest.run((GoldenCase.recording ? ["--record"] : []) + ["-v", c.folder])
  let report = result.out + result.err
  if result.out.contains("RECORDED \(c.name) ") {
    Issue.record(
      "recorded \(c.name): review the diff (git diff -- Tests/golden/\(c.name)), then run again\n\(report)")
  } else if result.status != 0 || !result.out.hasPrefix("ok   \(c.name)\n") {
    Issue.record("golden case \(c.name) did not pass:\n\(report)")
  }
}

@Test("golden case", arguments: GoldenCase.runnable)
func golden(_ c: GoldenCase) throws {
  try check(c)
}

/// The cases that need a program not installed here do not run. In the default run this test is
/// then skipped, its reason naming them and the programs; with the campaigns in full, as CI runs
/// them after installing every program, it runs, and fails when a case cannot run.
@Test(
  "every golden case can run here: the programs they require are installed (.ci/run installs them)",
  .enabled(
    if: GoldenCase.unrunnable.isEmpty || Campaign.full, Comment(rawValue: GoldenCase.unrunnableReason)))
func goldenRequirements() {
  #expect(GoldenCase.unrunnable.isEmpty, "\(GoldenCase.unrunnableReason)")
}

/// The programs `.ci/run` makes sure of (`command -v NAME`), from its text.
func programsCIInstalls() throws -> Set<String> {
  let script = try String(
    contentsOf: TestSupport.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
  return Set(script.matches(of: /command -v ([A-Za-z0-9._+-]+)/).map { String($0.output.1) })
}

/// Checked whatever is installed here: a case requiring a program that CI does not install would
/// fail `goldenRequirements` there, while passing on a machine that happens to have the program.
@Test("every program a golden case requires is one .ci/run installs")
func goldenRequirementsInstalledByCI() throws {
  let installed = try programsCIInstalls()
  #expect(installed.contains("jq") && installed.contains("python3"), "\(installed.sorted())")
  for c in GoldenCase.all {
    let requires = (try? String(contentsOfFile: c.folder + "/requires", encoding: .utf8)) ?? ""
    for program in requires.split(whereSeparator: \.isWhitespace) where !installed.contains(String(program)) {
      Issue.record("golden case \(c.name) requires \(program), which .ci/run does not install")
    }
  }
}

@Test("the golden cases are found")
func goldenCasesExist() {
  #expect(GoldenCase.all.count > 0, "bin/regtest --list found no case")
  #expect(GoldenCase.all.allSatisfy { FileManager.default.fileExists(atPath: $0.folder + "/cmd") })
}

/// A case's `kind` says what `bin/regtest --contract` compares, so it must be true of the case:
/// the expected stdout of a `records` case is records only (a note or a text view among them
/// would fail every replacement), and a `status` case is about a failure or the files it leaves.
/// (A `bytes` case's stdout is whatever the contract fixes to the byte: records whose spacing is
/// the rule, the protocol version `--version` names.)
@Test("every case's kind is true of its expected output")
func goldenKindsAreTrue() throws {
  let kinds: Set<String> = ["records", "bytes", "csv", "status", "presentation"]
  for c in GoldenCase.all {
    let folder = URL(fileURLWithPath: c.folder)
    let kind = ((try? String(contentsOf: folder.appendingPathComponent("kind"), encoding: .utf8)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(kinds.contains(kind), "\(c.name): kind '\(kind)' is none of \(kinds.sorted())")
    let expout = (try? Data(contentsOf: folder.appendingPathComponent("expout"))) ?? Data()
    if kind == "records" {
      for (n, line) in expout.split(separator: 0x0A).enumerated() where !line.allSatisfy({ $0 == 0x20 }) {
        // Foundation refuses some records the protocol allows (a lone surrogate's escape, 1e400):
        // a line that is one object from brace to brace is taken as one.
        let value = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
        let braced = line.first == UInt8(ascii: "{") && line.last == UInt8(ascii: "}")
        #expect(value is [String: Any] || braced, "\(c.name): line \(n + 1) of expout is not a record")
      }
    }
    // An ignore file may name only the fields PROTOCOL.md leaves to each implementation ("The
    // offline model") or calls text for people (a widget's `tooltip`, a parking spot's `reason`:
    // "What is contract and what is presentation"), so that it cannot hide a contract field.
    let ownFields: Set<String> = [
      "condition", "symbolName", "cloudCover", "precipitationChance", "temperature.value", "isDaylight",
      "wasRaining", "maxPrecipitationChance", "willRainSoon", "recommended", "reason", "tooltip",
    ]
    if let ignore = try? String(contentsOf: folder.appendingPathComponent("ignore"), encoding: .utf8) {
      #expect(
        kind == "records" || kind == "csv", "\(c.name): only a records or csv case has fields to ignore")
      for field in ignore.split(separator: "\n") where !ownFields.contains(String(field)) {
        #expect(Bool(false), "\(c.name): '\(field)' is contract (PROTOCOL.md, 'The offline model')")
      }
    }
    if kind == "status" {
      let exit = FileManager.default.fileExists(atPath: folder.appendingPathComponent("exit").path)
      let files = FileManager.default.fileExists(atPath: folder.appendingPathComponent("expfiles").path)
      #expect(exit || files, "\(c.name): a status case checks a failure's status or the files it leaves")
    }
  }
}

/// Whether a line of expected output is a record: a JSON object with a string `type` (PROTOCOL.md,
/// "Framing"). Objects without one (a waybar module's line, the site's search data) are JSON for
/// other programs, not records; nor is an indented one (a sample record in help text: tools write
/// records compact, from the line's first byte).
func isRecord(_ line: Substring) -> Bool {
  if line.first == " " || line.first == "\t" { return false }
  let bytes = Data(line.utf8)
  if let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] {
    return object["type"] is String
  }
  // Foundation refuses some records the protocol allows (1e400, a lone surrogate's escape).
  return line.hasPrefix("{") && line.hasSuffix("}") && line.contains("\"type\":\"")
}

/// Records are contract, and `bin/regtest --contract` skips presentation cases whole: a record a
/// presentation case prints would be checked for the Swift tools only, never for a replacement.
/// Such a case is split into a contract twin (`records`, `csv` or `status`, named after it) and a
/// presentation rest.
@Test("no presentation case's expected stdout holds a record")
func presentationCasesHoldNoRecords() throws {
  for c in GoldenCase.all {
    let folder = URL(fileURLWithPath: c.folder)
    let kind = ((try? String(contentsOf: folder.appendingPathComponent("kind"), encoding: .utf8)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard kind == "presentation" else { continue }
    let data = (try? Data(contentsOf: folder.appendingPathComponent("expout"))) ?? Data()
    let expout = String(decoding: data, as: UTF8.self)
    for (n, line) in expout.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where isRecord(line) {
      Issue.record(
        "\(c.name): line \(n + 1) of expout is a record, in a presentation case; move it to a contract twin")
      break
    }
  }
}
