import Glibc
import PipeProtocol

/// A pthread mutex with one condition variable.
final class Monitor: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
  /// Waits for a broadcast (the mutex held).
  func wait() { pthread_cond_wait(condition, mutex) }
  func broadcast() { pthread_cond_broadcast(condition) }
}

/// A thread running a closure, joined by `join()`.
final class WorkerThread {
  private final class Box {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  private var thread = pthread_t()

  /// Starts `body` on a new thread with a stack of `stackSize` bytes (reserved, touched as used).
  init(stackSize: Int = 64 << 20, _ body: @escaping @Sendable () -> Void) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let status = pthread_create(
      &thread, &attributes,
      { argument in
        let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
        box.body()
        return nil
      }, box)
    guard status == 0 else { fatalError("cannot start a thread: \(String(cString: strerror(status)))") }
  }

  func join() { pthread_join(thread, nil) }
}

/// The parallel driver: reads a `LineReader`'s input in chunks of whole lines (about `chunkSize`
/// bytes) that workers turn into values, merged on the calling thread in the order read. With
/// `threads` above one, `threads - 1` worker threads are started and the calling thread is the
/// last worker: between reading and merging it works the chunks no thread has taken, so that no
/// more threads run than there are processors (a third thread, woken for every chunk, took turns
/// with the workers on their processors: 4,600 context switches in sales-chart's 1,000,000 orders
/// at 256 KiB chunks, 58 now). At most `threads + 2` chunks are read ahead. With one thread, the
/// calling thread works each chunk as it reads it (no thread started, the same values). Every
/// thread of the tools is started here.
///
/// A worker only answers what it is sure of; for any other chunk it answers `.sequential`, and the
/// calling thread hands that chunk to `sequential`, a `LineReader` over just its bytes whose lines
/// keep their numbers, so that today's code reads it with everything merged so far. After a
/// `.sequentialFromHere` chunk, or a line longer than a chunk, everything not merged yet is put
/// back into `reader`, which the caller then reads to its end with the sequential code; otherwise
/// `reader` is left at the end of its input, and reading it again finds nothing.
///
/// Standard output is flushed before every read that may block (as `LineReader` does), after
/// everything read so far was merged when `drainsBeforeBlocking` (a guard whose output must flow
/// line by line from a live stream).
public final class ParallelReading<Value> {
  let reader: LineReader
  let threads: Int
  let chunkSize: Int
  let drainsBeforeBlocking: Bool
  let makeWorker: @Sendable () -> (LineChunk) -> ChunkOutcome<Value>

  /// A reading of `reader` by `threads` workers (the calling thread one of them), in chunks of
  /// about `chunkSize` bytes. Each worker calls `makeWorker` once, on its own thread, and then the
  /// function it returns for every chunk it takes: whatever that function keeps (buffers, tables)
  /// is its thread's alone, so that no reference count is shared by threads in the hot path (a
  /// count two cores update is slow).
  public init(
    _ reader: LineReader, threads: Int, chunkSize: Int = 1 << 20, drainsBeforeBlocking: Bool = false,
    makeWorker: @escaping @Sendable () -> (LineChunk) -> ChunkOutcome<Value>
  ) {
    self.reader = reader
    self.threads = max(1, threads)
    self.chunkSize = max(1, chunkSize)
    self.drainsBeforeBlocking = drainsBeforeBlocking
    self.makeWorker = makeWorker
  }

  /// One chunk: its buffer (or the mapped file's bytes), and its result once a worker made it.
  final class Slot: @unchecked Sendable {
    let buffer: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0
    var isLast = false
    var result: ChunkOutcome<Value>?
    /// When the chunk is the mapped file's own bytes (`LineReader.mappedRest`): where they start
    /// and their offset in the mapping; nil when they are in `buffer`.
    var mapped: (bytes: UnsafePointer<UInt8>, offset: Int)?

    init(capacity: Int) {
      self.capacity = capacity
      buffer = .allocate(capacity: capacity)
    }
    deinit { buffer.deallocate() }
    var chunk: LineChunk {
      LineChunk(
        bytes: UnsafeBufferPointer(start: mapped?.bytes ?? UnsafePointer(buffer), count: count),
        isLast: isLast)
    }
  }

  /// The state shared with the workers, guarded by `monitor`.
  final class Shared: @unchecked Sendable {
    let monitor = Monitor()
    /// Chunks to work on, oldest first.
    var queue: [Slot] = []
    var queueHead = 0
    var stopping = false

    /// The oldest chunk no worker has taken, off the queue; nil when there is none. Called with
    /// `monitor` locked, by the worker threads and by the calling thread alike.
    func takeQueued() -> Slot? {
      guard queueHead < queue.count else { return nil }
      let slot = queue[queueHead]
      queueHead += 1
      if queueHead == queue.count {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      return slot
    }
  }

