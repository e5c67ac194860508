import FoodTruckKit
import Glibc
import PipeProtocol
import PipeReading
import ToolSupport

/// `sales-chart` on every core: the input is read in chunks of whole lines, each chunk is counted
/// into a tally of its own by a worker thread, and the tallies are merged into the main one in the
/// order read (as `--merge` adds partials: the result is exactly one pass's).
///
/// A worker counts only plain records: `order` and `order-summary` records whose every field
/// counted is as it should be, with donut ids of the built-in menu (0...16). For anything else (an
/// error, another record type, an escaped key, a donut id outside the built-in menu, a sum too large)
/// it decides nothing and leaves the chunk to `SalesTally.add` on the calling thread, with the
/// tally so far, so that every rule and every message stays in one place. After a chunk holding a
/// `donut` record (a definition that later records may use), everything is read that way.
enum ParallelTally {
  /// Counts every input of `paths` into `tally`: chunks on every core, the rest (and all that a
  /// worker leaves) with `tally.add`.
  static func add(_ paths: [String], tool: String, quiet: Bool, to tally: SalesTally) throws {
    let zoneName = tally.zone.name
    let zone = tally.zone
    let maxDepth = JSONParser.defaultMaxDepth
    let maxLineLength = LineReader.defaultMaxLineLength
    try Inputs.forEach(
      paths, tool: tool, quiet: quiet, maxDepth: maxDepth,
      parallel: {
        // Each worker its own copy of the zone's tables (read again), as with the donut names.
        var counter = ChunkCounter(
          maxDepth: maxDepth, maxLineLength: maxLineLength, zone: LocalTime.Zone.named(zoneName) ?? zone)
        return { chunk in counter.count(chunk) }
      },
      merge: { box, _ in tally.merge(box.tally) },
      sequential: { records in try records.forEach { view in try tally.add(view) } })
  }
}

/// A chunk's tally, handed from its worker to the merging thread (and used by one at a time).
final class TallyBox: @unchecked Sendable {
  let tally: SalesTally
  init(_ tally: SalesTally) { self.tally = tally }
}

/// The built-in donuts' names, by id, in memory of one worker's own (read without reference
/// counting, which two cores sharing one count would make slow).
final class DonutNames {
  /// The names' bytes, one after the other.
  let bytes: UnsafeMutablePointer<UInt8>
  /// Where each name starts in `bytes`, and (at `count`) where the last one ends.
  let starts: UnsafeMutablePointer<Int>
  /// The number of names.
  let count: Int

  init() {
    let names = Menu.builtIn.donuts.map { Array($0.name.utf8) }
    count = names.count
    bytes = .allocate(capacity: names.reduce(0) { $0 + $1.count })
    starts = .allocate(capacity: count + 1)
    var offset = 0
    for (id, name) in names.enumerated() {
      starts[id] = offset
      (bytes + offset).initialize(from: name, count: name.count)
      offset += name.count
    }
    starts[count] = offset
  }

  deinit {
    bytes.deallocate()
    starts.deallocate()
  }
}

/// Whether a plain line may have spaces between its tokens (`Spaced`) or has none (`Compact`).
protocol LineSpacing { static var compact: Bool { get } }
enum Compact: LineSpacing { static var compact: Bool { true } }
enum Spaced: LineSpacing { static var compact: Bool { false } }

/// Counts each chunk's plain records into a tally of its own (see `ParallelTally`); one per worker
/// thread. Orders count on the days of the main tally's zone, as `SalesTally.add` counts them.
struct ChunkCounter {
  /// The zone whose days orders count on.
  let zone: LocalTime.Zone
  /// The tally of the chunk being counted.
  var tally: SalesTally
  /// The day of each order's instant in `zone`.
  var clock: DayClock
  /// The line being read, indexed.
  var index: RecordIndexer
  /// The day of the last order and where its row's counts start (`tally.counts` moves when a new
  /// row is made, so a new row of any kind clears `cachedDay`).
  var cachedDay = Int.min
  var cachedRow: UnsafeMutablePointer<Int>?
  /// The orders counted in this chunk: kept here, not in the tally (a class, whose every access
  /// the exclusivity check follows), and added to it when the chunk is done.
  var orders = 0
  /// The day of the last order's `creationDate`.
  var dayMemo = ISODate.DayMemo()
  /// Whether the line being read is plain : no escapes anywhere.
  var plain: Bool { index.plain }
  let names = DonutNames()
  /// The built-in menu, for `SalesFields.addSales` on lines that are not plain (a custom id is
  /// left to the sequential code, which knows the stream's definitions).
  let builtInMenu = StreamMenu(deferring: false)
  let nameBytes: UnsafePointer<UInt8>
  let nameStarts: UnsafePointer<Int>
  /// `SalesFields.itemKeys`, kept here (a global's every read checks that it is made).
  let itemKeys = SalesFields.itemKeys
  let nameCount: Int

