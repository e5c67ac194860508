import OrdersCommand

Orders.main()
