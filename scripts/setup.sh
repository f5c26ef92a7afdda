# Shared by scripts/run and scripts/test: make sure the Debian packages LiveTicker needs are
# present. Installs them with apt when run as root; otherwise prints the exact command and stops.
# Usage (sourced): ensure_packages PACKAGE...

ensure_packages() {
    local missing=()
    local package
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$package")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ]; then
        echo "==> installing ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        # An empty or stale package list makes installs fail: refresh it once per run.
        if [ -z "${LIVETICKER_APT_UPDATED:-}" ]; then
            apt-get update -qq >&2 || { echo "apt-get update failed" >&2; exit 1; }
            export LIVETICKER_APT_UPDATED=1
        fi
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 \
            || { echo "apt-get install ${missing[*]} failed" >&2; exit 1; }
    else
        echo "LiveTicker needs these Debian packages: ${missing[*]}" >&2
        echo "Install them with:" >&2
        echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
}

# The build itself: Swift from the toolchain, libdrm, zlib and FreeType through pkg-config,
# Eclipse Paho MQTT C, libwebsockets (with the libcap it links) and OpenSSL (static archives
# too, for the kiosk binary).
BUILD_PACKAGES=(pkg-config libdrm-dev zlib1g-dev libfreetype-dev libpaho-mqtt-dev libwebsockets-dev libcap-dev libssl-dev)

require_swift() {
    command -v swift >/dev/null 2>&1 || {
        echo "swift is not on PATH: install the Swift 6 toolchain (swift.org) first" >&2
        exit 1
    }
}
