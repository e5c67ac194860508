import Glibc
import PipeProtocol
import PipeReading
import SystemIO

/// What a child process did, for `Subprocess.capture`.
public struct SubprocessResult: Sendable {
  /// What it wrote on stdout (up to the limit).
  public var output: [UInt8]
  /// Its exit status, or nil when it was killed by a signal (see `signal`) or stopped.
  public var status: Int32?
  /// The signal that ended it, when one did.
  public var signal: Int32?
  /// Whether it was stopped for running past the deadline.
  public var timedOut = false
  /// Whether it was stopped for writing more than the limit.
  public var outputTooLarge = false
}

/// A process that could not be started.
public struct SpawnError: Error, Sendable {
  /// The system error number.
  public var code: Int32
  /// An error with a system error number.
  public init(_ code: Int32) { self.code = code }
  /// The system's words for it.
  public var description: String { String(cString: strerror(code)) }
}

/// Starting other programs: the one place that calls `posix_spawn`. Every child starts with the
/// signals a tool changes (SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGXFSZ) back at their defaults and
/// nothing blocked, so that `| head` and Ctrl-C work on it as on any program.
public enum Subprocess {
  /// What the child's standard streams are.
  public struct Streams {
    /// Each of 0, 1, 2 given a descriptor of ours, or `/dev/null` when nil is given; absent: shared.
    public var redirect: [Int32: Int32?] = [:]
    /// Descriptors of ours to close in the child.
    public var close: [Int32] = []
    /// Streams as they are.
    public init(redirect: [Int32: Int32?] = [:], close: [Int32] = []) {
      self.redirect = redirect
      self.close = close
    }
  }

  /// Starts `executable` (a path) with `arguments` (the first is its name); returns its pid.
  /// `newProcessGroup` puts it in a group of its own (so Ctrl-C at the terminal does not reach
  /// it); `newSession` in a session of its own, without a controlling terminal, so that it
  /// outlives its terminal as well (a detached timer). `environment` adds variables to ours (or
  /// replaces them) for the child.
  public static func spawn(
    _ executable: String, _ arguments: [String], streams: Streams = Streams(), newProcessGroup: Bool = false,
    newSession: Bool = false, environment: [String: String] = [:]
  ) throws(SpawnError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, source) in streams.redirect.sorted(by: { $0.key < $1.key }) {
      if let source {
        posix_spawn_file_actions_adddup2(&actions, source, target)
      } else {
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
      }
    }
    for fd in streams.close where !streams.redirect.keys.contains(fd) {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    if newSession {
      // glibc's POSIX_SPAWN_SETSID (since 2.26), which Swift's Glibc module does not export.
      flags |= 0x80
    } else if newProcessGroup {
      flags |= POSIX_SPAWN_SETPGROUP
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGXFSZ] { sigaddset(&defaults, s) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var added: [UnsafeMutablePointer<CChar>?] = []
    defer { for p in added { free(p) } }
    if !environment.isEmpty {
      var index = 0
      while let entry = environ[index] {
        index += 1
        let text = String(cString: entry)
        let key = text.prefix { $0 != "=" }
        if environment[String(key)] == nil { added.append(strdup(text)) }
      }
      for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
        added.append(strdup("\(key)=\(value)"))
      }
      added.append(nil)
    }
    var pid: pid_t = 0
    let result =
      added.isEmpty
      ? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
      : posix_spawn(&pid, executable, &actions, &attributes, argv, added)
    guard result == 0 else { throw SpawnError(result) }
    return pid
  }

  /// Waits for `pid`; its exit status, or 128 + the signal that ended it.
  public static func wait(_ pid: pid_t) -> Int32 {
    guard let (_, status) = try? SystemCall.wait(for: pid) else { return 128 }
    return exitStatus(status)
  }

  /// A `waitpid` status as a shell reports it: the exit status, or 128 + the signal that ended it.
  static func exitStatus(_ status: Int32) -> Int32 {
    let signalNumber = status & 0x7F
    return signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
  }

  /// Whether `pid` has ended (collecting it), without waiting.
  public static func hasEnded(_ pid: pid_t) -> Bool {
    guard let (collected, _) = try? SystemCall.wait(for: pid, options: WNOHANG) else { return true }
    return collected != 0
  }

