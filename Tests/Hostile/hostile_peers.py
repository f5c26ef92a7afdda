#!/usr/bin/env python3
"""Hostile peers against two running `liveticker live` listeners (TCP and UDP), next to one
real sender each. Prints what was sent and the listeners' peak resident memory as KEY=VALUE
lines for run-hostile-peers to check against the listeners' own summaries.

TCP: 200 idle connections (more than the listener's cap), 100 empty ones (port scans), 300
connect-and-close cycles in a burst, connections sending garbage (control bytes, terminal
escapes, bad headers, no digits so no line can parse as a tick), 1 MiB lines, one connection
flooding garbage for a while, and one connection that never finishes its line. Meanwhile the
real sender connects (retrying only when refused before it sent a byte) and sends its ticks.

UDP: datagrams from a peer outside --allow, then `hello`, `value,time`, empty and 60 KB
datagrams and a garbage flood from an allowed peer; then the real sender's datagrams (each
several lines, some with their own header), paced so the kernel's buffer never overflows.
"""
import argparse
import os
import random
import select
import socket
import sys
import threading
import time

BASE_MS = 1709280000000
# Garbage never contains a digit, sign or dot, so no garbage line can start a tick.
GARBAGE_ALPHABET = bytes(b for b in range(256) if b not in b"0123456789+-.\n")


def garbage(rng, size):
    return bytes(rng.choice(GARBAGE_ALPHABET) for _ in range(size))


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


class RSSSampler(threading.Thread):
    def __init__(self, pids):
        super().__init__(daemon=True)
        self.pids = pids
        self.peak = {pid: 0 for pid in pids}
        self.first = {pid: None for pid in pids}
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            for pid in self.pids:
                value = rss_kib(pid)
                if self.first[pid] is None and value:
                    self.first[pid] = value
                self.peak[pid] = max(self.peak[pid], value)
            time.sleep(0.05)


def connect(port, source="127.0.0.1"):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def closed_by_server(s, wait):
    """True when the server closed or reset `s` within `wait` seconds."""
    readable, _, _ = select.select([s], [], [], wait)
    if not readable:
        return False
    try:
        return s.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


def tcp_real_sender(port, ticks, result):
    lines = "".join(f"{BASE_MS + i},{100 + i % 7}.25,1\n" for i in range(ticks)).encode()
    attempts = 0
    while True:
        attempts += 1
        s = connect(port)
        # Refused at capacity means closed at once, before we send a byte: then try again.
        if closed_by_server(s, 0.3):
            s.close()
            time.sleep(0.2)
            continue
        break
    s.sendall(b"time,price,size\n")
    for offset in range(0, len(lines), 4096):
        s.sendall(lines[offset:offset + 4096])
        time.sleep(0.0005)
    s.shutdown(socket.SHUT_WR)
    s.settimeout(10)
    try:
        s.recv(1)
    except OSError:
        pass
    s.close()
    result["tcp_attempts"] = attempts


def tcp_hostile(port, seconds, rng):
    payloads = [
        b"hello\n",
        b"\x1b]0;pwned\x07\n\x1b[2J\x1b[H\n",
        b"value,time\n" + garbage(rng, 2000) + b"\n",
        b"price\nabc,def\n",
        garbage(rng, 50_000),
        b"x" * (1 << 20) + b"\n" + b"y" * (1 << 20) + b"\n",  # 1 MiB lines
        # JSON documents that never close, kept at most a connection buffer's worth: one on a
        # single 56 MiB line (a response as curl saves it), one pretty-printed over 4 MiB.
        b'{"data":{"result":' + b"[" * (56 << 20) + b"\n",
        b"{\n" + b'  "k": [1,\n' * 400_000,
    ]
    for payload in payloads:
        try:
            s = connect(port)
            s.sendall(payload)
            s.close()
        except OSError:
            pass
    for _ in range(100):  # empty: port scans, health checks
        try:
            connect(port).close()
        except OSError:
            pass
    held = []
    partial = connect(port)
    partial.sendall(b"time,price\n" + b"z" * 1000)  # never finishes its line
    held.append(partial)
    for _ in range(200):  # idle: more connections than the cap, held open
        try:
            held.append(connect(port))
        except OSError:
            pass
    burst = []
    for _ in range(300):  # a burst of senders at once (the listen backlog)
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", port))
        burst.append(s)
    time.sleep(0.2)
    for s in burst:
        s.close()
    time.sleep(1.5)  # the idle ones are now the quietest: the real sender takes the place of one
    # A flood: one connection sending garbage lines as fast as it can.
    deadline = time.monotonic() + seconds
    flood = connect(port)
    flooded = 0
    chunk = (garbage(rng, 200) + b"\n") * 300
    flood.settimeout(2)
    while time.monotonic() < deadline:
        try:
            flood.sendall(chunk)
            flooded += len(chunk)
        except OSError:
            flood.close()
            flood = connect(port)
            flood.settimeout(2)
    flood.close()
    for s in held:
        s.close()
    return flooded


