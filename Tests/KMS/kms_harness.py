#!/usr/bin/env python3
"""DRM/KMS and fbdev end to end in a real kernel under QEMU (software emulation, never KVM).

Boots Debian's kernel with an initramfs holding busybox, the bochs and virtio-gpu DRM modules
and the static `liveticker` binary; runs each case of Tests/KMS/cases in the VM; takes a QMP
`screendump` when the guest says the frame is up; and compares it pixel for pixel with the PPM
the same binary writes for the same frame on the host. Standard library only.

Run through Tests/KMS/run-kms-tests, which installs packages and builds the binary first.
"""

import argparse
import glob
import json
import lzma
import os
import re
import select
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
# Modules to load; modprobe pulls in their dependencies through modules.dep.
GUEST_MODULES = ["virtio_pci", "bochs", "virtio-gpu"]
BOOT_TIMEOUT = 150  # seconds for one boot with all its cases (TCG on a busy machine)
SCREENDUMP_RETRIES = 10  # fbdev emulation flushes mmap writes after a delay: retry a mismatch

_running = []  # qemu processes to kill on SIGTERM/SIGINT


def log(message):
    print(message, flush=True)


def fail(message):
    log("kms: FAIL: " + message)
    sys.exit(1)


# ---------------------------------------------------------------- cases


class Case:
    def __init__(self, name, device, width, height, output, arguments, line, action=None):
        self.name, self.device, self.output = name, device, output
        self.width, self.height = width, height
        self.arguments = arguments
        self.line = line
        # Optional guest action while the program runs, e.g. ("unplug", "Virtual-1").
        self.action = action

    def guest_arguments(self):
        # `run` keeps a display up by itself and says "holding" once its sources have ended.
        hold = [] if self.arguments[0] == "run" else ["--hold"]
        return self.arguments + ["--output", self.output] + hold

    def host_arguments(self, path, arguments=None):
        return (arguments or self.arguments) + ["--output", path, "--size", "%dx%d" % (self.width, self.height)]

    def config(self):
        """The dashboard file a `run` case shows (its first .toml argument)."""
        return next(word for word in self.arguments if word.endswith(".toml"))

    def reloaded_arguments(self):
        """A reload case's arguments with the new dashboard file in place of the old one."""
        return [self.action[1] if word == self.config() else word for word in self.arguments]

    def guest_action(self):
        if self.action and self.action[0] == "reload":
            return ("reload", self.action[1], self.config())
        return self.action


def read_cases(path):
    cases = []
    with open(path) as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) not in (5, 6):
                fail("%s:%d: expected 5 or 6 fields separated by |, got %d" % (path, number, len(fields)))
            name, device, size, output, arguments = fields[:5]
            action = None
            if len(fields) == 6:
                action = tuple(fields[5].split())
                if len(action) != 2 or action[0] not in ("unplug", "reload"):
                    fail("%s:%d: the action must be 'unplug CONNECTOR' or 'reload FILE.toml', got %r"
                         % (path, number, fields[5]))
            match = re.fullmatch(r"(\d+)x(\d+)", size)
            if not match:
                fail("%s:%d: size must be WxH, got %r" % (path, number, size))
            words = shlex.split(arguments)
            if any('"' in word or "'" in word for word in words):
                fail("%s:%d: arguments cannot contain quotes (they travel on the kernel command line)" % (path, number))
            if action and action[0] == "reload" and (words[0] != "run" or not any(w.endswith(".toml") for w in words)):
                fail("%s:%d: a reload case runs 'run FILE.toml'" % (path, number))
            cases.append(Case(name, device, int(match.group(1)), int(match.group(2)), output, words, number, action))
    names = [case.name for case in cases]
    if len(set(names)) != len(names):
        fail("%s: case names must be unique" % path)
    return cases


# ---------------------------------------------------------------- kernel and busybox


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def kernel_package():
    """linux-image-6.1.0-NN-amd64 as the metapackage names it today (the ABI number changes)."""
    for attempt in range(2):
        result = subprocess.run(["apt-cache", "depends", "linux-image-amd64"], capture_output=True, text=True)
        match = re.search(r"Depends:\s*(linux-image-[0-9][^\s]*-amd64)\b", result.stdout)
        if match:
            return match.group(1)
        if attempt == 0 and os.geteuid() == 0:
            log("kms: apt-cache knows no kernel yet; running apt-get update")
            run(["apt-get", "update", "-qq"])
    fail("apt-cache depends linux-image-amd64 names no linux-image-*-amd64 package (run apt-get update)")


