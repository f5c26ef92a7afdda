// LiveTickerChart: placeholder until its first type lands.