  init(maxDepth: Int, maxLineLength: Int, zone: LocalTime.Zone) {
    self.zone = zone
    tally = SalesTally(zone: zone)
    clock = DayClock(zone)
    index = RecordIndexer(
      maxDepth: maxDepth, maxLineLength: maxLineLength, keepsMemberArray: false, names: Field.table)
    nameBytes = UnsafePointer(names.bytes)
    nameStarts = UnsafePointer(names.starts)
    nameCount = names.count
  }

  /// Whether `count` bytes at `p` are the built-in name of donut `id` (which is on the menu).
  @inline(__always)
  func isName(_ p: UnsafePointer<UInt8>, _ count: Int, of id: Int) -> Bool {
    let start = nameStarts[id]
    return nameStarts[id + 1] - start == count && ShortBytes.equal(nameBytes + start, p, count: count)
  }

  typealias Skip = SequentialHandOff

  mutating func count(_ chunk: LineChunk) -> ChunkOutcome<TallyBox> {
    tally = SalesTally(zone: zone)
    cachedDay = Int.min
    orders = 0
    return chunk.result(
      {
        tally.orders += orders
        return TallyBox(tally)
      }, scan: index.lineScan
    ) { (line) throws(Skip) in try record(line) }
  }

  /// Counts one line, or throws when the sequential code must read it.
  mutating func record(_ line: UnsafeBufferPointer<UInt8>) throws(Skip) {
    guard let typeName = index.indexIfSure(line) else { throw .chunk }
    let json = ValidatedJSON(line, quotes: index.plainQuotes)
    if json.equals(typeName, "order") {
      try order(json)
    } else if json.equals(typeName, "order-summary") {
      try summary(json)
    } else if json.equals(typeName, "donut") {
      throw .rest
    } else {
      throw .chunk
    }
  }

  /// The members a worker reads (each its key), found by `index`.
  enum Field: String, CaseIterable, MemberName {
    case type, creationDate, items, totalSales, period, date, sales, city
    static let table = MemberTable<Field>()
  }

  // (mutating, so that `self` is passed in place: called from a mutating method, a non-mutating
  // one copied the whole counter for every call)
  @inline(__always)
  mutating func value(_ field: Field) -> Range<Int>? { index.value(field) }

  @inline(__always)
  func string(_ json: ValidatedJSON, _ range: Range<Int>) -> Range<Int>? { index.string(range, json) }

  mutating func order(_ json: ValidatedJSON) throws(Skip) {
    guard let date = value(.creationDate), let items = value(.items),
      let inner = string(json, date),
      let seconds = ISODate.parse(bytes: UnsafeBufferPointer(rebasing: json.bytes[inner]), memo: &dayMemo)
    else { throw .chunk }
    let day = clock.day(of: seconds)
    let row: UnsafeMutablePointer<Int>
    if day == cachedDay, let cachedRow {
      row = cachedRow
    } else {
      let rowIndex = tally.rowFor(day: day)  // first: a new row may move the counts
      row = tally.counts + rowIndex * tally.width
      cachedRow = row
      cachedDay = day
    }
    try addCounted(json, items, least: 1, most: Order.maxQuantity, into: row)
    orders &+= 1
  }

