import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Fault injection for the hardening tests: processes killed at random moments, full disks,
/// read-only folders, signals, and peak memory.
public enum Faults {
  /// Whether the tests run as root (then permissions do not stop reading or writing).
  public static var isRoot: Bool { geteuid() == 0 }

  /// Starts a built tool (or any executable path) without waiting; stdout and stderr go to files
  /// in `folder` named `NAME.out` and `NAME.err`.
  public static func start(
    _ tool: String, _ arguments: [String], in folder: URL, name: String, stdin: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : TestSupport.tool(tool))
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env["TZ"] = "UTC"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    process.currentDirectoryURL = folder
    let out = folder.appendingPathComponent("\(name).out")
    let err = folder.appendingPathComponent("\(name).err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Runs a tool and kills it with SIGKILL after `delay` seconds unless it ended first. Returns
  /// its exit status (137 when killed) and its standard output.
  public static func runKilled(
    _ tool: String, _ arguments: [String], in folder: URL, after delay: Double, stdin: URL? = nil
  ) throws -> (status: Int32, out: String) {
    let process = try start(tool, arguments, in: folder, name: "run", stdin: stdin)
    let deadline = Date().addingTimeInterval(delay)
    while process.isRunning, Date() < deadline { usleep(500) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    let out = (try? String(contentsOf: folder.appendingPathComponent("run.out"), encoding: .utf8)) ?? ""
    return (status, out)
  }

  /// How long a command takes here and now: the median of three runs, in seconds. The kill
  /// campaigns kill at random moments within about this long, so that most kills land mid-run.
  public static func typicalDuration(
    _ tool: String, _ arguments: [String], in folder: URL, stdin: URL? = nil
  ) throws -> Double {
    var times: [Double] = []
    for _ in 0..<3 {
      let start = Date()
      _ = try runKilled(tool, arguments, in: folder, after: 60, stdin: stdin)
      times.append(Date().timeIntervalSince(start))
    }
    return times.sorted()[1]
  }

  /// Sends `signal` to a running process once `ready()` holds (or after `timeout` seconds), and
  /// returns its exit status (128 + signal when the signal ended it without a handler).
  public static func interrupt(
    _ process: Process, with signal: Int32, when ready: () -> Bool, timeout: Double = 20
  ) -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, !ready(), Date() < deadline { usleep(2000) }
    kill(process.processIdentifier, signal)
    // A process that does not end within 10 seconds is killed, and -1 returned. One that has ended
    // but that Foundation has not reaped yet (a zombie: on a busy machine its reaping can lag) has
    // ended.
    let end = Date().addingTimeInterval(10)
    while process.isRunning, !hasEnded(process.processIdentifier), Date() < end { usleep(2000) }
    if process.isRunning, !hasEnded(process.processIdentifier) {
      FileHandle.standardError.write(
        Data(
          "Faults.interrupt: \(process.processIdentifier) still running: \(state(of: process.processIdentifier))\n"
            .utf8))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return -1
    }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
  }

  /// Whether process `pid` has exited (a zombie, or gone), from /proc.
  static func hasEnded(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    // The state follows the command's closing parenthesis.
    guard let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// What /proc says of process `pid` and its threads (state and where each waits).
  static func state(of pid: Int32) -> String {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.sorted().map { task in
      let wchan = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?"
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)) ?? ""
      let state = stat.lastIndex(of: ")").map { String(stat[stat.index($0, offsetBy: 2)]) } ?? "?"
      return "\(task) \(state) \(wchan)"
    }.joined(separator: "; ")
  }

  /// Starts a tool that replaces a file atomically in `folder`, waits until its temporary file
  /// appears, and sends `signal` then. Returns the exit status, or nil when the tool finished
  /// before a temporary file was seen (too fast to catch).
  public static func interruptAtomicWrite(
    _ tool: String, _ arguments: [String], in folder: URL, with signal: Int32, stdin: URL? = nil
  ) throws -> Int32? {
    let process = try start(tool, arguments, in: folder, name: "atomic", stdin: stdin)
    var seen = false
    // Up to two minutes for the temporary file: on a busy machine a debug build's rewrite of a big
    // store starts late (CI once saw it past 20 seconds); on a quiet one this returns at once.
    let status = interrupt(
      process, with: signal,
      when: {
        seen = !temporaryFiles(in: folder).isEmpty
        return seen
      }, timeout: 120)
    return seen ? status : nil
  }

