import OrdersTallyCommand

OrdersTally.main()
