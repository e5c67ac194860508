import Glibc

/// What a child process did.
struct SubprocessResult {
  /// What it wrote on stdout (up to the limit).
  var output: [UInt8]
  /// Its exit status, or nil when it was killed by a signal (see `signal`) or stopped.
  var status: Int32?
  /// The signal that ended it, when one did.
  var signal: Int32?
  /// Whether it was stopped for running past the deadline.
  var timedOut = false
  /// Whether it was stopped for writing more than the limit.
  var outputTooLarge = false
}

/// Runs a shell command line (`/bin/sh -c`) with posix_spawn: writes `input` to its stdin, reads
/// its stdout, and stops it (its whole process group, SIGKILL) when it runs past `timeout` seconds
/// or writes more than `maxOutput` bytes. Its stderr is ours.
enum Subprocess {
  static func run(_ command: String, input: [UInt8], timeout: Double, maxOutput: Int = 64 << 20)
    -> Result<SubprocessResult, SpawnError>
  {
    var inPipe: [Int32] = [0, 0]
    var outPipe: [Int32] = [0, 0]
    guard pipe(&inPipe) == 0 else { return .failure(SpawnError(errno)) }
    guard pipe(&outPipe) == 0 else {
      let code = errno
      close(inPipe[0])
      close(inPipe[1])
      return .failure(SpawnError(code))
    }
    // Close-on-exec, so that the child keeps only the ends dup'ed onto its stdin and stdout.
    for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group (so that a timeout stops everything it started), default signal
    // handling (we ignore SIGPIPE; it should not) and no blocked signals.
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGPIPE, SIGINT, SIGTERM, SIGXFSZ] { sigaddset(&defaults, s) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)

    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(command), nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
    close(inPipe[0])
    close(outPipe[1])
    guard spawned == 0 else {
      close(inPipe[1])
      close(outPipe[0])
      return .failure(SpawnError(spawned))
    }

    let deadline = monotonicSeconds() + timeout
    var result = SubprocessResult(output: [])
    var inputFD: Int32 = inPipe[1]
    var outputFD: Int32 = outPipe[0]
    _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
    var written = 0
    if input.isEmpty {
      close(inputFD)
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
      let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining * 1000 + 1, 1_000_000)))
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if inputFD >= 0, fds.count > 1, fds[1].revents != 0 {
        let n = input.withUnsafeBytes { write(inputFD, $0.baseAddress! + written, $0.count - written) }
        if n > 0 { written += n }
        if (n < 0 && errno != EAGAIN && errno != EINTR) || written == input.count {
          // Done, or the child stopped reading (EPIPE): it may still answer from what it read.
          close(inputFD)
          inputFD = -1
        }
      }
      if fds[0].revents != 0 {
        let n = chunk.withUnsafeMutableBytes { read(outputFD, $0.baseAddress!, $0.count) }
        if n > 0 {
          result.output.append(contentsOf: chunk[0..<n])
          if result.output.count > maxOutput {
            result.outputTooLarge = true
            break
          }
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
          close(outputFD)
          outputFD = -1
        }
      }
    }
    if inputFD >= 0 { close(inputFD) }
    if outputFD >= 0 { close(outputFD) }
    // The output is complete (or we gave up); wait for the exit, within the same deadline.
    var status: Int32 = 0
    while !result.timedOut && !result.outputTooLarge {
      let r = waitpid(pid, &status, WNOHANG)
      if r == pid { break }
      if r < 0 && errno != EINTR { return .success(result) }
      if monotonicSeconds() >= deadline {
        result.timedOut = true
        break
      }
      usleep(5_000)
    }
    if result.timedOut || result.outputTooLarge {
      kill(-pid, SIGKILL)
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      return .success(result)
    }
    if status & 0x7F == 0 {
      result.status = (status >> 8) & 0xFF
    } else {
      result.signal = status & 0x7F
    }
    return .success(result)
  }

  static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}

/// A process that could not be started.
struct SpawnError: Error {
  /// The system error number.
  var code: Int32
  init(_ code: Int32) { self.code = code }
  var description: String { String(cString: strerror(code)) }
}