  /// Takes the exclusive lock a store's writers take (`flock` on `lockPath`) and returns its file
  /// descriptor (close it to release the lock), or nil when it cannot.
  public static func holdLock(_ lockPath: String) -> Int32? {
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return nil }
    guard flock(fd, LOCK_EX) == 0 else {
      close(fd)
      return nil
    }
    return fd
  }

  /// The size of a file in bytes (0 when it is missing).
  public static func size(_ url: URL) -> Int {
    var info = stat()
    return stat(url.path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// The names in `folder` that look like temporary files (`.NAME.tmp-PID-N`).
  public static func temporaryFiles(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.contains(".tmp-")
    }
  }

  /// Runs a shell command line; its status.
  @discardableResult
  public static func sh(_ command: String) -> Int32 {
    (try? TestSupport.runProcess("/bin/bash", ["-c", command]).status) ?? -1
  }

  /// A small tmpfs mounted at `folder` (root only). False when mounting is not possible here.
  public static func mountTmpfs(at folder: URL, kilobytes: Int) -> Bool {
    isRoot && sh("mount -t tmpfs -o size=\(kilobytes)k samplepipes-test '\(folder.path)' 2>/dev/null") == 0
  }

  /// Whether `mountTmpfs` works here (tried once on a scratch folder).
  public static let canMountTmpfs: Bool = {
    guard isRoot, let folder = try? TestSupport.temporaryDirectory() else { return false }
    defer { try? FileManager.default.removeItem(at: folder) }
    guard mountTmpfs(at: folder, kilobytes: 64) else { return false }
    unmount(folder)
    return true
  }()

  /// Unmounts what `mountTmpfs` or `mountReadOnly` mounted.
  public static func unmount(_ folder: URL) {
    sh("umount '\(folder.path)' 2>/dev/null || umount -l '\(folder.path)' 2>/dev/null")
  }

  /// Makes `folder` read-only for the tools: a read-only bind mount of it over itself as root
  /// (where permission bits do not stop root), else mode 0555. Returns how, or nil when neither
  /// works here (a test declares that it needs it: `.enabled(if: Faults.canMakeReadOnly, ...)`).
  /// Undo with `makeWritable`.
  public static func makeReadOnly(_ folder: URL) -> String? {
    if isRoot {
      let path = folder.path
      if sh("mount --bind '\(path)' '\(path)' && mount -o remount,bind,ro '\(path)'") == 0 {
        return "a read-only bind mount"
      }
      unmount(folder)
      return nil
    }
    return chmod(folder.path, 0o555) == 0 ? "mode 0555" : nil
  }

  /// Whether `makeReadOnly` works here (tried once on a scratch folder).
  public static let canMakeReadOnly: Bool = {
    guard let folder = try? TestSupport.temporaryDirectory() else { return false }
    defer { try? FileManager.default.removeItem(at: folder) }
    guard makeReadOnly(folder) != nil else { return false }
    makeWritable(folder)
    return true
  }()

  /// Undoes `makeReadOnly`.
  public static func makeWritable(_ folder: URL) {
    if isRoot { unmount(folder) } else { chmod(folder.path, 0o755) }
  }

  /// Fills the file system holding `folder` with a file `fill` until it is full.
  public static func fill(_ folder: URL) {
    sh("dd if=/dev/zero of='\(folder.appendingPathComponent("fill").path)' bs=4k 2>/dev/null")
  }

  /// Whether `/usr/bin/time` is there to measure peak memory.
  public static var canMeasureMemory: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/time") }

  /// Runs a bash command line under `/usr/bin/time -f %M` (the built tools first on PATH); returns
  /// its status, the peak resident set size in KiB, and its stderr without the time line.
  public static func peakMemory(_ command: String, in folder: URL) throws -> (
    status: Int32, kilobytes: Int, err: String
  ) {
    let timeFile = folder.appendingPathComponent("time.txt").path
    let result = try TestSupport.runProcess(
      "/usr/bin/time", ["-o", timeFile, "-f", "%M", "/bin/bash", "-c", command], currentDirectory: folder)
    let text = (try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? ""
    let kilobytes = text.split(separator: "\n").compactMap { Int($0) }.last ?? -1
    return (result.status, kilobytes, result.err)
  }
}
