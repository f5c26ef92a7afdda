import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Telemetry exports in the exact shapes their tools download them: Home Assistant's history
/// and InfluxDB's annotated CSV. Before, every Home Assistant line was bad (the entity id was
/// taken for the value) and InfluxDB's file stopped at its first annotation line.
@Suite struct TelemetryExportTests {
    @Test("Home Assistant history: state is the value, entity_id the symbol, unavailable and unknown are gaps")
    func homeAssistant() throws {
        let text = "entity_id,state,last_changed\nsensor.boiler_temp,21.5,2024-03-01T09:30:00.000Z\nsensor.boiler_temp,21.6,2024-03-01T09:35:00.000Z\nsensor.boiler_temp,unavailable,2024-03-01T09:40:00.000Z\nsensor.boiler_temp,unknown,2024-03-01T09:42:00.000Z\nsensor.boiler_temp,21.4,2024-03-01T09:45:00.000Z\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0 && p.report.nonFiniteValues == 2, "\(p.report.summary)")
        #expect(p.times.first == ns(march1At0930))
        #expect(p.values[0] == 21.5 && p.values[2].isNaN && p.values[3].isNaN && p.values[4] == 21.4)
        #expect(p.table.count == 1 && p.table.name(of: p.symbols[0]) == "sensor.boiler_temp")
    }

    @Test("the spellings of no value are gaps in any case (none, n/a, UNAVAILABLE were bad lines)")
    func missingWordsInAnyCase() throws {
        let words = ["none", "n/a", "UNAVAILABLE", "Unknown", "NULL", "na", "#n/a"]
        var text = "time,price\n1709280000,1.5\n"
        for (i, word) in words.enumerated() { text += "\(1_709_280_001 + i),\(word)\n" }
        text += "1709280100,2.5\n1709280101,-1.5\n1709280102,nonE1\n"
        let p = try parse(text)
        #expect(p.report.nonFiniteValues == words.count, "\(p.report.summary)")
        #expect(p.values.first == 1.5 && p.values.dropFirst().prefix(words.count).allSatisfy(\.isNaN))
        // A minus sign with digits is a number; a word that only starts like one is bad.
        #expect(Array(p.values.suffix(2)) == [2.5, -1.5])
        #expect(p.report.badLines == 1 && p.report.count(of: .malformedNumber) == 1)
    }

    @Test("InfluxDB annotated CSV: the #group, #datatype and #default lines skipped, _time, _value and _field read")
    func influxAnnotated() throws {
        let text = """
            #group,false,false,true,true,false,false,true,true
            #datatype,string,long,dateTime:RFC3339,dateTime:RFC3339,dateTime:RFC3339,double,string,string
            #default,_result,,,,,,,
            ,result,table,_start,_stop,_time,_value,_field,_measurement
            ,,0,2024-03-01T00:00:00Z,2024-03-02T00:00:00Z,2024-03-01T09:30:00Z,21.5,temp,boiler
            ,,0,2024-03-01T00:00:00Z,2024-03-02T00:00:00Z,2024-03-01T09:30:10Z,21.7,temp,boiler
            ,,1,2024-03-01T00:00:00Z,2024-03-02T00:00:00Z,2024-03-01T09:30:00Z,2.12,pressure,boiler
            ,,1,2024-03-01T00:00:00Z,2024-03-02T00:00:00Z,2024-03-01T09:30:10Z,2.15,pressure,boiler

            """
        let p = try parse(text)
        #expect(p.report.badLines == 0 && p.report.preambleLines == 3, "\(p.report.summary)")
        #expect(p.ticks.count == 4 && p.values == [21.5, 21.7, 2.12, 2.15])
        #expect(p.times == [ns(march1At0930), ns(march1At0930 + 10), ns(march1At0930), ns(march1At0930 + 10)])
        // Each field its own series.
        #expect(p.table.count == 2 && p.table.name(of: p.symbols[2]) == "pressure")
        // A `#` line that is no annotation stays what it was: the header.
        #expect(throws: FeedError.self) { try parse("#comment,x\ntime,price\n1709285400,1\n") }
    }

    @Test("ThingSpeak: created_at with a written-out UTC, entry_id passed over for field1")
    func thingSpeak() throws {
        let text = "created_at,entry_id,field1,field2\n2024-03-01 09:30:00 UTC,1001,21.5,45\n2024-03-01 09:31:00 UTC,1002,21.6,46\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.times == [ns(march1At0930), ns(march1At0930 + 60)] && p.values == [21.5, 21.6])
        // ` GMT` too, and with no space.
        #expect(try parse("time,v\n2024-03-01 09:30:00 GMT,1\n2024-03-01T09:30:00UTC,2\n").times == [ns(march1At0930), ns(march1At0930)])
    }

    @Test("Home Assistant's REST history (an array of arrays of states): last_changed is the time; a date named otherwise is not")
    func homeAssistantHistoryJSON() throws {
        let text = "[[{\"entity_id\":\"sensor.temp\",\"state\":\"21.5\",\"attributes\":{\"unit_of_measurement\":\"°C\"},\"last_changed\":\"2024-03-01T09:30:00+00:00\"},{\"entity_id\":\"sensor.temp\",\"state\":\"21.6\",\"attributes\":{},\"last_changed\":\"2024-03-01T09:35:00+00:00\"}]]\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0 && p.values == [21.5, 21.6], "\(p.report.summary)")
        #expect(p.times == [ns(march1At0930), ns(march1At0930 + 300)])
        // An `installed` date says nothing about when the value was read: still no time (a
        // file's record is then a bad one; a live message takes its arrival time).
        #expect(try parse("{\"value\":21.5,\"installed\":\"2023-01-01T00:00:00Z\"}\n").report.badLines == 1)
    }
}
