import FoodTruckKit
import PipeProtocol

/// Donut sales counted per donut per day (orders), per city and day (daily summaries) and per city
/// and month (monthly summaries): everything the top-five chart needs for any timeframe. Its memory
/// depends on the number of distinct days and cities, never on the number of records. Tallies of
/// parts of a stream merge into exactly the tally of the whole stream (`sales-partial` records).
///
/// Daily and monthly summaries may describe the same sales (`orders history` and `orders history
/// --months` in one stream): where a city has a monthly summary for a month, a timeframe that counts
/// months (`year`, `all`) counts that month from it and leaves out the city's daily summaries of
/// that month; the others (which never count months) count the daily summaries.
public final class SalesTally {
  /// The number of counts per day or month: one per donut on the menu.
  public static let width = Menu.builtIn.count

  /// A city (by its index in `cityNames`) and a day or month number.
  struct CityDate: Hashable {
    var city: Int
    var date: Int
  }

  /// Orders, per day.
  var dayRows: [Int: Int] = [:]
  /// Daily summaries, per city and day.
  var summaryDayRows: [CityDate: Int] = [:]
  /// Monthly summaries, per city and month.
  var monthRows: [CityDate: Int] = [:]
  /// The cities of summaries, in the order met, and their indices.
  var cityNames: [String] = []
  var cityIndex: [String: Int] = [:]
  var counts: UnsafeMutablePointer<Int>
  var capacity: Int
  var used = 0
  var cachedDay = 0
  var cachedRow = -1
  /// A summary's sales are read here first, then added to its city's row.
  let scratch: UnsafeMutablePointer<Int>

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

