import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults against `story-io write`: processes killed at random moments, a full disk, a read-only
/// folder and signals. (Tests/tools/fault-campaign runs the long version.)
@Suite("story-io write under faults", .serialized)
struct StoryIOHardeningTests {
  /// Version `n` of the story: a first line naming it, then `size` bytes of text.
  static func text(_ n: Int, size: Int) -> String {
    "version \(n)\n" + String(repeating: "The sea was calm. ", count: size / 18) + "\n"
  }

  /// A `story` record that saves version `n` over whatever is there.
  static func record(_ n: Int, size: Int) -> Data {
    let text = Self.text(n, size: size).replacingOccurrences(of: "\n", with: "\\n")
    return Data(#"{"type":"story","title":"Big","text":"\#(text)"}"#.utf8 + [0x0A])
  }

  @Test("20 rounds of 3 concurrent forced saves keep every acknowledged text (fault-campaign story-force)")
  func concurrentForcedSaves() throws {
    let campaign = TestSupport.packageRoot.appendingPathComponent("Tests/tools/fault-campaign").path
    let result = try TestSupport.runProcess(
      "/bin/bash", [campaign, "-n", "1000", "story-force"],
      environment: ["TOOLS": TestSupport.productsDirectory.path])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.contains("60 acknowledged"), "\(result.out)")
    #expect(result.out.contains("ok (0 problems)"), "\(result.out)")
  }

