import Foundation

/// How far the long campaigns go (kill -9 loops, fault campaigns, Spark, Chromium, 100 MB lines,
/// thread equality over every chunk size, the validator, big fuzz loops): one small instance of
/// each in the default run, so that `swift test` gives feedback in minutes, and all of it with
/// `SAMPLEPIPES_CAMPAIGNS=full`, which `.ci/run` sets, so that CI still checks everything.
///
///     for round in 0..<Campaign.size(small: 5, full: 40) { ... }
public enum Campaign {
  /// The environment variable that chooses the full campaigns (value `full`).
  public static let variable = "SAMPLEPIPES_CAMPAIGNS"

  /// Whether the campaigns run in full (`SAMPLEPIPES_CAMPAIGNS=full`).
  public static let full = ProcessInfo.processInfo.environment[variable] == "full"

  /// `small` in the default run, `full` when the campaigns run in full.
  public static func size<T>(small: T, full: T) -> T { Self.full ? full : small }

}
