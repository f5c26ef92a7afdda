// LiveTickerDisplay: placeholder until its first type lands.
