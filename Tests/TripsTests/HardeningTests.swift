import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults against the wishlist store: processes killed at random moments, a full disk, a
/// read-only folder, signals and concurrent writers. (Tests/tools/fault-campaign and
/// Tests/tools/load-test run the long versions.)
@Suite("trips under faults", .serialized)
struct TripsHardeningTests {
  /// The trip names of the store (each id once), or nil when it does not read.
  static func names(_ store: String) throws -> [String]? {
    let result = try TestSupport.run("trips", ["list", "--store", store])
    guard result.status == 0 else { return nil }
    var ids: Set<String> = []
    var names: [String] = []
    for line in result.out.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      #expect(ids.insert((object["id"] as! String).lowercased()).inserted, "an id is in the store twice")
      names.append(object["name"] as! String)
    }
    return names
  }

  @Test("kill -9 at random moments of adds and removes: the store reads, every acknowledged change is in it")
  func killedWriters() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("wishlist.jsonl").path
    #expect(try Self.names(store)?.count == 12)
    var present: Set<String> = []  // acknowledged adds, less acknowledged removes
    var removed: Set<String> = []  // acknowledged removes
    var maybeRemoved: Set<String> = []  // removes that were killed (they may have gone through)
    var generator = SystemRandomNumberGenerator()
    var killed = 0
    let probe = folder.appendingPathComponent("probe.jsonl").path
    let window =
      try Faults.typicalDuration("trips", ["add", "--name", "P", "--store", probe], in: folder) * 1.2
    let rounds = Campaign.size(small: 10, full: 40)
    for round in 0..<rounds {
      let name: String
      let arguments: [String]
      if round % 3 == 2, let victim = present.sorted().randomElement(using: &generator) {
        name = victim
        arguments = ["remove", "--yes", victim, "--store", store]
      } else {
        name = "Trip \(round)"
        arguments = ["add", "--name", name, "--store", store]
      }
      let delay = Double.random(in: 0...window, using: &generator)
      let (status, _) = try Faults.runKilled("trips", arguments, in: folder, after: delay)
      if status == 0 {
        if arguments[0] == "add" {
          present.insert(name)
        } else {
          present.remove(name)
          removed.insert(name)
        }
      } else {
        #expect(status == 137, "trips \(arguments[0]) ended with \(status), not by the kill")
        killed += 1
        if arguments[0] == "remove" { maybeRemoved.insert(name) }
      }
      let names = Set(try #require(try Self.names(store), "the store does not read after round \(round)"))
      for name in present where !names.contains(name) {
        #expect(maybeRemoved.contains(name), "acknowledged \(name) was lost after round \(round)")
      }
      present = present.filter { names.contains($0) }
      for name in removed { #expect(!names.contains(name), "removed \(name) came back") }
    }
    print(
      "trips kill -9 campaign: \(rounds) commands, \(killed) killed, \(present.count) acknowledged trips kept"
    )
    #expect(try TestSupport.run("trips", ["add", "--name", "Last", "--store", store]).status == 0)
    #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
  }

  @Test("a full disk: exit 74, the store exactly as before, no temporary file")
  func fullDisk() throws {
    try Faults.withSmallDisk { disk, mounted in try fullDisk(disk, mounted) }
  }

  func fullDisk(_ disk: URL, _ mounted: Bool) throws {
    let store = disk.appendingPathComponent("wishlist.jsonl").path
    var how = "a full 64 KiB tmpfs"
    var prefix = ""
    if mounted {
      #expect(try Self.names(store)?.count == 12)
      Faults.fill(disk)
    } else {
      how = "ulimit -f (mount -t tmpfs is not allowed here)"
      #expect(try Self.names(store)?.count == 12)
      prefix = "ulimit -f \(Faults.size(URL(fileURLWithPath: store)) / 1024) && "
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let result = try TestSupport.shell(prefix + "trips add --name 'One more' --store '\(store)'")
    #expect(result.status == 74, "\(how): \(result.err)")
    #expect(
      result.err.contains("No space left on device") || result.err.contains("File too large"), "\(result.err)"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(Faults.temporaryFiles(in: disk).isEmpty)
    print("trips full disk: \(how)")
  }

  @Test(
    "a read-only folder: changes fail with a clear error (exit 74); reading still works",
    .enabled(if: Faults.canMakeReadOnly, "neither a read-only bind mount nor chmod works here"))
  func readOnlyFolder() throws {
    var store = ""
    var before = Data()
    try Faults.withReadOnlyFolder { box in
      store = box.appendingPathComponent("wishlist.jsonl").path
      #expect(try Self.names(store)?.count == 12)
      before = try Data(contentsOf: URL(fileURLWithPath: store))
    } _: { _, how in
      try readOnlyFolder(store, before, how)
    }
  }

  func readOnlyFolder(_ store: String, _ before: Data, _ how: String) throws {
    let result = try TestSupport.run("trips", ["add", "--name", "Nope", "--store", store])
    #expect(result.status == 74, "\(how): \(result.err)")
    #expect(result.err.hasPrefix("trips: error: cannot change '\(store)'"), "\(result.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(try Self.names(store)?.count == 12)
  }

  @Test(
    "SIGINT and SIGTERM while an import rewrites a big store: exit 130 / 143, no temporary file",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func signalDuringRewrite(_ signal: Int32, _ expected: Int32) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("wishlist.jsonl")
    // 20,000 trips (about 6 MB; 4,000 in the default run), so that the rewrite takes long enough
    // to be caught.
    let count = Campaign.size(small: 4_000, full: 20_000)
    var text = ""
    for i in 0..<count {
      let id = String(format: "%08x-0000-4000-8000-%012x", i, i)
      text += #"{"activities":[{"dateCreated":"2026-03-12T09:00:00Z","dateEdited":"2026-03-12T09:00:00Z","#
      text +=
        #""id":"\#(String(format: "%08x-1111-4000-8000-%012x", i, i))","isComplete":false,"name":"Swim"}],"#
      text += #""collection":"summerVibes","creationDate":"2026-03-12T09:00:00Z","id":"\#(id)","#
      text += #""name":"Trip number \#(i)","type":"trip"}"# + "\n"
    }
    try Data(text.utf8).write(to: store)
    let before = try Data(contentsOf: store)
    var caught = false
    for _ in 0..<5 where !caught {
      guard
        let status = try Faults.interruptAtomicWrite(
          "trips", ["add", "--name", "Extra", "--store", store.path], in: folder, with: signal)
      else {
        try before.write(to: store)
        continue
      }
      caught = true
      #expect(status == expected)
      #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
      let names = try #require(try Self.names(store.path))
      #expect(names.count == count || (names.count == count + 1 && names.contains("Extra")))
    }
    #expect(caught, "the rewrite was never caught with its temporary file")
  }

  @Test("16 writers at once for 3 seconds: no trip lost, no id twice")
  func concurrentWriters() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("wishlist.jsonl").path
    #expect(try Self.names(store)?.count == 12)
    let script = """
      for w in $(seq 1 16); do
        ( end=$((SECONDS + 3)); n=0; while [ $SECONDS -lt $end ]; do
            n=$((n + 1)); trips add --name "w$w-$n" --store '\(store)' > /dev/null && echo "w$w-$n" >> ack.$w || echo fail >> fail.$w
          done ) &
      done; wait
      cat ack.* > acknowledged.txt; cat fail.* 2>/dev/null | wc -l
      """
    let result = try TestSupport.shell(script, currentDirectory: folder)
    #expect(result.status == 0)
    #expect(result.out.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "some adds failed")
    let acknowledged = try String(
      contentsOf: folder.appendingPathComponent("acknowledged.txt"), encoding: .utf8
    )
    .split(separator: "\n").map(String.init)
    let names = Set(try #require(try Self.names(store)))
    #expect(acknowledged.count > 16)
    #expect(names.count == 12 + acknowledged.count)
    for name in acknowledged { #expect(names.contains(name), "\(name) is missing") }
    print("trips load (swift test): 16 writers × 3 s added \(acknowledged.count) trips")
  }
}
