import Foundation
import TestSupport
import Testing

/// One golden case folder under Tests/golden.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  let url: URL
  var name: String {
    url.path.replacingOccurrences(of: TestSupport.packageRoot.path + "/Tests/golden/", with: "")
  }
  var testDescription: String { name }

  static let all: [GoldenCase] = {
    let root = TestSupport.packageRoot.appendingPathComponent("Tests/golden")
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
      return []
    }
    var cases: [GoldenCase] = []
    for case let url as URL in walker where url.lastPathComponent == "cmd" {
      cases.append(GoldenCase(url: url.deletingLastPathComponent()))
    }
    return cases.sorted { $0.name < $1.name }
  }()

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name).path) }
}

/// Runs every golden case with the built tools first on PATH. Set GOLDEN_RECORD=1 to rewrite the
/// expected files from the current output (then review the diff before committing).
@Test("golden pipeline case", arguments: GoldenCase.all)
func golden(_ c: GoldenCase) throws {
  if c.exists("requires") {
    let tools = try String(contentsOf: c.file("requires"), encoding: .utf8).split(
      whereSeparator: \.isWhitespace)
    for tool in tools {
      let found = try TestSupport.shell("command -v \(tool)")
      if found.status != 0 {
        print("SKIP golden case \(c.name): needs \(tool), which is not installed (.ci/run installs it)")
        return
      }
    }
  }
  let fm = FileManager.default
  let work = try TestSupport.temporaryDirectory()
  defer { try? fm.removeItem(at: work) }
  for item in try fm.contentsOfDirectory(atPath: c.url.path) {
    try fm.copyItem(at: c.file(item), to: work.appendingPathComponent(item))
  }
  let home = work.appendingPathComponent(".home")
  try fm.createDirectory(at: home.appendingPathComponent("data"), withIntermediateDirectories: true)
  let command = try String(contentsOf: c.file("cmd"), encoding: .utf8)
  let input = c.exists("input.jsonl") ? try Data(contentsOf: c.file("input.jsonl")) : nil
  let result = try TestSupport.shell(
    command, stdin: input,
    environment: [
      "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path, "TZ": "UTC",
      "LC_ALL": "C.UTF-8", "COLUMNS": "80", "GOLDEN_DIR": c.url.path,
    ], currentDirectory: work)

  if ProcessInfo.processInfo.environment["GOLDEN_RECORD"] == "1" {
    try result.stdout.write(to: c.file("expout"))
    if !result.stderr.isEmpty || c.exists("experr") { try result.stderr.write(to: c.file("experr")) }
    if result.status != 0 {
      try "\(result.status)\n".write(to: c.file("exit"), atomically: true, encoding: .utf8)
    } else if c.exists("exit") {
      try fm.removeItem(at: c.file("exit"))
    }
    return
  }

  let expectedStatus =
    c.exists("exit")
    ? Int32(
      try String(contentsOf: c.file("exit"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
      ?? -1
    : 0
  let expout = try Data(contentsOf: c.file("expout"))
  #expect(
    result.stdout == expout,
    "stdout differs:\n\(diff(expout, result.stdout))\nstderr: \(result.err.prefix(500))")
  if c.exists("experr") {
    let experr = try Data(contentsOf: c.file("experr"))
    #expect(result.stderr == experr, "stderr differs:\n\(diff(experr, result.stderr))")
  }
  #expect(
    result.status == expectedStatus,
    "exit status \(result.status), expected \(expectedStatus); stderr: \(result.err.prefix(500))")
}

/// A unified diff of expected and actual bytes (via diff(1)).
func diff(_ expected: Data, _ actual: Data) -> String {
  guard let dir = try? TestSupport.temporaryDirectory() else { return "(no diff)" }
  defer { try? FileManager.default.removeItem(at: dir) }
  let a = dir.appendingPathComponent("expected")
  let b = dir.appendingPathComponent("actual")
  try? expected.write(to: a)
  try? actual.write(to: b)
  let result = try? TestSupport.runProcess("/usr/bin/diff", ["-u", a.path, b.path])
  return String(result?.out.prefix(3000) ?? "(no diff)")
}

@Test("the golden cases are found")
func goldenCasesExist() {
  #expect(GoldenCase.all.count > 0)
}
