import Foundation
import Glibc
import TestSupport
import Testing

/// The test harness's own rules: how a test waits with a deadline, and what a job it starts holds.
@Suite("the test harness")
struct HarnessTests {
  /// A lock-guarded counter, shared with the thread that polls.
  final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      count += 1
      return count
    }
  }

  @Test("a poller kept from looking until after its deadline looks once more, and sees what happened")
  func looksAfterTheDeadline() async {
    // The first look is held past the deadline, as a busy machine holds a poller; what it waits
    // for happens meanwhile. A loop that only looks before its deadline reports false here.
    let calls = Calls()
    let seen = await TestSupport.eventually(within: 0.2, every: 0.01) {
      if calls.next() == 1 {
        Thread.sleep(forTimeInterval: 0.5)
        return false
      }
      return true
    }
    #expect(seen)
    #expect(!TestSupport.poll(within: 0.1, every: 0.01) { false })
  }

  @Test("a job holds its three standard streams and no other descriptor of the test process")
  func jobHoldsNoOtherDescriptor() throws {
    // A descriptor of this process left open across exec, as Foundation leaves some: another
    // test's pipe, say.
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    let dir = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let listing = dir.appendingPathComponent("fds").path
    let output = open(listing, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    defer { for fd in [output, null] { close(fd) } }
    // The shell says what each of its descriptors is (the folder its glob reads is closed by then).
    let pid = try Job.spawn(
      ["/bin/bash", "-c", "for fd in /proc/$$/fd/*; do readlink \"$fd\"; done"], environment: [:],
      descriptors: [null, output, output])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let held = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(held == ["/dev/null", listing, listing], "\(held)")
  }
}
