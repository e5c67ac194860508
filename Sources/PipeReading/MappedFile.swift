import Glibc
import PipeProtocol
import Synchronization
import SystemIO

/// A regular file mapped into memory for reading, so that the parallel readers hand workers the
/// file's own pages instead of copying them (`LineReader` reads its bytes from the mapping).
///
/// A file that shrinks while mapped (truncated by another program) would end the process with
/// SIGBUS at the first page past its new end. Instead, a SIGBUS handler puts a page of zeros
/// where the page was and marks the mapping; `checkIntact(upTo:)`, called before any byte of the
/// mapping is used, then finds the mark, or a size below what was read, and throws an I/O error
/// naming the file (exit 74), so no answer made from the missing bytes is ever printed.
///
/// Pages already read are given back (`release(upTo:)`), so memory stays near the chunks in work.
public final class MappedFile {
  /// The first byte of the mapping.
  public let base: UnsafePointer<UInt8>
  /// The size of the file when it was mapped: the bytes mapped.
  public let count: Int
  /// The input's name in messages.
  let source: String
  let fd: Int32
  /// The entry of `MappedFile.table` that holds this mapping.
  let entry: Int
  /// The mapping's bytes before this offset were given back.
  var released = 0

  /// The system's page size.
  static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Maps the regular file open as `fd` (named `source` in messages), or nil: not a regular file,
  /// empty, `SAMPLEPIPES_MMAP=0`, or no room left among the mappings the handler knows.
  public init?(fd: Int32, source: String) {
    guard MappedFile.enabled else { return nil }
    guard let info = SystemCall.statusIfAny(fd), info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else {
      return nil
    }
    let size = Int(info.st_size)
    guard let entry = MappedFile.table.reserve() else { return nil }
    guard let address = SystemCall.mapForReading(fd, count: size) else {
      MappedFile.table.free(entry)
      return nil
    }
    SystemCall.advise(address, count: size, MADV_SEQUENTIAL)
    self.base = address.assumingMemoryBound(to: UInt8.self)
    self.count = size
    self.source = source
    self.fd = fd
    self.entry = entry
    MappedFile.table.publish(entry, start: Int(bitPattern: address), end: Int(bitPattern: address) + size)
    MappedFile.installHandler
  }

  deinit {
    MappedFile.table.free(entry)
    SystemCall.unmap(base, count: count)
  }

  /// Whether readers map regular files: yes, unless `SAMPLEPIPES_MMAP=0` (read(2) then, as on a pipe).
  static let enabled: Bool = {
    guard let value = getenv("SAMPLEPIPES_MMAP") else { return true }
    return String(cString: value) != "0"
  }()

  /// Throws an I/O error when the bytes before `end` cannot be trusted: a page of the mapping went
  /// missing (the handler saw SIGBUS), or the file is now shorter than `end`.
  public func checkIntact(upTo end: Int) throws(InputError) {
    let shrunk = SystemCall.statusIfAny(fd).map { Int($0.st_size) < end } ?? false
    guard shrunk || MappedFile.table.faulted(entry) else { return }
    throw InputError(
      .io, source: source, line: 0,
      message:
        "the file shrank while it was read (another program truncated it?); read it again once it is whole")
  }

  /// How many bytes read are given back at once. Giving pages back empties the page tables'
  /// cache (the TLB) of every core that runs one of the process's threads, each by an interrupt,
  /// and every function runs slower after it: giving back every 256 KiB chunk made sales-chart on
  /// two cores take 1.12x as long as giving back none (15 paired runs). 2 MiB at a time is within
  /// 1% of 4 MiB, as 4 is of 8 (41 paired runs each), and keeps less mapped: 2 MB less than 4.
  static let releaseStep = 2 << 20

