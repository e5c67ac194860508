import Foundation

/// What a test needs from the machine, written once for the `.enabled(if:_:)` traits that declare
/// a test skipped (and say why) when it is missing:
///
///     @Test(.enabled(if: Requirements.has("xmllint"), "needs xmllint (.ci/run installs libxml2-utils)"))
public enum Requirements {
  /// Whether `tool` is an executable on PATH (or, with a slash, at that path).
  public static func has(_ tool: String) -> Bool { path(of: tool) != nil }

  /// Whether any of `tools` is on PATH.
  public static func hasAny(_ tools: [String]) -> Bool { first(of: tools) != nil }

  /// The full path of `tool` on PATH (or `tool` itself when it holds a slash and is executable).
  public static func path(of tool: String) -> String? {
    let fm = FileManager.default
    if tool.contains("/") { return fm.isExecutableFile(atPath: tool) ? tool : nil }
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for directory in directories {
      let candidate = "\(directory)/\(tool)"
      var isDirectory: ObjCBool = false
      if fm.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
        fm.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }

  /// The full path of the first of `tools` on PATH.
  public static func first(of tools: [String]) -> String? { tools.lazy.compactMap(path(of:)).first }

  /// Whether `python3` can import `module`.
  public static func python(_ module: String) -> Bool {
    guard has("python3") else { return false }
    return (try? TestSupport.runProcess("/usr/bin/env", ["python3", "-c", "import \(module)"]))?.status == 0
  }

  /// Whether `../shared` (JSONTestSuite and other shared data) is beside the project.
  public static var shared: Bool { TestSupport.sharedDirectory != nil }

  /// Whether the environment variable `name` is `1`.
  public static func flag(_ name: String) -> Bool { ProcessInfo.processInfo.environment[name] == "1" }
}
