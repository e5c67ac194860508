import Foundation
import PipeProtocol
import PipeReading
import ToolSupport

#if canImport(Glibc)
  import Glibc
#endif

extension TestSupport {
  /// Runs a tool's command in this process, as its executable would (`tool ARGUMENTS < stdin`),
  /// and returns its exit status and what it wrote: the same `Result` as `run`, without spawning.
  ///
  /// Use it for parsing and validation logic; keep spawning the built tool for what only a real
  /// process shows (signals, exit on a closed pipe, FIFOs, terminals).
  public static func runInProcess(_ command: Command, _ arguments: [String] = [], stdin: Data = Data())
    -> Result
  {
    runInProcess(stdin: stdin) { Runtime.execute(command, arguments) }
  }

  /// Runs `body` (a tool's `execute(arguments)`) with `stdin` as its standard input and its
  /// standard output and error captured, and returns its status and output.
  ///
  /// For the call, `StandardOutput.shared` and `StandardOutput.error` write to memory,
  /// `LineReader.injectedStandardInput` holds `stdin`, and file descriptor 0 is /dev/null (so a
  /// tool sees no terminal and never reads the test runner's own stdin); all are restored after.
  /// In-process runs take a lock, so that only one at a time swaps these process-wide settings.
  /// The tool does not get `Runtime.prepare`: no signal handlers, and a write error does not exit.
  public static func runInProcess(stdin: Data = Data(), _ body: () -> Int32) -> Result {
    InProcess.lock.lock()
    defer { InProcess.lock.unlock() }
    let savedOutput = StandardOutput.shared
    let savedError = StandardOutput.error
    let savedInput = LineReader.injectedStandardInput
    // A copy of fd 0 (-1 when it is closed), then /dev/null in its place.
    let savedFD0 = fcntl(0, F_DUPFD_CLOEXEC, 0)
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    if null > 0 {
      dup2(null, 0)
      close(null)
    }
    let output = BufferedOutput.memory()
    let error = BufferedOutput.memory()
    StandardOutput.shared = output
    StandardOutput.error = error
    LineReader.injectedStandardInput = [UInt8](stdin)
    defer {
      StandardOutput.shared = savedOutput
      StandardOutput.error = savedError
      LineReader.injectedStandardInput = savedInput
      if savedFD0 >= 0 {
        dup2(savedFD0, 0)
        close(savedFD0)
      } else if null == 0 {
        close(0)
      }
    }
    let status = body()
    output.flush()
    error.flush()
    return Result(
      status: status, stdout: InProcess.withoutColour(output.captured, fd: 1),
      stderr: InProcess.withoutColour(error.captured, fd: 2))
  }
}

enum InProcess {
  static let lock = NSLock()

  /// The bytes without ANSI colour codes when this test process's own `fd` is a terminal that
  /// takes colour. In process, a tool decides on colour from the test runner's descriptors 1 and 2,
  /// not from the memory it writes to: when tests run in a terminal it would colour, and the
  /// results would depend on where the tests run.
  static func withoutColour(_ bytes: [UInt8], fd: Int32) -> Data {
    guard Terminal.colorEnabled(fd: fd) else { return Data(bytes) }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      // ESC [ digits and semicolons, then m.
      if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B {
        var end = index + 2
        while end < bytes.count, bytes[end] == 0x3B || (0x30...0x39).contains(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == 0x6D {
          index = end + 1
          continue
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return Data(result)
  }
}
