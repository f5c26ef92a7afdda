#ifndef CPROCESSSTART_H
#define CPROCESSSTART_H

/// The process's argc and argv as the kernel gave them, saved before any constructor ran.
/// Swift's `CommandLine.arguments` reads /proc/self/cmdline on Linux, which is empty when /proc
/// is not mounted (an initramfs, a chroot); these never are.
int liveticker_process_argc(void);
char *const *liveticker_process_argv(void);

/// 1 when /proc was missing at start, so the Swift runtime's crash reporter was switched off
/// (see ProcessStart.c); 0 otherwise.
int liveticker_process_without_proc(void);

#endif
