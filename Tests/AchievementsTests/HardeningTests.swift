import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults against the `--state` file: processes killed at random moments, a full disk, a
/// read-only folder and signals. (Tests/tools/fault-campaign runs the long version.)
@Suite("achievements --state under faults", .serialized)
struct AchievementsHardeningTests {
  /// A trip with one activity, done or not.
  static func trip(done: Bool) -> String {
    #"{"activities":[{"dateCreated":"2026-03-12T09:00:00Z","dateEdited":"2026-03-12T09:00:00Z","#
      + #""id":"d7d85fd2-d125-5d23-8194-be5a1b67bae3","isComplete":\#(done),"name":"Hike"}],"#
      + #""collection":"springEscapes","creationDate":"2026-03-12T09:00:00Z","#
      + #""id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"Big Sur","type":"trip"}"# + "\n"
  }

  /// `2026-01-01T00:MM:00Z` for run `i` (minutes after midnight).
  static func time(_ i: Int) -> String {
    String(format: "2026-01-01T%02d:%02d:00Z", i / 60, i % 60)
  }

  /// The state file's goals and dates, or nil when it does not read as a state file.
  static func state(_ path: String) throws -> [String: String]? {
    guard FileManager.default.fileExists(atPath: path) else { return [:] }
    let check = try TestSupport.run("pipe-check", ["--quiet", "--allow-empty", "--strict", path])
    guard check.status == 0 else { return nil }
    var dates: [String: String] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      guard object["type"] as? String == "achievement-date" else { return nil }
      dates[object["goal"] as! String] = object["dateAchieved"] as? String
    }
    return dates
  }

  @Test(
    "kill -9 at random moments of earning and revoking: the state file reads and is never older than the last acknowledged run"
  )
  func killedWriters() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let done = folder.appendingPathComponent("done.jsonl")
    let undone = folder.appendingPathComponent("undone.jsonl")
    try Data(Self.trip(done: true).utf8).write(to: done)
    try Data(Self.trip(done: false).utf8).write(to: undone)
    let path = folder.appendingPathComponent("state.jsonl").path
    var lastAcknowledged = -1
    var earns: [Bool] = []
    var generator = SystemRandomNumberGenerator()
    var killed = 0
    let probe = folder.appendingPathComponent("probe.jsonl").path
    let window =
      try Faults.typicalDuration(
        "achievements", ["--state", probe, "--now", Self.time(0)], in: folder, stdin: done) * 1.2
    let rounds = Campaign.size(small: 10, full: 40)
    for round in 0..<rounds {
      // Runs alternate: earn "complete1Activity" (dated this run's --now), then revoke it.
      let earn = round % 2 == 0
      earns.append(earn)
      let delay = Double.random(in: 0...window, using: &generator)
      let (status, _) = try Faults.runKilled(
        "achievements", ["--state", path, "--now", Self.time(round), "--events"], in: folder, after: delay,
        stdin: earn ? done : undone)
      if status == 0 {
        lastAcknowledged = round
      } else {
        #expect(status == 137, "achievements ended with \(status), not by the kill")
        killed += 1
      }
      let dates = try #require(try Self.state(path), "the state file does not read after round \(round)")
      // One done activity also completes the trip: three goals come and go together.
      let goals = Set(dates.keys)
      #expect(goals.isEmpty || goals == ["complete1Activity", "complete1Trip", "complete1SpringTrip"])
      // The state is what the last acknowledged run left, or what a later (killed) run wrote.
      let achieved = !goals.isEmpty
      #expect(
        (max(lastAcknowledged, 0)...round).contains { earns[$0] == achieved } || lastAcknowledged < 0,
        "round \(round): the state does not hold what run \(lastAcknowledged) acknowledged")
      if let date = dates["complete1Activity"] {
        let writer = try #require((0...round).first { Self.time($0) == date })
        #expect(earns[writer], "round \(round): the date is from a revoking run")
      }
    }
    print(
      "achievements kill -9 campaign: \(rounds) runs, \(killed) killed, last acknowledged run \(lastAcknowledged)"
    )
    // Two more runs, one of which changes the state: the writer removes what killed ones left.
    for (minute, done) in [(50, true), (51, false)] {
      let last = try TestSupport.run(
        "achievements", ["--state", path, "--now", Self.time(minute)], stdin: Data(Self.trip(done: done).utf8)
      )
      #expect(last.status == 0)
    }
    #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
  }

  @Test("a full disk: exit 74, the state file exactly as before, no temporary file")
  func fullDisk() throws {
    try Faults.withSmallDisk { disk, mounted in try fullDisk(disk, mounted) }
  }

  func fullDisk(_ disk: URL, _ mounted: Bool) throws {
    let path = disk.appendingPathComponent("state.jsonl").path
    // An empty state first (nothing achieved), then a run that earns three goals needs space.
    let first = try TestSupport.run(
      "achievements", ["--state", path, "--now", Self.time(0)], stdin: Data(Self.trip(done: false).utf8))
    #expect(first.status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    var prefix = "ulimit -f 0 && "
    if mounted {
      Faults.fill(disk)
      prefix = ""
    } else {
      print("achievements full disk: mount -t tmpfs is not allowed here; using ulimit -f")
    }
    let result = try TestSupport.shell(
      prefix + "achievements --state '\(path)' --now \(Self.time(1))",
      stdin: Data(Self.trip(done: true).utf8))
    #expect(result.status == 74, "\(result.err)")
    #expect(
      result.err.contains("No space left on device") || result.err.contains("File too large"), "\(result.err)"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(Faults.temporaryFiles(in: disk).isEmpty)
  }

  @Test(
    "a read-only folder: exit 74 with a clear error, the state file unchanged",
    .enabled(if: Faults.canMakeReadOnly, "neither a read-only bind mount nor chmod works here"))
  func readOnlyFolder() throws {
    var path = ""
    var before = Data()
    try Faults.withReadOnlyFolder { box in
      path = box.appendingPathComponent("state.jsonl").path
      let first = try TestSupport.run(
        "achievements", ["--state", path, "--now", Self.time(0)], stdin: Data(Self.trip(done: true).utf8))
      #expect(first.status == 0)
      before = try Data(contentsOf: URL(fileURLWithPath: path))
    } _: { _, how in
      try readOnlyFolder(path, before, how)
    }
  }

  func readOnlyFolder(_ path: String, _ before: Data, _ how: String) throws {
    let result = try TestSupport.run(
      "achievements", ["--state", path, "--now", Self.time(1)], stdin: Data(Self.trip(done: false).utf8))
    #expect(result.status == 74, "\(how): \(result.err)")
    #expect(result.err.hasPrefix("achievements: error: cannot change '\(path)'"), "\(result.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test(
    "SIGINT and SIGTERM while waiting for the state file's lock: exit 130 / 143, the file unchanged",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func signalWhileWaiting(_ signal: Int32, _ expected: Int32) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("state.jsonl").path
    let first = try TestSupport.run(
      "achievements", ["--state", path, "--now", Self.time(0)], stdin: Data(Self.trip(done: true).utf8))
    #expect(first.status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    // Hold the lock from this process, so that the run waits for it.
    let lock = try #require(Faults.holdLock(path + ".lock"))
    defer { close(lock) }
    let undone = folder.appendingPathComponent("undone.jsonl")
    try Data(Self.trip(done: false).utf8).write(to: undone)
    let process = try Faults.start(
      "achievements", ["--state", path, "--now", Self.time(1)], in: folder, name: "run", stdin: undone)
    usleep(300_000)
    #expect(process.isRunning, "the run did not wait for the lock")
    #expect(Faults.interrupt(process, with: signal, when: { true }) == expected)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(Faults.temporaryFiles(in: folder).isEmpty)
  }
}
