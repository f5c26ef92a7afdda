#!/usr/bin/env python3
"""Generates the dashboard samples: Samples/market-2024-03-01.csv (four symbols, one trading
day) and Samples/plant-telemetry.csv (a boiler's temperature, pressure and valve setpoint).

Deterministic (SplitMix64, no `random` module), so both files regenerate byte for byte:
`python3 scripts/generate-wall-samples.py market > Samples/market-2024-03-01.csv` and
`python3 scripts/generate-wall-samples.py plant > Samples/plant-telemetry.csv`.
"""
import math
import sys

from splitmix64 import SplitMix64


def iso(ms):
    s, ms = divmod(ms, 1000)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return "2024-03-01T%02d:%02d:%02d.%03dZ" % (h, m, s, ms)


def market(out):
    rng = SplitMix64(0x5EED_4A11_0000_0002)
    symbols = [("ACME", 101.25, 1.0), ("BOLT", 48.10, 1.6), ("CORE", 212.40, 0.7), ("DYNA", 12.05, 2.2)]
    prices = [p for _, p, _ in symbols]
    out.write("time,symbol,price,size\n")
    t = 8 * 3600 * 1000.0
    end = (16 * 3600 + 30 * 60) * 1000.0
    while t < end:
        # U-shaped activity over the session: busy open and close, quiet lunch.
        x = (t - 8 * 3600 * 1000) / (end - 8 * 3600 * 1000)
        rate = 0.6 * (0.35 + 2.2 * (x - 0.5) ** 2)  # ticks per second, all symbols together
        t += -math.log(max(rng.uniform(), 1e-12)) / rate * 1000
        if t >= end:
            break
        k = int(rng.uniform() * len(symbols))
        name, _, vol = symbols[k]
        prices[k] *= math.exp(vol * 0.0009 * rng.normal())
        price = round(prices[k], 2)
        size = 100 * (1 + int(-math.log(max(rng.uniform(), 1e-12)) * 3))
        out.write("%s,%s,%.2f,%d\n" % (iso(int(t)), name, price, size))


def plant(out):
    rng = SplitMix64(0x5EED_B011_E400_0003)
    out.write("time,symbol,value\n")
    setpoint = 72.0
    temperature = 70.0
    pressure = 2.1
    for i in range(0, 2 * 3600, 2):  # two hours, every 2 s
        if i % 900 == 0 and i > 0:
            setpoint = [72.0, 78.0, 75.0, 84.0, 80.0, 76.0, 82.0, 74.0][(i // 900) % 8]
        temperature += (setpoint - temperature) * 0.01 + 0.15 * rng.normal()
        pressure = 1.2 + 0.012 * temperature + 0.02 * rng.normal()
        ms = (9 * 3600 + i) * 1000
        out.write("%s,boiler.setpoint,%.1f\n" % (iso(ms), setpoint))
        out.write("%s,boiler.temperature,%.2f\n" % (iso(ms), temperature))
        out.write("%s,boiler.pressure,%.3f\n" % (iso(ms), pressure))


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    if which == "market":
        market(sys.stdout)
    elif which == "plant":
        plant(sys.stdout)
    else:
        sys.exit("usage: generate-wall-samples.py market|plant")