  /// Gives back the whole pages before `offset`, read and no longer needed, once there are
  /// `releaseStep` bytes of them.
  public func release(upTo offset: Int) {
    let pageEnd = offset / MappedFile.pageSize * MappedFile.pageSize
    guard pageEnd - released >= MappedFile.releaseStep else { return }
    SystemCall.advise(base + released, count: pageEnd - released, MADV_DONTNEED)
    released = pageEnd
  }

  /// Called with the path of each file `LineReader.open` has just mapped, when set: a test sets it
  /// to shrink the file at that moment, so that a test of the truncation error races nothing.
  /// Tools never set it.
  @_spi(Testing) nonisolated(unsafe) public static var afterMapping: ((_ path: String) -> Void)?

  // MARK: - The SIGBUS handler

  /// The mappings the handler knows: (start, end, faulted) for each, in atomics the handler reads.
  final class Table: @unchecked Sendable {
    static let capacity = 64
    /// 0: free; -1: reserved, not published yet; else the start address.
    let starts: UnsafeMutablePointer<Atomic<Int>>
    let ends: UnsafeMutablePointer<Atomic<Int>>
    let faults: UnsafeMutablePointer<Atomic<Int>>

    init() {
      starts = .allocate(capacity: Table.capacity)
      ends = .allocate(capacity: Table.capacity)
      faults = .allocate(capacity: Table.capacity)
      for i in 0..<Table.capacity {
        (starts + i).initialize(to: Atomic(0))
        (ends + i).initialize(to: Atomic(0))
        (faults + i).initialize(to: Atomic(0))
      }
    }

    func reserve() -> Int? {
      for i in 0..<Table.capacity
      where starts[i].compareExchange(expected: 0, desired: -1, ordering: .acquiringAndReleasing).exchanged {
        return i
      }
      return nil
    }

    func publish(_ i: Int, start: Int, end: Int) {
      faults[i].store(0, ordering: .releasing)
      ends[i].store(end, ordering: .releasing)
      starts[i].store(start, ordering: .releasing)
    }

    func faulted(_ i: Int) -> Bool { faults[i].load(ordering: .acquiring) != 0 }

    func free(_ i: Int) {
      ends[i].store(0, ordering: .releasing)
      starts[i].store(0, ordering: .releasing)
    }

    /// The entry whose mapping holds `address`, or nil. Safe in a signal handler (atomics only).
    func entry(holding address: Int) -> Int? {
      for i in 0..<Table.capacity {
        let start = starts[i].load(ordering: .acquiring)
        guard start > 0, address >= start, address < ends[i].load(ordering: .acquiring) else { continue }
        return i
      }
      return nil
    }
  }

  static let table = Table()

  /// The action SIGBUS had before this handler: given back for a fault outside every mapping.
  nonisolated(unsafe) static var previousAction = sigaction()

  /// Installs the handler, once (a global's initializer runs once, on any thread).
  static let installHandler: Void = {
    // What the handler reads is made here: a global's first use in a handler would run its
    // initializer there.
    _ = table
    _ = pageSize
    // And the handler's path run once: a generic's first use makes its metadata with malloc,
    // which a handler interrupting a malloc must not call.
    _ = table.entry(holding: 0)
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { _, info, _ in
      let address = Int(bitPattern: info?.pointee._sifields._sigfault.si_addr)
      if let entry = MappedFile.table.entry(holding: address) {
        // Zeros where the page was: the faulting read goes on, and the reader, finding the
        // mark, throws before using what it read.
        let page = address & ~(MappedFile.pageSize - 1)
        if let page = UnsafeMutableRawPointer(bitPattern: page) {
          SystemCall.mapZeros(at: page, count: MappedFile.pageSize)
        }
        MappedFile.table.faults[entry].store(1, ordering: .releasing)
        return
      }
      // Not a mapping of ours: the fault repeats under the previous action.
      sigaction(SIGBUS, &MappedFile.previousAction, nil)
    }
    action.sa_flags = SA_SIGINFO | SA_ONSTACK
    sigemptyset(&action.sa_mask)
    sigaction(SIGBUS, &action, &previousAction)
  }()
}
