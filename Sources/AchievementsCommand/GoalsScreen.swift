import PipeProtocol
import ToolSupport
import WishlistKit

/// The Goals screen drawn as text: the badges earned, then the next milestones with progress bars.
enum GoalsScreen {
  /// The screen for these statuses (already in display order), fitted to `width` columns.
  static func render(_ statuses: [GoalStatus], width: Int, style: Terminal.Style) -> String {
    let achieved = statuses.filter(\.achieved)
    let next = statuses.filter { !$0.achieved }
    var text = style.bold("Goals") + "\n\n"
    text += style.bold("Achieved") + " (\(achieved.count) of \(statuses.count))\n"
    if achieved.isEmpty {
      text += "  none yet: complete an activity to earn \(Goal.complete1Activity.name)\n"
    }
    for status in achieved {
      let date = status.dateAchieved.map(ISODate.formatDay) ?? ""
      text += "  \u{2605} \(style.bold(status.goal.name)) [\(status.goal.badge)]  \(date)\n"
      text += "    \(style.dim(status.goal.subtitle))\n"
    }
    guard !next.isEmpty else { return text }
    text += "\n" + style.bold("Next milestones") + "\n"
    text += "Earn these awards by completing trips and activities\n"
    let nameWidth = next.map(\.goal.name.count).max() ?? 0
    let badgeWidth = next.map { $0.goal.badge.count + 2 }.max() ?? 0
    let tallyWidth = next.map(\.progressText.count).max() ?? 0
    let barWidth = max(10, min(40, width - 2 - nameWidth - 1 - badgeWidth - 2 - 2 - tallyWidth))
    for status in next {
      let progress = status.goal.progress(for: status.count)
      let filled = Int((progress * Double(barWidth)).rounded(.down))
      let bar =
        String(repeating: "\u{2588}", count: filled) + String(repeating: "\u{2591}", count: barWidth - filled)
      text += "  " + pad(status.goal.name, nameWidth) + " " + pad("[\(status.goal.badge)]", badgeWidth) + "  "
      text += bar + "  " + status.progressText + "\n"
    }
    return text
  }

  /// One line per change.
  static func events(_ events: [GoalEvent]) -> String {
    events.map { event in
      switch event {
      case .earned(let goal, _, let date):
        return "earned  \(goal.name) [\(goal.badge)] \(ISODate.format(date)): \(goal.subtitle)\n"
      case .revoked(let goal, let count, let since, let date):
        return
          "revoked \(goal.name) [\(goal.badge)] \(ISODate.format(date)): \(status(goal, count)) (achieved \(ISODate.format(since)))\n"
      }
    }.joined()
  }

  static func status(_ goal: Goal, _ count: Int) -> String {
    GoalStatus(goal: goal, count: count, dateAchieved: nil).progressText
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
