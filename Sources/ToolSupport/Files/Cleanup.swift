import Glibc

/// Temporary files (and folders) to remove if the process is ended early: by SIGINT, SIGTERM or
/// SIGHUP, or by a write error on stdout (`Runtime`).
public enum Cleanup {
  nonisolated(unsafe) static var paths: [UnsafeMutablePointer<CChar>?] = Array(repeating: nil, count: 1024)

  /// Makes the table (before a signal handler may read it).
  static func prepare() { _ = paths.count }

  /// Registers a temporary file for removal if the process is ended early. A temporary folder may be
  /// registered too, before the files put in it: removal goes from the last slot to the first, so
  /// the folder's files go before it.
  public static func register(_ path: String) {
    guard let slot = paths.firstIndex(where: { $0 == nil }) else { return }
    paths[slot] = strdup(path)
  }

  /// Forgets a temporary file (it was renamed or removed).
  public static func unregister(_ path: String) {
    path.withCString { target in
      for i in paths.indices {
        if let p = paths[i], strcmp(p, target) == 0 {
          paths[i] = nil
          free(p)
        }
      }
    }
  }

  /// Removes every registered file, last slot first; a folder is removed with `rmdir`
  /// (async-signal-safe: only `unlink` and `rmdir`).
  static func removeAll() {
    for p in paths.reversed() { if let p, unlink(p) != 0 { rmdir(p) } }
  }
}
