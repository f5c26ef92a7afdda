#!/usr/bin/env python3
"""Writes the small format samples in Samples/ (made here, deterministic: same bytes every run).

Each file copies the exact shape of a common export -- column names, quoting, line endings,
byte-order mark, null rows -- with made-up prices of the fictional symbol ACME (and a made-up
BTCUSDT tape and Raspberry Pi host), so `liveticker replay FILE` can be tried on every format
with no flags. See Samples/README.md.

    python3 scripts/generate-format-samples.py     # rewrites the files in Samples/
"""
import gzip
import json
import struct
import os
import random

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Samples")


def f32(x):
    """`x` rounded to the nearest float32 (what Yahoo's export prints from)."""
    return struct.unpack("f", struct.pack("f", x))[0]


def yahoo_daily(rng):
    # Yahoo Finance "Download" (history CSV): LF line ends, `null` rows on missing days.
    lines = ["Date,Open,High,Low,Close,Adj Close,Volume"]
    price = 180.0
    day = 0
    import datetime
    date = datetime.date(2024, 1, 2)
    while day < 60:
        if date.weekday() < 5:
            if day == 37:
                lines.append(f"{date.isoformat()},null,null,null,null,null,null")
            else:
                # Prices on whole cents, printed as Yahoo prints them: a float32 to six
                # decimals (185.64 is written 185.639999); Adj Close is not on cents.
                o = round(price, 2)
                c = round(max(1.0, price + rng.gauss(0, 2.0)), 2)
                h = round(max(o, c) + abs(rng.gauss(0, 1.0)), 2)
                l = round(min(o, c) - abs(rng.gauss(0, 1.0)), 2)
                v = int(abs(rng.gauss(60e6, 15e6)))
                fields = [f"{f32(x):.6f}" for x in (o, h, l, c, c * 0.9973)]
                lines.append(f"{date.isoformat()},{','.join(fields)},{v}")
                price = c
            day += 1
        date += datetime.timedelta(days=1)
    return ("\n".join(lines) + "\n").encode()


def binance_trades(rng):
    # Binance spot trade stream (wss://…/ws/btcusdt@trade), one message per line as recorded.
    out = []
    t = 1709251200000
    trade = 3452341000
    price = 61130.99
    for _ in range(2000):
        t += rng.choice([0, 1, 3, 12, 40, 150])
        trade += 1
        price = round(price + rng.gauss(0, 2.5), 2)
        qty = round(abs(rng.expovariate(40)), 5) or 0.00001
        message = {"e": "trade", "E": t + 2, "s": "BTCUSDT", "t": trade, "p": f"{price:.8f}",
                   "q": f"{qty:.8f}", "T": t, "m": rng.random() < 0.5, "M": True}
        out.append(json.dumps(message, separators=(",", ":")))
    return ("\n".join(out) + "\n").encode()


def telegraf(rng):
    # Telegraf [[outputs.file]] data_format = "influx", 10 s interval, nanosecond precision.
    out = []
    t = 1709251200 * 10**9
    idle = 96.0
    used = 18.0
    for _ in range(360):
        idle = min(100.0, max(0.0, idle + rng.gauss(0, 1.2)))
        user = round((100 - idle) * 0.7, 3)
        system = round(100 - idle - user, 3)
        out.append(f"cpu,cpu=cpu-total,host=kiosk-pi usage_idle={idle:.3f},usage_user={user},usage_system={system} {t}")
        used = min(95.0, max(5.0, used + rng.gauss(0, 0.3)))
        out.append(f"mem,host=kiosk-pi available={int(4e9 * (1 - used / 100))}i,used_percent={used:.3f} {t}")
        t += 10 * 10**9
    return ("\n".join(out) + "\n").encode()


def german_broker(rng):
    # A German broker / onvista-style export: BOM, `;` delimiter, CRLF, dd.mm.yyyy and a
    # separate time column, decimal commas with `.` between thousands.
    lines = ["Datum;Zeit;Kurs;Umsatz"]
    price = 17650.0
    seconds = 9 * 3600
    for _ in range(600):
        seconds += rng.choice([1, 2, 5, 10])
        price += rng.gauss(0, 3.0)
        h, m, s = seconds // 3600, seconds // 60 % 60, seconds % 60
        whole, frac = f"{price:.2f}".split(".")
        grouped = f"{int(whole):,}".replace(",", ".")
        lines.append(f"01.03.2024;{h:02d}:{m:02d}:{s:02d};{grouped},{frac};{rng.randrange(1, 40) * 25}")
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode()


def main():
    rng = random.Random(20240301)
    files = {
        "acme-daily-yahoo.csv": yahoo_daily(rng),
        "btcusdt-trades.ndjson": binance_trades(rng),
        "telegraf-kiosk-pi.influx": telegraf(rng),
        "dax-onvista-de.csv.gz": gzip.compress(german_broker(rng), mtime=0),
    }
    for name, data in files.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
        print(f"Samples/{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