def extract_vmlinux(bzimage_path, out_path):
    """The ELF vmlinux inside a bzImage: the XZ payload after the setup header. Booting it
    directly (PVH entry) skips the kernel decompressing itself under emulation."""
    data = open(bzimage_path, "rb").read()
    start = data.find(b"\xfd7zXZ\x00")
    while start >= 0:
        try:
            decompressor = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
            elf = decompressor.decompress(data[start:])
            if elf[:4] == b"\x7fELF":
                with open(out_path + ".tmp", "wb") as handle:
                    handle.write(elf)
                os.replace(out_path + ".tmp", out_path)
                return
        except lzma.LZMAError:
            pass
        start = data.find(b"\xfd7zXZ\x00", start + 1)
    fail("no XZ-compressed ELF found in %s" % bzimage_path)


def prepare_kernel(cache):
    """Downloads (not installs) the kernel and busybox-static, unpacks them into the cache."""
    package = kernel_package()
    root = os.path.join(cache, package)
    stamp = os.path.join(root, ".ready")
    if not os.path.exists(stamp):
        log("kms: fetching %s and busybox-static into %s" % (package, root))
        shutil.rmtree(root, ignore_errors=True)
        downloads = os.path.join(root, "debs")
        os.makedirs(downloads)
        os.chmod(downloads, 0o777)  # apt's download sandbox user must be able to write here
        run(["apt-get", "download", "-q", package, "busybox-static"], cwd=downloads, stdout=subprocess.DEVNULL)
        tree = os.path.join(root, "tree")
        for deb in glob.glob(os.path.join(downloads, "*.deb")):
            run(["dpkg-deb", "-x", deb, tree])
        versions = os.listdir(os.path.join(tree, "lib", "modules"))
        if len(versions) != 1:
            fail("expected one kernel version in %s, found %s" % (package, versions))
        run(["depmod", "-b", tree, versions[0]])
        extract_vmlinux(glob.glob(os.path.join(tree, "boot", "vmlinuz-*"))[0], os.path.join(root, "vmlinux"))
        shutil.rmtree(downloads)
        open(stamp, "w").close()
    tree = os.path.join(root, "tree")
    version = os.listdir(os.path.join(tree, "lib", "modules"))[0]
    return tree, version, os.path.join(root, "vmlinux")


def module_closure(tree, version, names):
    """Relative paths of the modules `names` need, from modules.dep."""
    base = os.path.join(tree, "lib", "modules", version)
    depends = {}
    for line in open(os.path.join(base, "modules.dep")):
        module, _, rest = line.partition(":")
        depends[module] = rest.split()
    by_name = {}
    for module in depends:
        stem = os.path.basename(module).split(".ko")[0]
        by_name[stem] = module
        by_name[stem.replace("-", "_")] = module
    needed, pending = set(), []
    for name in names:
        module = by_name.get(name) or by_name.get(name.replace("-", "_"))
        if module is None:
            fail("kernel %s has no module %s" % (version, name))
        pending.append(module)
    while pending:
        module = pending.pop()
        if module not in needed:
            needed.add(module)
            pending.extend(depends.get(module, []))
    return sorted(needed)


# ---------------------------------------------------------------- initramfs


def shared_libraries(binary):
    """Libraries a dynamic binary needs (absolute paths), empty for a static one."""
    result = subprocess.run(["ldd", binary], capture_output=True, text=True)
    if result.returncode != 0 or "not a dynamic executable" in result.stdout + result.stderr:
        return []
    libraries = []
    for line in result.stdout.splitlines():
        for path in re.findall(r"(/[^\s]+)", line):
            if os.path.exists(path):
                libraries.append(path)
    return libraries


