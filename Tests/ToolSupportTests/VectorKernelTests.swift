import Testing
import ToolSupport
import VectorScan

/// The kernel chosen at start: the best this processor runs, or the one `SAMPLEPIPES_ISA` names.
@Suite("vector kernel choice")
struct VectorKernelTests {
  @Test("unset or empty: the best this processor runs; a name it runs: that one")
  func chosen() throws {
    #expect(try VectorKernel.choice(nil) == VectorKernel.available.last)
    #expect(try VectorKernel.choice("") == VectorKernel.available.last)
    for set in VectorKernel.available { #expect(try VectorKernel.choice(set.rawValue) == set) }
    #expect(VectorKernel.available.first == .portable)
  }

  @Test("an unknown name, or one this processor does not run, is a usage error of one line")
  func refused() throws {
    let unknown = #expect(throws: ToolError.self) { try VectorKernel.choice("avx3") }
    #expect(unknown?.code == 64)
    #expect(unknown?.message.contains("did you mean 'avx2'?") == true)
    #expect(unknown?.notes.isEmpty == true)
    // A set the processor does not run is refused, naming those it runs.
    let older: [InstructionSet] = [.portable, .sse2]
    let missing = #expect(throws: ToolError.self) { try VectorKernel.choice("avx512", available: older) }
    #expect(missing?.code == 64)
    #expect(missing?.message.hasSuffix("which runs portable, sse2") == true)
    #expect(try VectorKernel.choice(nil, available: older) == .sse2)
    for set in InstructionSet.allCases where !VectorKernel.available.contains(set) {
      #expect(throws: ToolError.self) { _ = try VectorKernel.choice(set.rawValue) }
    }
  }
}