  /// An empty tally.
  public init(acceptsPartials: Bool = false) {
    self.acceptsPartials = acceptsPartials
    capacity = 64 * SalesTally.width
    counts = .allocate(capacity: capacity)
    scratch = .allocate(capacity: SalesTally.width)
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

  func sum(_ offsets: [Int?]) -> [Int] {
    var out = Array(repeating: 0, count: SalesTally.width)
    for case let offset? in offsets {
      for id in 0..<SalesTally.width { out[id] &+= counts[offset + id] }
    }
    return out
  }

  func row(_ offset: Int) -> [Int] {
    Array(UnsafeBufferPointer(start: counts + offset, count: SalesTally.width))
  }

  func newRow() -> Int {
    let width = SalesTally.width
    if used + width > capacity {
      let bigger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
      bigger.update(from: counts, count: used)
      counts.deallocate()
      counts = bigger
      capacity *= 2
    }
    (counts + used).initialize(repeating: 0, count: width)
    used += width
    return used - width
  }

  /// The offset of a day's order row, created when new.
  func rowFor(day: Int) -> Int {
    if let offset = dayRows[day] { return offset }
    let offset = newRow()
    dayRows[day] = offset
    return offset
  }

  /// The index of a city, added when new.
  func city(_ name: String) -> Int {
    if let index = cityIndex[name] { return index }
    cityNames.append(name)
    cityIndex[name] = cityNames.count - 1
    return cityNames.count - 1
  }

  /// The offset of a city's daily-summary row for a day, created when new.
  func rowFor(summaryDay key: CityDate) -> Int {
    if let offset = summaryDayRows[key] { return offset }
    let offset = newRow()
    summaryDayRows[key] = offset
    return offset
  }

  /// The offset of a city's monthly-summary row for a month, created when new.
  func rowFor(month key: CityDate) -> Int {
    if let offset = monthRows[key] { return offset }
    let offset = newRow()
    monthRows[key] = offset
    return offset
  }

  // MARK: - Reading records

  /// Counts one record: an `order` by its `creationDate` and `items`, an `order-summary` by its
  /// `period`, `date` and `sales`, a `sales-partial` (with `acceptsPartials`) by adding its counts;
  /// any other type is only counted in `ignored`. Throws, naming the record's line, when a counted
  /// record is not valid (an unknown donut id, a name that is not the menu's, a bad date).
  public func add(_ view: RecordView) throws(InputError) {
    do throws(FieldError) {
      switch view.type {
      case "order": try addOrder(view)
      case "order-summary": try addSummary(view)
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

  func addOrder(_ view: RecordView) throws(FieldError) {
    let json = ValidatedJSON(view.bytes)
    // One pass over the members finds the three that count (the first of each name, as
    // `RecordView.member` would; an escaped key sends the lookup there).
    var date: MemberSpan?
    var items: MemberSpan?
    var total: MemberSpan?
    for m in view.members {
      if m.keyHasEscapes {
        (date, items, total) = (view.member("creationDate"), view.member("items"), view.member("totalSales"))
        break
      }
      switch m.key.count {
      case 12: if date == nil, json.equals(m.key, "creationDate") { date = m }
      case 5: if items == nil, json.equals(m.key, "items") { items = m }
      case 10: if total == nil, json.equals(m.key, "totalSales") { total = m }
      default: break
      }
    }
    guard let date else { throw FieldError("order record has no \"creationDate\"") }
    guard let items else { throw FieldError("order record has no \"items\" array") }
    let offset = try rowFor(dateTime: json, date.value)
    let sum = try SalesFields.addSales(json, items.value, field: "items", into: counts + offset)
    if let total {
      let stated = try SalesFields.integer(json, total.value, "\"totalSales\"")
      guard stated == sum else {
        throw FieldError("\"totalSales\" is \(stated), but the items add up to \(sum)")
      }
    }
    orders += 1
  }

  /// The row of the day of a `creationDate` value, read with the protocol's one date grammar
  /// (`ISODate`); the row of the last day seen is remembered.
  @inline(__always)
  func rowFor(dateTime json: ValidatedJSON, _ range: Range<Int>) throws(FieldError) -> Int {
    guard range.count >= 2, json.bytes[range.lowerBound] == UInt8(ascii: "\""),
      let seconds = ISODate.parse(
        bytes: UnsafeBufferPointer(rebasing: json.bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]))
    else {
      return rowFor(day: try SalesFields.day(ofDateTime: json, range, "creationDate"))
    }
    let day = ISODate.floorDiv(seconds, 86_400)
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
    scratch.initialize(repeating: 0, count: SalesTally.width)
    let sum = try SalesFields.addSales(json, sales.value, field: "sales", into: scratch)
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

  /// Adds a row of counts to the row at `offset`.
  func add(_ row: UnsafeMutablePointer<Int>, to offset: Int) throws(FieldError) {
    for id in 0..<SalesTally.width where row[id] != 0 {
      let (total, overflow) = counts[offset + id].addingReportingOverflow(row[id])
      guard !overflow else { throw FieldError("sales of donut \(id) are too large to count") }
      counts[offset + id] = total
    }
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
    guard case .object(let days)? = view["days"] else {
      throw FieldError("sales-partial record has no \"days\" object")
    }
    for member in days.members {
      try addCounts(
        member.value, at: rowFor(day: try Self.partialDay(member.key)), place: "days.\(member.key)")
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
            try addCounts(member.value, at: rowFor(month: CityDate(city: index, date: month)), place: place)
          } else {
            let day = try Self.partialDay(member.key)
            try addCounts(
              member.value, at: rowFor(summaryDay: CityDate(city: index, date: day)), place: place)
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

  func addCounts(_ value: JSONValue, at offset: Int, place: String) throws(FieldError) {
    guard case .array(let elements) = value else {
      throw FieldError("\(place) must be an array of counts by donut id, not \(value.jsonText)")
    }
    for (id, element) in elements.enumerated() {
      guard let n = element.intValue, n >= 0 else {
        throw FieldError("\(place)[\(id)] must be a count, not \(element.jsonText)")
      }
      if n == 0 { continue }
      guard id < SalesTally.width else {
        throw FieldError("unknown donut id \(id) in \(place) (the menu has ids \(Menu.builtIn.validIDs))")
      }
      let (total, overflow) = counts[offset + id].addingReportingOverflow(n)
      guard !overflow else { throw FieldError("sales of donut \(id) are too large to count") }
      counts[offset + id] = total
    }
  }

  // MARK: - Results

  /// The `sales-partial` record holding this tally, which `sales-chart --merge` adds back exactly:
  /// orders per day, and summaries per city per day and per month (so that the merge can tell which
  /// daily summaries a monthly one covers).
  public var partialRecord: JSONObject {
    func array(_ offset: Int) -> JSONValue {
      .array((0..<SalesTally.width).map { .int(counts[offset + $0]) })
    }
    var dayObject = JSONObject()
    for day in dayRows.keys.sorted() {
      dayObject.members.append(JSONMember(ISODate.formatDay(day * 86_400), array(dayRows[day]!)))
    }
    func byCity(_ rows: [CityDate: Int], format: (Int) -> String) -> JSONValue {
      var cities: [String: JSONObject] = [:]
      for (key, offset) in rows.sorted(by: { $0.key.date < $1.key.date }) {
        cities[cityNames[key.city], default: JSONObject()].members.append(
          JSONMember(format(key.date), array(offset)))
      }
      return .object(JSONObject(sorted: cities.mapValues { .object($0) }))
    }
    return [
      "type": .string("sales-partial"), "version": .int(Self.partialVersion), "days": .object(dayObject),
      "summaryDays": byCity(summaryDayRows) { ISODate.formatDay($0 * 86_400) },
      "summaryMonths": byCity(monthRows, format: MonthNumber.format),
      "ignored": .object(JSONObject(sorted: ignored.mapValues { .int($0) })),
      "orders": .int(orders), "summaries": .int(summaries),
    ]
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
    var sales = Array(repeating: 0, count: SalesTally.width)
    var outside = 0
    func add(_ offset: Int, inside: Bool) throws(FieldError) {
      for id in 0..<SalesTally.width {
        let n = counts[offset + id]
        let overflow: Bool
        if inside {
          (sales[id], overflow) = sales[id].addingReportingOverflow(n)
        } else {
          (outside, overflow) = outside.addingReportingOverflow(n)
        }
        if overflow { throw FieldError("the sales are too large to add up") }
      }
    }
    for (day, offset) in dayRows { try add(offset, inside: window.days.contains(day)) }
    var covered: [CityDate: (days: Int, donuts: Int)] = [:]
    var dailyMonths: Set<CityDate> = []
    for (key, offset) in summaryDayRows {
      let month = CityDate(city: key.city, date: MonthNumber.of(day: key.date))
      if window.months != nil, monthRows[month] != nil {
        var donuts = covered[month]?.donuts ?? 0
        for id in 0..<SalesTally.width { donuts = try SalesFields.add(donuts, counts[offset + id]) }
        covered[month] = ((covered[month]?.days ?? 0) + 1, donuts)
        continue
      }
      dailyMonths.insert(month)
      try add(offset, inside: window.days.contains(key.date))
    }
    for (key, offset) in monthRows {
      let inside = window.months?.contains(key.date) ?? false
      if !inside, window.months == nil, dailyMonths.contains(key) { continue }
      try add(offset, inside: inside)
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
