#!/usr/bin/env python3
"""A WebSocket trade feed on loopback for the WebSocket stage (python3-websockets).

Sends exchange-style trade events, {"e":"trade","s":"BTCUSDT","p":"61130.99","q":"0.004",
"T":1709251200123}, and writes what it sent as CSV (time,price,size,symbol) so the test can
chart the same ticks with `liveticker replay` and compare frames. Modes:

  trades     COUNT events at RATE messages/s, then keeps the connection open
  close      half the events, then closes the connection (code 1001); the next connection
             gets the rest (the client must reconnect by itself)
  malformed  COUNT good events with a malformed message after every 100th (positions logged)
  oversized  COUNT good events with one message of 4 MiB in the middle
  quiet      nothing for QUIET seconds (the client's PINGs are answered), then COUNT events
  brief      one event a connection, then a close (code 1001): a server that drops at once

With --expect-subscribe TEXT, each connection's first message must be TEXT, else the
connection is closed with 1008 and 'bad subscribe' is logged. Prints 'listening PORT' when
ready and 'sent N' once everything was sent; then it closes the connection (code 1000), so a
client that connects again ('connection K' with nothing left to send) has read every message
before it. Stopped by SIGTERM.
"""
import argparse
import asyncio
import json
import signal
import ssl
import sys

import websockets


def events(count, start=0):
    # The first two events are the range's ends, so a live chart's value range (which only
    # widens between frames) is the final one from its first frame on, whatever the timing.
    out = []
    for i in range(count):
        price = 61000.0 + ((i * 7919) % 2000) / 100.0 if i > 1 else (61000.0, 61019.99)[i]
        t = 1709251200000 + i
        out.append((t, "%.2f" % price, "0.%03d" % (1 + i % 997), "BTCUSDT"))
    return out[start:]


def message(event):
    t, p, q, s = event
    return json.dumps({"e": "trade", "E": t + 1, "s": s, "t": 1000 + t % 100000, "p": p, "q": q, "T": t, "m": False},
                      separators=(",", ":"))


class Feed:
    def __init__(self, args):
        self.args = args
        self.all = events(args.count)
        self.next = 0  # index of the next event to send (across connections)
        self.connections = 0
        self.csv = open(args.csv, "w") if args.csv else None
        if self.csv:
            self.csv.write("time,price,size,symbol\n")

    def log(self, text):
        print(text, flush=True)

    async def send_events(self, ws, upto):
        rate = self.args.rate
        burst = max(1, rate // 100)  # bursts every 10 ms
        loop = asyncio.get_running_loop()
        began = loop.time()
        sent_here = 0
        while self.next < upto:
            batch_end = min(upto, self.next + burst)
            for i in range(self.next, batch_end):
                e = self.all[i]
                await ws.send(message(e))
                if self.csv:
                    self.csv.write("%d,%s,%s,%s\n" % e)
                if self.args.mode == "malformed" and i % 100 == 99:
                    bad = ['{"e":"trade","p":"61000.1","T":', '{"p": nope}', "[1,2", '{"e":"trade","s":"BTCUSDT","p":"abc","T":1}'][(i // 100) % 4]
                    await ws.send(bad)
                    self.log("malformed after event %d" % (i + 1))
                if self.args.mode == "oversized" and i == len(self.all) // 2:
                    await ws.send("x" * (4 << 20))
                    self.log("oversized after event %d" % (i + 1))
            sent_here += batch_end - self.next
            self.next = batch_end
            ahead = began + sent_here / rate - loop.time()
            if ahead > 0:
                await asyncio.sleep(ahead)
            else:
                await asyncio.sleep(0)

    async def handle(self, ws, path=None):
        self.connections += 1
        self.log("connection %d" % self.connections)
        if self.args.expect_subscribe is not None:
            try:
                first = await asyncio.wait_for(ws.recv(), 5)
            except Exception as error:  # noqa: BLE001 - any failure is a bad subscribe
                self.log("bad subscribe (%s)" % type(error).__name__)
                await ws.close(1008, "subscribe first")
                return
            if first != self.args.expect_subscribe:
                self.log("bad subscribe %r" % first)
                await ws.close(1008, "unexpected subscribe")
                return
            self.log("subscribe ok")
        if self.next >= len(self.all):
            self.log("connection %d: nothing left" % self.connections)
            try:
                await ws.wait_closed()
            except Exception:  # noqa: BLE001
                pass
            self.log("connection %d closed (%s %s)" % (self.connections, ws.close_code, ws.close_reason))
            return
        began = asyncio.get_running_loop().time()
        if self.args.mode == "quiet" and self.connections == 1:
            await asyncio.sleep(self.args.quiet)
        if self.args.mode == "brief":
            # One event a connection, then a close: a server that delivers and drops at once.
            await self.send_events(ws, min(len(self.all), self.next + 1))
            await ws.close(1001, "going away")
            return
        if self.args.mode == "close" and self.connections == 1:
            await self.send_events(ws, len(self.all) // 2)
            if self.csv:
                self.csv.flush()
            self.log("closing after %d" % self.next)
            await ws.close(1001, "going away")
            return
        await self.send_events(ws, len(self.all))
        if self.csv:
            self.csv.flush()
        spent = asyncio.get_running_loop().time() - began
        self.log("sent %d in %.2f s" % (self.next, spent))
        await ws.close(1000, "done")


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="trades", choices=["trades", "close", "malformed", "oversized", "quiet", "brief"])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rate", type=int, default=10000)
    parser.add_argument("--quiet", type=float, default=3.0)
    parser.add_argument("--csv")
    parser.add_argument("--expect-subscribe")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    feed = Feed(args)
    context = None
    if args.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.cert, args.key)
    stop = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set_result, None)
    async with websockets.serve(feed.handle, "127.0.0.1", args.port, ssl=context, max_size=1 << 20,
                                ping_interval=None) as server:
        port = server.sockets[0].getsockname()[1]
        feed.log("listening %d" % port)
        await stop
    if feed.csv:
        feed.csv.close()


if __name__ == "__main__":
    asyncio.run(main())
