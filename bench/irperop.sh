#!/usr/bin/env bash
# Instructions per op of one benchmark, counted by cachegrind: a measure
# that other load on the machine does not disturb (unlike ns/op), for
# before/after comparisons of a change. It runs the benchmark for N1 and
# N2 iterations and divides the difference in instruction count by N2-N1,
# which cancels start-up and set-up.
#
#   bench/irperop.sh TESTBINARY BENCHREGEX [N1 N2]
#   go test -c -o /tmp/fury.test ./fury
#   bench/irperop.sh /tmp/fury.test 'Generated/Serialize/schema/MediaContent/generated$' 20000 40000
#
# Needs valgrind. Instructions are not time (PDEP latency, cache misses and
# branch mispredictions do not show), so confirm wins with go test -bench.
set -euo pipefail
bin=$1 re=$2 n1=${3:-20000} n2=${4:-40000}
ir() {
	valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$bin" \
		-test.run '^$' -test.bench "$re" -test.benchtime "${1}x" -test.cpu 1 2>&1 |
		awk '/I *refs/ { gsub(",", "", $4); print $4 }'
}
a=$(ir "$n1")
b=$(ir "$n2")
echo "$re: $(((b - a) / (n2 - n1))) instructions/op"
