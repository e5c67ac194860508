import Foundation

/// Helpers for tests that run the built tools.
public enum TestSupport {
  /// The package root (the folder holding Package.swift).
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  /// The folder of the built products (beside the running test bundle).
  public static let productsDirectory: URL = {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var dir = exe.deletingLastPathComponent()
    // The test bundle may sit inside a `.xctest` folder.
    while dir.path != "/"
      && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("pipe-check").path)
    {
      dir.deleteLastPathComponent()
    }
    return dir
  }()

  /// `../shared` beside the project root, when it exists.
  public static var sharedDirectory: URL? {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The path of a built tool.
  public static func tool(_ name: String) -> String {
    productsDirectory.appendingPathComponent(name).path
  }

  /// What a process did.
  public struct Result: Sendable {
    /// Its exit status (128 + signal when killed).
    public var status: Int32
    /// Its standard output.
    public var stdout: Data
    /// Its standard error.
    public var stderr: Data
    /// Standard output as text.
    public var out: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as text.
    public var err: String { String(decoding: stderr, as: UTF8.self) }
  }

  /// Runs a built tool with arguments and optional stdin bytes.
  public static func run(
    _ tool: String, _ arguments: [String] = [], stdin: Data? = nil, environment: [String: String] = [:],
    currentDirectory: URL? = nil
  ) throws -> Result {
    try runProcess(
      self.tool(tool), arguments, stdin: stdin, environment: environment, currentDirectory: currentDirectory)
  }

  /// Runs a bash command line with the built tools first on PATH.
  public static func shell(
    _ command: String, stdin: Data? = nil, environment: [String: String] = [:], currentDirectory: URL? = nil
  ) throws -> Result {
    try runProcess(
      "/bin/bash", ["-c", command], stdin: stdin, environment: environment, currentDirectory: currentDirectory
    )
  }

  /// Runs any executable.
  public static func runProcess(
    _ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    currentDirectory: URL? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["PATH"] = productsDirectory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    env["NO_COLOR"] = "1"
    // A runner's own request to force colour must not reach a test that unsets NO_COLOR.
    env.removeValue(forKey: "FORCE_COLOR")
    env.removeValue(forKey: "CLICOLOR_FORCE")
    env.removeValue(forKey: "COLUMNS")
    for (k, v) in environment { env[k] = v }
    process.environment = env
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    // The pipes are close-on-exec (Foundation's are not): a process another test starts
    // meanwhile would otherwise hold their writing ends, and this test would wait for it to end.
    let outPipe = try closedOnExecHandles()
    let errPipe = try closedOnExecHandles()
    process.standardOutput = outPipe.writing
    process.standardError = errPipe.writing
    // A tool may exit without reading all of its stdin: a pipe would then raise SIGPIPE here.
    signal(SIGPIPE, SIG_IGN)
    // stdin comes from a file, as `bin/regtest` gives it: a pipe whose reader exits without
    // reading it all would kill this test process with SIGPIPE.
    var inputFile: URL?
    defer { if let inputFile { try? FileManager.default.removeItem(at: inputFile) } }
    if let stdin {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "samplepipes-stdin-\(UUID().uuidString)")
      try stdin.write(to: url)
      inputFile = url
      process.standardInput = try FileHandle(forReadingFrom: url)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    try outPipe.writing.close()
    try errPipe.writing.close()
    // Read both pipes concurrently so that neither fills up.
    let errData = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData.data = errPipe.reading.readDataToEndOfFile()
      group.leave()
    }
    let outData = outPipe.reading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Result(status: status, stdout: outData, stderr: errData.data)
  }

  /// A pipe whose two ends, reading and writing, are closed on exec: no process another test
  /// starts holds them, so the reader sees its end of file when the writers it meant are done.
  public static func closedOnExecPipe() throws -> [Int32] {
    var ends: [Int32] = [-1, -1]
    // (pipe2, which would set the flag at once, is not in Swift's Glibc module.)
    guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return ends
  }

  /// `closedOnExecPipe()` as file handles that close their descriptors.
  static func closedOnExecHandles() throws -> (reading: FileHandle, writing: FileHandle) {
    let ends = try closedOnExecPipe()
    return (
      FileHandle(fileDescriptor: ends[0], closeOnDealloc: true),
      FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    )
  }

  /// Runs `body` (which waits: a browser, a JVM, a timer) on a thread of its own and awaits it.
  /// Tests run on as many threads as there are cores, and a synchronous test holds its thread
  /// for as long as it runs: one that mostly waits would keep the other tests from that core.
  public static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
  }

  /// Whether `condition` holds within `seconds`, asked every `interval` on the calling thread and
  /// once more after the deadline. The last look is what makes a deadline safe on a busy machine:
  /// a poller kept from running until after it (a loaded core, a stalled disk) still sees what
  /// happened meanwhile, instead of failing without having looked.
  public static func poll(
    within seconds: Double, every interval: Double = 0.1, _ condition: () throws -> Bool
  ) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: interval)
    }
    return try condition()
  }

  /// `poll` on a thread of its own, for async tests: their awaits resume on the tests' shared
  /// threads, one per core, which synchronous tests (a kill -9 campaign, a 100 MB line) can hold
  /// for a minute. CI once saw a 30-second wait resume only after its deadline, and fail
  /// without looking at a dashboard that had ended long before.
  public static func eventually(
    within seconds: Double, every interval: Double = 0.1, _ condition: @escaping @Sendable () -> Bool
  ) async -> Bool {
    (try? await offThePool { poll(within: seconds, every: interval, condition) }) ?? false
  }

  /// Writes `contents` to `url` as an executable file (mode 755), open only to this process.
  /// Foundation opens its files without close-on-exec, and tests start processes side by side: a
  /// process started while a script was open for writing would keep it so, and running the
  /// script would then fail with "Text file busy".
  public static func writeExecutable(_ contents: String, to url: URL) throws {
    try writeExecutable(Data(contents.utf8), to: url)
  }

  /// Writes `contents` to `url` as an executable file, as `writeExecutable(_:to:)` with text does.
  public static func writeExecutable(_ contents: Data, to url: URL) throws {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    let bytes = [UInt8](contents)
    guard write(fd, bytes, bytes.count) == bytes.count, fchmod(fd, 0o755) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// A fresh temporary folder.
  public static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "samplepipes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

final class DataBox: @unchecked Sendable {
  var data = Data()
}
