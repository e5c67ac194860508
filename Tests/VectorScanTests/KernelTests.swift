import Foundation
import PipeProtocol
import TestSupport
import Testing
import VectorScan
import VectorScanKernels

#if arch(x86_64)
  import VectorScanAVX2
  import VectorScanAVX512
#endif

#if arch(x86_64)
  /// The entry points every kernel module has (AVX2, AVX-512), for the tests to call alike.
  protocol KernelModule {
    static func block(_ p: UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64)
    static func blocks(_ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>)
      -> Bool
    static func isPlain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool
    static func plainRun(_ base: UnsafePointer<UInt8>, _ count: Int, quotes: UnsafeMutablePointer<UInt64>)
      -> Int
    static func firstStringStop(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int
    static func firstQuoteOrBackslash(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int
    static func firstInvalidUTF8(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int?
  }

  extension AVX2Kernel: KernelModule {}
  extension AVX512Kernel: KernelModule {}
#endif

/// One instruction set's kernel, as the tests call it.
struct Kernel: CustomStringConvertible {
  var isa: InstructionSet
  var block: (UnsafePointer<UInt8>) -> (quotes: UInt64, notPlain: UInt64)
  var blocks: (UnsafePointer<UInt8>, Int, UnsafeMutablePointer<UInt64>) -> Bool
  var isPlain: (UnsafePointer<UInt8>, Int) -> Bool
  var plainRun: (UnsafePointer<UInt8>, Int, UnsafeMutablePointer<UInt64>) -> Int
  var firstStringStop: (UnsafePointer<UInt8>, Int, Int) -> Int
  var firstQuoteOrBackslash: (UnsafePointer<UInt8>, Int, Int) -> Int
  var firstInvalidUTF8: (UnsafePointer<UInt8>, Int) -> Int?
  var description: String { isa.rawValue }

  /// The kernel of a classifier that this build instantiates here, as the baseline does.
  static func generic<C: ByteClassifier & SendableMetatype>(_ isa: InstructionSet, _: C.Type) -> Kernel {
    Kernel(
      isa: isa, block: C.block, blocks: { ScanKernel<C>.blocks($0, $1, quotes: $2) },
      isPlain: ScanKernel<C>.isPlain, plainRun: { ScanKernel<C>.plainRun($0, $1, quotes: $2) },
      firstStringStop: { ScanKernel<C>.firstStringStop($0, from: $1, end: $2) },
      firstQuoteOrBackslash: { ScanKernel<C>.firstQuoteOrBackslash($0, from: $1, end: $2) },
      firstInvalidUTF8: ScanKernel<C>.firstInvalidUTF8)
  }

  static var portable: Kernel { generic(.portable, PortableClassifier.self) }

  /// The instruction sets this processor runs (from /proc/cpuinfo).
  static let availableHere: [InstructionSet] = {
    let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    return InstructionSet.available(cpuFlags: InstructionSet.cpuFlags(cpuinfo: Substring(text)))
  }()

  /// Every instruction set but the portable one that this processor runs.
  static var others: [InstructionSet] { availableHere.filter { $0 != .portable } }

  #if arch(x86_64)
    /// The kernel of a module of its own, through its entry points.
    static func module<M: KernelModule>(_ isa: InstructionSet, _: M.Type) -> Kernel {
      Kernel(
        isa: isa, block: M.block, blocks: { M.blocks($0, $1, quotes: $2) }, isPlain: M.isPlain,
        plainRun: { M.plainRun($0, $1, quotes: $2) },
        firstStringStop: { M.firstStringStop($0, from: $1, end: $2) },
        firstQuoteOrBackslash: { M.firstQuoteOrBackslash($0, from: $1, end: $2) },
        firstInvalidUTF8: M.firstInvalidUTF8)
    }
  #endif

  /// The kernel of `isa`.
  static func of(_ isa: InstructionSet) -> Kernel {
    #if arch(x86_64)
      switch isa {
      case .sse2: return generic(.sse2, SSE2Classifier.self)
      case .avx2: return module(.avx2, AVX2Kernel.self)
      case .avx512: return module(.avx512, AVX512Kernel.self)
      case .portable: return portable
      }
    #else
      return portable
    #endif
  }
}

/// Every kernel this machine runs against the portable one (and the portable one against a
/// reading byte by byte): the same masks, the same block pass, the same string scans, the same
/// UTF-8 verdicts, on random, mutated and JSONTestSuite lines.
@Suite("vector kernels")
struct KernelTests {
  static func isNotPlain(_ c: UInt8) -> Bool { c == 0x5C || c < 0x20 || c >= 0x80 }

  /// Checks `kernel` against the portable kernel on `line`, from every start in `starts`.
  static func check(_ kernel: Kernel, _ line: [UInt8], starts: [Int]? = nil) {
    let portable = Kernel.portable
    let count = line.count
    line.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var i = 0
      while i + 64 <= count {
        let mine = kernel.block(base + i)
        let theirs = portable.block(base + i)
        #expect(mine == theirs, "\(kernel): block at \(i) of \(line)")
        i += 64
      }
      let words = (count + 63) / 64
      var mine = [UInt64](repeating: 0xAAAA, count: words)
      var theirs = [UInt64](repeating: 0x5555, count: words)
      let minePlain = mine.withUnsafeMutableBufferPointer { kernel.blocks(base, count, $0.baseAddress!) }
      let theirPlain = theirs.withUnsafeMutableBufferPointer { portable.blocks(base, count, $0.baseAddress!) }
      #expect(minePlain == theirPlain, "\(kernel): plain \(line)")
      if theirPlain { #expect(mine == theirs, "\(kernel): quotes of \(line)") }
      #expect(kernel.isPlain(base, count) == portable.isPlain(base, count), "\(kernel): isPlain \(line)")
      var mineRun = [UInt64](repeating: 0xAAAA, count: words)
      var theirRun = [UInt64](repeating: 0x5555, count: words)
      let mineStop = mineRun.withUnsafeMutableBufferPointer { kernel.plainRun(base, count, $0.baseAddress!) }
      let theirStop = theirRun.withUnsafeMutableBufferPointer {
        portable.plainRun(base, count, $0.baseAddress!)
      }
      #expect(mineStop == theirStop, "\(kernel): plain run of \(line)")
      // The words up to the one holding the stop, where the bits from the stop on are clear.
      let written = min(words, theirStop / 64 + 1)
      #expect(mineRun[..<written] == theirRun[..<written], "\(kernel): plain run's quotes of \(line)")
      #expect(
        kernel.firstInvalidUTF8(base, count) == portable.firstInvalidUTF8(base, count),
        "\(kernel): UTF-8 of \(line)")
      for from in starts ?? Array(Set([0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65].filter { $0 <= count })) {
        for end in Set([count, max(from, count - 1), min(count, from + 16), min(count, from + 33)]) {
          #expect(
            kernel.firstStringStop(base, from, end) == portable.firstStringStop(base, from, end),
            "\(kernel): string stop \(from)..<\(end) of \(line)")
          #expect(
            kernel.firstQuoteOrBackslash(base, from, end) == portable.firstQuoteOrBackslash(base, from, end),
            "\(kernel): quote \(from)..<\(end) of \(line)")
        }
      }
    }
  }

  /// Checks the portable kernel against a reading byte by byte.
  static func checkPortable(_ line: [UInt8]) {
    let portable = Kernel.portable
    line.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let count = line.count
      let words = (count + 63) / 64
      var quotes = [UInt64](repeating: 0xFFFF, count: words)
      let plain = quotes.withUnsafeMutableBufferPointer { portable.blocks(base, count, $0.baseAddress!) }
      #expect(plain == !line.contains(where: isNotPlain))
      if plain {
        var expected = [UInt64](repeating: 0, count: words)
        for (i, c) in line.enumerated() where c == 0x22 { expected[i / 64] |= 1 << UInt64(i % 64) }
        #expect(quotes == expected)
      }
      #expect(portable.isPlain(base, count) == !line.contains(where: isNotPlain))
      var run = [UInt64](repeating: 0xFFFF, count: words + 1)
      let stop = run.withUnsafeMutableBufferPointer { portable.plainRun(base, count, $0.baseAddress!) }
      #expect(stop == (line.firstIndex(where: isNotPlain) ?? count), "plain run of \(line)")
      var before = [UInt64](repeating: 0, count: words + 1)
      for (i, c) in line[..<stop].enumerated() where c == 0x22 { before[i / 64] |= 1 << UInt64(i % 64) }
      let written = min(words, stop / 64 + 1)
      #expect(run[..<written] == before[..<written], "plain run's quotes of \(line)")
      #expect(
        portable.firstStringStop(base, 0, count)
          == (line.firstIndex { $0 == 0x22 || isNotPlain($0) } ?? count))
      #expect(
        portable.firstQuoteOrBackslash(base, 0, count)
          == (line.firstIndex { $0 == 0x22 || $0 == 0x5C } ?? count))
      let valid = String(validating: line, as: UTF8.self) != nil
      #expect((portable.firstInvalidUTF8(base, count) == nil) == valid, "UTF-8 of \(line)")
    }
  }

  static let interesting: [UInt8] = [
    0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x00, 0x1F, 0x20, 0x21, 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xE0, 0xED, 0xF0,
    0xF4, 0xFF, 0x7B, 0x7D, 0x3A, 0x2C,
  ]

  /// A random line of `count` bytes, mostly printable ASCII.
  static func randomLine(_ count: Int, using random: inout SplitMix64) -> [UInt8] {
    (0..<count).map { _ in
      Int.random(in: 0..<10, using: &random) < 2
        ? interesting.randomElement(using: &random)! : UInt8.random(in: 0x20...0x7E, using: &random)
    }
  }

  @Test("the kernels this machine runs", arguments: Kernel.others)
  func random(_ isa: InstructionSet) {
    let kernel = Kernel.of(isa)
    var random = SplitMix64(seed: 46)
    for _ in 0..<Campaign.size(small: 4_000, full: 40_000) {
      let line = Self.randomLine(Int.random(in: 0...300, using: &random), using: &random)
      Self.check(kernel, line)
    }
  }

  @Test("a byte flipped or inserted at the block boundaries (63, 64, 65)", arguments: Kernel.others)
  func mutated(_ isa: InstructionSet) {
    let kernel = Kernel.of(isa)
    var random = SplitMix64(seed: 4646)
    let record = Array(
      #"{"type":"order","id":"Order#1204","creationDate":"2026-11-29T12:00:00Z","donuts":[{"donut":"Rainbow","count":2},{"donut":"Blueberry","count":1}],"city":"San Francisco","parkingSpot":"Pier 39","status":"completed"}"#
        .utf8)
    for offset in [62, 63, 64, 65, 126, 127, 128, 129, 191, 192, 193] {
      for byte in 0...255 {
        var flipped = record
        flipped[offset] = UInt8(byte)
        Self.check(kernel, flipped, starts: [0, offset - 1, offset, offset + 1])
        var inserted = record
        inserted.insert(UInt8(byte), at: offset)
        Self.check(kernel, inserted, starts: [0, offset])
      }
    }
    for _ in 0..<Campaign.size(small: 2_000, full: 20_000) {
      var line = record
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let at = Int.random(in: 0..<line.count, using: &random)
        let byte = Self.interesting.randomElement(using: &random)!
        if Bool.random(using: &random) { line[at] = byte } else { line.insert(byte, at: at) }
      }
      Self.check(kernel, line)
    }
  }

  @Test(
    "every JSONTestSuite file, as a line",
    .enabled(if: Requirements.shared, "../shared/jsontestsuite is absent"), arguments: Kernel.others)
  func jsonTestSuite(_ isa: InstructionSet) throws {
    let kernel = Kernel.of(isa)
    let directory = try #require(TestSupport.sharedDirectory).appendingPathComponent(
      "jsontestsuite/test_parsing")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasSuffix(".json")
    }
    #expect(names.count > 300)
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
      Self.check(kernel, bytes)
      Self.check(kernel, Array(repeating: 0x20, count: 63) + bytes)
    }
  }

  @Test(
    "the bytes past a scan's end never count, and a scan that ends at a page's end reads no further",
    arguments: Kernel.availableHere)
  func pastTheEnd(_ isa: InstructionSet) throws {
    let kernel = Kernel.of(isa)
    // Two pages, the second unreadable: a read past the first one's end ends the test process.
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let raw = try #require(
      mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
        $0 == MAP_FAILED ? nil : $0
      })
    defer { munmap(raw, 2 * page) }
    #expect(mprotect(raw + page, page, PROT_NONE) == 0)
    let bytes = raw.assumingMemoryBound(to: UInt8.self)
    var random = SplitMix64(seed: 6464)
    for count in 0...200 {
      // A plain line with quotes, then bytes that would each change the answer: quotes,
      // backslashes, control bytes and bytes that are not ASCII.
      let line = (0..<count).map { _ in
        Int.random(in: 0..<5, using: &random) == 0
          ? UInt8(0x22) : UInt8.random(in: 0x20...0x7E, using: &random)
      }.map { $0 == 0x5C ? 0x41 : $0 }
      var expected = [UInt64](repeating: 0, count: (count + 63) / 64)
      for (i, c) in line.enumerated() where c == 0x22 { expected[i / 64] |= 1 << UInt64(i % 64) }
      for start in [0, 1, 37, page / 2 + 5, page - 64 - count, page - count] where start >= 0 {
        for i in 0..<page { bytes[i] = [0x22, 0x5C, 0x00, 0xFF][i % 4] }
        (bytes + start).update(from: line, count: count)
        var quotes = [UInt64](repeating: 0xAAAA, count: expected.count)
        let plain = quotes.withUnsafeMutableBufferPointer {
          kernel.blocks(bytes + start, count, $0.baseAddress!)
        }
        #expect(plain, "\(kernel): \(count) bytes at \(start)")
        #expect(quotes == expected, "\(kernel): quotes of \(count) bytes at \(start)")
        #expect(kernel.isPlain(bytes + start, count), "\(kernel): isPlain, \(count) bytes at \(start)")
        var run = [UInt64](repeating: 0xAAAA, count: expected.count)
        let stop = run.withUnsafeMutableBufferPointer {
          kernel.plainRun(bytes + start, count, $0.baseAddress!)
        }
        #expect(stop == count, "\(kernel): plain run, \(count) bytes at \(start)")
        #expect(run == expected, "\(kernel): plain run's quotes of \(count) bytes at \(start)")
      }
    }
  }

  @Test("the portable kernel reads as a byte-by-byte reading does")
  func portable() {
    var random = SplitMix64(seed: 64)
    for _ in 0..<Campaign.size(small: 4_000, full: 40_000) {
      Self.checkPortable(Self.randomLine(Int.random(in: 0...200, using: &random), using: &random))
    }
    Self.checkPortable(Array("é🌊 \u{7F}".utf8))
    Self.checkPortable([0xED, 0xA0, 0x80] + Array(repeating: 0x41, count: 40))
  }

  /// Checks that `isa`'s kernel is that kernel and classifies a known block: a quote at 3, a
  /// backslash at 10, a control byte at 30, a byte that is not ASCII at 40, a space at 63.
  static func checkKnownBlock(_ isa: InstructionSet) {
    var bytes = [UInt8](repeating: 0x41, count: 64)
    bytes[3] = 0x22
    bytes[10] = 0x5C
    bytes[30] = 0x1F
    bytes[40] = 0xC3
    bytes[63] = 0x20
    let kernel = Kernel.of(isa)
    #expect(kernel.isa == isa)
    let masks = bytes.withUnsafeBufferPointer { kernel.block($0.baseAddress!) }
    #expect(masks.quotes == 1 << 3)
    #expect(masks.notPlain == 1 << 10 | 1 << 30 | 1 << 40)
  }

  // The wide kernels run only where the processor has them: each is named here, so that a
  // machine without one shows the skip.

  @Test(
    "AVX2 is tested where the processor has it: a known block",
    .enabled(if: Kernel.availableHere.contains(.avx2)))
  func avx2IsTested() {
    Self.checkKnownBlock(.avx2)
  }

  @Test(
    "AVX-512 is tested where the processor has it: a known block",
    .enabled(if: Kernel.availableHere.contains(.avx512)))
  func avx512IsTested() {
    Self.checkKnownBlock(.avx512)
  }

  @Test("cpuinfo's flags choose the kernels")
  func available() {
    let text = "processor\t: 0\nflags\t\t: fpu sse sse2 avx avx2 bmi2\n\nprocessor\t: 1\nflags\t\t: fpu\n"
    let flags = InstructionSet.cpuFlags(cpuinfo: Substring(text))
    #expect(flags?.contains("avx2") == true)
    #if arch(x86_64)
      #expect(InstructionSet.available(cpuFlags: flags) == [.portable, .sse2, .avx2])
      let skylake: Set<Substring> = [
        "sse2", "avx2", "avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl",
      ]
      #expect(InstructionSet.available(cpuFlags: skylake) == [.portable, .sse2, .avx2, .avx512])
      // AVX-512F alone (Knights Landing) has no byte comparisons into masks.
      #expect(
        InstructionSet.available(cpuFlags: ["sse2", "avx2", "avx512f", "avx512cd"]) == [
          .portable, .sse2, .avx2,
        ])
      #expect(InstructionSet.available(cpuFlags: ["sse2"]) == [.portable, .sse2])
      #expect(InstructionSet.available(cpuFlags: nil) == [.portable, .sse2])
    #endif
    #expect(InstructionSet.cpuFlags(cpuinfo: "processor: 0\n") == nil)
  }
}
