import FoodTruckKit
import PipeProtocol
import ToolSupport

/// Donut sales counted per donut per day (orders), per city and day (daily summaries) and per city
/// and month (monthly summaries): everything the top-five chart needs for any timeframe. Its memory
/// depends on the number of distinct days and cities and on the highest donut id counted, never on
/// the number of records. Tallies of parts of a stream merge into exactly the tally of the whole
/// stream (`sales-partial` records). The menu comes with the stream: `donut` records define custom
/// donuts (`StreamMenu`).
///
/// Daily and monthly summaries may describe the same sales (`orders history` and `orders history
/// --months` in one stream): where a city has a monthly summary for a month, a timeframe that counts
/// months (`year`, `all`) counts that month from it and leaves out the city's daily summaries of
/// that month; the others (which never count months) count the daily summaries.
///
/// An order counts on the day of its `creationDate` in the tally's zone (the clock rule's: `TZ`,
/// else the truck city's), so that `today` is the day a person means; summaries name their day.
public final class SalesTally {
  /// The zone whose days orders are counted on.
  public let zone: LocalTime.Zone
  /// The day of each order's instant in `zone`.
  var clock: DayClock
  /// The menu the stream carries: made when first used, as a worker's tally of one chunk never
  /// uses it (made for every chunk, it cost 36 allocations and a hundred reference counts that
  /// both cores share: with 64 KiB chunks, sales-chart took 1.13x as long, 15 paired runs).
  lazy var menu = StreamMenu(deferring: partial)
  /// The number of counts in a row: one per donut id, up to the highest id counted (the 17
  /// built-in donuts at least). Rows widen when a custom donut with a higher id is counted.
  public private(set) var width = Menu.builtIn.count

  /// A city (by its index in `cityNames`) and a day or month number.
  struct CityDate: Hashable {
    var city: Int
    var date: Int
  }

  /// The row (index) of each day's orders; a row's counts start at `counts + row * width`.
  var dayRows: [Int: Int] = [:]
  /// Daily summaries, per city and day.
  var summaryDayRows: [CityDate: Int] = [:]
  /// Monthly summaries, per city and month.
  var monthRows: [CityDate: Int] = [:]
  /// The cities of summaries, in the order met, and their indices.
  var cityNames: [String] = []
  var cityIndex: [String: Int] = [:]
  var counts: UnsafeMutablePointer<Int>
  /// The rows `counts` has room for.
  var capacity = 64
  var rows = 0
  var cachedDay = 0
  var cachedRow = -1
  /// A summary's sales are read here first (`width` counts), then added to its city's row.
  var scratch: UnsafeMutablePointer<Int>

  /// The number of records of each type that were not counted (neither orders nor summaries).
  public var ignored: [String: Int] = [:]
  /// The number of `order` records counted.
  public var orders = 0
  /// The number of `order-summary` records counted.
  public var summaries = 0
  /// The number of `sales-partial` records merged.
  public var partials = 0
  /// Whether `sales-partial` records are merged (`--merge`); otherwise they are an error.
  public var acceptsPartials: Bool
  /// Whether this tally becomes a partial (`--partial`): custom donuts that another part of the
  /// stream defines are then counted pending, not an error (see `StreamMenu`).
  public let partial: Bool

  /// An empty tally, counting orders on the days of `zone`.
  public init(acceptsPartials: Bool = false, partial: Bool = false, zone: LocalTime.Zone = .utc) {
    self.acceptsPartials = acceptsPartials
    self.partial = partial
    self.zone = zone
    clock = DayClock(zone)
    counts = .allocate(capacity: capacity * width)
    scratch = .allocate(capacity: width)
  }

  deinit {
    counts.deallocate()
    scratch.deallocate()
  }

  /// The days that have counts (orders or daily summaries), in order.
  public var days: [Int] { Set(dayRows.keys).union(summaryDayRows.keys.map(\.date)).sorted() }
  /// The months that have monthly summaries, in order.
  public var months: [Int] { Set(monthRows.keys.map(\.date)).sorted() }