  /// Reads and merges. `merge` gets each worker's value with the chunk's bytes, in order, and
  /// returns false when it cannot take it (then `sequential` reads that chunk); `sequential` reads a
  /// chunk left to it and returns false to stop reading (a guard that stopped at a bad line).
  /// Errors thrown by either stop the reading and are rethrown.
  public func run(
    merge: (Value, LineChunk) throws -> Bool, sequential: (LineReader) throws -> Bool
  ) throws {
    let shared = Shared()
    let makeWorker = self.makeWorker
    if threads == 1 {
      // One thread: the calling thread works each chunk as it is read.
      let work = makeWorker()
      try drive(shared, inline: work, merge: merge, sequential: sequential)
      return
    }
    var workers: [WorkerThread] = []
    for _ in 1..<threads {
      workers.append(
        WorkerThread {
          let work = makeWorker()
          let monitor = shared.monitor
          while true {
            monitor.lock()
            while shared.queueHead == shared.queue.count, !shared.stopping { monitor.wait() }
            guard let slot = shared.takeQueued() else {
              monitor.unlock()
              return
            }
            monitor.unlock()
            let result = work(slot.chunk)
            monitor.lock()
            slot.result = result
            monitor.broadcast()
            monitor.unlock()
          }
        })
    }
    defer {
      shared.monitor.lock()
      shared.stopping = true
      shared.queue.removeAll()
      shared.queueHead = 0
      shared.monitor.broadcast()
      shared.monitor.unlock()
      for worker in workers { worker.join() }
    }
    try drive(shared, inline: nil, own: makeWorker(), merge: merge, sequential: sequential)
  }

  /// Reads, hands out and merges; `inline`, when given, works each chunk on this thread instead;
  /// `own`, when given, works a chunk no thread has taken whenever the oldest is not done yet.
  func drive(
    _ shared: Shared, inline: ((LineChunk) -> ChunkOutcome<Value>)?,
    own: ((LineChunk) -> ChunkOutcome<Value>)? = nil, merge: (Value, LineChunk) throws -> Bool,
    sequential: (LineReader) throws -> Bool
  ) throws {
    let limit = inline == nil ? threads + 2 : 1
    var free = (0...limit).map { _ in Slot(capacity: chunkSize) }
    var inFlight: [Slot] = []  // read and not merged yet, oldest first
    // The bytes after the last line feed of the last chunk read: the start of the next chunk.
    let carry = Slot(capacity: chunkSize)
    var eof = false
    var linesMerged = reader.lineNumber
    let mayBlock = reader.mayBlock

    /// Merges the oldest chunk in flight, once its worker is done with it.
    func mergeOldest() throws -> Step {
      let slot = inFlight[0]
      // The result is read under the lock: a worker writes it under the lock, and a read racing
      // that write could see half of it. Once it is there the worker is done with the slot.
      shared.monitor.lock()
      while slot.result == nil { shared.monitor.wait() }
      let result = slot.result!
      shared.monitor.unlock()
      // A worker may have read a page of zeros where a truncated file's bytes were: nothing of
      // the chunk is used unless the mapping is intact.
      if let mapped = slot.mapped { try reader.checkMapped(upTo: mapped.offset + slot.count) }
      var readHere = false
      switch result {
      case .done(let value, let lines):
        if try merge(value, slot.chunk) {
          linesMerged += lines
        } else {
          readHere = true
        }
      case .sequential:
        readHere = true
      case .sequentialFromHere:
        return .handBack
      }
      if readHere {
        let part = LineReader(
          bytes: Array(slot.chunk.bytes), source: reader.source, maxLineLength: reader.maxLineLength,
          flushing: reader.output)
        part.lineNumber = linesMerged
        let goOn = try sequential(part)
        linesMerged = part.lineNumber
        if !goOn { return .stop }
      }
      slot.result = nil
      reader.lineNumber = linesMerged
      if slot.isLast, slot.count > 0, slot.chunk.bytes[slot.count - 1] != 0x0A {
        reader.lastLineUnterminated = true
      }
      if let mapped = slot.mapped {
        reader.releaseMapped(upTo: mapped.offset + slot.count)
        slot.mapped = nil
      }
      inFlight.removeFirst()
      free.append(slot)
      return .next
    }

    /// Merges every chunk in flight.
    func mergeAll() throws -> Step {
      while !inFlight.isEmpty {
        let step = try mergeOldest()
        if case .next = step { continue }
        return step
      }
      return .next
    }

    /// Puts the chunks in flight and then `extra` back into `reader`, for the sequential code.
    func handBack(_ extra: Slot) throws {
      var pending: [UInt8] = []
      for slot in inFlight {
        if let mapped = slot.mapped { try reader.checkMapped(upTo: mapped.offset + slot.count) }
        pending.append(contentsOf: slot.chunk.bytes)
      }
      pending.append(contentsOf: UnsafeBufferPointer(start: extra.buffer, count: extra.count))
      reader.putBack(pending, lineNumber: linesMerged, eof: eof)
    }

    while true {
      // Read ahead while there is room.
      while !eof, inFlight.count < limit {
        let slot = free.removeLast()
        switch try fill(slot, carry: carry, eof: &eof, mayBlock: mayBlock, drain: mergeAll) {
        case .next:
          if slot.count == 0 {
            free.append(slot)
            continue
          }
          inFlight.append(slot)
          if let inline {
            slot.result = inline(slot.chunk)
            continue
          }
          shared.monitor.lock()
          shared.queue.append(slot)
          shared.monitor.broadcast()
          shared.monitor.unlock()
        case .stop:
          return
        case .handBack:
          // A line longer than a chunk, or a chunk from which on the sequential code reads: the
          // chunks before are merged, and the rest (with this slot's bytes) goes back to `reader`.
          if case .stop = try mergeAll() { return }
          try handBack(slot)
          return
        case .readError(let error):
          // As one thread would: every whole line read before the error, then the error.
          if case .stop = try mergeAll() { return }
          var pending: [UInt8] = []
          for slot in inFlight { pending.append(contentsOf: slot.chunk.bytes) }
          var end = slot.count
          while end > 0, slot.buffer[end - 1] != 0x0A { end -= 1 }
          pending.append(contentsOf: UnsafeBufferPointer(start: slot.buffer, count: end))
          if !pending.isEmpty {
            let part = LineReader(
              bytes: pending, source: reader.source, maxLineLength: reader.maxLineLength,
              flushing: reader.output)
            part.lineNumber = linesMerged
            guard try sequential(part) else { return }
          }
          throw error
        }
      }
      if inFlight.isEmpty { return }
      if let own, let slot = takeQueued(shared, unlessDone: inFlight[0]) {
        // The oldest is not done yet and a chunk waits: this thread works it, as a worker would.
        let result = own(slot.chunk)
        shared.monitor.lock()
        slot.result = result
        shared.monitor.unlock()
        continue
      }
      switch try mergeOldest() {
      case .next: continue
      case .handBack: try handBack(carry)
      case .stop, .readError: break  // (merging never meets a read error)
      }
      return
    }
  }