  /// Adds an `items` or `sales` array to `row`, read the way the line allows (compact, plain, or
  /// neither), and checks the record's `totalSales` against the sum of its quantities.
  @inline(__always)
  mutating func addCounted(
    _ json: ValidatedJSON, _ range: Range<Int>, least: Int, most: Int, into row: UnsafeMutablePointer<Int>
  ) throws(Skip) {
    let sum =
      index.compact
      ? try addPlainSales(Compact.self, json, range, least: least, most: most, into: row)
      : plain
        ? try addPlainSales(Spaced.self, json, range, least: least, most: most, into: row)
        : try addSales(json, range, least: least, most: most, into: row)
    if let total = value(.totalSales), json.int(total, maxDigits: 15) != sum { throw .chunk }
  }

  mutating func summary(_ json: ValidatedJSON) throws(Skip) {
    guard let period = value(.period), let date = value(.date),
      let sales = value(.sales),
      let city = value(.city), let periodText = string(json, period),
      let dateText = string(json, date), let cityText = string(json, city), !cityText.isEmpty
    else { throw .chunk }
    let isDay = json.equals(periodText, "day")
    guard isDay || json.equals(periodText, "month") else { throw .chunk }
    let text = json.text(dateText)
    let number: Int
    if !isDay, let month = MonthNumber.parse(text) {
      number = month
    } else {
      guard let seconds = ISODate.parseDay(text) else { throw .chunk }
      let day = ISODate.floorDiv(seconds, 86_400)
      number = isDay ? day : MonthNumber.of(day: day)
    }
    let row = tally.scratch
    row.initialize(repeating: 0, count: tally.width)
    try addCounted(json, sales, least: 0, most: Int.max, into: row)
    let key = SalesTally.CityDate(city: tally.city(json.text(cityText)), date: number)
    cachedDay = Int.min  // a new row may move the counts
    do {
      try tally.add(row, to: isDay ? tally.rowFor(summaryDay: key) : tally.rowFor(month: key))
    } catch {
      throw .chunk
    }
    tally.summaries += 1
  }

  /// `addSales` for the plain line (no escapes anywhere) that `index.sure` read last: one pass
  /// over the array, each string ending at its next quote (in stage 1's bitmap), whole numbers read
  /// as they are passed.
  // (mutating, so that `self` is passed in place: a non-mutating call from a mutating method
  // copied the whole counter, 560 bytes, for every order)
  ///
  /// `Spacing` tells whether the line may have spaces between tokens (`Spaced`) or not (`Compact`:
  /// the shape replay read it); the loop is made once for each, the compact one skipping none.
  mutating func addPlainSales<Spacing: LineSpacing>(
    _: Spacing.Type, _ json: ValidatedJSON, _ range: Range<Int>, least: Int, most: Int,
    into row: UnsafeMutablePointer<Int>
  ) throws(Skip) -> Int {
    let b = json.bytes.baseAddress!
    var i = range.lowerBound
    guard b[i] == UInt8(ascii: "[") else { throw .chunk }
    /// The offset of the quote that ends the string whose contents start at `from`: from stage 1's
    /// quote bitmap (the line is plain, so no string holds an escaped quote).
    @inline(__always) func quote(_ from: Int) -> Int { index.quote(after: from) }
    @inline(__always) func spaces() {
      if Spacing.compact { return }
      while b[i] == 0x20 { i &+= 1 }
    }
    let keys = itemKeys
    var sum = 0
    let n = json.bytes.count
    i &+= 1
    spaces()
    if b[i] == UInt8(ascii: "]") { return 0 }
    while true {
      if Spacing.compact, let (donut, quantity, after) = writtenItem(b, i, n) {
        guard quantity >= least, quantity <= most else { throw .chunk }
        let (total, overflow) = row[donut].addingReportingOverflow(quantity)
        let (newSum, sumOverflow) = sum.addingReportingOverflow(quantity)
        guard !overflow, !sumOverflow else { throw .chunk }
        row[donut] = total
        sum = newSum
        i = after &+ 1
        if b[after] != UInt8(ascii: ",") { return sum }
        continue
      }
      guard b[i] == UInt8(ascii: "{") else { throw .chunk }
      i &+= 1
      spaces()
      var donut = -1
      var quantity = -1
      var name = 0..<0
      if b[i] == UInt8(ascii: "}") {
        i &+= 1
      } else {
        while true {
          // A key (one of `ItemKey`, or nil for another), then its value. A key written as the
          // protocol's writers write it, its colon right after it, is known by its bytes alone;
          // any other is ended in the quote bitmap (a lookup the next read waits for).
          let key: SalesFields.ItemKey?
          if let (written, length) = keys.lookupWritten(at: b + i, available: n &- i) {
            key = written
            i &+= length
          } else {
            let keyStart = i &+ 1
            let keyEnd = quote(keyStart)
            key = keys.lookup(key: b + keyStart, count: keyEnd &- keyStart)
            i = keyEnd &+ 1
            spaces()
            i &+= 1  // the ':'
          }
          spaces()
          let start = i
          let c = b[i]
          if c == UInt8(ascii: "\"") {
            i = quote(i &+ 1) &+ 1
            switch key {
            case .name?: name = start..<i
            case .donut?, .quantity?: throw .chunk
            case nil: break
            }
          } else if c &- 48 < 10 {
            var value = 0
            while b[i] &- 48 < 10 {
              value = value &* 10 &+ Int(b[i] &- 48)
              i &+= 1
            }
            // A whole number of at most 15 digits, as `ValidatedJSON.int(maxDigits: 15)` reads.
            let whole = b[i] != UInt8(ascii: ".") && b[i] | 0x20 != UInt8(ascii: "e") && i &- start <= 15
            if !whole { i = json.valueEnd(start) }
            switch key {
            case .donut?:
              guard whole, donut < 0 else { throw .chunk }
              donut = value
            case .quantity?:
              guard whole, quantity < 0 else { throw .chunk }
              quantity = value
            case .name?: throw .chunk
            case nil: break
            }
          } else {
            guard key == nil else { throw .chunk }
            i = json.valueEnd(start)
          }
          spaces()
          let next = b[i]
          i &+= 1
          if next != UInt8(ascii: ",") { break }
          spaces()
        }
      }
      guard donut >= 0, donut < nameCount, quantity >= least, quantity <= most else { throw .chunk }
      if !name.isEmpty {
        guard isName(b + name.lowerBound + 1, name.count - 2, of: donut) else { throw .chunk }
      }
      let (total, overflow) = row[donut].addingReportingOverflow(quantity)
      let (newSum, sumOverflow) = sum.addingReportingOverflow(quantity)
      guard !overflow, !sumOverflow else { throw .chunk }
      row[donut] = total
      sum = newSum
      spaces()
      let next = b[i]
      i &+= 1
      if next != UInt8(ascii: ",") { return sum }
      spaces()
    }
  }

