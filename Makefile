# fury for Go. `make test` runs everything CI runs; `make quickstart` the
# quickstart program; `make bench` the benchmark report.

.PHONY: quickstart test peers generate check-generated fuzz fuzz-long bench examples tidy

quickstart:
	go run ./examples/quickstart

test:
	scripts/test.sh

peers:
	scripts/setup-peers.sh

# Every module of the workspace (go.work): in workspace mode ./... is the root module only.
generate:
	go generate $$(scripts/modules.sh)

# go mod tidy in every module, each on its own (GOWORK=off): after a change to
# the root module's requirements the nested modules' go.mod and go.sum follow.
tidy:
	for m in $$(scripts/modules.sh); do d=$${m%/...}; echo "== $$d"; (cd $$d && GOWORK=off go mod tidy) || exit 1; done

check-generated:
	scripts/check-generated.sh

# Long fuzz runs, for development (CI runs 20000 inputs per target, a few seconds).
FUZZTIME ?= 5m
fuzz:
	FUZZTIME=$(FUZZTIME) scripts/fuzz.sh

# The differential fuzz targets (two readers of one input must agree), for
# minutes each, where they find what seconds do not; not run by CI. A failing
# input is written under the package's testdata/fuzz: keep it as a seed.
FUZZLONGTIME ?= 3m
FUZZDIFF = ^(FuzzDecoderMatchesUnmarshal|FuzzSkipMessage|FuzzDeserializeMatchesUnmarshal|FuzzTruncation|FuzzGenerated|FuzzAliasInput|FuzzDecodeIntoUsed)$$
fuzz-long:
	FUZZTIME=$(FUZZLONGTIME) FUZZTARGETS='$(FUZZDIFF)' scripts/fuzz.sh

bench:
	bench/run.sh

examples:
	for e in quickstart customtypes circular zerocopy grpc schema schemagrpc arrow; do echo "== examples/$$e"; go run ./examples/$$e || exit 1; done
