import Glibc
import SystemIO

/// What a follower (a command that waits for more to write: `orders watch`, `orders notices
/// --follow`, `orders stream`) does while it waits: it watches its output for hang-up, so that it
/// ends when its reader goes away (`| head -n 1`), idle or not, and not only at its next write.
///
/// The output is polled with no events asked for: a pipe whose reader has closed reports POLLERR,
/// a terminal that hung up POLLHUP, and poll() reports those two always, waking at once. A
/// regular file or /dev/null reports neither, and the wait is a plain sleep.
public enum Follower {
  /// Whether the reader of `fd` (stdout) has gone away: a pipe with no reader left, a hung-up
  /// terminal or socket. Looks without waiting.
  public static func readerIsGone(fd: Int32 = 1) -> Bool {
    var descriptor = pollfd(fd: fd, events: 0, revents: 0)
    return (try? SystemCall.poll(&descriptor, count: 1, timeout: 0)) == 1
      && descriptor.revents & Int16(POLLERR | POLLHUP) != 0
  }

  /// Waits `seconds` (fractions allowed, resumed after signals), or less when the reader of `fd`
  /// goes away meanwhile. Returns whether the reader is still there: false means end now, quietly
  /// (status 0, as a closed pipe does).
  @discardableResult
  public static func wait(_ seconds: Double, fd: Int32 = 1) -> Bool {
    let deadline = Subprocess.monotonicSeconds() + max(seconds, 0)
    while true {
      if readerIsGone(fd: fd) { return false }
      let left = deadline - Subprocess.monotonicSeconds()
      if left <= 0 { return true }
      // Slices of at most a quarter second: a reader's going is seen within one even where the
      // kernel would not wake poll() for it.
      let slice = min(left, 0.25)
      var descriptor = pollfd(fd: fd, events: 0, revents: 0)
      let ready = try? SystemCall.poll(&descriptor, count: 1, timeout: Int32((slice * 1000).rounded(.up)))
      if ready == nil || (ready == 1 && descriptor.revents & Int16(POLLNVAL) != 0) {
        // Nothing to watch (stdout closed), or poll cannot: sleep the slice.
        Sleep.seconds(slice)
      }
    }
  }
}
