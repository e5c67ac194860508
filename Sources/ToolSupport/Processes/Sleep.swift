import Glibc

/// Sleeping that resumes after signals: the one sleep of the tools (timers, followers, notifiers).
public enum Sleep {
  /// Sleeps for `seconds` (fractions allowed).
  public static func seconds(_ seconds: Double) {
    guard seconds > 0 else { return }
    let whole = seconds.rounded(.down)
    var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }
}
