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

  /// SwiftUI's `.interactiveSpring()` (response 0.15, damping 0.86): what a finger drags.
  static let interactive = Spring(duration: 0.15, bounce: 0.14)

  /// How far the spring has gone from 0 to 1 after `t` seconds, starting with `initialVelocity`
  /// (in lengths of the whole move per second: a gesture's speed on release, divided by the
  /// distance left; 0 starts at rest): the solution of x″ + 2ζωx′ + ω²x = ω² with x(0) = 0,
  /// x′(0) = v₀.
  func progress(at t: Double, initialVelocity v0: Double) -> Double {
    let (w, zeta) = (omega, dampingRatio)
    if zeta >= 1 { return 1 - (1 + (w - v0) * t) * exp(-w * t) }
    let wd = w * (1 - zeta * zeta).squareRoot()
    return 1 - exp(-zeta * w * t) * (cos(wd * t) + (zeta * w - v0) / wd * sin(wd * t))
  }

  /// How far the spring has gone after `t` seconds, starting at rest.
  func progress(at t: Double) -> Double { progress(at: t, initialVelocity: 0) }

  /// The spring as a CSS easing over `duration`: `linear()` with `steps` + 1 points rounded to
  /// thousandths, the last one set to 1 (where the spring has all but settled). With an initial
  /// velocity the curve starts with that slope (and may leave 0..1 first: `linear()` allows it).
  func cssEasing(steps: Int = 16, initialVelocity v0: Double = 0) -> String {
    var points: [String] = []
    for i in 0..<steps {
      let value =
        (progress(at: duration * Double(i) / Double(steps), initialVelocity: v0) * 1000).rounded() / 1000
      points.append(value == value.rounded() ? String(Int(value)) : String(value))
    }
    points.append("1")
    return "linear(" + points.joined(separator: ", ") + ")"
  }

  /// `cssEasing(steps:initialVelocity:)` in JavaScript, for the pages' scripts, which know the
  /// velocity only when a finger lets go: `spring(duration, bounce, velocity)` gives the `linear()`
  /// easing (32 steps) of this equation. And that velocity: a drag keeps a trail of `[time stamp,
  /// position]` (`follow` adds a move and keeps the last 100 ms), `speedOf` its speed in px/s.
  static let script = """
    const follow = (trail, time, position) => {
      trail.push([time, position]);
      while (trail.length > 2 && time - trail[1][0] > 100) trail.shift();
    };
    const speedOf = (trail) => {
      const [t0, p0] = trail[0], [t1, p1] = trail[trail.length - 1];
      return t1 > t0 ? (p1 - p0) / (t1 - t0) * 1000 : 0;
    };
    const spring = (duration, bounce, velocity) => {
      const w = 2 * Math.PI / duration, z = 1 - bounce, wd = w * Math.sqrt(Math.max(0, 1 - z * z));
      const at = (t) => z >= 1 ? 1 - (1 + (w - velocity) * t) * Math.exp(-w * t)
        : 1 - Math.exp(-z * w * t) * (Math.cos(wd * t) + (z * w - velocity) / wd * Math.sin(wd * t));
      const points = [];
      for (let i = 0; i < 32; i++) points.push(Math.round(at(duration * i / 32) * 1000) / 1000);
      return "linear(" + points.join(", ") + ", 1)";
    };
    """

  /// A call of `spring` for this spring, with `velocity` the JavaScript expression of the velocity.
  func scriptCall(velocity: String) -> String { "spring(\(duration), \(bounce), \(velocity))" }

  /// The duration as CSS text (`0.5s`).
  var cssDuration: String {
    duration == duration.rounded() ? "\(Int(duration))s" : "\(duration)s"
  }
}
