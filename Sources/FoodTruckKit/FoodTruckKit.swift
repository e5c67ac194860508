/// The Food Truck domain model shared by `orders`, `sales-chart` and `weather`.
public enum FoodTruckKit {}
