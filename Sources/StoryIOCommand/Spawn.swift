import Glibc
import PipeProtocol
import ToolSupport

/// Running a user's program (editor, pager, `update-mime-database`) without Foundation.
enum Spawn {
  /// Runs `command` with `/bin/sh -c`, passing `arguments` as `$1`, `$2`… (so that `$EDITOR`
  /// may hold options). Its standard input is `stdinFD` when given. While it runs, Ctrl-C and
  /// Ctrl-\ are left to it. Returns its exit status (128 + signal when killed).
  static func shell(
    _ command: String, arguments: [String] = [], stdinFD: Int32? = nil, closeInChild: [Int32] = [],
    whileRunning: () -> Void = {}
  ) throws(ToolError) -> Int32 {
    let script = arguments.isEmpty ? command : command + " \"$@\""
    let argv = ["/bin/sh", "-c", script, "sh"] + arguments
    StandardOutput.shared.flush()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let stdinFD {
      posix_spawn_file_actions_adddup2(&actions, stdinFD, 0)
      if stdinFD != 0 { posix_spawn_file_actions_addclose(&actions, stdinFD) }
    }
    for fd in closeInChild { posix_spawn_file_actions_addclose(&actions, fd) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGXFSZ] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

    let previousInterrupt = signal(SIGINT, SIG_IGN)
    let previousQuit = signal(SIGQUIT, SIG_IGN)
    defer {
      signal(SIGINT, previousInterrupt)
      signal(SIGQUIT, previousQuit)
    }
    var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArguments, environ)
    guard result == 0 else { throw ToolError("cannot run '\(command)': \(Files.describe(result))") }
    whileRunning()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw ToolError("cannot wait for '\(command)': \(Files.describe(errno))") }
    }
    let signalNumber = status & 0x7F
    return signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
  }

  /// The full path of a program found on `PATH`, or nil.
  static func find(_ program: String) -> String? {
    let path = Environment.get("PATH") ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = "\(folder)/\(program)"
      if access(candidate, X_OK) == 0, !Files.isDirectory(candidate) { return candidate }
    }
    return nil
  }

  /// Writes all of `bytes` to `fd`; returns false when the reader went away (`EPIPE`).
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n >= 0 {
        offset += n
        continue
      }
      if errno == EINTR || errno == EAGAIN { continue }
      return false
    }
    return true
  }
}
