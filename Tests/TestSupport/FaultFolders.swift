import Foundation

/// The two folders the hardening tests of every tool stand their stores in: one on a small disk
/// that can be filled, one made read-only. Each is made fresh and is gone afterwards, unmounted
/// or made writable first, whatever the body throws.
extension Faults {
  /// Runs `body` with a fresh folder `disk` of a scratch folder: a tmpfs of `kilobytes` mounted
  /// there when this machine allows it (`mounted` true, fill it with `fill`), else a plain folder
  /// (`mounted` false: the test falls back to `ulimit -f`, and says so).
  public static func withSmallDisk<T>(
    kilobytes: Int = 64, _ body: (_ disk: URL, _ mounted: Bool) throws -> T
  ) throws -> T {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let disk = folder.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let mounted = mountTmpfs(at: disk, kilobytes: kilobytes)
    defer { if mounted { unmount(disk) } }
    return try body(disk, mounted)
  }

  /// Runs `body` with a fresh folder `ro` of a scratch folder, first filled by `prepare`, then made
  /// read-only (`how` says how: a read-only bind mount or chmod). Tests using it declare
  /// `.enabled(if: Faults.canMakeReadOnly, ...)`.
  public static func withReadOnlyFolder<T>(
    prepare: (_ folder: URL) throws -> Void, _ body: (_ folder: URL, _ how: String) throws -> T
  ) throws -> T {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let box = folder.appendingPathComponent("ro")
    try FileManager.default.createDirectory(at: box, withIntermediateDirectories: true)
    try prepare(box)
    guard let how = makeReadOnly(box) else {
      throw FaultFolderError(message: "the folder could not be made read-only")
    }
    defer { makeWritable(box) }
    return try body(box, how)
  }
}

/// A scaffold that could not be set up.
public struct FaultFolderError: Error, CustomStringConvertible {
  /// What failed.
  public let message: String
  /// The message.
  public var description: String { message }
}
