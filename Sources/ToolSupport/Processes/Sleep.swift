import SystemIO

/// Sleeping that resumes after signals: the one sleep of the tools (timers, followers, notifiers).
public enum Sleep {
  /// Sleeps for `seconds` (fractions allowed).
  public static func seconds(_ seconds: Double) {
    SystemCall.sleep(seconds)
  }
}
