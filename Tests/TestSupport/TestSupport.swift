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
    env.removeValue(forKey: "COLUMNS")
    for (k, v) in environment { env[k] = v }
    process.environment = env
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
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
    // Read both pipes concurrently so that neither fills up.
    let errData = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData.data = errPipe.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Result(status: status, stdout: outData, stderr: errData.data)
  }

  /// Runs `body` (which waits: a browser, a JVM, a timer) on a thread of its own and awaits it.
  /// Tests run on as many threads as there are cores, and a synchronous test holds its thread
  /// for as long as it runs: one that mostly waits would keep the other tests from that core.
  public static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
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
