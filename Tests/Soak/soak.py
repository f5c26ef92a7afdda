#!/usr/bin/env python3
"""Feeds a running `liveticker live` TCP listener at a steady rate and samples its resident
memory and CPU time from /proc. Prints one row per sample and KEY=VALUE totals at the end."""
import argparse
import socket
import time


def proc_sample(pid):
    """(resident kB, CPU seconds) of `pid`."""
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks_per_second = 100  # USER_HZ on Linux
    cpu = (int(fields[11]) + int(fields[12])) / ticks_per_second
    return rss, cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--rate", type=int, default=20_000, help="ticks per second")
    parser.add_argument("--sample", type=float, default=10, help="seconds between samples")
    args = parser.parse_args()

    sock = socket.create_connection(("127.0.0.1", args.port))
    sock.sendall(b"time,price,size,symbol\n")
    symbols = [b"ACME", b"BETA", b"GAMMA", b"DELTA"]
    step = 0.01  # send a batch every 10 ms
    per_batch = max(1, round(args.rate * step))
    sent = 0
    start = time.monotonic()
    next_send = start
    next_sample = start
    base_ms = 1709280000000
    rows = []
    print(f"{'time':>8} {'ticks sent':>12} {'RSS MB':>8} {'CPU %':>6}", flush=True)
    last_cpu = None
    last_time = start
    while True:
        now = time.monotonic()
        if now >= next_sample:
            rss, cpu = proc_sample(args.pid)
            percent = 0.0 if last_cpu is None else 100 * (cpu - last_cpu) / max(1e-9, now - last_time)
            if last_cpu is not None:
                rows.append((now - start, rss, percent))
            last_cpu, last_time = cpu, now
            print(f"{now - start:7.0f}s {sent:12d} {rss / 1024:8.1f} {percent:6.1f}", flush=True)
            next_sample += args.sample
        if now - start >= args.seconds:
            break
        if now < next_send:
            time.sleep(min(next_send - now, max(0.0, next_sample - now)))
            continue
        lines = []
        for i in range(per_batch):
            n = sent + i
            lines.append(b"%d,%d.%02d,%d,%s\n" % (base_ms + n, 100 + n % 13, n % 100, 1 + n % 5, symbols[n % 4]))
        sock.sendall(b"".join(lines))
        sent += per_batch
        next_send += step
    sock.shutdown(socket.SHUT_WR)
    sock.close()
    elapsed = time.monotonic() - start
    rss_values = [r for _, r, _ in rows] or [proc_sample(args.pid)[0]]
    cpu_values = [c for _, _, c in rows] or [0.0]
    first_minute = [r for t, r, _ in rows if t <= 60] or rss_values[:1]
    last_minute = [r for t, r, _ in rows if t >= elapsed - 60] or rss_values[-1:]
    print(f"sent={sent}")
    print(f"seconds={elapsed:.0f}")
    print(f"rate={sent / elapsed:.0f}")
    print(f"rss_first_kib={max(first_minute)}")
    print(f"rss_last_kib={max(last_minute)}")
    print(f"rss_peak_kib={max(rss_values)}")
    print(f"cpu_mean_percent={sum(cpu_values) / len(cpu_values):.1f}")
    print(f"cpu_peak_percent={max(cpu_values):.1f}")


if __name__ == "__main__":
    main()