  /// The oldest chunk no worker has taken, taken off the queue, unless `oldest` is done (then it
  /// is merged first, and the chunks it frees are read).
  func takeQueued(_ shared: Shared, unlessDone oldest: Slot) -> Slot? {
    shared.monitor.lock()
    defer { shared.monitor.unlock() }
    return oldest.result == nil ? shared.takeQueued() : nil
  }

  enum Step {
    case next, stop, handBack
    /// The input could not be read: the lines read before are read first, then the error.
    case readError(InputError)
  }

  /// Fills `slot` with `carry` and new bytes up to its last line feed (the rest goes back to
  /// `carry`). Reads until the slot is full or the input ends, or, from an input that may block,
  /// until no more bytes are waiting and the slot holds a whole line; before a read that may block,
  /// `drain` merges what is in flight (when `drainsBeforeBlocking`). `.handBack` when the slot
  /// holds no line feed (a line longer than a chunk) or `drain` met a chunk the sequential code
  /// reads from on: the slot then keeps all it read, `carry` nothing.
  func fill(_ slot: Slot, carry: Slot, eof: inout Bool, mayBlock: Bool, drain: () throws -> Step) throws
    -> Step
  {
    slot.isLast = false
    slot.mapped = nil
    if carry.count == 0, let rest = reader.mappedRest, let base = rest.baseAddress {
      // The mapped file's own bytes, up to the last line feed within a chunk: no copy. Without a
      // line feed there (a long line, or the last line), the bytes are copied as from a pipe.
      var end = min(slot.capacity, rest.count)
      while end > 0, base[end - 1] != 0x0A { end -= 1 }
      if end > 0 {
        slot.mapped = (base, reader.takeMapped(end))
        slot.count = end
        return .next
      }
    }
    if carry.count > 0 { slot.buffer.update(from: carry.buffer, count: carry.count) }
    slot.count = carry.count
    carry.count = 0
    var scanned = 0  // bytes at the start of the slot known to hold no line feed
    while slot.count < slot.capacity {
      if mayBlock, !reader.hasWaitingInput {
        if memchr(slot.buffer + scanned, 0x0A, slot.count - scanned) != nil { break }
        scanned = slot.count
        if drainsBeforeBlocking {
          let step = try drain()
          guard case .next = step else { return step }
        }
      }
      let n: Int
      do {
        n = try reader.readRaw(into: slot.buffer + slot.count, count: slot.capacity - slot.count)
      } catch {
        return .readError(error)
      }
      if n == 0 {
        eof = true
        break
      }
      slot.count += n
    }
    if eof {
      slot.isLast = true
      return .next
    }
    var end = slot.count  // just past the last line feed
    while end > 0, slot.buffer[end - 1] != 0x0A { end -= 1 }
    if end == 0 { return .handBack }
    carry.buffer.update(from: slot.buffer + end, count: slot.count - end)
    carry.count = slot.count - end
    slot.count = end
    return .next
  }
}
