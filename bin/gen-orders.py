#!/usr/bin/env python3
"""Writes N order-like records (the `order` shape of PROTOCOL.md) for benchmarks, without the tools."""
import json
import random
import sys

NAMES = ["The Classic", "Blueberry Frosted", "Strawberry Drizzle", "Cosmos", "Strawberry Sprinkles",
         "Lemon Chocolate", "Rainbow", "Picnic Basket", "Figure Skater", "Powdered Chocolate",
         "Powdered Strawberry", "Custard", "Super Lemon", "Fire Zest", "Black Raspberry", "Daytime", "Nighttime"]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    rng = random.Random(1)
    out = sys.stdout
    for i in range(n):
        ids = rng.sample(range(17), rng.randint(1, 5))
        items = [{"donut": d, "name": NAMES[d], "quantity": rng.randint(1, 5)} for d in ids]
        total = sum(item["quantity"] for item in items)
        seconds = 1795946533 - i * 120
        record = {"city": "Cupertino", "creationDate": "%s" % iso(seconds), "grandTotal": round(total * 5.78, 2),
                  "id": "Order#12%02d" % (n - i), "items": items, "parkingSpot": "Apple Park",
                  "status": "placed", "totalSales": total, "type": "order"}
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


def iso(seconds):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


if __name__ == "__main__":
    main()
