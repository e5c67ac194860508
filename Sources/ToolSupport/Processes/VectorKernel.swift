import Glibc
import SystemIO
import VectorScan

/// The vector kernel the reading uses (`VectorScan.selected`), chosen once at start from what the
/// processor runs (the `flags` of /proc/cpuinfo: Swift has no `cpuid`, and Linux lists a vector
/// extension there only when it also saves its registers) and `SAMPLEPIPES_ISA`.
public enum VectorKernel {
  /// The instruction sets this processor runs with a kernel built for them, best last; read once.
  public static let available: [InstructionSet] = InstructionSet.available(cpuFlags: cpuFlags())

  /// Sets `VectorScan.selected`: `SAMPLEPIPES_ISA` when it names one of `available`, the best of
  /// them when it is unset or empty. A usage error (one line) for any other value.
  public static func choose(environment: String? = Environment.get("SAMPLEPIPES_ISA")) throws(ToolError) {
    VectorScan.selected = try choice(environment)
  }

  /// The kernel `choose` sets for `given`, on a processor that runs `available`.
  public static func choice(_ given: String?, available: [InstructionSet] = available) throws(ToolError)
    -> InstructionSet
  {
    guard let given, !given.isEmpty else { return available.last ?? VectorScan.baseline }
    guard let set = InstructionSet(rawValue: given) else {
      let names = InstructionSet.allCases.map(\.rawValue)
      let close = Suggest.notes(for: given, in: names).map { " (\($0))" }.joined()
      throw .usage(
        "SAMPLEPIPES_ISA must be one of \(names.joined(separator: ", ")), not '\(TerminalText.safe(given))'\(close)"
      )
    }
    guard available.contains(set) else {
      throw .usage(
        "SAMPLEPIPES_ISA '\(given)' is not available on this processor, which runs "
          + available.map(\.rawValue).joined(separator: ", "))
    }
    return set
  }

  /// The words of the `flags` line of /proc/cpuinfo (its first 16 KiB hold the first
  /// processor's), or nil when it cannot be read.
  static func cpuFlags() -> Set<Substring>? {
    guard let fd = try? SystemCall.open("/proc/cpuinfo", O_RDONLY | O_CLOEXEC) else { return nil }
    defer { _ = SystemCall.close(fd) }
    var bytes = [UInt8](repeating: 0, count: 16 << 10)
    var count = 0
    while count < bytes.count, let n = try? SystemCall.readWaiting(fd, into: &bytes, from: count), n > 0 {
      count += n
    }
    return InstructionSet.cpuFlags(cpuinfo: Substring(decoding: bytes[..<count], as: UTF8.self))
  }
}
