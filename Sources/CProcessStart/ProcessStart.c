// Runs first in the `liveticker` executable, from .preinit_array: before every constructor,
// the Swift runtime's included.
//
// Why: the Swift runtime's backtrace initializer (a C++ static constructor) asks for its own
// path to find `swift-backtrace`; in a static executable `dladdr` knows no file names, the
// runtime falls back to readlink("/proc/self/exe"), and without /proc it aborts with "Unable to
// obtain Swift runtime path" before `main`. Giving it the helper's path in SWIFT_BACKTRACE skips
// that lookup; crash reports need /proc anyway, so they are switched off too. Only when /proc is
// missing and SWIFT_BACKTRACE is unset: a user's setting always wins.
#include "CProcessStart.h"

#include <stdlib.h>
#include <unistd.h>

static int saved_argc;
static char *const *saved_argv;
static int started_without_proc;

static void liveticker_preinit(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
    if (access("/proc/self/exe", F_OK) != 0) {
        started_without_proc = 1;
        setenv("SWIFT_BACKTRACE", "enable=no,swift-backtrace=/bin/false", 0);
    }
}

// glibc calls .preinit_array entries with (argc, argv, envp), in executables only.
__attribute__((section(".preinit_array"), used))
static void (*const liveticker_preinit_entry)(int, char **, char **) = liveticker_preinit;

int liveticker_process_argc(void) { return saved_argc; }
char *const *liveticker_process_argv(void) { return saved_argv; }
int liveticker_process_without_proc(void) { return started_without_proc; }
