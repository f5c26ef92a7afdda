// LiveTickerDownsampling: placeholder until its first type lands.
