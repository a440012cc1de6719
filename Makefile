# fury for Go. `make test` runs everything CI runs; `make quickstart` the
# quickstart program; `make bench` the benchmark report.

.PHONY: quickstart test peers generate check-generated fuzz bench examples

quickstart:
	go run ./examples/quickstart

test:
	scripts/test.sh

peers:
	scripts/setup-peers.sh

generate:
	go generate ./...

check-generated:
	scripts/check-generated.sh

# Long fuzz runs, for development (CI runs 20000 inputs per target, a few seconds).
FUZZTIME ?= 5m
fuzz:
	FUZZTIME=$(FUZZTIME) scripts/fuzz.sh

bench:
	bench/run.sh

examples:
	for e in quickstart customtypes circular zerocopy grpc schema; do echo "== examples/$$e"; go run ./examples/$$e || exit 1; done
