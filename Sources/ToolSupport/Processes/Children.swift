import Glibc

/// The child processes a tool is running, so that they die with it: when a signal the tool
/// handles (SIGINT, SIGTERM, SIGHUP) ends it, each is sent that signal first (a child in a group
/// of its own, a provider and its `curl`, as a whole group), and waited for briefly, so that an
/// editor's files are gone before its temporary folder is removed; what is left of a group is
/// then killed. Async-signal-safe: a fixed
/// table of process ids, read with `kill` and `waitpid` only.
public enum Children {
  /// Positive: a process; negative: a process group (as `kill` takes them); 0: a free slot.
  nonisolated(unsafe) static var table: [pid_t] = Array(repeating: 0, count: 64)

  /// Makes the table (before a signal handler may read it).
  static func prepare() { _ = table.count }

  /// Registers a running child; `group` when it leads a process group of its own.
  public static func register(_ pid: pid_t, group: Bool = false) {
    guard let slot = table.firstIndex(of: 0) else { return }
    table[slot] = group ? -pid : pid
  }

  /// Forgets a child that has ended (or was reaped).
  public static func unregister(_ pid: pid_t) {
    for i in table.indices where table[i] == pid || table[i] == -pid { table[i] = 0 }
  }

  /// Sends `signal` to every registered child (and group), waits up to about a second for them to
  /// end, then kills what is left of each group (SIGKILL): a member that ignores the signal, as a
  /// shell's background job ignores SIGINT, must not outlive the tool either. Called from a
  /// signal handler: only async-signal-safe calls.
  static func signalAll(_ signal: Int32) {
    var any = false
    for target in table where target != 0 {
      kill(target, signal)
      any = true
    }
    guard any else { return }
    var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
    for _ in 0..<100 {
      var running = false
      for target in table where target != 0 {
        // A group's leader has the group's id; a reaped or foreign id answers ECHILD.
        let pid = target < 0 ? -target : target
        var status: Int32 = 0
        // waitpid itself, not SystemCall.wait: inside a signal handler, where SystemCall's errors
        // (strings, allocation) are not async-signal-safe; EINTR here only means one more look.
        if waitpid(pid, &status, WNOHANG) == 0 { running = true }
      }
      if !running { break }
      nanosleep(&pause, nil)
    }
    for target in table where target < 0 { kill(target, SIGKILL) }
  }
}
