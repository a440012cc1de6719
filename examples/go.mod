module github.com/fury-go/fury/examples

go 1.26.0

require (
	github.com/fury-go/fury v0.0.0-00010101000000-000000000000
	github.com/fury-go/fury/furygrpc v0.0.0-00010101000000-000000000000
	github.com/stretchr/testify v1.12.1
	google.golang.org/grpc v1.85.0
)

require (
	github.com/bufbuild/protocompile v0.14.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
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
)

tool github.com/fury-go/fury/cmd/furygen
