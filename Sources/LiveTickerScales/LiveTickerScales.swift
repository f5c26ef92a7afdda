// LiveTickerScales: placeholder until its first type lands.
