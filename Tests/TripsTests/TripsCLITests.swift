import Foundation
import Synchronization
import TestSupport
import Testing

/// Runs the built `trips` with its store in a fresh folder.
struct Sandbox {
  let dir: URL
  init() throws { dir = try TestSupport.temporaryDirectory() }
  var store: String { dir.appendingPathComponent("wishlist.jsonl").path }

  func trips(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws
    -> TestSupport.Result
  {
    var env = ["XDG_DATA_HOME": dir.appendingPathComponent("data").path, "SAMPLEPIPES_TRIPS": store]
    for (k, v) in environment { env[k] = v }
    return try TestSupport.run("trips", arguments, stdin: stdin, environment: env, currentDirectory: dir)
  }

  func lines(_ result: TestSupport.Result) -> [[String: Any]] {
    result.out.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }
}

@Suite("trips, run as a program", .serialized)
struct TripsCLITests {
  @Test("first use creates the store at $XDG_DATA_HOME/samplepipes/wishlist.jsonl with the 12 sample trips")
  func defaultStore() throws {
    let box = try Sandbox()
    let data = box.dir.appendingPathComponent("data")
    let result = try TestSupport.run(
      "trips", ["list"], environment: ["XDG_DATA_HOME": data.path, "SAMPLEPIPES_TRIPS": ""])
    #expect(result.status == 0)
    let path = data.appendingPathComponent("samplepipes/wishlist.jsonl").path
    let stored = try String(contentsOfFile: path, encoding: .utf8)
    #expect(stored.split(separator: "\n").count == 12)
    // The store holds the same records as the listing (in creation order rather than by collection).
    #expect(Set(stored.split(separator: "\n")) == Set(result.out.split(separator: "\n")))
    let check = try TestSupport.run("pipe-check", ["--type", "trip", path])
    #expect(check.status == 0)
  }

  @Test("8 processes adding and toggling at once lose nothing")
  func concurrentEdits() throws {
    let box = try Sandbox()
    #expect(try box.trips(["list"]).status == 0)
    let jobs: [[String]] = [
      ["add", "--name", "Trip A", "--seed", "1"], ["add", "--name", "Trip B", "--seed", "2"],
      ["activity", "add", "Japan Mystique", "Ride the Shinkansen", "--seed", "3"],
      ["activity", "add", "Kona Deep Dive", "Zip-line", "--seed", "4"],
      ["activity", "toggle", "Surf Steamer Lane", "Surf at Pleasure Point"],
      ["activity", "toggle", "Maui Rainforest", "Descend a waterfall"],
      ["activity", "toggle", "Hunting Auroras", "Take a tour to hunt the lights!"],
      ["remove", "--yes", "Into the Green"],
    ]
    let statuses = Mutex([Int32](repeating: -1, count: jobs.count))
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let status = (try? box.trips(jobs[index]))?.status ?? -2
      statuses.withLock { $0[index] = status }
    }
    #expect(statuses.withLock { $0 } == Array(repeating: 0, count: jobs.count))
    let trips = box.lines(try box.trips(["list"]))
    let names = trips.compactMap { $0["name"] as? String }
    #expect(trips.count == 13)
    #expect(names.contains("Trip A") && names.contains("Trip B") && !names.contains("Into the Green"))
    func activity(_ trip: String, _ name: String) -> [String: Any]? {
      let t = trips.first { $0["name"] as? String == trip }
      return (t?["activities"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }
    #expect(activity("Japan Mystique", "Ride the Shinkansen") != nil)
    #expect(activity("Kona Deep Dive", "Zip-line") != nil)
    #expect(activity("Surf Steamer Lane", "Surf at Pleasure Point")?["isComplete"] as? Bool == true)
    #expect(activity("Maui Rainforest", "Descend a waterfall")?["isComplete"] as? Bool == true)
    #expect(activity("Hunting Auroras", "Take a tour to hunt the lights!")?["isComplete"] as? Bool == true)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.dir.path).filter {
      $0.contains(".tmp-")
    }
    #expect(leftovers.isEmpty)
  }

