#!/usr/bin/env bash
# The whole test suite, as CI runs it, on a fresh machine: installs the
# Python, Java and Rust peers (scripts/setup-peers.sh), checks formatting, vet,
# staticcheck and generated files, fuzzes every fuzz target briefly, runs all tests with and
# without the assembly kernels, under the race detector and with checkptr,
# runs the examples, and finally the cross-language tests against the real
# peers.
#
# Output: one line per stage (status and duration). The full output of every
# stage goes to .ci-logs/<stage>.log (override with CI_LOGS=dir); a failing
# stage prints its log (for the cross-language stage: everything but the
# passing cases) and stops the run. The last stage ends with the cross-language
# tally "N passed, N failed" and go test's closing line.
set -euo pipefail
cd "$(dirname "$0")/.."

export NO_COLOR=1 MAVEN_OPTS="${MAVEN_OPTS:-} -Dstyle.color=never"
LOGS="${CI_LOGS:-.ci-logs}"
mkdir -p "$LOGS"
rm -f "$LOGS"/*.log
started=$SECONDS
nonx="$(go list ./... | grep -v /xlang_test)"

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

stage peers    "Python (pyfory 1.7.7), Java (fory-core 1.6.0) and Rust (fory 1.7.7) peers" scripts/setup-peers.sh
stage gofmt    "formatting" gofmt_check
stage vet      "go vet ./..." go vet ./...
stage lint     "staticcheck ./... (honnef.co/go/tools v0.8.2)" go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
stage generate "generated files up to date" scripts/check-generated.sh
stage fuzz     "every fuzz target, ${FUZZTIME:-20000x} inputs" env FUZZTIME="${FUZZTIME:-20000x}" scripts/fuzz.sh
stage purego   "tests with the pure-Go kernels (-tags purego)" go test -count=1 -tags purego $nonx
stage test     "tests" go test -count=1 $nonx
stage race     "tests under the race detector" go test -count=1 -race $nonx
stage checkptr "fury tests with -gcflags=all=-d=checkptr" go test -count=1 -gcflags=all=-d=checkptr ./fury/...
stage 386      "32-bit tests (GOARCH=386: int is 32 bits, lengths above MaxInt32 are negative ints)" \
	env GOARCH=386 go test -count=1 ./fury/... ./internal/... ./row/... ./furygrpc/...
stage examples "every example README calls runnable runs (make examples)" make --no-print-directory examples

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
