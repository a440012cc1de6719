#!/usr/bin/env bash
# Builds go_serialization_benchmarks' test binary with fury's entry and runs
# passes over all its entries, then ranks them with run.sh (see README.md here):
#
#	bench/gsb/passes.sh [-n PASSES] [-o OUTDIR] [-s HARNESS_SOURCE] [-b BENCHTIME]
#
# HARNESS_SOURCE is a git repository (a URL or a local clone) of the harness,
# https://github.com/alecthomas/go_serialization_benchmarks by default; it is
# cloned into OUTDIR/harness and checked out at the commit the README names
# (833ed64). The entry (bench/gsb/fury) is copied in as the harness's
# internal/serializers/fury, its three cases are appended to benchmarks.go,
# and github.com/fury-go/fury is replaced by this checkout. When the module
# proxy does not serve wellquite.org/bebop, that library's two entries are
# left out. The binary is checked with -validate, then run PASSES times
# (default 10), each pass once over every entry (-test.benchtime BENCHTIME,
# 200ms by default, -test.count 1), into OUTDIR/pass-N.txt; the ranking goes
# to OUTDIR/rank.txt and to the standard output. OUTDIR defaults to a new
# directory under /tmp. With -n 0 it only builds and validates.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
passes=10 out="" src="https://github.com/alecthomas/go_serialization_benchmarks" benchtime=200ms
commit=833ed64
while getopts "n:o:s:b:" opt; do
	case $opt in
	n) passes=$OPTARG ;;
	o) out=$OPTARG ;;
	s) src=$OPTARG ;;
	b) benchtime=$OPTARG ;;
	*)
		echo "usage: $0 [-n PASSES] [-o OUTDIR] [-s HARNESS_SOURCE] [-b BENCHTIME]" >&2
		exit 2
		;;
	esac
done
[[ -n "$out" ]] || out="$(mktemp -d /tmp/gsb-passes.XXXXXX)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
h="$out/harness"
if [[ ! -d "$h/.git" ]]; then
	git clone -q "$src" "$h"
fi
git -C "$h" checkout -q -f "$commit"
git -C "$h" clean -q -fdx

rm -rf "$h/internal/serializers/fury"
cp -r bench/gsb/fury "$h/internal/serializers/fury"
cd "$h"
export GOWORK=off GOFLAGS=-mod=mod
if ! go mod download wellquite.org/bebop >/dev/null 2>&1; then
	echo "wellquite.org/bebop is not served here: its two entries are left out" >&2
	rm -rf internal/serializers/bebop_wellquite
	go mod edit -droprequire wellquite.org/bebop
	# The import line and the two cases (each from its Name line back to
	# the preceding "}, {" and on to the next one).
	awk '
		/internal\/serializers\/bebop_wellquite"/ { next }
		{ lines[n++] = $0 }
		END {
			for (i = 0; i < n; i++) {
				if (lines[i] ~ /^\t\tName: +"wellquite\/bebop/) {
					drop[i - 1] = 1
					for (j = i; j < n && lines[j] != "\t}, {"; j++) drop[j] = 1
				}
			}
			for (i = 0; i < n; i++) if (!drop[i]) print lines[i]
		}' benchmarks.go >benchmarks.go.new
	mv benchmarks.go.new benchmarks.go
fi
# The entry's import, and its three cases (as README.md shows them) in
# place of the list's closing "\t},\n}".
sed -i 's#^\t"github.com/alecthomas/go_serialization_benchmarks/internal/serializers/flatbuffers"$#&\n\t"github.com/alecthomas/go_serialization_benchmarks/internal/serializers/fury"#' benchmarks.go
cases="$(awk '/^```go$/ { on = 1; next } /^```$/ { on = 0 } on' "$root/bench/gsb/README.md")"
awk -v cases="$cases" '
	{ lines[n++] = $0 }
	END {
		last = n - 1
		while (lines[last] != "}") last--
		if (lines[last - 1] != "\t},") { print "benchmarks.go: unexpected end of the case list" > "/dev/stderr"; exit 1 }
		for (i = 0; i < last - 1; i++) print lines[i]
		print cases
		for (i = last; i < n; i++) print lines[i]
	}' benchmarks.go >benchmarks.go.new
mv benchmarks.go.new benchmarks.go
gofmt -w benchmarks.go
go mod edit -require github.com/fury-go/fury@v0.0.0-00010101000000-000000000000 -replace "github.com/fury-go/fury=$root"
go mod tidy >/dev/null
go test -c -o "$out/gsb.test" .
"$out/gsb.test" -test.run '^$' -test.bench 'Serializers/.*/fury' -test.benchtime 1000x -validate >"$out/validate.txt"
grep -q '^ok\|^PASS' "$out/validate.txt" || { cat "$out/validate.txt" >&2; exit 1; }
echo "built $out/gsb.test (fury at $(git -C "$root" rev-parse --short HEAD)), -validate passed" >&2
[[ "$passes" -gt 0 ]] || exit 0
for i in $(seq 1 "$passes"); do
	echo "pass $i/$passes, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%H:%M:%S) UTC" >&2
	"$out/gsb.test" -test.run '^$' -test.bench Serializers -test.benchtime "$benchtime" -test.count 1 \
		-test.benchmem >"$out/pass-$i.txt"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$root/bench/gsb/run.sh" -c benchmarks.go "$out"/pass-*.txt | tee "$out/rank.txt"
