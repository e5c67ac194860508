import Glibc

/// The clock, read in one place so that `--now` can replace it.
public enum Clock {
  /// Seconds since 1970.
  public static func nowSeconds() -> Int {
    // Not time(2): glibc reads it from the coarse clock, which can trail the one Foundation's
    // Date reads by a tick, so that the two disagree on the second.
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return spec.tv_sec
  }
}
