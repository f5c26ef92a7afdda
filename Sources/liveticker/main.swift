import LiveTickerCLI

LiveTickerCommandLine.main()
