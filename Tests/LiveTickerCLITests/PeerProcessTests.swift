import Testing

@testable import LiveTickerBench

#if canImport(Glibc)
import Glibc
#endif

/// The Bench's kept-running peers (``PeerProcess``) and its one-CPU runs
/// (``withThreadPinned(_:)``), with a real python3 as the peer: the peer has set up before it
/// is used, answers come back in order whatever way the pipe cuts them, and a peer that never
/// gets ready, dies on a request or is told to finish costs a nil, never the process (no
/// SIGPIPE), never a hang.
@Suite struct PeerProcessTests {
    @Test("each request gets its own answer line, in order, however the peer's writes cut the lines")
    func answersInOrder() throws {
        let script = """
            import sys, time
            print("ready", flush=True)
            for line in sys.stdin:
                word = line.split()[0]
                if word == "split":
                    sys.stdout.write("hal"); sys.stdout.flush(); time.sleep(0.05)
                    sys.stdout.write("ves\\n"); sys.stdout.flush()
                elif word == "two":
                    sys.stdout.write("first\\nsecond\\n"); sys.stdout.flush()
                elif word == "silent":
                    pass
                else:
                    print(int(word) * 2, flush=True)
            """
        let peer = try #require(PeerProcess(script: script, arguments: []))
        #expect(peer.ask("21") == "42")
        #expect(peer.ask("split") == "halves")
        #expect(peer.ask("-4") == "-8")
        // Two lines in one write: the second is kept for the next request (answered by none).
        #expect(peer.ask("two") == "first")
        #expect(peer.ask("silent") == "second")
        #expect(peer.ask("5") == "10")
        peer.finish()
        #expect(peer.ask("1") == nil, "a finished peer answers nothing")
    }

    @Test("arguments and added environment reach the script")
    func argumentsAndEnvironment() throws {
        let script = """
            import os, sys
            print("ready", flush=True)
            for line in sys.stdin:
                print(sys.argv[1], os.environ.get("LIVETICKER_PEER_TEST", "unset"), flush=True)
            """
        let peer = try #require(
            PeerProcess(script: script, arguments: ["an argument"], environment: ["LIVETICKER_PEER_TEST=set here"]))
        #expect(peer.ask("go") == "an argument set here")
        #expect(getenv("LIVETICKER_PEER_TEST") == nil, "only the child's environment has it")
    }

    @Test("the peer's set-up is over when it is returned: nothing of it runs beside what comes next")
    func readyBeforeUse() throws {
        let marker = "/tmp/liveticker-peer-test-\(getpid())"
        unlink(marker)
        defer { unlink(marker) }
        let script = """
            import sys, time
            time.sleep(0.2)
            open(sys.argv[1], "w").write("set up")
            print("ready", flush=True)
            for line in sys.stdin: print("ok", flush=True)
            """
        let peer = try #require(PeerProcess(script: script, arguments: [marker]))
        #expect(access(marker, F_OK) == 0, "the set-up's file exists as soon as the peer is returned")
        #expect(peer.ask("x") == "ok")
    }

    @Test("a peer that ends after getting ready, or on a request, gives nil from then on and leaves this process running")
    func endedPeers() throws {
        // Ends before reading any request: the request's write fails with EPIPE (SIGPIPE is
        // not ignored in this test process, so a raised one would end it here).
        let gone = try #require(PeerProcess(script: "print('ready', flush=True)", arguments: []))
        usleep(300_000)  // long enough for python3 to have exited
        #expect(gone.ask("anything") == nil)
        #expect(gone.ask("again") == nil)

        let failing = try #require(
            PeerProcess(
                script: """
                    import sys
                    print("ready", flush=True)
                    for line in sys.stdin:
                        if line.startswith("die"): raise SystemExit(1)
                        print("ok", flush=True)
                    """,
                arguments: []))
        #expect(failing.ask("hello") == "ok")
        #expect(failing.ask("die") == nil)
        #expect(failing.ask("hello") == nil)
    }

    @Test("a script that never gets ready (an import that fails, or one that ends, or says something else first) gives no peer")
    func neverReady() {
        #expect(PeerProcess(script: "import no_such_module_liveticker", arguments: []) == nil)
        #expect(PeerProcess(script: "pass", arguments: []) == nil)
        #expect(PeerProcess(script: "print('hello', flush=True)\nimport sys\nfor line in sys.stdin: pass", arguments: []) == nil)
    }

    @Test("pinned: this thread and a process it starts run on one CPU; afterwards the thread has its CPUs back")
    func pinning() throws {
        let before = try #require(allowedCPUs())
        let (inside, child) = withThreadPinned { () -> (String?, String?) in
            let peer = PeerProcess(
                script: "import os, sys\nprint('ready', flush=True)\nfor line in sys.stdin: print(sorted(os.sched_getaffinity(0)), flush=True)",
                arguments: [])
            return (allowedCPUs(), peer?.ask("cpus"))
        }
        let pinned = try #require(inside)
        #expect(!pinned.contains(",") && !pinned.contains("-"), "one CPU while pinned, not \(pinned)")
        #expect(child == "[\(pinned)]", "the child inherits the one CPU")
        #expect(allowedCPUs() == before)
    }

    /// The calling thread's `Cpus_allowed_list` (e.g. "0-1").
    private func allowedCPUs() -> String? { procField("Cpus_allowed_list:", in: "/proc/thread-self/status") }
}
