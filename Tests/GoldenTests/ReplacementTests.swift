import Foundation
import TestSupport
import Testing

/// Replacements written from PROTOCOL.md alone (Tests/replacements), held to the contract cases.
enum Replacements {
  static let root = TestSupport.packageRoot.appendingPathComponent("Tests/replacements")

  /// What the Python sales-chart does not implement (it refuses these with exit 64).
  static let notImplemented = [
    "--partial", "--merge", "history", "--verbose", "--width", "--height", "--format svg",
    "--format text", "-f svg", "-f text", "-v",
  ]

  /// The golden cases that run sales-chart with features the replacement implements. Custom donuts
  /// (`donut` records in the stream, made with `orders donut`) came to PROTOCOL.md after it.
  static let salesChartCases: [String] = {
    GoldenCase.runnable.filter { golden in
      guard let command = try? String(contentsOfFile: golden.folder + "/cmd", encoding: .utf8) else {
        return false
      }
      let input = (try? String(contentsOfFile: golden.folder + "/input.jsonl", encoding: .utf8)) ?? ""
      return command.contains("sales-chart") && !notImplemented.contains { command.contains($0) }
        && !command.contains("orders donut") && !input.contains(#""type":"donut""#)
    }.map(\.folder)
  }()

  /// A folder holding `sales-chart` linked to a copy of `program`, to put first on PATH. A case
  /// run as root drops to another user (`setpriv`) who may not reach Tests/replacements (a clone
  /// inside a 0700 folder): a built tool still starts (setpriv executes it with root's
  /// capabilities), but a script's interpreter, run as that user, must open the script itself. So
  /// the program and the files beside it (it may load them) are copied into a folder anyone can read.
  static func pathFolder(for program: String) throws -> URL {
    let fm = FileManager.default
    let folder = try TestSupport.temporaryDirectory()
    let lib = folder.appendingPathComponent("lib")
    try fm.createDirectory(at: lib, withIntermediateDirectories: false)
    let original = root.appendingPathComponent(program)
    let siblings = try fm.contentsOfDirectory(
      at: original.deletingLastPathComponent(), includingPropertiesForKeys: [.isRegularFileKey])
    let files = siblings.filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
    }
    for file in files {
      let copy = lib.appendingPathComponent(file.lastPathComponent)
      try TestSupport.writeExecutable(try Data(contentsOf: file), to: copy)
    }
    // Set after creating: the umask applies to mkdir.
    for dir in [folder, lib] { try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path) }
    try fm.createSymbolicLink(
      atPath: folder.appendingPathComponent("sales-chart").path,
      withDestinationPath: lib.appendingPathComponent(original.lastPathComponent).path)
    return folder
  }

  /// `bin/regtest --contract` over `cases` with `program` as sales-chart and the built tools after it.
  static func contract(_ program: String, _ cases: [String]) throws -> TestSupport.Result {
    let folder = try pathFolder(for: program)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path =
      "\(folder.path):\(TestSupport.productsDirectory.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
    return try TestSupport.runProcess(
      "/usr/bin/env", ["PATH=\(path)", "/bin/bash", Regtest.script, "--contract"] + cases)
  }
}

extension Replacements {
  /// The cases any weather provider is held to: what `weather` writes from a provider's answers
  /// (`$WEATHER_PROVIDER`, by default the example provider), values aside.
  static let providerCases = TestSupport.packageRoot.appendingPathComponent("Tests/golden/providers").path

  /// `bin/regtest --contract` over the provider cases with `provider` as `$WEATHER_PROVIDER`.
  static func providerContract(_ provider: String) throws -> TestSupport.Result {
    let path =
      "\(TestSupport.productsDirectory.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
    return try TestSupport.runProcess(
      "/usr/bin/env",
      [
        "PATH=\(path)", "WEATHER_PROVIDER=\(provider)", "/bin/bash", Regtest.script, "--contract",
        providerCases,
      ])
  }
}

/// Not serialized: each check has its own temporary folders, and one after another they were the
/// longest chain of the whole run.
@Suite("replacements from PROTOCOL.md")
struct ReplacementTests {
  @Test(
    "the bash + jq weather provider passes every provider contract case; one without minutes is caught",
    .enabled(if: Requirements.has("python3") && Requirements.has("jq"), "python3 or jq is missing"))
  func jqProvider() throws {
    let provider = Replacements.root.appendingPathComponent("jq/weather-provider").path
    let result = try Replacements.providerContract(provider)
    #expect(result.status == 0, "\(result.out)")
    let cases = try FileManager.default.contentsOfDirectory(atPath: Replacements.providerCases).count
    #expect(cases >= 3)
    #expect(result.out.hasSuffix("regtest: \(cases) passed, 0 failed, 0 skipped\n"), "\(result.out)")
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wrong = folder.appendingPathComponent("no-minutes").path
    try TestSupport.writeExecutable(
      "#!/bin/sh\nexec '\(provider)' --no-minutes \"$@\"\n", to: URL(fileURLWithPath: wrong))
    let caught = try Replacements.providerContract(wrong)
    #expect(caught.status != 0)
    #expect(caught.out.contains("FAIL providers/forecast-hours-and-minutes"), "\(caught.out)")
  }

  @Test(
    "the Python sales-chart passes every contract case of what it implements",
    .enabled(if: Requirements.has("python3"), "python3 is missing"))
  func pythonSalesChart() throws {
    #expect(Replacements.salesChartCases.count >= 20, "\(Replacements.salesChartCases.count) cases")
    let result = try Replacements.contract("python/sales-chart", Replacements.salesChartCases)
    #expect(result.status == 0, "\(result.out)")
    #expect(result.out.contains(" 0 failed"), "\(result.out)")
  }

  @Test(
    "a deliberately wrong sales-chart (ties ranked to the lower id) is caught",
    .enabled(if: Requirements.has("python3"), "python3 is missing"))
  func wrongTiesCaught() throws {
    let result = try Replacements.contract("python/sales-chart-wrong-ties", Replacements.salesChartCases)
    #expect(result.status != 0)
    #expect(result.out.contains("FAIL "), "\(result.out)")
    #expect(!result.out.contains(" 0 failed"), "\(result.out)")
  }

  @Test(
    "every replacement check: the PROTOCOL.md cases, the comparison on generated data, the jq provider",
    .enabled(if: Requirements.has("python3") && Requirements.has("jq"), "python3 or jq is missing"),
    // A bound for a hang, not a speed: on a machine loaded by the other suites, the checks once
    // took more than 15 minutes.
    .timeLimit(.minutes(30)))
  func runAll() throws {
    let script = Replacements.root.appendingPathComponent("run-all").path
    // The small comparison by default; with the campaigns in full, the quick one, as CI ran it
    // before (run-all --full, 330 runs, took half an hour here: it is left to run by hand).
    let result = try TestSupport.runProcess(
      "/bin/bash",
      [script] + Campaign.size(small: ["--small"], full: []) + [TestSupport.productsDirectory.path])
    #expect(result.status == 0, "\(result.out.suffix(3000))")
    #expect(result.out.contains("run-all: every check passed"))
  }
}
