import Glibc

/// The child processes a tool is running, so that they die with it: when a signal the tool
/// handles (SIGINT, SIGTERM, SIGHUP) ends it, each is sent that signal first (a child in a group
/// of its own, a provider and its `curl`, as a whole group), and waited for briefly, so that an
/// editor's files are gone before its temporary folder is removed; what is left of a group is
/// then killed. Async-signal-safe: a fixed
/// table of process ids, read with `kill` and `waitpid` only.
public enum Children {
  /// How many children the table holds; more are not registered.
  static let capacity = 64
  /// Positive: a process; negative: a process group (as `kill` takes them); 0: a free slot. A fixed
  /// buffer read with plain loops: Swift's collections make their generic witness tables on first
  /// use, with `malloc`, which a signal handler must not call (see `Cleanup`).
  nonisolated(unsafe) static let table: UnsafeMutablePointer<pid_t> = {
    let table = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
    table.initialize(repeating: 0, count: capacity)
    return table
  }()

  /// Makes the table, and runs the handler's path once (with no child, it only reads the table),
  /// before a signal handler may.
  static func prepare() { signalAll(0) }

  /// Registers a running child; `group` when it leads a process group of its own.
  public static func register(_ pid: pid_t, group: Bool = false) {
    var slot = 0
    while slot < capacity, table[slot] != 0 { slot += 1 }
    guard slot < capacity else { return }
    table[slot] = group ? -pid : pid
  }

  /// Forgets a child that has ended (or was reaped).
  public static func unregister(_ pid: pid_t) {
    for i in 0..<capacity where table[i] == pid || table[i] == -pid { table[i] = 0 }
  }

  /// Sends `signal` to every registered child (and group), waits up to about a second for them to
  /// end, then kills what is left of each group (SIGKILL): a member that ignores the signal, as a
  /// shell's background job ignores SIGINT, must not outlive the tool either. Called from a
  /// signal handler: only async-signal-safe calls.
  static func signalAll(_ signal: Int32) {
    // (While loops over indices: a `for` makes an iterator through a witness table.)
    var any = false
    var i = 0
    while i < capacity {
      if table[i] != 0 {
        kill(table[i], signal)
        any = true
      }
      i += 1
    }
    guard any else { return }
    var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
    var round = 0
    while round < 100 {
      var running = false
      i = 0
      while i < capacity {
        let target = table[i]
        i += 1
        guard target != 0 else { continue }
        // A group's leader has the group's id; a reaped or foreign id answers ECHILD.
        let pid = target < 0 ? -target : target
        var status: Int32 = 0
        // waitpid itself, not SystemCall.wait: inside a signal handler, where SystemCall's errors
        // (strings, allocation) are not async-signal-safe; EINTR here only means one more look.
        if waitpid(pid, &status, WNOHANG) == 0 { running = true }
      }
      if !running { break }
      nanosleep(&pause, nil)
      round += 1
    }
    i = 0
    while i < capacity {
      if table[i] < 0 { kill(table[i], SIGKILL) }
      i += 1
    }
  }
}