  /// The full path of a program found on `PATH` (folders and non-executables are passed over),
  /// or nil. A name holding `/` is taken as a path.
  public static func find(_ program: String) -> String? {
    if program.contains("/") { return isExecutableFile(program) ? program : nil }
    let path = Environment.get("PATH") ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = "\(folder)/\(program)"
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    return access(path, X_OK) == 0 && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Runs a user's command line with `/bin/sh -c`, passing `arguments` as `$1`, `$2`... (so that
  /// `$EDITOR` may hold options), and waits for it. While it runs, the terminal, Ctrl-C and
  /// Ctrl-\ are left to it; it is in a process group of its own, ended with the tool
  /// (`Children`). Returns its exit status (128 + signal when killed).
  public static func shell(
    _ command: String, arguments: [String] = [], stdinFD: Int32? = nil, closeInChild: [Int32] = [],
    whileRunning: () -> Void = {}
  ) throws(ToolError) -> Int32 {
    let script = arguments.isEmpty ? command : command + " \"$@\""
    StandardOutput.shared.flush()
    let previousInterrupt = Glibc.signal(SIGINT, SIG_IGN)
    let previousQuit = Glibc.signal(SIGQUIT, SIG_IGN)
    defer {
      Glibc.signal(SIGINT, previousInterrupt)
      Glibc.signal(SIGQUIT, previousQuit)
    }
    var streams = Streams(close: closeInChild)
    if let stdinFD {
      streams.redirect[0] = stdinFD
      if stdinFD != 0 { streams.close.append(stdinFD) }
    }
    let pid: pid_t
    do {
      // A group of its own, so that the whole of it (the shell and what it starts) can be ended
      // with the tool; it gets the terminal while it runs, as a shell's foreground job does.
      pid = try spawn(
        "/bin/sh", ["/bin/sh", "-c", script, "sh"] + arguments, streams: streams, newProcessGroup: true)
    } catch {
      throw ToolError("cannot run '\(command)': \(error.description)")
    }
    Children.register(pid, group: true)
    defer { Children.unregister(pid) }
    let terminal = giveTerminal(to: pid)
    defer { takeTerminal(terminal) }
    whileRunning()
    var status: Int32 = 0
    while true {
      guard let (_, next) = try? SystemCall.wait(for: pid, options: WUNTRACED) else { return 128 }
      status = next
      // Ctrl-Z stopped it: stop with it, and on `fg` give it the terminal again and resume it.
      guard status & 0xFF == 0x7F else { break }
      takeTerminal(terminal, keep: true)
      raise(SIGSTOP)
      _ = giveTerminal(to: pid, using: terminal)
      kill(-pid, SIGCONT)
    }
    return exitStatus(status)
  }

  /// Makes process group `group` the foreground of this process's terminal, when this process is
  /// in the foreground (else nothing: no terminal, or a background job); returns the terminal's
  /// descriptor for `takeTerminal`, or -1. The group is sent SIGCONT after, in case it read the
  /// terminal before it had it (and was stopped for that).
  static func giveTerminal(to group: pid_t, using open: Int32? = nil) -> Int32 {
    let fd = open ?? SystemCall.descriptor(opening: "/dev/tty", O_RDWR | O_CLOEXEC).fd
    guard fd >= 0 else { return -1 }
    guard open != nil || tcgetpgrp(fd) == getpgrp() else {
      close(fd)
      return -1
    }
    tcsetpgrp(fd, group)
    kill(-group, SIGCONT)
    return fd
  }

  /// Takes the terminal back for this process's group (SIGTTOU ignored meanwhile: this process
  /// is not the foreground until it has it) and closes it, unless `keep`.
  static func takeTerminal(_ fd: Int32, keep: Bool = false) {
    guard fd >= 0 else { return }
    let previous = Glibc.signal(SIGTTOU, SIG_IGN)
    tcsetpgrp(fd, getpgrp())
    Glibc.signal(SIGTTOU, previous)
    if !keep { close(fd) }
  }

  /// Runs a shell command line (`/bin/sh -c`) in its own process group: writes `input` to its
  /// stdin, reads its stdout, and stops it (the whole group, SIGKILL) when it runs past `timeout`
  /// seconds or writes more than `maxOutput` bytes. Its stderr is ours.
  public static func capture(_ command: String, input: [UInt8], timeout: Double, maxOutput: Int = 64 << 20)
    -> Result<SubprocessResult, SpawnError>
  {
    var inPipe: [Int32] = [0, 0]
    var outPipe: [Int32] = [0, 0]
    guard pipe(&inPipe) == 0 else { return .failure(SpawnError(errno)) }
    guard pipe(&outPipe) == 0 else {
      let code = errno
      Glibc.close(inPipe[0])
      Glibc.close(inPipe[1])
      return .failure(SpawnError(code))
    }
    // Close-on-exec, so that the child keeps only the ends dup'ed onto its stdin and stdout.
    for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let spawned = Result { () throws(SpawnError) -> pid_t in
      try spawn(
        "/bin/sh", ["sh", "-c", command], streams: Streams(redirect: [0: inPipe[0], 1: outPipe[1]]),
        newProcessGroup: true)
    }
    Glibc.close(inPipe[0])
    Glibc.close(outPipe[1])
    if case .success(let pid) = spawned { Children.register(pid, group: true) }
    defer { if case .success(let pid) = spawned { Children.unregister(pid) } }
    guard case .success(let pid) = spawned else {
      Glibc.close(inPipe[1])
      Glibc.close(outPipe[0])
      if case .failure(let error) = spawned { return .failure(error) }
      return .failure(SpawnError(EINVAL))
    }

    let deadline = monotonicSeconds() + timeout
    var result = SubprocessResult(output: [])
    var inputFD: Int32 = inPipe[1]
    var outputFD: Int32 = outPipe[0]
    _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
    var written = 0
    if input.isEmpty {
      Glibc.close(inputFD)
      inputFD = -1
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while outputFD >= 0 {
      let remaining = deadline - monotonicSeconds()
      if remaining <= 0 {
        result.timedOut = true
        break
      }
      var fds = [pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)]
      if inputFD >= 0 { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
      guard (try? SystemCall.poll(&fds, timeout: Int32(min(remaining * 1000 + 1, 1_000_000)))) != nil
      else { break }
      if inputFD >= 0, fds.count > 1, fds[1].revents != 0 {
        // A full pipe (.wouldBlock) is waited for by the next poll.
        let wrote = try? input.withUnsafeBytes { (raw) throws(SystemError) in
          try SystemCall.write(inputFD, from: raw.baseAddress! + written, count: raw.count - written)
        }
        if case .processed(let n) = wrote { written += n }
        if wrote == nil || written == input.count {
          // Done, or the child stopped reading (EPIPE): it may still answer from what it read.
          Glibc.close(inputFD)
          inputFD = -1
        }
      }
      if fds[0].revents != 0 {
        let got = try? chunk.withUnsafeMutableBytes { (raw) throws(SystemError) in
          try SystemCall.read(outputFD, into: raw.baseAddress!, count: raw.count)
        }
        if case .wouldBlock = got { continue }
        if case .processed(let n) = got, n > 0 {
          result.output.append(contentsOf: chunk[0..<n])
          if result.output.count > maxOutput {
            result.outputTooLarge = true
            break
          }
        } else {
          Glibc.close(outputFD)
          outputFD = -1
        }
      }
    }
    if inputFD >= 0 { Glibc.close(inputFD) }
    if outputFD >= 0 { Glibc.close(outputFD) }
    // The output is complete (or we gave up); wait for the exit, within the same deadline.
    var status: Int32 = 0
    while !result.timedOut && !result.outputTooLarge {
      guard let (collected, next) = try? SystemCall.wait(for: pid, options: WNOHANG) else {
        return .success(result)
      }
      if collected == pid {
        status = next
        break
      }
      if monotonicSeconds() >= deadline {
        result.timedOut = true
        break
      }
      usleep(5_000)
    }
    if result.timedOut || result.outputTooLarge {
      kill(-pid, SIGKILL)
      _ = try? SystemCall.wait(for: pid)
      return .success(result)
    }
    if status & 0x7F == 0 {
      result.status = (status >> 8) & 0xFF
    } else {
      result.signal = status & 0x7F
    }
    return .success(result)
  }

  /// Seconds on the monotonic clock.
  public static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// Writes all of `bytes` to `fd`; returns false when the reader went away (`EPIPE`).
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    (try? SystemCall.writeAll(fd, bytes)) != nil
  }
}