  /// The counts per donut id of a day: its orders and every city's daily summaries.
  public func counts(day: Int) -> [Int] {
    sum([dayRows[day]] + summaryDayRows.filter { $0.key.date == day }.map(\.value))
  }
  /// The counts per donut id of a month's monthly summaries, every city's.
  public func counts(month: Int) -> [Int] { sum(monthRows.filter { $0.key.date == month }.map(\.value)) }

  /// The donut of an id the tally counted (every counted id is on the menu once `finish` passed).
  public func donut(id: Int) -> Donut? { menu.menu.donut(id: id) }

  /// The menu as the stream defined it.
  public var streamMenu: Menu { menu.menu }

  /// The number of `donut` records read.
  public var donutRecords: Int { menu.records }

  func sum(_ rows: [Int?]) -> [Int] {
    var out = Array(repeating: 0, count: width)
    for case let row? in rows {
      let base = counts + row * width
      for id in 0..<width { out[id] &+= base[id] }
    }
    return out
  }

  func newRow() -> Int {
    if rows == capacity {
      let bigger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2 * width)
      bigger.update(from: counts, count: rows * width)
      counts.deallocate()
      counts = bigger
      capacity *= 2
    }
    (counts + rows * width).initialize(repeating: 0, count: width)
    rows += 1
    return rows - 1
  }

  /// Widens every row (and the scratch row, keeping its counts) to `newWidth` counts, the new
  /// ones zero: a custom donut beyond the rows' width was counted.
  func widen(to newWidth: Int) {
    guard newWidth > width else { return }
    let wider = UnsafeMutablePointer<Int>.allocate(capacity: capacity * newWidth)
    for row in 0..<rows {
      (wider + row * newWidth).update(from: counts + row * width, count: width)
      (wider + row * newWidth + width).initialize(repeating: 0, count: newWidth - width)
    }
    counts.deallocate()
    counts = wider
    let widerScratch = UnsafeMutablePointer<Int>.allocate(capacity: newWidth)
    widerScratch.update(from: scratch, count: width)
    (widerScratch + width).initialize(repeating: 0, count: newWidth - width)
    scratch.deallocate()
    scratch = widerScratch
    width = newWidth
  }

  /// Adds a quantity to a count, or fails when the sum does not fit.
  @inline(__always)
  static func add(_ quantity: Int, to cell: UnsafeMutablePointer<Int>, donut: Int) throws(FieldError) {
    let (total, overflow) = cell.pointee.addingReportingOverflow(quantity)
    guard !overflow else { throw FieldError("sales of donut \(donut) are too large to count") }
    cell.pointee = total
  }

  /// Reads an `items` or `sales` array into a row (`row`, or the scratch row when nil). The row's
  /// address is taken once, and again only when an id beyond the rows' width (a custom donut)
  /// widens them.
  @inline(__always)
  func addSales(_ json: ValidatedJSON, _ range: Range<Int>, field: String, row: Int?, view: RecordView)
    throws(FieldError) -> Int
  {
    var base = row.map { counts + $0 * width } ?? scratch
    var limit = width
    return try SalesFields.addSales(json, range, field: field, menu: menu, record: view.error("")) {
      (donut, quantity) throws(FieldError) in
      if donut >= limit {
        widen(to: donut + 1)
        base = row.map { counts + $0 * width } ?? scratch
        limit = width
      }
      try Self.add(quantity, to: base + donut, donut: donut)
    }
  }

  /// The row of `key` in `rows`, created when new.
  func row<Key: Hashable>(_ key: Key, in rows: inout [Key: Int]) -> Int {
    if let row = rows[key] { return row }
    let row = newRow()
    rows[key] = row
    return row
  }

  /// The row of a day's orders, created when new.
  func rowFor(day: Int) -> Int { row(day, in: &dayRows) }

  /// The index of a city, added when new.
  func city(_ name: String) -> Int {
    if let index = cityIndex[name] { return index }
    cityNames.append(name)
    cityIndex[name] = cityNames.count - 1
    return cityNames.count - 1
  }

  /// The row of a city's daily summaries of a day, created when new.
  func rowFor(summaryDay key: CityDate) -> Int { row(key, in: &summaryDayRows) }

  /// The row of a city's monthly summaries of a month, created when new.
  func rowFor(month key: CityDate) -> Int { row(key, in: &monthRows) }

  // MARK: - Reading records

  /// Counts one record: an `order` by its `creationDate` and `items`, an `order-summary` by its
  /// `period`, `date` and `sales`, a `sales-partial` (with `acceptsPartials`) by adding its counts;
  /// a `donut` defines a custom donut for the records after it (or repeats a known one); any other
  /// type is only counted in `ignored`. Throws, naming the record's line, when a counted record is
  /// not valid (an unknown donut id, a name that is not the menu's, a bad date, a donut record at
  /// odds with the menu). The one entry point for every record: call `finish()` after the last.
  public func add(_ view: RecordView) throws(InputError) {
    do throws(FieldError) {
      switch view.type {
      case "order": try addOrder(view)
      case "order-summary": try addSummary(view)
      case "donut": try define(view)
      case "sales-partial":
        guard acceptsPartials else {
          throw FieldError("a sales-partial record is only read with --merge ('sales-chart --merge')")
        }
        try addPartial(view)
      default: ignored[view.type, default: 0] += 1
      }
    } catch {
      throw view.error(error.message)
    }
  }

  /// Learns the custom donut of a `donut` record (`StreamMenu.define`).
  func define(_ view: RecordView) throws(FieldError) {
    do {
      try menu.define(view)
    } catch {
      throw FieldError(error.message)
    }
  }

  /// The members of an order that count.
  enum OrderField: String, CaseIterable, MemberName {
    case creationDate, items, totalSales
  }

  /// The table of `OrderField`.
  static let orderFields = MemberTable<OrderField>()

  func addOrder(_ view: RecordView) throws(FieldError) {
    let json = ValidatedJSON(view.bytes)
    // One pass over the members finds the three that count (the first of each name, as
    // `RecordView.member` would, an escaped key decoded).
    let table = Self.orderFields
    let (date, items, total) = view.members.withUnsafeBufferPointer { members in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: table.count) { found in
        table.first(of: members, in: view.bytes, into: found.baseAddress!)
        func member(_ field: OrderField) -> MemberSpan? {
          let m = Int(found[field.memberIndex])
          return m < 0 ? nil : members[m]
        }
        return (member(.creationDate), member(.items), member(.totalSales))
      }
    }
    guard let date else { throw FieldError("order record has no \"creationDate\"") }
    guard let items else { throw FieldError("order record has no \"items\" array") }
    let row = try rowFor(dateTime: json, date.value)
    let sum = try addSales(json, items.value, field: "items", row: row, view: view)
    if let total {
      let stated = try SalesFields.integer(json, total.value, "\"totalSales\"")
      guard stated == sum else {
        throw FieldError("\"totalSales\" is \(stated), but the items add up to \(sum)")
      }
    }
    orders += 1
  }

  /// The row of the local day (in `zone`) of a `creationDate` value, read with the protocol's one
  /// date grammar (`ISODate`); the row of the last day seen is remembered.
  @inline(__always)
  func rowFor(dateTime json: ValidatedJSON, _ range: Range<Int>) throws(FieldError) -> Int {
    guard range.count >= 2, json.bytes[range.lowerBound] == UInt8(ascii: "\""),
      let seconds = ISODate.parse(
        bytes: UnsafeBufferPointer(rebasing: json.bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]))
    else {
      return rowFor(day: clock.day(of: try SalesFields.instant(ofDateTime: json, range, "creationDate")))
    }
    let day = clock.day(of: seconds)
    if cachedRow >= 0, day == cachedDay { return cachedRow }
    cachedRow = rowFor(day: day)
    cachedDay = day
    return cachedRow
  }

  func addSummary(_ view: RecordView) throws(FieldError) {
    let json = ValidatedJSON(view.bytes)
    let (period, date) = try Self.summaryDate(view)
    guard let sales = view.member("sales") else {
      throw FieldError("order-summary record has no \"sales\" array")
    }
    scratch.initialize(repeating: 0, count: width)
    let sum = try addSales(json, sales.value, field: "sales", row: nil, view: view)
    if let total = view.member("totalSales") {
      let stated = try SalesFields.integer(json, total.value, "\"totalSales\"")
      guard stated == sum else {
        throw FieldError("\"totalSales\" is \(stated), but the sales add up to \(sum)")
      }
    }
    guard let cityMember = view.member("city") else {
      throw FieldError("order-summary record has no \"city\" (its sales are counted per city)")
    }
    guard let name = json.string(cityMember.value), !name.isEmpty else {
      throw FieldError("\"city\" must be a city's name, not \(SalesFields.text(json, cityMember.value))")
    }
    let key = CityDate(city: city(name), date: date)
    try add(scratch, to: period == .day ? rowFor(summaryDay: key) : rowFor(month: key))
    summaries += 1
  }

  /// Adds a row of `width` counts to the row `row`.
  func add(_ counted: UnsafeMutablePointer<Int>, to row: Int) throws(FieldError) {
    let base = counts + row * width
    for id in 0..<width where counted[id] != 0 { try Self.add(counted[id], to: base + id, donut: id) }
  }

  /// The period of a summary.
  enum Period: String {
    case day, month
  }

  /// An `order-summary`'s period and its day number (`day`) or month number (`month`, dated
  /// `YYYY-MM` or any day of the month, usually `YYYY-MM-01`).
  static func summaryDate(_ view: RecordView) throws(FieldError) -> (Period, Int) {
    let json = ValidatedJSON(view.bytes)
    guard let periodMember = view.member("period") else {
      throw FieldError("order-summary record has no \"period\" (day or month)")
    }
    guard let text = json.string(periodMember.value), let period = Period(rawValue: text) else {
      throw FieldError(
        "\"period\" must be \"day\" or \"month\", not \(SalesFields.text(json, periodMember.value))")
    }
    guard let dateMember = view.member("date") else {
      throw FieldError("order-summary record has no \"date\"")
    }
    let s = json.string(dateMember.value) ?? ""
    if period == .month, let month = MonthNumber.parse(s) { return (.month, month) }
    guard let seconds = ISODate.parseDay(s) else {
      let example = period == .day ? "2026-11-28" : "2026-11-01 or 2026-11"
      throw FieldError(
        "\"date\" must be a day such as \(example), not \(SalesFields.text(json, dateMember.value))")
    }
    let day = ISODate.floorDiv(seconds, 86_400)
    return period == .day ? (.day, day) : (.month, MonthNumber.of(day: day))
  }

  /// The version of `sales-partial` written and read.
  public static let partialVersion = 2

  func addPartial(_ view: RecordView) throws(FieldError) {
    if let version = view["version"], version.intValue != Self.partialVersion {
      let hint =
        version.intValue == 1
        ? ": version 1 did not keep daily summaries apart from orders, nor summaries per city; "
          + "make the partials again with this sales-chart"
        : ""
      throw FieldError(
        "sales-partial version \(version.jsonText) is not supported (this sales-chart reads version "
          + "\(Self.partialVersion))\(hint)")
    }
    do {
      try menu.readPartial(view)
    } catch {
      throw FieldError(error.message)
    }
    let record = view.error("")
    guard case .object(let days)? = view["days"] else {
      throw FieldError("sales-partial record has no \"days\" object")
    }
    // Its orders' days are those of the zone it was made in (UTC before partials said so); a
    // chart of another zone's days cannot use them.
    var partialZone = "UTC"
    if let value = view["zone"] {
      guard let name = value.stringValue, !name.isEmpty else {
        throw FieldError("\"zone\" must be a time zone's name, not \(value.jsonText)")
      }
      partialZone = name
    }
    if !days.members.isEmpty, partialZone != zone.name {
      throw FieldError(
        "this sales-partial counted its orders on the days of \(partialZone), but this chart counts the "
          + "days of \(zone.name) (TZ, else the truck city's zone): make the partials and the chart with "
          + "the same TZ")
    }
    for member in days.members {
      try addCounts(
        member.value, at: rowFor(day: try Self.partialDay(member.key)), place: "days.\(member.key)",
        record: record)
    }
    for (field, monthly) in [("summaryDays", false), ("summaryMonths", true)] {
      guard let value = view[field] else { continue }
      guard case .object(let cities) = value else { throw FieldError("\"\(field)\" must be an object") }
      for cityMember in cities.members {
        guard !cityMember.key.isEmpty, case .object(let dates) = cityMember.value else {
          throw FieldError("\(field) must map city names to objects of counts by date")
        }
        let index = city(cityMember.key)
        for member in dates.members {
          let place = "\(field).\(cityMember.key).\(member.key)"
          if monthly {
            guard let month = MonthNumber.parse(member.key) else {
              throw FieldError("sales-partial month \"\(member.key)\" is not a month (YYYY-MM)")
            }
            try addCounts(
              member.value, at: rowFor(month: CityDate(city: index, date: month)), place: place,
              record: record)
          } else {
            let day = try Self.partialDay(member.key)
            try addCounts(
              member.value, at: rowFor(summaryDay: CityDate(city: index, date: day)), place: place,
              record: record)
          }
        }
      }
    }
    if let ignoredValue = view["ignored"] {
      guard case .object(let object) = ignoredValue else { throw FieldError("\"ignored\" must be an object") }
      for member in object.members {
        guard let n = member.value.intValue, n >= 0 else {
          throw FieldError("ignored.\(member.key) must be a count, not \(member.value.jsonText)")
        }
        ignored[member.key] = try SalesFields.add(ignored[member.key] ?? 0, n)
      }
    }
    for key in ["orders", "summaries"] {
      guard let value = view[key] else { continue }
      guard let n = value.intValue, n >= 0 else {
        throw FieldError("\"\(key)\" must be a count, not \(value.jsonText)")
      }
      if key == "orders" {
        orders = try SalesFields.add(orders, n)
      } else {
        summaries = try SalesFields.add(summaries, n)
      }
    }
    partials += 1
  }

  /// The day number of a partial's day key.
  static func partialDay(_ key: String) throws(FieldError) -> Int {
    guard let seconds = ISODate.parseDay(key) else {
      throw FieldError("sales-partial day \"\(key)\" is not a day (YYYY-MM-DD)")
    }
    return ISODate.floorDiv(seconds, 86_400)
  }

  /// Adds a partial's counts (indexed by donut id) to a row. A custom id that no record defined yet
  /// is pending: the merge checks it once it has read everything (`finish`).
  func addCounts(_ value: JSONValue, at row: Int, place: String, record: InputError) throws(FieldError) {
    guard case .array(let elements) = value else {
      throw FieldError("\(place) must be an array of counts by donut id, not \(value.jsonText)")
    }
    for (id, element) in elements.enumerated() {
      guard let n = element.intValue, n >= 0 else {
        throw FieldError("\(place)[\(id)] must be a count, not \(element.jsonText)")
      }
      if n == 0 { continue }
      if !menu.isKnown(id) { try menu.unknown(id, name: nil, place: place, at: record, deferring: true) }
      if id >= width { widen(to: id + 1) }
      try Self.add(n, to: counts + row * width + id, donut: id)
    }
  }

  /// After the whole input: a custom id counted but never defined is an error naming the first
  /// record that counted it (a partial carries it on instead).
  public func finish() throws(InputError) {
    try menu.finish(partial: partial)
  }

  // MARK: - Results

  /// The `sales-partial` record holding this tally, which `sales-chart --merge` adds back exactly:
  /// orders per day (of `zone`, which it names), and summaries per city per day and per month (so that the merge can tell which
  /// daily summaries a monthly one covers); and the custom donuts its input defined (`donuts`) and
  /// the names of those it counted undefined (`names`), absent for a stream of built-in donuts.
  public var partialRecord: JSONObject {
    func array(_ row: Int) -> JSONValue {
      .array((0..<width).map { .int(counts[row * width + $0]) })
    }
    var dayObject = JSONObject()
    for day in dayRows.keys.sorted() {
      dayObject.members.append(JSONMember(ISODate.formatDay(day * 86_400), array(dayRows[day]!)))
    }
    func byCity(_ rows: [CityDate: Int], format: (Int) -> String) -> JSONValue {
      var cities: [String: JSONObject] = [:]
      for (key, row) in rows.sorted(by: { $0.key.date < $1.key.date }) {
        cities[cityNames[key.city], default: JSONObject()].members.append(
          JSONMember(format(key.date), array(row)))
      }
      return .object(JSONObject(sorted: cities.mapValues { .object($0) }))
    }
    var object: JSONObject = [
      "type": .string("sales-partial"), "version": .int(Self.partialVersion), "days": .object(dayObject),
      "summaryDays": byCity(summaryDayRows) { ISODate.formatDay($0 * 86_400) },
      "summaryMonths": byCity(monthRows, format: MonthNumber.format),
      "ignored": .object(JSONObject(sorted: ignored.mapValues { .int($0) })),
      "orders": .int(orders), "summaries": .int(summaries), "zone": .string(zone.name),
    ]
    object.members += menu.partialMembers
    object.sortKeys()
    return object
  }

  /// A month of a city counted from its monthly summary instead of its daily summaries.
  public struct Superseded: Equatable, Sendable {
    /// The city.
    public var city: String
    /// The month number.
    public var month: Int
    /// How many days had daily summaries.
    public var days: Int
    /// The donuts those daily summaries add up to (not counted).
    public var donuts: Int

    /// A superseded city-month.
    public init(city: String, month: Int, days: Int, donuts: Int) {
      self.city = city
      self.month = month
      self.days = days
      self.donuts = donuts
    }
  }

  /// What a window counts.
  public struct Totals: Equatable, Sendable {
    /// The sales per donut id inside the window.
    public var sales: [Int]
    /// The donuts sold outside it.
    public var outside: Int
    /// The city-months counted from monthly summaries whose daily summaries were left out, in
    /// city then month order.
    public var superseded: [Superseded]
  }

  /// The sales per donut id inside a window, and the number of donuts sold outside it. In a window
  /// that counts months, a city's daily summaries of a month for which it has a monthly summary are
  /// left out (the same sales, counted once, from the monthly summary). In one that does not, the
  /// monthly summaries of city-months that have daily summaries are not counted outside either.
  public func totals(in window: Window) throws(FieldError) -> Totals {
    var sales = Array(repeating: 0, count: width)
    var outside = 0
    func add(_ row: Int, inside: Bool) throws(FieldError) {
      for id in 0..<width {
        let n = counts[row * width + id]
        let overflow: Bool
        if inside {
          (sales[id], overflow) = sales[id].addingReportingOverflow(n)
        } else {
          (outside, overflow) = outside.addingReportingOverflow(n)
        }
        if overflow { throw FieldError("the sales are too large to add up") }
      }
    }
    for (day, row) in dayRows { try add(row, inside: window.days.contains(day)) }
    var covered: [CityDate: (days: Int, donuts: Int)] = [:]
    var dailyMonths: Set<CityDate> = []
    for (key, row) in summaryDayRows {
      let month = CityDate(city: key.city, date: MonthNumber.of(day: key.date))
      if window.months != nil, monthRows[month] != nil {
        var donuts = covered[month]?.donuts ?? 0
        for id in 0..<width { donuts = try SalesFields.add(donuts, counts[row * width + id]) }
        covered[month] = ((covered[month]?.days ?? 0) + 1, donuts)
        continue
      }
      dailyMonths.insert(month)
      try add(row, inside: window.days.contains(key.date))
    }
    for (key, row) in monthRows {
      let inside = window.months?.contains(key.date) ?? false
      if !inside, window.months == nil, dailyMonths.contains(key) { continue }
      try add(row, inside: inside)
    }
    // The chart adds up its bars: make sure every sum of them fits.
    var everything = outside
    for n in sales { everything = try SalesFields.add(everything, n) }
    let superseded = covered.map {
      Superseded(
        city: cityNames[$0.key.city], month: $0.key.date, days: $0.value.days, donuts: $0.value.donuts)
    }.sorted { ($0.city, $0.month) < ($1.city, $1.month) }
    return Totals(sales: sales, outside: outside, superseded: superseded)
  }
}
