import Glibc
import PipeProtocol

/// The sun's position, sunrise and sunset, by the NOAA solar calculator's formulas (Jean Meeus,
/// "Astronomical Algorithms": low-precision solar coordinates and the equation of time), good to
/// about a minute between 1900 and 2100.
public enum Solar {
  /// The altitude of the sun's centre at sunrise and sunset: -0.833°, for refraction and the disc.
  public static let horizon = -0.833

  /// Declination (degrees) and equation of time (minutes) at a moment (seconds since 1970).
  static func declinationAndEquationOfTime(at seconds: Double) -> (
    declination: Double, equationOfTime: Double
  ) {
    let julianDay = seconds / 86_400 + 2_440_587.5
    let t = (julianDay - 2_451_545) / 36_525
    let meanLongitude = (280.466_46 + t * (36_000.769_83 + t * 0.000_303_2)).truncatingRemainder(
      dividingBy: 360)
    let meanAnomaly = 357.529_11 + t * (35_999.050_29 - 0.000_153_7 * t)
    let eccentricity = 0.016_708_634 - t * (0.000_042_037 + 0.000_000_126_7 * t)
    let m = radians(meanAnomaly)
    let center =
      sin(m) * (1.914_602 - t * (0.004_817 + 0.000_014 * t)) + sin(2 * m) * (0.019_993 - 0.000_101 * t)
      + sin(3 * m) * 0.000_289
    let omega = radians(125.04 - 1_934.136 * t)
    let apparentLongitude = meanLongitude + center - 0.005_69 - 0.004_78 * sin(omega)
    let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.000_59 - t * 0.001_813))) / 60) / 60
    let obliquity = meanObliquity + 0.002_56 * cos(omega)
    let declination = degrees(asin(sin(radians(obliquity)) * sin(radians(apparentLongitude))))
    let y = pow(tan(radians(obliquity) / 2), 2)
    let l0 = radians(meanLongitude)
    let e = eccentricity
    let equation =
      y * sin(2 * l0) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l0) - 0.5 * y * y * sin(4 * l0)
      - 1.25 * e * e * sin(2 * m)
    return (declination, 4 * degrees(equation))
  }

  /// The sun's elevation above the horizon in degrees (no refraction) at a moment and place.
  public static func elevation(at seconds: Int, latitude: Double, longitude: Double) -> Double {
    let (declination, equationOfTime) = declinationAndEquationOfTime(at: Double(seconds))
    let minutesOfDay = Double(seconds - ISODate.floorDiv(seconds, 86_400) * 86_400) / 60
    var trueSolarTime = (minutesOfDay + equationOfTime + 4 * longitude).truncatingRemainder(dividingBy: 1_440)
    if trueSolarTime < 0 { trueSolarTime += 1_440 }
    let hourAngle = radians(trueSolarTime / 4 - 180)
    let phi = radians(latitude)
    let delta = radians(declination)
    let cosZenith = sin(phi) * sin(delta) + cos(phi) * cos(delta) * cos(hourAngle)
    return 90 - degrees(acos(max(-1, min(1, cosZenith))))
  }

  /// Whether the sun is up (its centre above -0.833°) at a moment and place.
  public static func isDaylight(at seconds: Int, latitude: Double, longitude: Double) -> Bool {
    elevation(at: seconds, latitude: latitude, longitude: longitude) > horizon
  }

  /// A day's sunrise and sunset at a place.
  public enum Day: Equatable, Sendable {
    /// The sun rises and sets (seconds since 1970).
    case normal(sunrise: Int, sunset: Int)
    /// The sun never sets.
    case polarDay
    /// The sun never rises.
    case polarNight
  }

  /// Sunrise and sunset on a day (days since 1970) at a place: the solar day whose noon falls on
  /// that date at the place's longitude.
  public static func day(_ day: Int, latitude: Double, longitude: Double) -> Day {
    let midnight = Double(day) * 86_400
    // Solar noon, refined twice with the equation of time at the estimate.
    var noon = midnight + (720 - 4 * longitude) * 60
    for _ in 0..<2 {
      noon = midnight + (720 - 4 * longitude - declinationAndEquationOfTime(at: noon).equationOfTime) * 60
    }
    func event(rising: Bool) -> Double? {
      var time = noon
      for _ in 0..<3 {
        let (declination, equationOfTime) = declinationAndEquationOfTime(at: time)
        let phi = radians(latitude)
        let delta = radians(declination)
        let cosH = (cos(radians(90 - horizon)) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
        guard cosH >= -1, cosH <= 1 else { return cosH > 1 ? nil : .infinity }
        let h = degrees(acos(cosH))
        let eventNoon = midnight + (720 - 4 * longitude - equationOfTime) * 60
        time = eventNoon + (rising ? -1 : 1) * 4 * h * 60
      }
      return time
    }
    guard let sunrise = event(rising: true), let sunset = event(rising: false) else { return .polarNight }
    if sunrise.isInfinite || sunset.isInfinite { return .polarDay }
    return .normal(sunrise: Int(sunrise.rounded()), sunset: Int(sunset.rounded()))
  }

  static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
  static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
