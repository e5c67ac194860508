import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A process started as a shell starts a job: in a process group of its own, with no signal
/// blocked and SIGINT and SIGQUIT at their defaults. Foundation's `Process` starts a child with
/// almost every signal blocked, which no terminal does: a test of what Ctrl-C does starts a job.
/// A job holds no other descriptor of the test process: tests run side by side, and a dashboard
/// that kept another test's pipe open kept that test waiting for an end of file, and one that
/// kept a script open for writing made its exec fail ("Text file busy").
public enum Job {
  /// Starts `arguments` with `descriptors` as its standard input, output and error, and no other
  /// descriptor.
  public static func spawn(_ arguments: [String], environment: [String: String], descriptors: [Int32]) throws
    -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (fd, descriptor) in descriptors.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(fd))
    }
    closeTheRest(after: Int32(descriptors.count), in: &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    sigaddset(&defaults, SIGQUIT)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
    return pid
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module does
  /// not export.
  private typealias CloseFrom =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
    ) -> Int32
  private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
    unsafeBitCast($0, to: CloseFrom.self)
  }

  /// Closes, in the child, every descriptor from `first` on (its standard streams are in place
  /// by then).
  private static func closeTheRest(after first: Int32, in actions: inout posix_spawn_file_actions_t) {
    if let closeFrom, closeFrom(&actions, first) == 0 { return }
    // An older glibc: the descriptors open now, as /proc lists them.
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap(Int32.init) where fd >= first && fcntl(fd, F_GETFD) >= 0 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
  }

  /// Runs `script` with bash as a job in `folder`, the built tools first on PATH, and waits up to
  /// `seconds` for it. Returns its status as a shell reports it (128 + a signal that ended it), or
  /// nil when it did not end in time (its whole group is then killed), and what it wrote to
  /// stdout and stderr.
  public static func shell(_ script: String, in folder: URL, within seconds: Double = 60) throws -> (
    status: Int32?, output: String
  ) {
    let outputPath = folder.appendingPathComponent(".job-output").path
    let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    defer {
      close(output)
      close(null)
    }
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      TestSupport.productsDirectory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let quoted = "'" + folder.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let pid = try spawn(
      ["/bin/bash", "-c", "cd \(quoted) || exit 1\n" + script], environment: environment,
      descriptors: [null, output, output])
    var status: Int32 = 0
    let ended = TestSupport.poll(within: seconds, every: 0.02) { waitpid(pid, &status, WNOHANG) == pid }
    if !ended {
      kill(-pid, SIGKILL)
      waitpid(pid, &status, 0)
    }
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: outputPath)
    guard ended else { return (nil, text) }
    return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), text)
  }
}
