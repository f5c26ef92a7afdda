#!/usr/bin/env python3
"""Writes the golden scenes' tick files into DIR: deterministic (a fixed 64-bit LCG, no
library randomness), shaped like real exports (epoch-ms or ISO times, a header)."""
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


class Walk:
    def __init__(self, seed, start, scale):
        self.state = seed
        self.value = start
        self.scale = scale

    def uniform(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 11) / float(1 << 53)

    def step(self):
        # Sum of four uniforms: a bell-ish step, symmetric around 0.
        self.value += self.scale * (sum(self.uniform() for _ in range(4)) - 2.0)
        return self.value


def write(name, rows):
    with open(os.path.join(out, name), "w") as f:
        f.write("time,price,size\n")
        for t, v in rows:
            f.write(f"{t},{v:.2f},100\n")


def series(seed, start_ms, step_ms, count, start=100.0, scale=0.05, skip=None):
    walk = Walk(seed, start, scale)
    rows = []
    for i in range(count):
        t = start_ms + i * step_ms
        v = walk.step()
        if skip and skip(t):
            continue
        rows.append((t, v))
    return rows


day = 86_400_000
weekend = lambda t: ((t // day) + 4) % 7 in (0, 6)  # Sunday, Saturday
# Days: 5 trading days of minute ticks, weekend gap kept (Mon 2024-03-04 .. Mon 03-11).
write("days.csv", series(1, 1_709_510_400_000, 60_000, 8 * 1440, skip=weekend))
# Months: six months of hourly ticks from 2024-01-01.
write("months.csv", series(2, 1_704_067_200_000, 3_600_000, 182 * 24, scale=0.3))
# Years: five years of daily closes from 2019-01-01, weekdays only.
write("years.csv", series(3, 1_546_300_800_000, day, 5 * 365, scale=1.0, skip=weekend))
# DST: New York's spring-forward weekend, minute ticks Fri 2024-03-08 .. Tue 03-12 (UTC).
write("dst-new-york.csv", series(4, 1_709_856_000_000, 60_000, 4 * 1440))
# Ladder: 30 weeks of 5-minute ticks (enough for 1w candles), and in the last 8 hours a tick
# every 10 s between them (a bridge from one 5-minute tick to the next with its own noise), so
# the 1m and 5m scenes draw candles with bodies and wicks, not one-tick specks.
ladder = series(5, 1_704_067_200_000, 300_000, 30 * 7 * 288, scale=0.08)
noise = Walk(6, 0.0, 0.01)
dense = []
for i, (t, v) in enumerate(ladder):
    dense.append((t, v))
    if i >= len(ladder) - 96 and i + 1 < len(ladder):
        following = ladder[i + 1][1]
        noise.value = 0.0
        for j in range(1, 30):
            dense.append((t + j * 10_000, v + (following - v) * j / 30 + noise.step() * (30 - j) / 30))
write("ladder.csv", dense)
# Five symbols, one tick a second each, close together so their tags must stack.
walks = [Walk(10 + k, 100 + k * 0.3, 0.04) for k in range(5)]
with open(os.path.join(out, "five.csv"), "w") as f:
    f.write("time,symbol,price\n")
    for i in range(3600):
        for k, w in enumerate(walks):
            f.write(f"{1_709_280_000_000 + i * 1000},S{k + 1},{w.step():.3f}\n")
