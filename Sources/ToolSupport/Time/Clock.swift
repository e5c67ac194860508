import Glibc

/// The clock, read in one place so that `--now` can replace it.
public enum Clock {
  /// Seconds since 1970.
  public static func nowSeconds() -> Int { Int(time(nil)) }
}
