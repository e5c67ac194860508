import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults against the order store: processes killed at random moments, a full disk, a read-only
/// folder, signals and concurrent writers. (Tests/tools/fault-campaign and Tests/tools/load-test run
/// the long versions.)
@Suite("orders under faults", .serialized)
struct OrdersHardeningTests {
  static let now = "2026-11-29T10:30:00Z"

  /// The ids and statuses `orders list` shows, or nil when the store does not read.
  static func list(_ store: String) throws -> [String: String]? {
    let result = try TestSupport.run("orders", ["list", "--store", store, "--now", now])
    guard result.status == 0 else { return nil }
    var orders: [String: String] = [:]
    for line in result.out.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let id = object["id"] as! String
      #expect(orders[id] == nil, "order \(id) is in the store twice")
      orders[id] = object["status"] as? String
    }
    return orders
  }

  static let statusOrder = ["placed", "preparing", "ready", "completed"]

  @Test(
    "kill -9 at random moments of places and status changes: the store reads, every acknowledged change is in it"
  )
  func killedWriters() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("orders.jsonl").path
    #expect(try Self.list(store)?.count == 24)
    var acknowledged: [String: String] = [:]  // id → the latest status a command reported
    var generator = SystemRandomNumberGenerator()
    var killed = 0
    let probe = folder.appendingPathComponent("probe.jsonl").path
    let window =
      try Faults.typicalDuration(
        "orders", ["place", "--donut", "1", "--store", probe, "--now", Self.now], in: folder) * 1.2
    let rounds = Campaign.size(small: 10, full: 40)
    for round in 0..<rounds {
      let arguments: [String]
      if round % 2 == 0 || acknowledged.isEmpty {
        arguments = ["place", "--donut", "\(round % 17)x2", "--store", store, "--now", Self.now]
      } else {
        let open = acknowledged.filter { $0.value != "completed" }.keys.sorted()
        guard let id = open.randomElement(using: &generator) else { continue }
        arguments = ["next", id, "--store", store, "--now", Self.now]
      }
      let delay = Double.random(in: 0...window, using: &generator)
      let (status, out) = try Faults.runKilled("orders", arguments, in: folder, after: delay)
      if status == 0 {
        for line in out.split(separator: "\n") {
          let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
          acknowledged[object["id"] as! String] = object["status"] as? String
        }
      } else if status == 1, arguments[0] == "next", try Self.list(store)?[arguments[1]] == "completed" {
        // An earlier `next` that was killed after its rename had already completed this order.
        acknowledged[arguments[1]] = "completed"
      } else {
        #expect(status == 137, "orders \(arguments[0]) ended with \(status), not by the kill")
        killed += 1
      }
      let orders = try #require(try Self.list(store), "the store does not read after round \(round)")
      for (id, status) in acknowledged {
        let found = try #require(orders[id], "acknowledged \(id) is missing after round \(round)")
        #expect(
          Self.statusOrder.firstIndex(of: found)! >= Self.statusOrder.firstIndex(of: status)!,
          "\(id) went back from \(status) to \(found)")
      }
    }
    print(
      "orders kill -9 campaign: \(rounds) commands, \(killed) killed, \(acknowledged.count) acknowledged orders kept"
    )
    // One more change (an append) removes what killed writers left behind.
    #expect(
      try TestSupport.run("orders", ["place", "--donut", "1", "--store", store, "--now", Self.now]).status
        == 0)
    #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
  }

  @Test(
    "a full disk: exit 74, and the store is exactly as before (an append that did not fit is cut back)",
    .enabled(if: Faults.canMountTmpfs, "mount -t tmpfs is not allowed here (the ulimit -f test still runs)"))
  func fullDisk() throws {
    try Faults.withSmallDisk { disk, mounted in try fullDisk(disk, mounted) }
  }

  func fullDisk(_ disk: URL, _ mounted: Bool) throws {
    try #require(mounted, "mount -t tmpfs failed")
    let store = disk.appendingPathComponent("orders.jsonl").path
    #expect(try Self.list(store)?.count == 24)
    Faults.fill(disk)
    // Appends fit while the store's last page has room; the one that does not fit fails whole.
    var failure: TestSupport.Result?
    var before = try Data(contentsOf: URL(fileURLWithPath: store))
    for _ in 0..<40 {
      before = try Data(contentsOf: URL(fileURLWithPath: store))
      let result = try TestSupport.run(
        "orders", ["place", "--donut", "1", "--store", store, "--now", Self.now])
      if result.status != 0 {
        failure = result
        break
      }
    }
    let result = try #require(failure, "the disk never filled up")
    #expect(result.status == 74)
    #expect(result.err.contains("No space left on device"), "\(result.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "the store changed")
    #expect(try Self.list(store) != nil, "the store does not read after a failed append")
    // A status change (an atomic rewrite) fails the same way, and leaves no temporary file.
    let next = try TestSupport.run("orders", ["next", "1224", "--store", store, "--now", Self.now])
    #expect(next.status == 74, "\(next.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(Faults.temporaryFiles(in: disk).isEmpty)
  }

  @Test("a file-size limit (ulimit -f): exit 74, the store as before, no partial line")
  func fileSizeLimit() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("orders.jsonl").path
    #expect(try Self.list(store)?.count == 24)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    // The store is about 10 KB. A limit just above its size cuts the next append short (a part
    // is written, then EFBIG); one just under it stops the rewrite's temporary file.
    for (command, blocks) in [
      ("place --donut 3x9 --donut 4x9 --donut 5x9", before.count / 1024 + 1),
      ("next 1224", before.count / 1024),
    ] {
      let result = try TestSupport.shell(
        "ulimit -f \(blocks) && orders \(command) --store '\(store)' --now \(Self.now)")
      #expect(result.status == 74, "\(command): \(result.status) \(result.err)")
      #expect(result.err.contains("File too large"), "\(result.err)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "\(command) changed the store")
    }
    #expect(Faults.temporaryFiles(in: folder).isEmpty)
  }

  @Test(
    "a read-only folder: changes fail with a clear error (exit 74); reading still works",
    .enabled(if: Faults.canMakeReadOnly, "neither a read-only bind mount nor chmod works here"))
  func readOnlyFolder() throws {
    var store = ""
    var before = Data()
    try Faults.withReadOnlyFolder { box in
      store = box.appendingPathComponent("orders.jsonl").path
      #expect(try Self.list(store)?.count == 24)
      before = try Data(contentsOf: URL(fileURLWithPath: store))
    } _: { _, how in
      try readOnlyFolder(store, before, how)
    }
  }

  func readOnlyFolder(_ store: String, _ before: Data, _ how: String) throws {
    for arguments in [["place", "--donut", "1"], ["next", "1224"]] {
      let result = try TestSupport.run("orders", arguments + ["--store", store, "--now", Self.now])
      #expect(result.status == 74, "\(how): \(result.err)")
      #expect(
        result.err.hasPrefix("orders: error: cannot change '\(store)'")
          && (result.err.contains("Read-only file system") || result.err.contains("Permission denied")),
        "\(result.err)")
      #expect(result.err.split(separator: "\n").count == 1)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(try Self.list(store)?.count == 24, "a store in a read-only folder can still be read")
  }

  @Test(
    "SIGINT and SIGTERM during a long generate into a file: exit 130 / 143, whole records only",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func signals(_ signal: Int32, _ expected: Int32) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = try Faults.start(
      "orders", ["generate", "--count", "100000000", "--now", Self.now], in: folder, name: "gen")
    let output = folder.appendingPathComponent("gen.out")
    let status = Faults.interrupt(process, with: signal) { Faults.size(output) > 1 << 20 }
    #expect(status == expected)
    let data = try Data(contentsOf: output)
    #expect(data.count > 1 << 20)
    #expect(data.last == 0x0A, "the output ends in the middle of a record")
    let check = try TestSupport.run("pipe-check", ["--quiet", output.path])
    #expect(check.status == 0, "the output is not whole records")
    #expect(try TestSupport.run("orders", ["generate", "--count", "1"]).status == 0)
  }

  @Test(
    "SIGINT and SIGTERM while a status change rewrites a big store: the handler removes the temporary file",
    arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func signalDuringRewrite(_ signal: Int32, _ expected: Int32) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("orders.jsonl")
    // 60,000 orders (about 26 MB; 12,000 in the default run), so that the rewrite takes long
    // enough to be caught.
    let count = Campaign.size(small: 12_000, full: 60_000)
    let made = try TestSupport.shell("orders generate --count \(count) --now \(Self.now) > '\(store.path)'")
    #expect(made.status == 0)
    let before = try Data(contentsOf: store)
    var caught = false
    for _ in 0..<5 where !caught {
      guard
        let status = try Faults.interruptAtomicWrite(
          "orders", ["next", "1201", "--store", store.path, "--now", Self.now], in: folder, with: signal)
      else {
        // Too fast to catch: the change went through; undo it by starting again from the copy.
        try before.write(to: store)
        continue
      }
      caught = true
      #expect(status == expected)
      #expect(Faults.temporaryFiles(in: folder).isEmpty, "left: \(Faults.temporaryFiles(in: folder))")
      // Either the old store, or (when the rename won the race with the signal) the whole new one.
      if try Data(contentsOf: store) != before {
        #expect(try Self.list(store.path)?["Order#1201"] == "preparing", "the store is neither old nor new")
      }
    }
    #expect(caught, "the rewrite was never caught with its temporary file")
  }

  @Test("SIGTERM while a change waits for the lock: exit 143, no temporary file, the store unchanged")
  func signalWhileWaiting() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("orders.jsonl").path
    #expect(try Self.list(store)?.count == 24)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    // Hold the lock from this process, so that the run waits for it.
    let lock = try #require(Faults.holdLock(store + ".lock"))
    defer { close(lock) }
    let process = try Faults.start(
      "orders", ["next", "1224", "--store", store, "--now", Self.now], in: folder, name: "next")
    usleep(300_000)
    #expect(process.isRunning, "the change did not wait for the lock")
    #expect(Faults.interrupt(process, with: SIGTERM, when: { true }) == 143)
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(Faults.temporaryFiles(in: folder).isEmpty)
  }

  @Test("16 writers at once for 3 seconds: no order lost, no id twice")
  func concurrentWriters() throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("orders.jsonl").path
    #expect(try Self.list(store)?.count == 24)
    let script = """
      for w in $(seq 1 16); do
        ( end=$((SECONDS + 3)); while [ $SECONDS -lt $end ]; do
            orders place --donut $((w % 17)) --store '\(store)' --now \(Self.now) >> ack.$w || echo fail >> fail.$w
          done ) &
      done; wait
      cat ack.* > acknowledged.jsonl; cat fail.* 2>/dev/null | wc -l
      """
    let result = try TestSupport.shell(script, currentDirectory: folder)
    #expect(result.status == 0)
    #expect(result.out.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "some places failed")
    let acknowledged = try String(
      contentsOf: folder.appendingPathComponent("acknowledged.jsonl"), encoding: .utf8
    )
    .split(separator: "\n").map {
      (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["id"] as! String
    }
    let orders = try #require(try Self.list(store))
    #expect(Set(acknowledged).count == acknowledged.count, "an id was given twice")
    #expect(acknowledged.count > 16)
    #expect(orders.count == 24 + acknowledged.count)
    for id in acknowledged { #expect(orders[id] == "placed", "\(id) is missing") }
    print("orders load (swift test): 16 writers × 3 s placed \(acknowledged.count) orders")
  }
}
