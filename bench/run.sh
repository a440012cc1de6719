#!/usr/bin/env bash
# Runs the benchmark suite, all libraries side by side, and writes the report:
#   bench/results/raw.txt        go test -bench output (input for benchstat A/B comparisons)
#   bench/results/benchstat.txt  benchstat summary (medians, 95% confidence intervals)
#   bench/RESULTS.md             tables and ratios to fury, checked targets
#   bench/results.svg            chart shown by bench/README.md
# Settings (environment): COUNT (runs per benchmark, default 6, the minimum
# for benchstat's confidence intervals), BENCHTIME (default 1s), BENCH (the
# -bench regexp, default .), CPU (GOMAXPROCS, default 1), TAGS (build tags,
# default furygen: compiles in the generated code, for the fury-gen entries).
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT="${COUNT:-6}"
BENCHTIME="${BENCHTIME:-1s}"
BENCH="${BENCH:-.}"
CPU="${CPU:-1}"
TAGS="${TAGS-furygen}"
# benchstat from golang.org/x/perf, pinned.
BENCHSTAT="golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da"

out=bench/results
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The suite is run COUNT times in a row with -count 1, rather than once with
# -count COUNT, so that a slow spell of the machine is spread over all the
# libraries instead of landing on the few benchmarks that run during it.
cmd="$COUNT × bench.test -test.run '^\$' -test.bench '$BENCH' -test.benchmem -test.count 1 -test.benchtime $BENCHTIME -test.cpu $CPU (bench.test from go test -c -tags '$TAGS' ./bench/)"
loadavg() { [ -r /proc/loadavg ] && cut -d' ' -f1-3 /proc/loadavg || echo "?"; }
load_before="$(loadavg)"
echo "$cmd" >&2
go test -c -tags "$TAGS" -o "$tmp/bench.test" ./bench/
: > "$out/raw.txt"
for i in $(seq "$COUNT"); do
	echo "run $i/$COUNT" >&2
	"$tmp/bench.test" -test.run '^$' -test.bench "$BENCH" -test.benchmem -test.count 1 \
		-test.benchtime "$BENCHTIME" -test.cpu "$CPU" >> "$out/raw.txt"
done
load_after="$(loadavg)"
go run "$BENCHSTAT" "$out/raw.txt" > "$out/benchstat.txt" 2> /dev/null
go run "$BENCHSTAT" -format csv "$out/raw.txt" > "$out/benchstat.csv" 2> /dev/null
go run ./bench/report -csv "$out/benchstat.csv" -md bench/RESULTS.md -svg bench/results.svg \
	-command "$cmd" -go "$(go version)" -load "$load_before before, $load_after after"
echo "wrote bench/RESULTS.md, bench/results.svg, $out/" >&2
