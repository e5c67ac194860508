// Shared by the fuzz targets that read records as the tools do: Tests/tools/fuzz compiles it into the
// module of the story and weather targets (not a SwiftPM target).

import Glibc
import PipeProtocol
import PipeReading

/// Calls `body` with each record of `bytes` as a tool's reader delivers it (through a pipe and
/// `RecordReader`, so that the line reader is exercised too; inputs are at most 8 KiB, which a
/// pipe holds); lines that are not records are skipped.
func forEachRecordView(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (RecordView) -> Void) {
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { return }
  let fd = ends[0]
  defer { close(fd) }
  var offset = 0
  while offset < bytes.count {
    let n = write(ends[1], bytes.baseAddress! + offset, bytes.count - offset)
    guard n > 0 else { break }
    offset += n
  }
  close(ends[1])
  let lines = LineReader(fd: fd, source: "fuzz", maxLineLength: 1 << 16)
  lines.beforeRead = {}
  let reader = RecordReader(lines)
  reader.maxDepth = 64
  while true {
    do {
      try reader.forEach { body($0) }
      return
    } catch {
      continue  // a bad line: go on with the next one
    }
  }
}
