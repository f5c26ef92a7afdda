import LiveTickerBench

print("Bench: not yet implemented")
