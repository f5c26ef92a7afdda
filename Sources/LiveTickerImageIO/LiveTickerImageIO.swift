// LiveTickerImageIO: placeholder until its first type lands.
