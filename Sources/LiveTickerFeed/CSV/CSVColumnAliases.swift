/// Header names the CSV reader recognises for each role, in priority order (the first alias any
/// column matches wins; among columns matching the same alias, the leftmost). Names are compared
/// after normalising: ASCII lower case, runs of other characters turned into one `_`, ends
/// trimmed — so `Time (s)`, `time_s` and `TIME-S` all read as `time_s`.
enum CSVColumnAliases {
    static let time = [
        "time", "timestamp", "ts", "datetime", "date_time", "date", "t", "epoch", "unix", "unixtime",
        "unix_time", "time_utc", "timestamp_utc", "utc", "utc_time", "sample_time", "trade_time",
        "transact_time", "event_time", "exchange_time", "created_at", "elapsed", "elapsed_time",
        "gmt_time", "local_time", "open_time", "date_utc", "when", "zeit", "uhrzeit", "datum", "fecha", "hora",
        "clock",
    ]
    /// Names of a date column beside a time-of-day column.
    static let date = ["date", "day", "trade_date", "datum", "fecha", "data", "trading_day", "session_date"]
    static let value = [
        "price", "last", "value", "close", "mid", "px", "last_price", "lastprice", "trade_price",
        "price_last", "mid_price", "rate", "val", "y", "close_last", "kurs", "schluss", "schlusskurs", "letzter",
        "preis", "zuletzt", "precio", "prix", "state", "px_last", "value_avg", "avg", "mean", "average",
    ]
    static let size = [
        "size", "qty", "quantity", "volume", "vol", "last_size", "trade_size", "shares", "lots", "amount",
        "umsatz", "volumen", "menge", "stueck", "stuck", "px_volume",
    ]
    /// Value names that say the value is a price (the header's change since the oldest value
    /// then means something); any other name (`value`, `temp_c`, `usage_idle`) is a measurement.
    static let price = [
        "price", "last", "close", "mid", "px", "last_price", "lastprice", "trade_price", "price_last",
        "mid_price", "close_last", "adj_close", "kurs", "schluss", "schlusskurs", "letzter", "preis", "zuletzt", "precio", "prix", "px_last",
        "p", "c", "bid", "ask",
    ]

    /// Whether a value column or key named `name` holds a price (``price``, after ``normalize(_:)``).
    static func namesPrice(_ name: String) -> Bool { price.contains(normalize(name)) }

    /// Names of an OHLC bar file's open, high and low columns (its close is the value).
    static let open = ["open", "open_price", "opening_price", "eroeffnung", "eroeffn", "erster", "apertura", "ouverture"]
    static let high = ["high", "high_price", "hoch", "tageshoch", "max", "maximo", "haut", "plus_haut"]
    static let low = ["low", "low_price", "tief", "tagestief", "min", "minimo", "bas", "plus_bas"]
    static let bid = ["bid", "bid_price", "bidprice", "best_bid", "bid_px", "bidpx"]
    static let ask = ["ask", "ask_price", "askprice", "best_ask", "ask_px", "askpx", "offer", "offer_price"]
    static let symbol = [
        "symbol", "sym", "ticker", "instrument", "instrument_id", "ric", "isin", "pair", "market",
        "channel", "series", "stock", "security", "asset", "code", "name", "entity_id", "field",
    ]

    /// Unit suffixes a time column may carry (`time_ms`, `Time (us)`, `ts[ns]`).
    static let units: [String: TimeUnit] = [
        "s": .seconds, "sec": .seconds, "secs": .seconds, "second": .seconds, "seconds": .seconds,
        "ms": .milliseconds, "msec": .milliseconds, "millis": .milliseconds, "milliseconds": .milliseconds,
        "us": .microseconds, "usec": .microseconds, "micros": .microseconds, "microseconds": .microseconds,
        "ns": .nanoseconds, "nsec": .nanoseconds, "nanos": .nanoseconds, "nanoseconds": .nanoseconds,
    ]

    /// Lower-cases ASCII letters and joins runs of letters and digits with `_` (`µ` counts as
    /// `u`, so `time_µs` → `time_us`). Accented Latin letters are spelled in ASCII the way their
    /// languages do without the accent (`Eröffnung` → `eroeffnung`, `Größe` → `groesse`,
    /// `Précio` → `precio`), so one alias list serves headers written either way. O(length);
    /// allocates.
    static func normalize(_ name: String) -> String {
        var tokens: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if let spelled = asciiSpelling(of: scalar) {
                current += spelled
                continue
            }
            if scalar.isASCII, let ascii = Character(scalar).asciiValue,
                (ascii >= 48 && ascii <= 57) || (ascii >= 65 && ascii <= 90) || (ascii >= 97 && ascii <= 122)
            {
                current.append(Character(scalar).lowercased())
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens.joined(separator: "_")
    }

    /// The lower-case ASCII spelling of a letter of Latin-1 Supplement (U+00C0…U+00FF) or a
    /// micro sign, or nil for anything else. German umlauts and ß take their two-letter forms
    /// (ä → ae, ß → ss), as German writes them without the dots; other accents are dropped.
    private static func asciiSpelling(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0xB5, 0x3BC: return "u"  // µ (micro sign), μ (Greek mu)
        case 0xC4, 0xE4: return "ae"
        case 0xD6, 0xF6, 0xD8, 0xF8: return "oe"
        case 0xDC, 0xFC: return "ue"
        case 0xDF: return "ss"
        case 0xC6, 0xE6: return "ae"
        case 0xC0...0xC3, 0xC5, 0xE0...0xE3, 0xE5: return "a"
        case 0xC7, 0xE7: return "c"
        case 0xC8...0xCB, 0xE8...0xEB: return "e"
        case 0xCC...0xCF, 0xEC...0xEF: return "i"
        case 0xD1, 0xF1: return "n"
        case 0xD2...0xD5, 0xF2...0xF5: return "o"
        case 0xD9...0xDB, 0xF9...0xFB: return "u"
        case 0xDD, 0xFD, 0xFF: return "y"
        default: return nil
        }
    }

    /// Splits a normalised time column name into its base and a unit suffix, if any
    /// (`time_ms` → (`time`, ms)).
    static func splitUnit(_ normalized: String) -> (base: String, unit: TimeUnit?) {
        guard let underscore = normalized.lastIndex(of: "_") else { return (normalized, nil) }
        let suffix = String(normalized[normalized.index(after: underscore)...])
        guard let unit = units[suffix] else { return (normalized, nil) }
        return (String(normalized[..<underscore]), unit)
    }
}
