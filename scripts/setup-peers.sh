#!/usr/bin/env bash
# Installs the cross-language test peers:
#   - a Python venv with pyfory 1.7.7, fory-compiler 1.7.7 (foryc), grpcio 1.76.0 (for the gRPC schema test) and
#     pyarrow 26.0.1 (for the Arrow test, xlang_test/arrow_test.go) (default <repo>/.venv, override with FURY_PEER_VENV)
#   - the Java peer (xlang_test/peers/java) built with Maven (JDK 17, Maven 3) against fory-core 1.6.0, with its
#     runtime dependencies copied to target/lib so tests can run `java -cp ...` without Maven.
#   - the Rust peer (xlang_test/peers/rust) built with cargo (debug) against the crate fory 1.7.7
#     (Cargo.lock pins every crate; only crates.io is needed).
# Idempotent and fast when everything is already in place. Exits non-zero with a clear message
# when something cannot be installed.
#
# Environment:
#   FURY_PEER_VENV   venv directory (default: <repo>/.venv)
#   PYTHON           python interpreter used to create the venv (default: python3)
#   SKIP_JAVA=1      do not build the Java peer
#   SKIP_PYTHON=1    do not create the Python venv
#   SKIP_RUST=1      do not build the Rust peer
#
# After success, it prints the two commands the tests use:
#   $FURY_PEER_VENV/bin/python xlang_test/peers/python/peer.py ...
#   java -cp "$(cat xlang_test/peers/java/target/classpath.txt)" org.furygo.xlangpeer.Peer ...
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${FURY_PEER_VENV:-$ROOT/.venv}"
PYTHON="${PYTHON:-python3}"
PYFORY_VERSION="1.7.7"
FORYC_VERSION="1.7.7" # fory-compiler (foryc), for the schema tests (xlang_test/schema_test.go)
GRPCIO_VERSION="1.76.0" # grpcio, for foryc's --grpc Python stubs (xlang_test/grpc_test.go)
PYARROW_VERSION="26.0.1" # pyarrow, for the Arrow IPC exchange with row/rowarrow (xlang_test/arrow_test.go)
JAVA_DIR="$ROOT/xlang_test/peers/java"
RUST_DIR="$ROOT/xlang_test/peers/rust"

die() { echo "setup-peers: ERROR: $*" >&2; exit 1; }
log() { echo "setup-peers: $*" >&2; }

# Runs in one checkout take turns (two make test at once, or the
# cross-language tests calling this script): pip and Maven write the same
# venv and target/.
if command -v flock >/dev/null; then
  exec 9>"$ROOT/.setup-peers.lock"
  flock 9
fi

# pip_version PACKAGE: its installed version in the venv, or nothing (sed
# reads all of pip's output: grep -q would stop early and, under pipefail,
# fail on pip's broken pipe).
pip_version() { "$VENV/bin/python" -m pip show "$1" 2>/dev/null | sed -n 's/^Version: //p'; }

setup_python() {
  if [[ -x "$VENV/bin/python" ]] &&
     "$VENV/bin/python" -c "import pyfory,sys; sys.exit(0 if pyfory.__version__=='$PYFORY_VERSION' else 1)" 2>/dev/null &&
     [[ "$(pip_version fory-compiler)" == "$FORYC_VERSION" && "$(pip_version grpcio)" == "$GRPCIO_VERSION" &&
        "$(pip_version pyarrow)" == "$PYARROW_VERSION" ]]; then
    log "python: pyfory $PYFORY_VERSION, fory-compiler $FORYC_VERSION, grpcio $GRPCIO_VERSION and pyarrow $PYARROW_VERSION already installed in $VENV"
    return
  fi
  command -v "$PYTHON" >/dev/null || die "python interpreter '$PYTHON' not found (set PYTHON=...)"
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "python: creating venv $VENV"
    "$PYTHON" -m venv "$VENV" || die "cannot create venv at $VENV (is python3-venv installed?)"
  fi
  log "python: installing pyfory==$PYFORY_VERSION, fory-compiler==$FORYC_VERSION, grpcio==$GRPCIO_VERSION and pyarrow==$PYARROW_VERSION"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check "pyfory==$PYFORY_VERSION" "fory-compiler==$FORYC_VERSION" \
    "grpcio==$GRPCIO_VERSION" "pyarrow==$PYARROW_VERSION" ||
    die "pip could not install pyfory==$PYFORY_VERSION, fory-compiler==$FORYC_VERSION, grpcio==$GRPCIO_VERSION and pyarrow==$PYARROW_VERSION into $VENV"
  "$VENV/bin/python" -c "import pyfory,sys; sys.exit(0 if pyfory.__version__=='$PYFORY_VERSION' else 1)" ||
    die "pyfory $PYFORY_VERSION not importable from $VENV after install"
}

