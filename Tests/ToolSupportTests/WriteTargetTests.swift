import Foundation
import Glibc
import TestSupport
import Testing

/// Every command that writes a file, given a target that is not a regular file, refuses it and
/// leaves it as it was; a link planted at a default store place is never followed.
@Suite struct WriteTargetTests {
  /// A kind of file planted at a command's target.
  enum Planted: String, CaseIterable, Sendable {
    case characterDevice, fifo, folder

    /// Makes it at `path`; false when this process may not (a device needs root).
    func make(at path: String) -> Bool {
      switch self {
      // The null device's numbers (1, 3), so that a write that slipped through would go nowhere.
      case .characterDevice: return mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
      case .fifo: return mkfifo(path, 0o644) == 0
      case .folder:
        // Not empty: an empty folder is a fine place for a new site.
        return mkdir(path, 0o755) == 0
          && FileManager.default.createFile(atPath: path + "/keep.txt", contents: Data("keep\n".utf8))
      }
    }

    /// What `path` is now, in the words of `stat -c %F`.
    static func kind(_ path: String) -> String {
      var info = stat()
      guard lstat(path, &info) == 0 else { return "missing" }
      switch info.st_mode & S_IFMT {
      case S_IFCHR: return "character device"
      case S_IFIFO: return "fifo"
      case S_IFDIR: return "folder"
      case S_IFREG: return "regular file"
      default: return "other"
      }
    }

    var expectedKind: String {
      switch self {
      case .characterDevice: return "character device"
      case .fifo: return "fifo"
      case .folder: return "folder"
      }
    }
  }

  static let trip =
    #"{"activities":[],"collection":"springEscapes","creationDate":"2026-03-12T09:00:00Z","#
    + #""id":"0f8fad5b-d9cb-469f-a165-70867728950e","name":"Big Sur","type":"trip"}"#

  /// Each writing command as a bash line writing to `T` (a story to `T.story` in the folder).
  static let commands: [(name: String, line: String, target: String)] = [
    ("achievements --state", "echo '\(trip)' | achievements --state T --now 2026-11-29T10:30:00Z", "T"),
    ("trips import --store", "echo '\(trip)' | trips import --store T", "T"),
    ("orders donut new --menu", "orders donut new --name Foo --menu T", "T"),
    ("orders place --store", "orders place --donut 1 --store T --now 2026-11-29T10:30:00Z", "T"),
    (
      "orders feed post --feed",
      "orders feed post --donut 1 --message Hi --feed T --now 2026-11-29T18:00:00Z",
      "T"
    ),
    (
      "story-io write", #"echo '{"type":"story","title":"T","text":"hi"}' | story-io write --force"#,
      "T.story"
    ),
    ("trips site --out", "trips site --out T", "T"),
  ]

  @Test(arguments: [Planted.fifo, .folder])
  func everyWriterRefusesATargetThatIsNotARegularFile(_ planted: Planted) throws {
    try refuseEverywhere(planted)
  }

  // Only root may make a device; CI runs as root, so there it is checked.
  @Test(.enabled(if: Faults.isRoot, "making a character device needs root (CI runs as root)"))
  func everyWriterRefusesACharacterDevice() throws {
    try refuseEverywhere(.characterDevice)
  }

  /// Plants `planted` at each writing command's target and checks the refusal.
  func refuseEverywhere(_ planted: Planted) throws {
    var checked = 0
    for command in Self.commands {
      let folder = try TestSupport.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: folder) }
      let target = folder.appendingPathComponent(command.target).path
      #expect(planted.make(at: target), "\(planted) could not be made for \(command.name)")
      let result = try Self.run(command.line, in: folder)
      #expect(result.status == 1, "\(command.name) on a \(planted): exit \(result.status), \(result.err)")
      // A site folder is the one target that is a folder: what it refuses is anything else, or
      // a folder holding files it did not write.
      let refusals = ["not a regular file", "is not a folder", "did not write"]
      #expect(
        refusals.contains { result.err.contains($0) }, "\(command.name) on a \(planted): \(result.err)")
      #expect(Planted.kind(target) == planted.expectedKind, "\(command.name) changed the \(planted)")
      if planted == .folder {
        let names = try FileManager.default.contentsOfDirectory(atPath: target)
        #expect(names == ["keep.txt"], "\(command.name) wrote in the folder: \(names)")
      }
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.contains(".tmp-") || $0.hasSuffix(".lock")
      }
      #expect(leftovers.isEmpty, "\(command.name) on a \(planted) left \(leftovers)")
      checked += 1
    }
    #expect(checked == Self.commands.count)
  }

  /// The default store places, each with the command that writes it.
  static let defaults: [(file: String, line: String)] = [
    ("orders.jsonl", "orders place --donut 1 --now 2026-11-29T10:30:00Z"),
    (
      "orders.notices.jsonl",
      ""
        + "orders place --donut 1 --now 2026-11-29T10:30:00Z >/dev/null && "
        + "orders next 1225 --now 2026-11-29T10:30:00Z >/dev/null && "
        + "orders watch --until-done --no-notify --now 2026-11-29T10:30:00Z --step 30"
    ),
    ("wishlist.jsonl", "echo '\(trip)' | trips import"),
    ("menu.jsonl", "orders donut new --name Foo"),
    ("feed.jsonl", "orders feed post --donut 1 --message Hi --now 2026-11-29T18:00:00Z"),
  ]

  /// Runs a bash line in `folder` (its HOME and XDG_DATA_HOME inside), bounded in time so that a
  /// writer blocked on a FIFO fails the test instead of hanging it.
  static func run(_ line: String, in folder: URL) throws -> TestSupport.Result {
    let script = folder.appendingPathComponent(".test.sh")
    try Data(line.utf8).write(to: script)
    defer { try? FileManager.default.removeItem(at: script) }
    return try TestSupport.shell(
      "timeout 20 bash .test.sh", environment: ["HOME": folder.path, "XDG_DATA_HOME": folder.path + "/xdg"],
      currentDirectory: folder)
  }

  @Test func aLinkAtADefaultStorePlaceIsNeverFollowed() throws {
    for place in Self.defaults {
      let folder = try TestSupport.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: folder) }
      let stores = folder.appendingPathComponent("xdg/samplepipes")
      try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
      let victim = folder.appendingPathComponent("victim")
      // Empty: a valid store, so a writer that followed the link would change it (a victim that is
      // not JSON lines would be refused as a bad store whether the link was followed or not).
      try Data().write(to: victim)
      #expect(symlink(victim.path, stores.appendingPathComponent(place.file).path) == 0)
      let result = try Self.run(place.line, in: folder)
      #expect(result.status != 0, "\(place.file): \(place.line) exited 0 through a planted link")
      #expect(result.err.contains("symbolic link at a default place"), "\(place.file): \(result.err)")
      #expect(try Data(contentsOf: victim).isEmpty, "\(place.file) wrote the victim")
      #expect(
        !FileManager.default.fileExists(atPath: victim.path + ".lock"), "\(place.file) locked the victim")
    }
  }
}
