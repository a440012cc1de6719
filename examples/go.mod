module github.com/fury-go/fury/examples

go 1.26.0

require (
	github.com/apache/arrow-go/v18 v18.8.0
	github.com/fury-go/fury v0.0.0-00010101000000-000000000000
	github.com/fury-go/fury/furygrpc v0.0.0-00010101000000-000000000000
	github.com/fury-go/fury/row/rowarrow v0.0.0-00010101000000-000000000000
	github.com/stretchr/testify v1.12.1
	google.golang.org/grpc v1.85.0
)

require (
	github.com/bufbuild/protocompile v0.14.1 // indirect
	github.com/goccy/go-json v0.10.6 // indirect
	github.com/google/flatbuffers v25.12.19+incompatible // indirect
	github.com/klauspost/compress v1.19.2 // indirect
	github.com/klauspost/cpuid/v2 v2.4.0 // indirect
	github.com/pierrec/lz4/v4 v4.1.29 // indirect
	github.com/zeebo/xxh3 v1.1.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/exp v0.0.0-20260112195511-716be5621a96 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260817212433-ac3dfec99bb1 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)

// Versioned together: see "Modules" in the repository's README.
replace (
	github.com/fury-go/fury => ../
	github.com/fury-go/fury/furygrpc => ../furygrpc
	github.com/fury-go/fury/row/rowarrow => ../row/rowarrow
)

tool github.com/fury-go/fury/cmd/furygen