setup_java() {
  command -v java >/dev/null || die "java not found on PATH (JDK 17 needed)"
  command -v javac >/dev/null || die "javac not found on PATH (a JDK, not a JRE, is needed)"
  local jar="$JAVA_DIR/target/xlang-peer-1.0.jar"
  local cpfile="$JAVA_DIR/target/classpath.txt"
  local stamp="$JAVA_DIR/target/.build-stamp"
  if [[ -f "$jar" && -f "$cpfile" && -f "$stamp" ]] &&
     [[ -z "$(find "$JAVA_DIR/pom.xml" "$JAVA_DIR/src" -newer "$stamp" -print -quit)" ]]; then
    log "java: peer up to date ($jar)"
    return
  fi
  command -v mvn >/dev/null || die "mvn not found on PATH (Maven 3 needed to build the Java peer)"
  log "java: building peer with Maven (resolves org.apache.fory:fory-core:1.6.0)"
  (cd "$JAVA_DIR" && NO_COLOR=1 mvn -q -B -Dstyle.color=never package -DskipTests) || die "Maven build of $JAVA_DIR failed"
  [[ -f "$jar" ]] || die "Maven finished but $jar is missing"
  ls "$JAVA_DIR"/target/lib/fory-core-1.6.0.jar >/dev/null 2>&1 ||
    die "fory-core-1.6.0.jar was not copied to $JAVA_DIR/target/lib"
  # Absolute classpath: the peer jar plus every runtime dependency.
  { printf '%s' "$jar"; for j in "$JAVA_DIR"/target/lib/*.jar; do printf ':%s' "$j"; done; echo; } > "$cpfile"
  touch "$stamp"
}

setup_rust() {
  local bin="$RUST_DIR/target/debug/xlang-peer"
  local stamp="$RUST_DIR/target/.build-stamp"
  if [[ -x "$bin" && -f "$stamp" ]] &&
     [[ -z "$(find "$RUST_DIR/Cargo.toml" "$RUST_DIR/Cargo.lock" "$RUST_DIR/src" -newer "$stamp" -print -quit)" ]]; then
    log "rust: peer up to date ($bin)"
    return
  fi
  command -v cargo >/dev/null || die "cargo not found on PATH (a Rust toolchain is needed for the Rust peer)"
  log "rust: building peer with cargo (resolves the crate fory 1.7.7 from crates.io)"
  (cd "$RUST_DIR" && cargo build --locked -q) || die "cargo build of $RUST_DIR failed"
  [[ -x "$bin" ]] || die "cargo finished but $bin is missing"
  touch "$stamp"
}

[[ "${SKIP_PYTHON:-0}" == 1 ]] || setup_python
[[ "${SKIP_JAVA:-0}" == 1 ]] || setup_java
[[ "${SKIP_RUST:-0}" == 1 ]] || setup_rust

log "ok"
[[ "${SKIP_PYTHON:-0}" == 1 ]] || echo "python: $VENV/bin/python $ROOT/xlang_test/peers/python/peer.py"
[[ "${SKIP_RUST:-0}" == 1 ]] || echo "rust:   $RUST_DIR/target/debug/xlang-peer"
[[ "${SKIP_JAVA:-0}" == 1 ]] || echo "java:   java -cp \"\$(cat $JAVA_DIR/target/classpath.txt)\" org.furygo.xlangpeer.Peer"
