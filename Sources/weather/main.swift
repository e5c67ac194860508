import WeatherCommand

Weather.main()
