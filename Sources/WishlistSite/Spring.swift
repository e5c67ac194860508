import Glibc

/// A spring as SwiftUI states one: a perceptual duration and a bounce (0: critically damped, no
/// overshoot; above 0: underdamped). The site's motion is written once, here: the style sheet
/// carries each spring as a CSS `linear()` easing sampled from `progress(at:)`, and the pages'
/// scripts and transitions read that easing (`var(--spring)`, `var(--snappy)`) from the sheet.
struct Spring: Sendable, Equatable {
  /// The perceptual duration in seconds (SwiftUI's `duration`), also the length of the easing.
  var duration: Double
  /// The bounce (SwiftUI's `bounce`), from 0 up to below 1.
  var bounce: Double

  /// The sample's `.spring(duration: 0.5)`, bounce 0 (also SwiftUI's `.smooth` and the spring
  /// `withAnimation` uses): the sheet, the zoom, a row collapsing.
  static let smooth = Spring(duration: 0.5, bounce: 0)
  /// SwiftUI's `.snappy` (duration 0.5, bounce 0.15): the checkmark.
  static let snappy = Spring(duration: 0.5, bounce: 0.15)

  /// The undamped angular frequency, 2π over the duration.
  var omega: Double { 2 * Double.pi / duration }
  /// The damping ratio: 1 − bounce.
  var dampingRatio: Double { 1 - bounce }

  /// How far the spring has gone from 0 to 1 after `t` seconds, starting at rest: the solution of
  /// x″ + 2ζωx′ + ω²x = ω² with x(0) = 0, x′(0) = 0.
  func progress(at t: Double) -> Double {
    let (w, zeta) = (omega, dampingRatio)
    if zeta >= 1 { return 1 - (1 + w * t) * exp(-w * t) }
    let wd = w * (1 - zeta * zeta).squareRoot()
    return 1 - exp(-zeta * w * t) * (cos(wd * t) + zeta * w / wd * sin(wd * t))
  }

  /// The spring as a CSS easing over `duration`: `linear()` with `steps` + 1 points rounded to
  /// thousandths, the last one set to 1 (where the spring has all but settled).
  func cssEasing(steps: Int = 16) -> String {
    var points: [String] = []
    for i in 0..<steps {
      let value = (progress(at: duration * Double(i) / Double(steps)) * 1000).rounded() / 1000
      points.append(value == value.rounded() ? String(Int(value)) : String(value))
    }
    points.append("1")
    return "linear(" + points.joined(separator: ", ") + ")"
  }

  /// The duration as CSS text (`0.5s`).
  var cssDuration: String {
    duration == duration.rounded() ? "\(Int(duration))s" : "\(duration)s"
  }
}
