// LiveTickerFeed: placeholder until its first type lands.
