/// The exit statuses every SamplePipes tool uses (sysexits-style).
public enum ExitStatus {
  /// Success.
  public static let ok: Int32 = 0
  /// A failure that is not about usage or input (unknown id, refused step).
  public static let failure: Int32 = 1
  /// A command-line usage error.
  public static let usage: Int32 = 64
  /// Bad input data.
  public static let dataError: Int32 = 65
  /// An input file could not be opened.
  public static let noInput: Int32 = 66
  /// An I/O error (reading, writing, syncing).
  public static let ioError: Int32 = 74
  /// Interrupted by SIGINT.
  public static let interrupted: Int32 = 130
  /// Terminated by SIGTERM.
  public static let terminated: Int32 = 143
}