def udp_phase(port, ticks, lines_per_datagram, rng):
    refused = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    refused.bind(("127.0.0.1", 0))  # not in --allow
    for i in range(50):
        refused.sendto(f"{BASE_MS + i},1\n".encode(), ("127.0.0.1", port))
    hostile = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    hostile.bind(("127.0.0.3", 0))
    for payload in [b"hello", b"value,time", b"", b"\x1b]0;pwned\x07", b"q" * 60_000, b"price\n\x1b[2J"]:
        hostile.sendto(payload, ("127.0.0.1", port))
        time.sleep(0.01)
    for _ in range(20_000):
        try:
            hostile.sendto(garbage(rng, 100), ("127.0.0.1", port))
        except OSError:
            pass
    time.sleep(1.0)
    real = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    real.bind(("127.0.0.2", 0))
    sent = 0
    datagram = 0
    while sent < ticks:
        count = min(lines_per_datagram, ticks - sent)
        body = "".join(f"{BASE_MS + sent + j},{200 + (sent + j) % 5}.5\n" for j in range(count))
        if datagram % 3 == 1:
            body = "time,price\n" + body  # a datagram with its own header
        real.sendto(body.encode(), ("127.0.0.1", port))
        sent += count
        datagram += 1
        if datagram % 50 == 0:
            time.sleep(0.005)
    return datagram


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tcp-port", type=int, required=True)
    parser.add_argument("--udp-port", type=int, required=True)
    parser.add_argument("--pids", type=int, nargs=2, required=True)
    parser.add_argument("--tcp-ticks", type=int, default=50_000)
    parser.add_argument("--udp-ticks", type=int, default=20_000)
    parser.add_argument("--flood-seconds", type=float, default=8)
    args = parser.parse_args()
    rng = random.Random(20241)
    sampler = RSSSampler(args.pids)
    sampler.start()
    time.sleep(0.3)
    result = {}
    hostile = threading.Thread(target=lambda: result.__setitem__(
        "flooded", tcp_hostile(args.tcp_port, args.flood_seconds, rng)))
    hostile.start()
    time.sleep(2.5)  # the real sender arrives once idle connections fill the listener
    real = threading.Thread(target=tcp_real_sender, args=(args.tcp_port, args.tcp_ticks, result))
    real.start()
    datagrams = udp_phase(args.udp_port, args.udp_ticks, 4, random.Random(7))
    real.join()
    hostile.join()
    time.sleep(0.5)
    sampler.stop.set()
    sampler.join()
    tcp_pid, udp_pid = args.pids
    print(f"tcp_ticks={args.tcp_ticks}")
    print(f"tcp_attempts={result.get('tcp_attempts', 0)}")
    print(f"tcp_flood_bytes={result.get('flooded', 0)}")
    print(f"udp_ticks={args.udp_ticks}")
    print(f"udp_datagrams={datagrams}")
    print(f"tcp_rss_first_kib={sampler.first[tcp_pid] or 0}")
    print(f"tcp_rss_peak_kib={sampler.peak[tcp_pid]}")
    print(f"udp_rss_first_kib={sampler.first[udp_pid] or 0}")
    print(f"udp_rss_peak_kib={sampler.peak[udp_pid]}")


if __name__ == "__main__":
    sys.exit(main())
