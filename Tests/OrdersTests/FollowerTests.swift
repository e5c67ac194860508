import Foundation
import TestSupport
import Testing

/// Followers end when their reader goes, idle or not: each is started on an idle store with a
/// reader that reads nothing and leaves after half a second; the follower must end within a second
/// or two of that (on 5bcfb6a, watch and stream went on until `timeout` ended them).
@Suite("followers end when their reader goes", .serialized)
struct FollowerTests {
  /// Runs `orders ARGS` (its stderr dropped) into a reader that leaves after half a second; the
  /// follower's status and the seconds from the reader leaving to the follower's end.
  static func afterReaderLeaves(_ arguments: String) throws -> (status: String, seconds: Double) {
    let box = try Sandbox()
    let result = try TestSupport.shell(
      """
      orders list >/dev/null
      { timeout 20 orders \(arguments) 2>/dev/null; echo "$?" > status; date +%s.%N > ended; } \
        | { sleep 0.5; date +%s.%N > left; }
      wait
      while [ ! -s ended ]; do sleep 0.05; done
      echo "$(cat status) $(cat left) $(cat ended)"
      """,
      environment: [
        "SAMPLEPIPES_ORDERS": box.store, "TZ": "UTC", "SAMPLEPIPES_PREPARATION_SECONDS": "60",
      ], currentDirectory: box.folder)
    let words = result.out.split(separator: " ").map {
      String($0).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard words.count == 3, let left = Double(words[1]), let ended = Double(words[2]) else {
      Issue.record("unexpected output: \(result.out) \(result.err)")
      return ("", .infinity)
    }
    return (words[0], ended - left)
  }

  @Test("orders watch on an idle store ends when its reader goes")
  func watch() throws {
    let (status, seconds) = try Self.afterReaderLeaves("watch")
    #expect(status == "0", "watch ended with \(status) (124: timeout ended it)")
    #expect(seconds < 3, "watch ended \(seconds) s after its reader")
  }

  @Test("orders notices --follow on an idle store ends when its reader goes")
  func notices() throws {
    let (status, seconds) = try Self.afterReaderLeaves("notices --follow")
    #expect(status == "0", "notices --follow ended with \(status) (124: timeout ended it)")
    #expect(seconds < 3, "notices --follow ended \(seconds) s after its reader")
  }

  @Test("orders stream between two far-apart orders ends when its reader goes")
  func stream() throws {
    // At --speed 0.01 the first order is 300 to 800 s away.
    let (status, seconds) = try Self.afterReaderLeaves("stream --speed 0.01")
    #expect(status == "0", "stream ended with \(status) (124: timeout ended it)")
    #expect(seconds < 3, "stream ended \(seconds) s after its reader")
  }

  @Test("orders widget activity --follow ends when its reader goes")
  func widget() throws {
    let (status, seconds) = try Self.afterReaderLeaves("widget activity --follow")
    #expect(status == "0", "widget activity --follow ended with \(status)")
    #expect(seconds < 3, "widget activity --follow ended \(seconds) s after its reader")
  }
}