  /// An item of a compact line written as the protocol's writers write it,
  /// `{"donut":D,"name":"NAME","quantity":Q}` with NAME donut D's built-in name, at `i`: its donut,
  /// its quantity and the offset of the byte after its `}`; nil for any other (the general loop
  /// reads it, and words what it refuses). The shape replay read the line, so its grammar is sound:
  /// only the layout is checked here, a word at a time.
  @inline(__always)
  func writtenItem(_ b: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (Int, Int, Int)? {
    // An item read here is at most 114 bytes (9 + 2 + 9 + 64 + 14 + 15 + 1): with 128 of the line
    // left, every load below is inside it. An item nearer the line's end is the general loop's.
    guard i &+ 128 <= n else { return nil }
    let p = UnsafeRawPointer(b)
    // `{"donut"` and `:`
    guard p.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0x2274_756E_6F64_227B, b[i &+ 8] == 0x3A
    else { return nil }
    var j = i &+ 9
    var donut = 0
    while b[j] &- 48 < 10 {
      donut = donut &* 10 &+ Int(b[j] &- 48)
      j &+= 1
    }
    // A whole number of 1 or 2 digits (the menu's ids), then `,"name":"`.
    guard UInt(bitPattern: j &- i &- 10) < 2, donut < nameCount, b[j] == UInt8(ascii: ","),
      p.loadUnaligned(fromByteOffset: j &+ 1, as: UInt64.self) == 0x223A_2265_6D61_6E22
    else { return nil }
    let name = j &+ 9
    let start = nameStarts[donut]
    let length = nameStarts[donut &+ 1] &- start
    // The name ends at its first quote (a plain line has no escaped one).
    let close = name &+ length
    guard length <= 64, b[close] == UInt8(ascii: "\""),
      ShortBytes.equal(nameBytes + start, b + name, count: length),
      // `,"quanti` and `ty":`
      p.loadUnaligned(fromByteOffset: close &+ 1, as: UInt64.self) == 0x6974_6E61_7571_222C,
      p.loadUnaligned(fromByteOffset: close &+ 9, as: UInt32.self) == 0x3A22_7974
    else { return nil }
    j = close &+ 13
    let digits = j
    var quantity = 0
    while b[j] &- 48 < 10 {
      quantity = quantity &* 10 &+ Int(b[j] &- 48)
      j &+= 1
    }
    guard UInt(bitPattern: j &- digits &- 1) < 15, b[j] == UInt8(ascii: "}") else { return nil }
    return (donut, quantity, j &+ 1)
  }

  /// Adds an `items` (`least` 1) or `sales` array of a line that is not plain to `row`, with
  /// `SalesFields.addSales` itself (the sequential reader) over the built-in menu; returns the sum
  /// of the quantities. Anything it refuses is left to the sequential code, which words it.
  mutating func addSales(
    _ json: ValidatedJSON, _ range: Range<Int>, least: Int, most: Int, into row: UnsafeMutablePointer<Int>
  ) throws(Skip) -> Int {
    let limit = nameCount
    do throws(FieldError) {
      return try SalesFields.addSales(
        json, range, field: least == 1 ? "items" : "sales", menu: builtInMenu,
        record: InputError(source: "", line: 0, message: "")
      ) { (donut, quantity) throws(FieldError) in
        guard donut < limit, quantity <= most else { throw FieldError("left to the sequential code") }
        let (total, overflow) = row[donut].addingReportingOverflow(quantity)
        guard !overflow else { throw FieldError("left to the sequential code") }
        row[donut] = total
      }
    } catch {
      throw .chunk
    }
  }
}

extension SalesTally {
  /// Adds another tally's counts, records and cities, as merging its `sales-partial` would; false
  /// (and nothing changed) when a sum would not fit, so that the caller counts that part again
  /// record by record and the error names the line.
  func merge(_ other: SalesTally) -> Bool {
    // A worker counts built-in donuts only, so its rows are never wider than these (which a custom
    // donut counted here may have widened): its counts are the first `other.width` of each row.
    let otherWidth = other.width
    widen(to: otherWidth)  // (only ever needed if workers counted more; new counts are zeros)
    func fits(_ row: Int?, _ otherRow: Int) -> Bool {
      guard let row else { return true }
      for id in 0..<otherWidth
      where counts[row * width + id].addingReportingOverflow(other.counts[otherRow * otherWidth + id])
        .overflow
      {
        return false
      }
      return true
    }
    func mine(_ key: CityDate) -> CityDate? {
      cityIndex[other.cityNames[key.city]].map { CityDate(city: $0, date: key.date) }
    }
    for (day, otherRow) in other.dayRows where !fits(dayRows[day], otherRow) { return false }
    for (key, otherRow) in other.summaryDayRows
    where !fits(mine(key).flatMap { summaryDayRows[$0] }, otherRow) {
      return false
    }
    for (key, otherRow) in other.monthRows where !fits(mine(key).flatMap { monthRows[$0] }, otherRow) {
      return false
    }
    if orders.addingReportingOverflow(other.orders).overflow
      || summaries.addingReportingOverflow(other.summaries).overflow
    {
      return false
    }
    for (type, n) in other.ignored where (ignored[type] ?? 0).addingReportingOverflow(n).overflow {
      return false
    }

    func add(_ row: Int, _ otherRow: Int) {
      for id in 0..<otherWidth { counts[row * width + id] &+= other.counts[otherRow * otherWidth + id] }
    }
    for name in other.cityNames { _ = city(name) }
    for (day, otherRow) in other.dayRows { add(rowFor(day: day), otherRow) }
    for (key, otherRow) in other.summaryDayRows { add(rowFor(summaryDay: mine(key)!), otherRow) }
    for (key, otherRow) in other.monthRows { add(rowFor(month: mine(key)!), otherRow) }
    orders &+= other.orders
    summaries &+= other.summaries
    for (type, n) in other.ignored { ignored[type, default: 0] &+= n }
    return true
  }
}
