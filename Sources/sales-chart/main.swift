import SalesChartCommand

SalesChart.main()
