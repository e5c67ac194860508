import PipeProtocol
import ToolSupport
import WishlistKit

/// The Goals screen drawn as text: the badges earned, then the next milestones with progress bars,
/// fitted to a width (`TextLayout`): sentences wrap, rows that cannot wrap shorten their names
/// with "…", and below the width a row needs each milestone takes two lines. Dates are for
/// people: `date` gives them (in the zone for people, labelled).
enum GoalsScreen {
  /// The narrowest progress bar beside a milestone's name.
  static let narrowestBar = 10

  /// The screen for these statuses (already in display order), fitted to `width` columns.
  static func render(
    _ statuses: [GoalStatus], width: Int, style: Terminal.Style, date: (Int) -> String
  ) -> String {
    let achieved = statuses.filter(\.achieved)
    let next = statuses.filter { !$0.achieved }
    var text = style.bold("Goals") + "\n\n"
    text +=
      style.bold("Achieved") + " (\(Numbers.grouped(achieved.count)) of \(Numbers.grouped(statuses.count)))\n"
    if achieved.isEmpty {
      text += lines(
        "none yet: complete an activity to earn \(Goal.complete1Activity.name)", width: width, indent: 2,
        hanging: 4)
    }
    for status in achieved {
      let head = "  \u{2605} " + status.goal.name + " [\(status.goal.badge)]"
      let when = status.dateAchieved.map(date) ?? ""
      // The date beside the badge when it fits, else on the line under it (never broken).
      if TextLayout.displayWidth(head) + 2 + TextLayout.displayWidth(when) <= width {
        text += "  \u{2605} \(style.bold(status.goal.name)) [\(status.goal.badge)]  \(when)\n"
      } else {
        text +=
          "  \u{2605} \(style.bold(TextLayout.shorten(status.goal.name + " [\(status.goal.badge)]", to: width - 4)))\n"
        text += "    \(when)\n"
      }
      text += lines(status.goal.subtitle, width: width, indent: 4, style: style.dim)
    }
    guard !next.isEmpty else { return text }
    text += "\n" + style.bold("Next milestones") + "\n"
    text += lines("Earn these awards by completing trips and activities", width: width)
    let nameWidth = next.map { TextLayout.displayWidth($0.goal.name) }.max() ?? 0
    let badgeWidth = next.map { $0.goal.badge.count + 2 }.max() ?? 0
    let tallyWidth = next.map(\.progressText.count).max() ?? 0
    let fixed = 2 + nameWidth + 1 + badgeWidth + 2 + 2 + tallyWidth
    let beside = fixed + narrowestBar <= width
    for status in next {
      let progress = status.goal.progress(for: status.count)
      let badge = "[\(status.goal.badge)]"
      if beside {
        let bar = self.bar(progress, width: min(40, width - fixed))
        text += "  " + pad(status.goal.name, nameWidth) + " " + pad(badge, badgeWidth) + "  "
        text += bar + "  " + status.progressText + "\n"
      } else {
        text += "  " + TextLayout.shorten(status.goal.name + " " + badge, to: width - 2) + "\n"
        let room = max(narrowestBar / 2, min(40, width - 4 - 2 - tallyWidth))
        text += "    " + bar(progress, width: room) + "  " + status.progressText + "\n"
      }
    }
    return text
  }

  /// One line per change, wrapped to `width` under its first word.
  static func events(_ events: [GoalEvent], width: Int, date: (Int) -> String) -> String {
    // A date is kept on one line: its spaces are held as no-break spaces while the line wraps.
    func kept(_ seconds: Int) -> String { String(date(seconds).map { $0 == " " ? "\u{00A0}" : $0 }) }
    return events.map { event in
      let (verb, rest): (String, String)
      switch event {
      case .earned(let goal, _, let when):
        (verb, rest) = ("earned", "\(goal.name) [\(goal.badge)] \(kept(when)): \(goal.subtitle)")
      case .revoked(let goal, let count, let since, let when):
        (verb, rest) = (
          "revoked",
          "\(goal.name) [\(goal.badge)] \(kept(when)): \(status(goal, count)) (achieved \(kept(since)))"
        )
      }
      var wrapped = TextLayout.wrap(rest, width: width, indent: 8)
      wrapped[0] = pad(verb, 8) + wrapped[0].dropFirst(8)
      return wrapped.map { String($0.map { $0 == "\u{00A0}" ? " " : $0 }) + "\n" }.joined()
    }.joined()
  }

  static func status(_ goal: Goal, _ count: Int) -> String {
    GoalStatus(goal: goal, count: count, dateAchieved: nil).progressText
  }

  /// A bar `width` columns wide, filled in proportion to `progress` (0 to 1).
  static func bar(_ progress: Double, width: Int) -> String {
    let filled = Int((progress * Double(width)).rounded(.down))
    return String(repeating: "\u{2588}", count: filled) + String(repeating: "\u{2591}", count: width - filled)
  }

  /// `text` wrapped to `width`, each line styled and ended with a newline.
  static func lines(
    _ text: String, width: Int, indent: Int = 0, hanging: Int? = nil, style: (String) -> String = { $0 }
  ) -> String {
    TextLayout.wrap(text, width: width, indent: indent, hanging: hanging).map { line in
      let spaces = line.prefix { $0 == " " }.count
      return String(line.prefix(spaces)) + style(String(line.dropFirst(spaces))) + "\n"
    }.joined()
  }

  static func pad(_ text: String, _ width: Int) -> String { TextLayout.padded(text, to: width) }
}
