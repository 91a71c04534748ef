# Shared by scripts/serve and scripts/test: install what the web build and
# the browser tests need, only when missing, saying what is done.
# Facts behind the choices: docs/building.md.

# Versions the build depends on. wasm-bindgen's CLI must equal the crate in
# Cargo.lock (Trunk would otherwise try to download one).
TRUNK_VERSION='^0.21'
WASM_BINDGEN_VERSION=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p' | head -n1)

say() { printf '\n== %s\n' "$*"; }

# Cargo's installs land here; make sure this shell sees them.
export PATH="$HOME/.cargo/bin:$PATH"

ensure_cargo() {
  if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo not found: install Rust from https://rustup.rs, then re-run." >&2
    exit 1
  fi
}

# The wasm32 target: rustup's when it can be had, else Debian's rustc-web with
# std built from source (docs/building.md, the fallback).
ensure_wasm_target() {
  if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    return
  fi
  if [ -n "${RUSTUP_TOOLCHAIN:-}" ] && [ "$RUSTUP_TOOLCHAIN" = debian-web ]; then
    return
  fi
  say "adding the wasm32-unknown-unknown target (rustup)"
  if rustup target add wasm32-unknown-unknown; then
    return
  fi
  say "rustup could not add the target; using Debian's rustc-web and building std from source"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "no wasm32 target and no apt-get for the fallback: install wasm32-unknown-unknown by hand." >&2
    exit 1
  fi
  apt_install rustc-web cargo-web rust-web-src lld
  rustup toolchain link debian-web /usr
  export RUSTUP_TOOLCHAIN=debian-web
  export RUSTC_BOOTSTRAP=1
  export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld
}

APT_UPDATED=
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  if [ -z "$APT_UPDATED" ]; then
    $sudo apt-get update -qq
    APT_UPDATED=1
  fi
  say "installing ${missing[*]} (apt)"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_trunk() {
  if command -v trunk >/dev/null 2>&1; then
    return
  fi
  say "installing Trunk $TRUNK_VERSION (cargo install, about 10 minutes once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
}

ensure_wasm_bindgen() {
  if [ -z "$WASM_BINDGEN_VERSION" ]; then
    echo "Cargo.lock names no wasm-bindgen version" >&2
    exit 1
  fi
  if command -v wasm-bindgen >/dev/null 2>&1 &&
    [ "$(wasm-bindgen --version | awk '{print $2}')" = "$WASM_BINDGEN_VERSION" ]; then
    return
  fi
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION to match Cargo.lock (about 3 minutes once)"
  # Not --locked: its lockfile names a release the registry lacks (docs/building.md).
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
}

# Chromium, and a Chinese font so the browser tests (and their screenshots)
# see the page as a Chinese reader does; the page's own CSS names it last.
ensure_chromium() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && dpkg -s fonts-wqy-microhei >/dev/null 2>&1; then
    return
  fi
  apt_install chromium chromium-driver fonts-wqy-microhei
}

# Playwright (library only: it drives Debian's Chromium, never downloads one).
ensure_node_modules() {
  if ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
  fi
  if [ ! -d tests/node_modules/playwright-core ] || [ tests/package-lock.json -nt tests/node_modules/.package-lock.json ]; then
    say "installing the browser-test packages (npm ci in tests/)"
    (cd tests && npm ci --no-audit --no-fund --loglevel=error)
  fi
}
