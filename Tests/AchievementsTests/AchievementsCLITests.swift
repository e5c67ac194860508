import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("achievements, run as a program", .serialized)
struct AchievementsCLITests {
  static let now = ["--now", "2026-04-01T10:00:00Z"]

  func sampleTrips() throws -> Data {
    let dir = try TestSupport.temporaryDirectory()
    return try TestSupport.run(
      "trips", ["list"], environment: ["SAMPLEPIPES_TRIPS": dir.appendingPathComponent("w.jsonl").path]
    ).stdout
  }

  @Test("stdin and a file give the same 18 records; 4 achieved on the sample data")
  func stdinAndFile() throws {
    let trips = try sampleTrips()
    let dir = try TestSupport.temporaryDirectory()
    let file = dir.appendingPathComponent("trips.jsonl")
    try trips.write(to: file)
    let a = try TestSupport.run("achievements", Self.now, stdin: trips)
    let b = try TestSupport.run("achievements", Self.now + [file.path])
    #expect(a.status == 0 && a.stdout == b.stdout && a.err.isEmpty)
    let lines = a.out.split(separator: "\n")
    #expect(lines.count == 18)
    #expect(lines.filter { $0.contains("\"achieved\":true") }.count == 4)
    #expect(
      lines[4].contains("\"goal\":\"complete10Activities\"")
        && lines[4].contains("\"progressText\":\"9 of 10\""))
  }

  @Test("errors: malformed line 65 naming it, missing file 66, --events without --state 64")
  func errors() throws {
    let bad = try TestSupport.run(
      "achievements", Self.now, stdin: Data("{\"type\":\"note\"}\n{\"type\":\"trip\",\"id\":3}\n".utf8))
    #expect(bad.status == 65)
    #expect(bad.err == "achievements: error: stdin line 2: \"id\" must be a string, not 3\n")
    #expect(bad.stdout.isEmpty)
    let missing = try TestSupport.run("achievements", ["/nonexistent/trips.jsonl"])
    #expect(missing.status == 66)
    #expect(
      missing.err
        == "achievements: error: cannot open '/nonexistent/trips.jsonl': No such file or directory\n")
    let events = try TestSupport.run("achievements", ["--events"], stdin: Data())
    #expect(events.status == 64)
  }

  @Test("the state file: created, rewritten only on change, no temporary files left, safe under concurrency")
  func stateFile() throws {
    let trips = try sampleTrips()
    let dir = try TestSupport.temporaryDirectory()
    let state = dir.appendingPathComponent("goals.jsonl").path
    let first = try TestSupport.run("achievements", ["--state", state, "--events"] + Self.now, stdin: trips)
    #expect(first.out.split(separator: "\n").count == 4)
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    #expect(saved.split(separator: "\n").count == 4)
    let results = Mutex([Int32]())
    DispatchQueue.concurrentPerform(iterations: 6) { i in
      let r = try? TestSupport.run(
        "achievements", ["--state", state, "--events", "--now", "2026-04-0\(i + 2)T10:00:00Z"], stdin: trips)
      results.withLock { $0.append(r?.status ?? -1) }
      #expect(r?.stdout.isEmpty == true)
    }
    #expect(results.withLock { $0 } == Array(repeating: 0, count: 6))
    #expect(try String(contentsOfFile: state, encoding: .utf8) == saved)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(files == ["goals.jsonl", "goals.jsonl.lock"])
  }

  @Test("the text screen fits COLUMNS")
  func textWidth() throws {
    let trips = try sampleTrips()
    for columns in [60, 80, 120] {
      let r = try TestSupport.run(
        "achievements", ["--format", "text"] + Self.now, stdin: trips, environment: ["COLUMNS": "\(columns)"])
      let widest = r.out.split(separator: "\n").filter { $0.contains(" of ") }.map(\.count).max() ?? 0
      #expect(widest <= columns)
      #expect(r.out.contains("  10 Activities "))
    }
  }
}
