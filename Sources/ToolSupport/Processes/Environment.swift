import Glibc

/// Environment variables.
public enum Environment {
  /// The value of an environment variable.
  public static func get(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}