  @Test(
    "kill -9 at random moments of saves: the file is always one whole version, never older than the last acknowledged one"
  )
  func killedWriters() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let size = 400_000
    let file = folder.appendingPathComponent("Big.story")
    try Data(Self.text(0, size: size).utf8).write(to: file)
    var lastAcknowledged = 0
    var generator = SystemRandomNumberGenerator()
    var killed = 0
    let probeInput = folder.appendingPathComponent("probe.jsonl")
    try Self.record(0, size: size).write(to: probeInput)
    let probe = folder.appendingPathComponent("probe").path
    let window =
      try Faults.typicalDuration(
        "story-io", ["write", "--force", "--dir", probe, probeInput.path], in: folder) * 1.2
    let rounds = Campaign.size(small: 8, full: 30)
    for round in 1...rounds {
      let input = folder.appendingPathComponent("in.jsonl")
      try Self.record(round, size: size).write(to: input)
      let delay = Double.random(in: 0...window, using: &generator)
      let (status, _) = try Faults.runKilled(
        "story-io", ["write", "--force", "--dir", folder.path], in: folder, after: delay, stdin: input)
      if status == 0 {
        lastAcknowledged = round
      } else {
        #expect(status == 137, "story-io write ended with \(status), not by the kill")
        killed += 1
      }
      let bytes = try String(contentsOf: file, encoding: .utf8)
      let version = Int(bytes.prefix { $0 != "\n" }.dropFirst("version ".count)) ?? -1
      #expect(
        version >= lastAcknowledged && version <= round && bytes == Self.text(version, size: size),
        "round \(round): the file is not one whole version at least \(lastAcknowledged)")
    }
    print(
      "story-io kill -9 campaign: \(rounds) saves of 400 kB, \(killed) killed, last acknowledged \(lastAcknowledged)"
    )
    let input = folder.appendingPathComponent("in.jsonl")
    try Self.record(99, size: 10).write(to: input)
    #expect(
      try TestSupport.run("story-io", ["write", "--force", "--dir", folder.path, input.path]).status == 0)
    #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
  }

  @Test(
    "kill -9 at random moments of undo: the file is always one whole version and no text is ever lost",
    arguments: ["simple", "numbered"])
  func killedUndo(_ control: String) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let size = 400_000
    let versions = [Data(Self.text(0, size: size).utf8), Data(Self.text(1, size: size).utf8)]
    let backupName = control == "simple" ? "Big.story~" : "Big.story.~1~"
    func lay(_ place: URL) throws {
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
      try versions[0].write(to: place.appendingPathComponent("Big.story"))
      try versions[1].write(to: place.appendingPathComponent(backupName))
    }
    try lay(folder)
    let probe = folder.appendingPathComponent("probe")
    try lay(probe)
    let arguments = ["undo", "--backup", control, "Big.story"]
    let window = try Faults.typicalDuration("story-io", arguments, in: probe) * 1.2
    var generator = SystemRandomNumberGenerator()
    var killed = 0
    let rounds = Campaign.size(small: 8, full: 30)
    for round in 1...rounds {
      let delay = Double.random(in: 0...window, using: &generator)
      let (status, _) = try Faults.runKilled("story-io", arguments, in: folder, after: delay)
      #expect(status == 0 || status == 137, "round \(round): story-io undo ended with \(status)")
      if status == 137 { killed += 1 }
      let document = try Data(contentsOf: folder.appendingPathComponent("Big.story"))
      #expect(versions.contains(document), "round \(round): the file is not one whole version")
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix("Big.story")
      }
      let kept = Set(names.compactMap { try? Data(contentsOf: folder.appendingPathComponent($0)) })
      #expect(kept == Set(versions), "round \(round): a text was lost or a half one left (\(names))")
      if control == "simple" { #expect(names.sorted() == ["Big.story", "Big.story~"]) }
    }
    print("story-io undo (\(control)) kill -9 campaign: \(rounds) undos of 400 kB, \(killed) killed")
    #expect(try TestSupport.run("story-io", arguments, currentDirectory: folder).status == 0)
    #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
  }

  @Test(
    "kill -9 at random moments of rename: the document and all its backups end under one title, every time"
  )
  func killedRename() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The document, its simple backup and 30 numbered ones, each a text of its own.
    let suffixes = [".story", ".story~"] + (1...30).map { ".story.~\($0)~" }
    func lay(_ title: String, in place: URL) throws {
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
      for suffix in suffixes {
        try Data("text of \(suffix)\n".utf8).write(to: place.appendingPathComponent(title + suffix))
      }
    }
    /// The titles the files are under, and whether each file holds the text of its suffix.
    func titles() throws -> (titles: Set<String>, whole: Bool) {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        !$0.hasPrefix(".") && $0 != "run.out" && $0 != "run.err"
      }
      var titles: Set<String> = []
      var whole = names.count == suffixes.count
      for name in names {
        guard let suffix = suffixes.first(where: { name.hasSuffix($0) && name.count == 1 + $0.count }) else {
          whole = false
          continue
        }
        titles.insert(String(name.prefix(1)))
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        whole = whole && text == "text of \(suffix)\n"
      }
      return (titles, whole)
    }
    try lay("A", in: folder)
    // How long a rename takes here: kills land within about that long.
    let probe = folder.appendingPathComponent("probe")
    try lay("A", in: probe)
    let start = Date()
    _ = try Faults.runKilled("story-io", ["rename", "A.story", "B"], in: probe, after: 60)
    let window = Date().timeIntervalSince(start) * 1.2
    try FileManager.default.removeItem(at: probe)
    var generator = SystemRandomNumberGenerator()
    var title = "A"
    var killed = 0
    let rounds = Campaign.size(small: 10, full: 40)
    for round in 1...rounds {
      let other = title == "A" ? "B" : "A"
      let delay = Double.random(in: 0...window, using: &generator)
      let (status, _) = try Faults.runKilled(
        "story-io", ["rename", "\(title).story", other], in: folder, after: delay)
      #expect(status == 0 || status == 137, "round \(round): story-io rename ended with \(status)")
      if status == 137 { killed += 1 }
      // The next story-io command, on either title, finishes a rename the kill cut short.
      let next = Bool.random(using: &generator) ? title : other
      let versions = try TestSupport.run("story-io", ["versions", "\(next).story"], currentDirectory: folder)
      #expect([0, 66].contains(versions.status), "round \(round): versions \(next).story: \(versions.err)")
      let found = try titles()
      #expect(found.titles.count == 1, "round \(round): the files are under \(found.titles.sorted())")
      #expect(found.whole, "round \(round): a file was lost or holds another's text")
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".story-io-rename.json").path))
      if status == 0 {
        #expect(found.titles == [other], "round \(round): an acknowledged rename did not stay")
      }
      guard found.titles.count == 1, let now = found.titles.first else { break }
      title = now
    }
    print(
      "story-io rename kill -9 campaign: \(rounds) renames of a document with 31 backups, \(killed) killed")
    let other = title == "A" ? "B" : "A"
    let last = try TestSupport.run("story-io", ["rename", "\(title).story", other], currentDirectory: folder)
    #expect(last.status == 0, "\(last.err)")
    #expect(try titles().titles == [other])
    #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
  }

  @Test("a full disk: exit 74, the old file intact, no temporary file; the other stories are still saved")
  func fullDisk() throws {
    try Faults.withSmallDisk { disk, mounted in try fullDisk(disk, mounted) }
  }

  func fullDisk(_ disk: URL, _ mounted: Bool) throws {
    let file = disk.appendingPathComponent("Big.story")
    try Data("old\n".utf8).write(to: file)
    // Too big for the space left (or for the file-size limit); a small story still fits.
    var input = Self.record(1, size: 200_000)
    input += Data(#"{"type":"story","title":"Small","text":"tiny\n"}"#.utf8 + [0x0A])
    let result = try TestSupport.shell(
      (mounted ? "" : "ulimit -f 100 && ") + "story-io write --force --dir '\(disk.path)'", stdin: input)
    #expect(result.status == 74, "\(result.err)")
    #expect(
      result.err.contains("cannot write '\(file.path)': No space left on device")
        || result.err.contains("cannot write '\(file.path)': File too large"), "\(result.err)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "old\n")
    #expect(try String(contentsOf: disk.appendingPathComponent("Small.story"), encoding: .utf8) == "tiny\n")
    #expect(Faults.temporaryFiles(in: disk).isEmpty)
    if !mounted { print("story-io full disk: mount -t tmpfs is not allowed here; used ulimit -f") }
  }

  @Test(
    "a read-only folder: exit 74 with a clear error, the file unchanged",
    .enabled(if: Faults.canMakeReadOnly, "neither a read-only bind mount nor chmod works here"))
  func readOnlyFolder() throws {
    try Faults.withReadOnlyFolder { box in
      try Data("old\n".utf8).write(to: box.appendingPathComponent("Big.story"))
    } _: { box, how in
      try readOnlyFolder(box, how)
    }
  }

  func readOnlyFolder(_ box: URL, _ how: String) throws {
    let result = try TestSupport.run(
      "story-io", ["write", "--force", "--dir", box.path], stdin: Self.record(1, size: 100))
    #expect(result.status == 74, "\(how): \(result.err)")
    #expect(result.err.hasPrefix("story-io: error: cannot write in '\(box.path)': "), "\(result.err)")
    #expect(try String(contentsOf: box.appendingPathComponent("Big.story"), encoding: .utf8) == "old\n")
  }

  @Test(
    "SIGINT and SIGTERM while a big story is saved: exit 130 / 143, no temporary file, the old file intact",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func signalDuringSave(_ signal: Int32, _ expected: Int32) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let file = out.appendingPathComponent("Big.story")
    let input = folder.appendingPathComponent("in.jsonl")
    // 8 MB (2 MB in the default run), so that the save takes long enough to be caught.
    let size = Campaign.size(small: 2_000_000, full: 8_000_000)
    try Self.record(1, size: size).write(to: input)
    var caught = false
    for _ in 0..<5 where !caught {
      try Data("old\n".utf8).write(to: file)
      guard
        let status = try Faults.interruptAtomicWrite(
          "story-io", ["write", "--force", "--dir", out.path], in: out, with: signal, stdin: input)
      else { continue }
      caught = true
      #expect(status == expected)
      #expect(Faults.temporaryFiles(in: out).isEmpty, "left: \(Faults.temporaryFiles(in: out))")
      let now = try Data(contentsOf: file)
      #expect(now == Data("old\n".utf8) || now == Data(Self.text(1, size: size).utf8))
    }
    #expect(caught, "the save was never caught with its temporary file")
  }
}
