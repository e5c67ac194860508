import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Checks that what a tool started ends with it.
public enum ChildProcesses {
  /// Whether process `pid` still runs (a zombie, waiting to be reaped, does not count).
  public static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    // The state follows the command name in parentheses: "PID (NAME) S ...".
    guard let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
  }

  /// Waits up to `seconds` for process `pid` to end; whether it did.
  public static func ends(_ pid: pid_t, within seconds: Double = 3) -> Bool {
    TestSupport.poll(within: seconds, every: 0.01) { !isRunning(pid) }
  }

  /// The process id written to `file` once it appears (within `seconds`), else nil.
  public static func pid(in file: URL, within seconds: Double = 20) -> pid_t? {
    var pid: pid_t?
    _ = TestSupport.poll(within: seconds, every: 0.01) {
      if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") {
        pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      return pid != nil
    }
    return pid
  }
}
