import Glibc

/// Temporary files (and folders) to remove if the process is ended early: by SIGINT, SIGTERM or
/// SIGHUP, or by a write error on stdout (`Runtime`).
///
/// The table is a fixed buffer of C strings read with plain loops over indices: a signal handler
/// may run in the middle of a `malloc`, and Swift's collections make their generic witness tables
/// on first use, with `malloc`. A `for` over an array here once crashed a tool (a malloc assertion,
/// exit 134) when Ctrl-C came while it was still starting.
public enum Cleanup {
  /// How many paths the table holds; more are not registered.
  static let capacity = 1024
  /// The table: a path made by `strdup`, or nil for a free slot.
  nonisolated(unsafe) static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    paths.initialize(repeating: nil, count: capacity)
    return paths
  }()

  /// Makes the table, and runs the handler's path once, before a signal handler may.
  static func prepare() { removeAll() }

  /// Registers a temporary file for removal if the process is ended early. A temporary folder may be
  /// registered too, before the files put in it: removal goes from the last slot to the first, so
  /// the folder's files go before it.
  public static func register(_ path: String) {
    var slot = 0
    while slot < capacity, paths[slot] != nil { slot += 1 }
    guard slot < capacity else { return }
    paths[slot] = strdup(path)
  }

  /// Forgets a temporary file (it was renamed or removed).
  public static func unregister(_ path: String) {
    path.withCString { target in
      for i in 0..<capacity {
        if let p = paths[i], strcmp(p, target) == 0 {
          paths[i] = nil
          free(p)
        }
      }
    }
  }

  /// Removes every registered file, last slot first; a folder is removed with `rmdir`
  /// (async-signal-safe: only `unlink` and `rmdir`, and no Swift collection).
  static func removeAll() {
    var i = capacity - 1
    while i >= 0 {
      if let p = paths[i], unlink(p) != 0 { rmdir(p) }
      i -= 1
    }
  }
}