  @Test("import from stdin and from a file give the same wishlist")
  func importSources() throws {
    let source = try Sandbox()
    _ = try source.trips(["add", "--name", "Moved", "--seed", "5", "--now", "2026-04-01T10:00:00Z"])
    let backup = try source.trips(["list"]).stdout
    let file = source.dir.appendingPathComponent("backup.jsonl")
    try backup.write(to: file)
    let viaStdin = try Sandbox()
    let viaFile = try Sandbox()
    let a = try viaStdin.trips(["import", "--replace"], stdin: backup)
    let b = try viaFile.trips(["import", "--replace", file.path])
    #expect(a.status == 0 && b.status == 0)
    // A fresh store starts with the 12 sample trips, so those are replaced and "Moved" is added.
    #expect(
      a.err == "trips: imported: 1 added, 12 replaced (the wishlist now holds exactly these 13 trips)\n")
    #expect(a.err == b.err)
    #expect(try viaStdin.trips(["list"]).stdout == backup)
    #expect(try viaFile.trips(["list"]).stdout == backup)
  }

  @Test("names: ambiguous is exit 64 with candidates, unknown is exit 1 with a hint, empty is exit 64")
  func naming() throws {
    let box = try Sandbox()
    _ = try box.trips(["add", "--name", "japan mystique", "--id", "0f8fad5b-d9cb-469f-a165-70867728950e"])
    let ambiguous = try box.trips(["show", "Japan Mystique"])
    #expect(ambiguous.status == 64)
    #expect(
      ambiguous.err == """
        trips: error: 'Japan Mystique' names 2 trips; name one by its id
        trips: candidate: e24d827b-56cb-5d90-8926-d4508b9f9bc1  Japan Mystique (springEscapes)
        trips: candidate: 0f8fad5b-d9cb-469f-a165-70867728950e  japan mystique (winterRetreats)

        """)
    #expect(ambiguous.stdout.isEmpty)
    let byID = try box.trips(["show", "0F8FAD5B-D9CB-469F-A165-70867728950E"])
    #expect(byID.status == 0 && byID.out.contains("\"name\":\"japan mystique\""))
    let unknown = try box.trips(["activity", "toggle", "Kona Deep Dive", "Snorkel lava tubes"])
    #expect(unknown.status == 1)
    #expect(
      unknown.err.hasPrefix("trips: error: no activity 'Snorkel lava tubes' in trip 'Kona Deep Dive'\n"))
    #expect(unknown.err.contains("trips: its activities and their ids: trips show 'Kona Deep Dive'\n"))
    let empty = try box.trips(["add", "--name", ""])
    #expect(empty.status == 64)
    #expect(
      empty.err
        == "trips: error: --name is empty; a trip needs a title (the sample refuses to save one without)\n")
    let missing = try box.trips(["add"])
    #expect(missing.status == 64)
  }

  @Test("trips add NAME: the title as an argument; --name the same spelled out; both must agree")
  func addByName() throws {
    let box = try Sandbox()
    let added = try box.trips(["add", "Lisbon Trams", "--seed", "1", "--collection", "Spring Escapes"])
    #expect(added.status == 0)
    #expect(added.out.contains("\"name\":\"Lisbon Trams\""))
    #expect(added.out.contains("\"collection\":\"springEscapes\""))
    #expect(try box.trips(["add", "Porto", "--name", "Porto", "--seed", "2"]).status == 0)
    let differ = try box.trips(["add", "Porto", "--name", "Braga"])
    #expect(differ.status == 64)
    #expect(
      differ.err.hasPrefix("trips: error: NAME 'Porto' and --name 'Braga' differ; give the title once\n"))
    let empty = try box.trips(["add", ""])
    #expect(empty.status == 64)
    #expect(empty.err.hasPrefix("trips: error: NAME is empty"))
    let missing = try box.trips(["add"])
    #expect(missing.status == 64)
    #expect(missing.err.hasPrefix("trips: error: missing NAME"))
    #expect(try box.trips(["show", "Lisbon Trams"]).status == 0)
  }

  @Test("every listing command answers --format text and -f json (jsonl too); json stays the default")
  func formats() throws {
    let box = try Sandbox()
    let commands: [[String]] = [
      ["list"], ["show", "Japan Mystique"], ["collections"], ["search", "hike"], ["recent"],
    ]
    for command in commands {
      let plain = try box.trips(command)
      let json = try box.trips(command + ["-f", "json"])
      let jsonl = try box.trips(command + ["--format", "jsonl"])
      let text = try box.trips(command + ["--format", "text"], environment: ["COLUMNS": "40"])
      #expect(plain.status == 0 && json.status == 0 && jsonl.status == 0 && text.status == 0, "\(command)")
      #expect(plain.stdout == json.stdout && json.stdout == jsonl.stdout, "\(command)")
      #expect(plain.out.hasPrefix("{"), "\(command)")
      #expect(!text.out.hasPrefix("{") && !text.out.isEmpty, "\(command)")
      for line in text.out.split(separator: "\n") {
        #expect(line.unicodeScalars.count <= 40, "\(command): \(line)")
      }
    }
    let typo = try box.trips(["list", "-f", "txt"])
    #expect(typo.status == 64 && typo.err.contains("did you mean 'text'?"))
  }

  @Test("did-you-mean for collections and sort orders; a collection is also taken by its name")
  func suggestions() throws {
    let box = try Sandbox()
    let collection = try box.trips(["list", "--collection", "sumerVibes"])
    #expect(collection.status == 64)
    #expect(collection.err.contains("trips: did you mean 'summerVibes'?\n"))
    let byName = try box.trips(["list", "-c", "winter retreats"])
    #expect(byName.status == 0 && box.lines(byName).count == 3)
    let sort = try box.trips(["show", "Japan Mystique", "--sort", "titel"])
    #expect(sort.status == 64 && sort.err.contains("did you mean 'title'?"))
    let trip = try box.trips(["show", "Japan Mystiqe"])
    #expect(trip.status == 1 && trip.err.contains("did you mean 'Japan Mystique'?"))
  }

  @Test("a corrupt or torn store is reported with its line and never overwritten")
  func corruptStore() throws {
    let box = try Sandbox()
    _ = try box.trips(["list"])
    var text = try String(contentsOfFile: box.store, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"collection\":\"fallGetaways\"", with: "\"collection\":\"autumn\"")
    try text.write(toFile: box.store, atomically: true, encoding: .utf8)
    let result = try box.trips(["activity", "toggle", "Kona Deep Dive", "Night snorkel with manta rays"])
    #expect(result.status == 65)
    #expect(result.err.hasPrefix("trips: error: store '\(box.store)' line 5: unknown collection \"autumn\""))
    #expect(try String(contentsOfFile: box.store, encoding: .utf8) == text)
    let torn = text.dropLast()
    try String(torn).write(toFile: box.store, atomically: true, encoding: .utf8)
    let again = try box.trips(["add", "--name", "New"])
    #expect(again.status == 65)
    #expect(again.err.contains("line 12 is incomplete"))
    #expect(try String(contentsOfFile: box.store, encoding: .utf8) == String(torn))
  }

  @Test("--now and --seed make a new trip's bytes repeatable; without them ids are random")
  func determinism() throws {
    let args = ["add", "--name", "Same", "--seed", "9", "--now", "2026-04-01T10:00:00Z"]
    let a = try Sandbox().trips(args)
    let b = try Sandbox().trips(args)
    #expect(a.status == 0 && a.stdout == b.stdout)
    #expect(a.out.contains("\"creationDate\":\"2026-04-01T10:00:00Z\""))
    let c = try Sandbox().trips(["add", "--name", "Same"])
    let d = try Sandbox().trips(["add", "--name", "Same"])
    #expect(c.stdout != d.stdout)
  }

  @Test("every subcommand has help; a closed pipe ends quietly; site is dispatched")
  func helpAndPipes() throws {
    for path in [["list"], ["show"], ["search"], ["add"], ["activity", "toggle"], ["remove"], ["import"]] {
      let result = try TestSupport.run("trips", path + ["--help"])
      #expect(result.status == 0)
      #expect(result.out.hasPrefix("trips \(path.joined(separator: " ")) - "))
      #expect(result.out.contains("EXAMPLES"))
    }
    let box = try Sandbox()
    let piped = try TestSupport.shell(
      "trips --store '\(box.store)' list | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}")
    #expect(piped.out == "0\n")
    #expect(piped.err.isEmpty)
    let site = try TestSupport.run("trips", ["site", "--help"])
    #expect(site.status == 0 && site.out.hasPrefix("trips site - "))
  }
}