def build_initramfs(work, tree, version, binary, cases):
    staging = os.path.join(work, "initramfs")
    shutil.rmtree(staging, ignore_errors=True)
    for directory in ["bin", "dev", "proc", "sys", "tmp", "root"]:
        os.makedirs(os.path.join(staging, directory))
    shutil.copy(os.path.join(tree, "bin", "busybox"), os.path.join(staging, "bin", "busybox"))
    shutil.copy(os.path.join(HERE, "init.sh"), os.path.join(staging, "init"))
    os.chmod(os.path.join(staging, "init"), 0o755)
    shutil.copy(binary, os.path.join(staging, "liveticker"))
    for library in shared_libraries(binary):
        target = os.path.join(staging, library.lstrip("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy(os.path.realpath(library), target)
    source = os.path.join(tree, "lib", "modules", version)
    target = os.path.join(staging, "lib", "modules", version)
    for module in module_closure(tree, version, GUEST_MODULES):
        os.makedirs(os.path.dirname(os.path.join(target, module)), exist_ok=True)
        shutil.copy(os.path.join(source, module), os.path.join(target, module))
    for name in ["modules.order", "modules.builtin", "modules.builtin.modinfo"]:
        if os.path.exists(os.path.join(source, name)):
            shutil.copy(os.path.join(source, name), os.path.join(target, name))
    run(["depmod", "-b", staging, version])
    # Files of the repository named by case arguments and actions (tick files for replay
    # cases, dashboard files) and by the dashboard files' `file = "..."` sources.
    for case in cases:
        words = list(case.arguments) + list(case.action[1:] if case.action and case.action[0] == "reload" else [])
        for word in words:
            path = os.path.normpath(os.path.join(REPO, word))
            if not word.startswith("-") and path.startswith(REPO + os.sep) and os.path.isfile(path):
                if path.endswith(".toml"):
                    words.extend(re.findall(r'^\s*file\s*=\s*"([^"]+)"', open(path).read(), re.MULTILINE))
                relative = os.path.relpath(path, REPO)
                os.makedirs(os.path.join(staging, "root", os.path.dirname(relative)), exist_ok=True)
                shutil.copy(path, os.path.join(staging, "root", relative))
    archive = os.path.join(work, "initramfs.cpio")
    files = subprocess.run(["find", "."], cwd=staging, capture_output=True, check=True).stdout
    with open(archive, "wb") as out:
        subprocess.run(["cpio", "--quiet", "-o", "-H", "newc"], cwd=staging, input=files, stdout=out, check=True)
    return archive


# ---------------------------------------------------------------- pictures


def read_ppm(path):
    data = open(path, "rb").read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    position += 1  # the single whitespace byte after maxval
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError("%s: not an 8-bit binary PPM" % path)
    width, height = int(fields[1]), int(fields[2])
    pixels = data[position:position + width * height * 3]
    if len(pixels) != width * height * 3:
        raise ValueError("%s: truncated" % path)
    return width, height, pixels


def compare(expected_path, got_path):
    """None when equal, else a one-line description of the first difference."""
    ew, eh, expected = read_ppm(expected_path)
    gw, gh, got = read_ppm(got_path)
    if (ew, eh) != (gw, gh):
        return "screen is %dx%d, expected %dx%d" % (gw, gh, ew, eh)
    if expected == got:
        return None
    row_bytes = ew * 3
    for y in range(eh):
        a, b = expected[y * row_bytes:(y + 1) * row_bytes], got[y * row_bytes:(y + 1) * row_bytes]
        if a != b:
            x = next(i for i in range(row_bytes) if a[i] != b[i]) // 3
            differing = sum(1 for i in range(0, len(expected), 3) if expected[i:i + 3] != got[i:i + 3])
            return "first differing pixel (x=%d, y=%d): expected #%s, got #%s (%d of %d pixels differ)" % (
                x, y, a[x * 3:x * 3 + 3].hex(), b[x * 3:x * 3 + 3].hex(), differing, ew * eh)
    return None


# ---------------------------------------------------------------- QEMU


class QMP:
    def __init__(self, path, deadline):
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise RuntimeError("QMP socket %s never appeared" % path)
                time.sleep(0.05)
        self.sock.settimeout(30)
        self.buffer = b""
        self.receive()  # greeting
        self.execute("qmp_capabilities")

    def receive(self):
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("QMP connection closed")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def execute(self, command, **arguments):
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.sock.sendall(json.dumps(message).encode() + b"\n")
        while True:
            reply = self.receive()
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise RuntimeError("QMP %s: %s" % (command, reply["error"]))
            # asynchronous events are skipped

    def close(self):
        self.sock.close()


def kernel_command_line(cases):
    words = ["console=ttyS0", "loglevel=4", "panic=-1", "vt.global_cursor_default=0", "consoleblank=0",
             "ncases=%d" % len(cases)]
    for index, case in enumerate(cases, 1):
        words.append('case%d="%s"' % (index, " ".join(case.guest_arguments())))
        if case.action:
            words.append('action%d="%s"' % (index, " ".join(case.guest_action())))
    return " ".join(words)


def boot(device, cases, vmlinux, initrd, work, expected):
    """Boots once with `device` and runs `cases`; returns a list of (case, error or None)."""
    socket_path = os.path.join(work, "qmp-%d.sock" % os.getpid())
    if os.path.exists(socket_path):
        os.unlink(socket_path)
    command = [
        "qemu-system-x86_64", "-nodefaults", "-no-user-config", "-machine", "pc", "-accel", "tcg",
        "-cpu", "max", "-smp", "1", "-m", "512", "-kernel", vmlinux, "-initrd", initrd,
        "-append", kernel_command_line(cases), "-display", "none", "-serial", "stdio",
        "-qmp", "unix:%s,server=on,wait=off" % socket_path, "-no-reboot", "-device", device,
    ]
    serial_log_path = os.path.join(work, "serial-%s.log" % re.sub(r"[^A-Za-z0-9]+", "_", device))
    serial_log = open(serial_log_path, "wb")
    started = time.monotonic()
    deadline = started + BOOT_TIMEOUT
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    _running.append(process)
    results = {}
    reloaded = {}
    exits = {}
    outputs = {}
    qmp = None
    pending = b""
    done = False
    try:
        qmp = QMP(socket_path, deadline)
        while not done:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise RuntimeError("timed out after %d s" % BOOT_TIMEOUT)
            ready, _, _ = select.select([process.stdout], [], [], min(remaining, 1.0))
            if not ready:
                if process.poll() is not None:
                    raise RuntimeError("qemu exited (status %s) before the guest finished" % process.returncode)
                continue
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("qemu closed the serial console (status %s)" % process.wait())
            serial_log.write(chunk)
            pending += chunk
            while b"\n" in pending:
                raw, _, pending = pending.partition(b"\n")
                line = raw.decode("utf-8", "replace").strip("\r")
                at = line.find("KMS-")
                if at < 0:
                    continue
                line = line[at:]
                words = line.split()
                tag = words[0]
                if tag in ("KMS-BOOTED", "KMS-LOG", "KMS-RUN", "KMS-OUT"):
                    log("    " + line)
                    if tag == "KMS-OUT" and len(words) > 2:
                        name = cases[int(words[1]) - 1].name
                        outputs[name] = outputs.get(name, "") + " ".join(words[2:]) + "\n"
                elif tag == "KMS-READY":
                    case = cases[int(words[1]) - 1]
                    results[case.name] = check_screen(qmp, case, expected[case.name], work)
                    process.stdin.write(b"next\n")
                    process.stdin.flush()
                elif tag == "KMS-RELOADED":
                    case = cases[int(words[1]) - 1]
                    error = check_screen(qmp, case, expected[case.name + "@reloaded"], work, "-reloaded")
                    reloaded[case.name] = True
                    if results.get(case.name) is None and error is not None:
                        results[case.name] = "after the SIGHUP reload: " + error
                    process.stdin.write(b"next\n")
                    process.stdin.flush()
                elif tag == "KMS-NOTRELOADED":
                    case = cases[int(words[1]) - 1]
                    reloaded[case.name] = True
                    results[case.name] = results.get(case.name) or "after SIGHUP the program never said the new wall was up"
                elif tag == "KMS-NOTREADY":
                    case = cases[int(words[1]) - 1]
                    results[case.name] = "the program never said its frame was up"
                elif tag == "KMS-EXIT":
                    exits[cases[int(words[1]) - 1].name] = int(words[2])
                elif tag == "KMS-DONE":
                    done = True
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
    except (RuntimeError, OSError, ValueError) as error:
        log("    boot with %s failed: %s (serial log: %s)" % (device, error, serial_log_path))
        serial_log.flush()
        tail = open(serial_log_path, "rb").read()[-3000:].decode("utf-8", "replace")
        log("    --- serial console tail ---\n" + tail + "\n    ---")
        for case in cases:
            results.setdefault(case.name, "boot failed: %s" % error)
    finally:
        if qmp:
            qmp.close()
        if process.poll() is None:
            process.kill()
            process.wait()
        _running.remove(process)
        serial_log.close()
        if os.path.exists(socket_path):
            os.unlink(socket_path)
    outcome = []
    for case in cases:
        error = results.get(case.name, "no result")
        if error is None and exits.get(case.name) != 0:
            error = "the program exited with status %s after SIGTERM" % exits.get(case.name)
        if error is None and case.action and case.action[0] == "unplug":
            # The program must have noticed the unplug, stopped drawing, and modeset again
            # when the connector came back (the screen check above shows the frame after it).
            said = outputs.get(case.name, "")
            for expected_text in ("disconnected; waiting for it to come back", "connected again"):
                if expected_text not in said:
                    error = "after the unplug the program never said %r; it said:\n%s" % (expected_text, said)
                    break
        if error is None and case.action and case.action[0] == "reload":
            said = outputs.get(case.name, "")
            if not reloaded.get(case.name) or "reloaded" not in said:
                error = "the SIGHUP reload was not shown and reported; the program said:\n%s" % said
        outcome.append((case, error))
    log("    boot took %.1f s" % (time.monotonic() - started))
    return outcome


def check_screen(qmp, case, expected_path, work, suffix=""):
    got_path = os.path.join(work, "screen-%s%s.ppm" % (case.name, suffix))
    difference = "no screendump"
    for attempt in range(SCREENDUMP_RETRIES):
        if attempt:
            time.sleep(0.2)
        qmp.execute("screendump", filename=got_path)
        difference = compare(expected_path, got_path)
        if difference is None:
            return None
    return difference + " (screen: %s, expected: %s)" % (got_path, expected_path)


# ---------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="static liveticker binary")
    parser.add_argument("--cache", default=os.path.join(REPO, ".build", "kms-cache"))
    parser.add_argument("--work", default=os.path.join(REPO, ".build", "kms-work"))
    parser.add_argument("--cases", default=os.path.join(HERE, "cases"))
    parser.add_argument("--only", action="append", help="run only cases whose name contains this")
    options = parser.parse_args()

    def terminate(signum, _frame):
        for process in list(_running):
            process.kill()
        log("kms: interrupted (signal %d); qemu stopped" % signum)
        sys.exit(130)

    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGINT, terminate)

    for tool in ["qemu-system-x86_64", "cpio", "depmod", "apt-get", "dpkg-deb"]:
        if shutil.which(tool) is None:
            fail("%s is missing (apt-get install qemu-system-x86 cpio kmod)" % tool)
    cases = read_cases(options.cases)
    if options.only:
        cases = [case for case in cases if any(word in case.name for word in options.only)]
    if not cases:
        fail("no cases selected")
    binary = os.path.abspath(options.binary)
    os.makedirs(options.cache, exist_ok=True)
    shutil.rmtree(options.work, ignore_errors=True)
    os.makedirs(options.work)
    started = time.monotonic()

    tree, version, vmlinux = prepare_kernel(options.cache)
    initrd = build_initramfs(options.work, tree, version, binary, cases)
    log("kms: kernel %s, initramfs %.1f MB, %d cases" % (version, os.path.getsize(initrd) / 1e6, len(cases)))

    expected = {}
    for case in cases:
        path = os.path.join(options.work, "expected-%s.ppm" % case.name)
        result = subprocess.run([binary] + case.host_arguments(path), cwd=REPO, capture_output=True, text=True,
                                env={**os.environ, "TZ": "UTC"})  # the VM has no zone files: UTC
        if result.returncode != 0:
            fail("host render of %s failed (%d): %s" % (case.name, result.returncode, result.stderr.strip()))
        expected[case.name] = path
        if case.action and case.action[0] == "reload":
            path = os.path.join(options.work, "expected-%s-reloaded.ppm" % case.name)
            result = subprocess.run([binary] + case.host_arguments(path, case.reloaded_arguments()), cwd=REPO,
                                    capture_output=True, text=True, env={**os.environ, "TZ": "UTC"})
            if result.returncode != 0:
                fail("host render of %s (reloaded) failed (%d): %s" % (case.name, result.returncode, result.stderr.strip()))
            expected[case.name + "@reloaded"] = path

    groups = {}
    for case in cases:
        groups.setdefault(case.device, []).append(case)
    failures = []
    for device, group in groups.items():
        log("kms: boot with -device %s: %s" % (device, ", ".join(case.name for case in group)))
        for case, error in boot(device, group, vmlinux, initrd, options.work, expected):
            if error is None:
                log("  PASS %s" % case.name)
            else:
                log("  FAIL %s: %s" % (case.name, error))
                failures.append(case.name)
    log("kms: %d passed, %d failed in %.0f s" % (len(cases) - len(failures), len(failures), time.monotonic() - started))
    if failures:
        log("kms: FAILED: " + ", ".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
