import TripsCommand

Trips.main()
