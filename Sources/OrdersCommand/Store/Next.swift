import ToolSupport

/// `orders next`: orders move to their next status.
enum Next {
  static let command = Command(
    name: "next", summary: "move orders to their next status: \(StatusChange.flow)",
    options: [OrdersOptions.format, OrdersOptions.store, OrdersOptions.now],
    arguments: Arguments(OrdersOptions.ids).completing(OrdersCompletion.openOrders),
    input: OrdersOptions.idsInput + """

      \(NoticeTimer.secondsVariable) (for tests only) shortens the 60 s: whole seconds, 1 to 60.
      """,
    output: """
      The changed order records (with --format text, each described as 'orders show --format
      text' does). preparing adds preparation {start, end = start + 60 s,
      staleDate = start + 2 min}: the Live Activity 'orders watch' shows, kept through ready and
      removed when the order completes (completed sets completionDate). All the orders change
      together or none does.
      Preparation also schedules the "Donuts are done!" notice, as the sample schedules its
      notification: a small detached timer (its own session, so it outlives the command and the
      terminal) raises it at the end of the 60 s if the order is still preparing (completed or
      ready first: cancelled), appends it once to the notice store and calls notify-send when it is
      installed, with an "Open" action where notify-send takes --action: clicked, it opens the
      order (xdg-open of its link once 'orders open --install' made that the handler, else
      'orders open ID'). See 'orders notices'. With --now (a simulated clock) no timer is started;
      'orders watch' raises the notice when its clock passes the end.
      """,
    exitStatus: ["1    no order has that id, or it is already completed"],
    examples: """
      orders next 1224 && orders watch --until-done
      orders next 1224 && orders notices --follow 1224 | head -n 1
      orders list -s placed | jq -r .id | xargs orders next
      """,
    conflicts: [.described(NoticeTimer.secondsRule)],
    lookups: [OrdersOptions.orderLookup("ID")],
    run: { try StatusChange.run($0, complete: false) })
}
