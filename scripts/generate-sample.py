#!/usr/bin/env python3
"""Generates Samples/acme-2024-03-01.csv: one realistic trading day of one symbol.

Deterministic (its own PRNG, no `random` module), so the bundled file can be regenerated
byte for byte: `python3 scripts/generate-sample.py > Samples/acme-2024-03-01.csv`.

The model is small but has what a trading day shows on a chart:
- session 08:00-16:30 UTC with a U-shaped intraday activity curve (busy open and close,
  quiet lunch), so tick arrivals are a Poisson process with a time-varying rate;
- prices follow a random walk in log space whose volatility follows the same curve, with a
  slow drift and one news jump in the afternoon, rounded to the 0.01 tick size;
- sizes are lots of 100 with a heavy tail;
- some trades share a millisecond timestamp, as real feeds have.
"""
import math
import sys

from splitmix64 import SplitMix64

SEED = 0x5EED_1234_ABCD_0001
DAY = "2024-03-01"
OPEN_S = 8 * 3600
CLOSE_S = 16 * 3600 + 30 * 60
START_PRICE = 101.25
MEAN_TICKS_PER_SECOND = 1.2


def activity(seconds_into_session, session_length):
    """U-shaped intraday activity: 1 at lunch, ~4 at the open and ~3 at the close."""
    f = seconds_into_session / session_length
    return 1.0 + 3.0 * math.exp(-f / 0.06) + 2.0 * math.exp(-(1.0 - f) / 0.05)


def main():
    rng = SplitMix64(SEED)
    session = CLOSE_S - OPEN_S
    out = sys.stdout
    out.write("time,symbol,price,size\n")
    t = float(OPEN_S)
    log_price = math.log(START_PRICE)
    jump_at = OPEN_S + 0.7 * session  # an afternoon headline
    jumped = False
    first = True
    while True:
        rate = MEAN_TICKS_PER_SECOND * activity(t - OPEN_S, session)
        # Exponential inter-arrival; 15 % of trades land in the same millisecond as the last.
        if not first and rng.uniform() < 0.15:
            dt = 0.0
        else:
            dt = -math.log(max(rng.uniform(), 1e-300)) / rate
        first = False
        t += dt
        if t >= CLOSE_S:
            break
        sigma_per_sqrt_s = 0.00018 * math.sqrt(activity(t - OPEN_S, session))
        log_price += 0.0000004 * dt + sigma_per_sqrt_s * math.sqrt(max(dt, 0.001)) * rng.normal()
        if not jumped and t >= jump_at:
            log_price += 0.012
            jumped = True
        price = round(math.exp(log_price), 2)
        lots = 1 + int(-math.log(max(rng.uniform(), 1e-300)) * 3.0)
        ms = int(t * 1000)
        hh, rem = divmod(ms // 1000, 3600)
        mm, ss = divmod(rem, 60)
        out.write(f"{DAY}T{hh:02d}:{mm:02d}:{ss:02d}.{ms % 1000:03d}Z,ACME,{price:.2f},{lots * 100}\n")


if __name__ == "__main__":
    main()
