// LiveTickerBench: placeholder until its first type lands.
