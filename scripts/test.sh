#!/usr/bin/env bash
# The whole test suite, as CI runs it, on a fresh machine, over every module
# of the workspace (scripts/modules.sh): installs the Python and Java peers
# (scripts/setup-peers.sh), checks formatting, the modules (each tidy and
# building alone; a consumer of fury alone gets no benchmark, Arrow or gRPC
# module), vet, staticcheck and generated files, fuzzes every fuzz target
# briefly, runs all tests with and without the assembly kernels, on Go 1.26
# and 1.27, under the race detector and with checkptr, runs the examples,
# and finally the cross-language tests against the real peers.
#
# Output: one line per stage (status and duration). The full output of every
# stage goes to .ci-logs/<stage>.log (override with CI_LOGS=dir; a run
# started while another uses the directory writes to .ci-logs.XXXXXX); a failing
# stage prints its log (for the cross-language stage: everything but the
# passing cases) and stops the run. The last stage ends with the cross-language
# tally "N passed, N failed" and go test's closing line.
set -euo pipefail
cd "$(dirname "$0")/.."

export NO_COLOR=1 MAVEN_OPTS="${MAVEN_OPTS:-} -Dstyle.color=never"
# The Go releases CI runs on: every stage on the minimum supported release
# (go.mod's go line is 1.26), the unit tests also on the newest (1.27).
# Either is fetched through the module proxy when it is not the installed go.
GO_MIN="${GO_MIN:-go1.26.8}"
GO_NEW="${GO_NEW:-go1.27.3}"
export GOTOOLCHAIN="$GO_MIN"
LOGS="${CI_LOGS:-.ci-logs}"
mkdir -p "$LOGS"
# A second run in this checkout (two make test at once) leaves the first
# run's logs alone: it writes to a directory of its own.
if command -v flock >/dev/null; then
	exec 8>"$LOGS/.lock"
	if ! flock -n 8; then
		exec 8>&-
		LOGS="$(mktemp -d "${LOGS%/}.XXXXXX")"
		echo "another run is using ${CI_LOGS:-.ci-logs}: this run's logs go to $LOGS"
	fi
fi
rm -f "$LOGS"/*.log
started=$SECONDS
# Every module of the workspace (go.work): in workspace mode ./... is the root
# module only, so each stage names them all.
mods="$(scripts/modules.sh | tr '\n' ' ')"
nonx="$(go list $mods | grep -v /xlang_test)"

# stage NAME DESCRIPTION COMMAND...: runs COMMAND with its output in the log.
stage() {
	local name="$1" desc="$2"
	shift 2
	local log="$LOGS/$name.log" t0=$SECONDS rc=0
	"$@" >"$log" 2>&1 || rc=$?
	local took=$((SECONDS - t0))
	if [[ $rc -ne 0 ]]; then
		printf '%-10s FAIL  %4ss  %s (exit %d)\n' "$name" "$took" "$desc" "$rc"
		echo "---- $log ----"
		cat "$log"
		echo "---- end of $log; FAILED at stage $name after $((SECONDS - started))s"
		exit "$rc"
	fi
	printf '%-10s ok    %4ss  %s%s\n' "$name" "$took" "$desc" "$(summary "$log")"
}

# summary LOG: a few words on what a passing stage did.
summary() {
	local ok fuzz
	ok="$(grep -c '^ok ' "$1" || true)"
	fuzz="$(grep -c '^== fuzz' "$1" || true)"
	if [[ "$fuzz" -gt 0 ]]; then
		echo ": $fuzz targets"
	elif [[ "$ok" -gt 0 ]]; then
		echo ": $ok packages ok"
	fi
}

gofmt_check() {
	local unformatted
	unformatted="$(gofmt -l $(git ls-files '*.go' | grep -v '^internal/asm/_gen/'))"
	if [[ -n "$unformatted" ]]; then
		echo "gofmt would change:"
		echo "$unformatted"
		return 1
	fi
}

stage go       "toolchains: $GO_MIN (every stage), $GO_NEW (unit tests)" \
	bash -c "go version && GOTOOLCHAIN=$GO_NEW go version"
stage peers    "Python (pyfory 1.7.7) and Java (fory-core 1.6.0) peers" scripts/setup-peers.sh
stage gofmt    "formatting" gofmt_check
stage modules  "each module tidy and building alone; a consumer of fury gets no bench/Arrow/gRPC module" scripts/check-modules.sh
stage vet      "go vet, every module" go vet $mods
stage lint     "staticcheck, every module (honnef.co/go/tools v0.8.2)" go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 $mods
stage generate "generated files up to date" scripts/check-generated.sh
stage fuzz     "every fuzz target, ${FUZZTIME:-20000x} inputs" env FUZZTIME="${FUZZTIME:-20000x}" scripts/fuzz.sh
stage purego   "tests with the pure-Go kernels (-tags purego)" go test -count=1 -tags purego $nonx
stage test     "tests" go test -count=1 $nonx
stage go1.27   "tests on the newest Go ($GO_NEW)" env GOTOOLCHAIN="$GO_NEW" go test -count=1 $nonx
stage race     "tests under the race detector" go test -count=1 -race $nonx
stage checkptr "fury tests with -gcflags=all=-d=checkptr" go test -count=1 -gcflags=all=-d=checkptr ./fury/...
stage 386      "32-bit tests (GOARCH=386: int is 32 bits, lengths above MaxInt32 are negative ints)" \
	env GOARCH=386 go test -count=1 ./fury/... ./internal/... ./row/... ./row/rowarrow/... ./furygrpc/...
stage examples "every example README calls runnable runs (make examples)" make --no-print-directory examples
stage readme   "every go block of README.md builds and runs as written" scripts/check-readme.sh

# Last: the cross-language round trips. The verbose log lists every case;
# what is printed is the tally and go test's closing line.
log="$LOGS/xlang.log"
t0=$SECONDS
rc=0
CI="${CI:-}" go test -count=1 -v -timeout 30m ./xlang_test/ >"$log" 2>&1 || rc=$?
took=$((SECONDS - t0))
if [[ $rc -ne 0 ]]; then
	printf '%-10s FAIL  %4ss  cross-language round trips with the real peers (exit %d); full log: %s\n' xlang "$took" "$rc" "$log"
	grep -v -E '^=== (RUN|PAUSE|CONT|NAME)|^ *--- PASS|^ *--- SKIP' "$log" || true
	exit "$rc"
fi
printf '%-10s ok    %4ss  cross-language round trips with the real peers; every case: %s\n' xlang "$took" "$log"
echo "all stages passed in $((SECONDS - started))s"
sed -n '/^xlang summary:/,$p' "$log" | grep -v '^PASS$' || tail -n 3 "$log"
