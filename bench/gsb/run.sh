#!/usr/bin/env bash
# Ranks the entries of go_serialization_benchmarks on marshal + unmarshal
# from the output of its BenchmarkSerializers (one or more files of
# `go test -bench` output, any number of runs each; see README.md here):
#
#	bench/gsb/run.sh [-min] [-c CASES] OUTPUT...
#
# For every entry it takes the median ns/op of its marshal runs and of its
# unmarshal runs (with -min, the fastest run of each: on a loaded machine the
# least disturbed one), and ranks the entries by the sum of the two: all
# entries, then the entries that copy strings when they unmarshal (those
# whose case does not set UnsafeStringUnmarshal). Which entries alias their
# input and which reuse their buffer is read from CASES, the harness's
# benchmarks.go (its BenchmarkCase list; the default is ./benchmarks.go when
# it exists); without it an entry counts as aliasing when its name has
# "unsafe" or "usafe" in it, and as reusing when it has "reuse".
#
# The columns: the rank, the entry, the median (or fastest) marshal and
# unmarshal ns/op and their sum, how far the runs of each direction spread
# (the largest minus the smallest, in % of the median or fastest), the number of runs, the
# allocations per marshal and per unmarshal, the bytes per serialized value,
# and the entry's kind (copy or alias, reuse).
set -euo pipefail

cases="" stat=median
if [[ "${1:-}" == "-min" ]]; then
	stat=min
	shift
fi
if [[ "${1:-}" == "-c" ]]; then
	cases="$2"
	shift 2
elif [[ -f benchmarks.go ]]; then
	cases="benchmarks.go"
fi
if [[ $# -eq 0 ]]; then
	echo "usage: $0 [-min] [-c benchmarks.go] BENCH_OUTPUT..." >&2
	exit 2
fi

# name<TAB>unsafe<TAB>reuse for every case of benchmarks.go.
flags() {
	[[ -n "$cases" ]] || return 0
	awk '
		function flush() { if (name != "") printf "%s\t%d\t%d\n", name, unsafe, reuse; name = ""; unsafe = 0; reuse = 0 }
		/^[ \t]*}, {[ \t]*$/ || /^[ \t]*},[ \t]*$/ { flush() }
		/^[ \t]*Name:[ \t]*"/ { s = $0; sub(/^[^"]*"/, "", s); sub(/".*$/, "", s); name = s }
		/UnsafeStringUnmarshal:[ \t]*true/ { unsafe = 1 }
		/BufferReuseMarshal:[ \t]*true/ { reuse = 1 }
		END { flush() }
	' "$cases"
}

# dir<TAB>name<TAB>ns<TAB>allocs<TAB>bytes-per-serial for every result line.
results() {
	awk '
		$1 ~ /^BenchmarkSerializers\/(marshal|unmarshal)\// {
			split($1, p, "/")
			dir = p[2]
			name = substr($1, length("BenchmarkSerializers/" dir "/") + 1)
			sub(/-[0-9]+$/, "", name) # the GOMAXPROCS suffix
			ns = ""; allocs = "-"; ser = "-"
			for (i = 3; i < NF; i++) {
				if ($(i+1) == "ns/op") ns = $i
				if ($(i+1) == "allocs/op") allocs = $i
				if ($(i+1) == "B/serial") ser = $i
			}
			if (ns != "") printf "%s\t%s\t%s\t%s\t%s\n", dir, name, ns, allocs, ser
		}
	' "$@"
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
flags >"$tmp/flags"
results "$@" | sort -t $'\t' -k1,1 -k2,2 -k3,3g >"$tmp/results"
if [[ ! -s "$tmp/results" ]]; then
	echo "$0: no BenchmarkSerializers results in $*" >&2
	exit 1
fi

# One line per entry with both directions: total, name, medians, spreads, runs,
# allocations, bytes, kind.
awk -F '\t' -v flagsfile="$tmp/flags" -v stat="$stat" '
	BEGIN {
		while ((getline line < flagsfile) > 0) {
			split(line, f, "\t"); known[f[1]] = 1; unsafe[f[1]] = f[2]; reuse[f[1]] = f[3]
		}
	}
	{
		k = $1 SUBSEP $2
		n[k]++; v[k, n[k]] = $3; al[k] = $4
		if ($5 != "-") ser[$2] = $5
		names[$2] = 1
	}
	function median(k, m) {
		if (stat == "min") return v[k, 1]
		m = n[k]
		return m % 2 ? v[k, (m+1)/2] : (v[k, m/2] + v[k, m/2+1]) / 2
	}
	function spread(k, md) { md = median(k); return md > 0 ? 100 * (v[k, n[k]] - v[k, 1]) / md : 0 }
	END {
		for (name in names) {
			km = "marshal" SUBSEP name; ku = "unmarshal" SUBSEP name
			if (!(km in n) || !(ku in n)) continue
			if (name in known) { u = unsafe[name]; r = reuse[name] }
			else { u = (name ~ /unsafe|usafe/); r = (name ~ /reuse/) }
			kind = (u ? "alias" : "copy") (r ? ",reuse" : "")
			runs = n[km] < n[ku] ? n[km] : n[ku]
			printf "%.1f\t%s\t%.1f\t%.1f\t%.0f%%\t%.0f%%\t%d\t%s\t%s\t%s\t%s\n",
				median(km) + median(ku), name, median(km), median(ku), spread(km), spread(ku),
				runs, al[km], al[ku], (name in ser ? ser[name] : "-"), kind
		}
	}
' "$tmp/results" | sort -t $'\t' -k1,1g >"$tmp/ranked"

table() {
	printf '%4s  %-28s %9s %9s %9s %8s %8s %4s %7s %5s  %s\n' \
		rank entry marshal unmarsh total "spr(m)" "spr(u)" runs allocs B/ser kind
	awk -F '\t' '{
		printf "%4d  %-28s %9.1f %9.1f %9.1f %8s %8s %4d %3s+%-3s %5s  %s\n",
			NR, $2, $3, $4, $1, $5, $6, $7, $8, $9, $10, $11
	}'
}

echo "== all entries: $stat ns/op, marshal + unmarshal ($(cut -f2 "$tmp/ranked" | wc -l) entries)"
table <"$tmp/ranked"
echo
echo "== entries that copy strings"
awk -F '\t' '$11 !~ /^alias/' "$tmp/ranked" | table
