/// Numbers as people read them, the same in every tool: digits grouped by thousands
/// (`1,000,000 records`, `2,651,892 Donuts`) and money with cents (`$1,231.14`). Records keep
/// plain JSON numbers.
public enum Numbers {
  /// `12345` as `12,345`.
  public static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return n < 0 ? "-" + out : out
  }

  /// `1 order`, `3 orders`, `1,200 orders`: a count with its noun, plural when not one.
  public static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    "\(grouped(n)) \(n == 1 ? noun : plural ?? noun + "s")"
  }

  /// `$1,231.14` for 123114 cents.
  public static func money(cents: Int) -> String {
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return "\(sign)$\(grouped(Int(magnitude / 100))).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `$1,231.14` for 1231.14 dollars (rounded to the cent).
  public static func money(_ dollars: Double) -> String {
    money(cents: Int((dollars * 100).rounded()))
  }
}
