#!/bin/busybox sh
# /init of the KMS end-to-end initramfs (busybox, DRM modules, the liveticker binary).
# The kernel command line carries the cases: ncases=N and case1="ARGS" ... caseN="ARGS"
# (unknown words reach init as environment variables). For each case this script runs
# `/liveticker ARGS`, waits for its "liveticker: holding" line, tells the host with a tagged
# line on the serial console, waits for the host's reply (it takes a screendump meanwhile),
# then stops the program with SIGTERM and reports its output and exit status. An optional
# action$i="unplug CONNECTOR" pulls the cable meanwhile; action$i="reload NEW CONFIG" copies
# NEW over CONFIG after the first screendump, sends SIGHUP and has the host take another.
/bin/busybox --install -s /bin
mount -t devtmpfs dev /dev
exec </dev/console >/dev/console 2>&1
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t tmpfs tmp /tmp

for module in virtio_pci bochs virtio-gpu; do
    modprobe "$module" || echo "KMS-LOG modprobe $module failed"
done
waited=0
while [ ! -e /dev/dri/card0 ] && [ $waited -lt 100 ]; do
    sleep 0.1
    waited=$((waited + 1))
done
[ -e /dev/dri/card0 ] || echo "KMS-LOG /dev/dri/card0 did not appear"
echo "KMS-BOOTED $(uname -r)"
cd /root

i=1
while [ "$i" -le "${ncases:-0}" ]; do
    eval "arguments=\$case$i"
    echo "KMS-RUN $i /liveticker $arguments"
    # shellcheck disable=SC2086  # the arguments are meant to split into words
    /liveticker $arguments >/tmp/out.$i 2>&1 &
    pid=$!
    eval "action=\$action$i"
    set -- $action
    if [ "${1:-}" = unplug ]; then
        # "unplug CONNECTOR": force the connector off through sysfs while the program is
        # drawing (as a pulled cable does), then let the kernel detect it again.
        status_file=/sys/class/drm/card0-$2/status
        sleep 1.5
        echo off >"$status_file" || echo "KMS-LOG cannot write $status_file"
        echo "KMS-LOG $2 forced off"
        sleep 2.5
        echo detect >"$status_file" || echo "KMS-LOG cannot write $status_file"
        echo "KMS-LOG $2 detecting again"
    fi
    ticks=0
    while ! grep -q '^liveticker: holding' /tmp/out.$i; do
        kill -0 $pid 2>/dev/null || break
        [ $ticks -ge 600 ] && break
        sleep 0.1
        ticks=$((ticks + 1))
    done
    if grep -q '^liveticker: holding' /tmp/out.$i; then
        echo "KMS-READY $i"
        read -r reply </dev/console
        if [ "${1:-}" = reload ]; then
            # "reload NEW CONFIG": replace the dashboard file and send SIGHUP (as systemctl
            # reload does); the program says "holding" again once the new wall is drawn.
            cp "$2" "$3"
            kill -HUP $pid
            ticks=0
            while [ "$(grep -c '^liveticker: holding' /tmp/out.$i)" -lt 2 ]; do
                kill -0 $pid 2>/dev/null || break
                [ $ticks -ge 600 ] && break
                sleep 0.1
                ticks=$((ticks + 1))
            done
            if [ "$(grep -c '^liveticker: holding' /tmp/out.$i)" -ge 2 ]; then
                echo "KMS-RELOADED $i"
                read -r reply </dev/console
            else
                echo "KMS-NOTRELOADED $i"
            fi
        fi
    else
        echo "KMS-NOTREADY $i"
    fi
    kill -TERM $pid 2>/dev/null
    wait $pid
    status=$?
    sed "s/^/KMS-OUT $i /" /tmp/out.$i
    echo "KMS-EXIT $i $status"
    i=$((i + 1))
done
echo "KMS-DONE"
sync
reboot -f
