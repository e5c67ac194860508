import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A provider (and what it starts, such as curl) ends with weather: on SIGINT or SIGTERM the
/// whole group is sent the signal before weather exits.
@Suite struct ProviderSignalTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aProviderEndsWithWeather(_ signal: Int32) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The provider's shell starts sleep as a child of its own (not exec'd), and says its pid.
    let provider = "sleep 30 & echo $! > child.pid; wait"
    // Through env --default-signal: a SIGINT ignored by whatever started the tests would stay
    // ignored in weather (as a shell means it for a background job).
    let process = try Faults.start(
      "/usr/bin/env",
      [
        "--default-signal=INT", TestSupport.tool("weather"), "spot", "--provider", provider, "--now",
        "2026-11-29T18:00:00Z",
      ], in: folder, name: "spot")
    let child = try #require(ChildProcesses.pid(in: folder.appendingPathComponent("child.pid")))
    let status = Faults.interrupt(process, with: signal) { true }
    #expect(status == 128 + signal)
    #expect(ChildProcesses.ends(child), "the provider's sleep (\(child)) outlived weather")
    if ChildProcesses.isRunning(child) { kill(child, SIGKILL) }
  }
}
