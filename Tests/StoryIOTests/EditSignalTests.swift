import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `story-io edit` ended by SIGTERM or SIGHUP ends its editor too and removes its private copy.
@Suite struct EditSignalTests {
  // Not SIGINT: while the editor runs, Ctrl-C is the editor's (story-io ignores it).
  @Test(arguments: [SIGTERM, SIGHUP])
  func theEditorEndsWithStoryIO(_ signal: Int32) throws {
    let folder = try TestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    try Data("draft".utf8).write(to: folder.appendingPathComponent("E.story"))
    // The editor starts a child of its own (not exec'd), as an editor's helpers would.
    let editor = "sleep 30 & echo $! > \"$PWD/child.pid\"; wait; :"
    let process = try Faults.start(
      "story-io", ["edit", "E.story"], in: folder, name: "edit",
      environment: ["TMPDIR": tmp.path, "VISUAL": editor])
    let child = try #require(ChildProcesses.pid(in: folder.appendingPathComponent("child.pid")))
    let status = Faults.interrupt(process, with: signal) { true }
    #expect(status == 128 + signal)
    #expect(ChildProcesses.ends(child), "the editor's sleep (\(child)) outlived story-io")
    if ChildProcesses.isRunning(child) { kill(child, SIGKILL) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty, "the copy was left")
    #expect(try String(contentsOf: folder.appendingPathComponent("E.story"), encoding: .utf8) == "draft")
  }
}
