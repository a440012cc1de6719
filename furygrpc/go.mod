module github.com/fury-go/fury/furygrpc

go 1.26.0

require (
	github.com/fury-go/fury v0.0.0-00010101000000-000000000000
	github.com/google/go-cmp v0.7.0
	github.com/stretchr/testify v1.12.1
	google.golang.org/grpc v1.85.0
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260817212433-ac3dfec99bb1 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)

// Versioned together: see "Modules" in the repository's README. The replace
// makes a checkout build on its own (GOWORK=off); consumers of a tagged
// release get the root module at the version required above.
replace github.com/fury-go/fury => ../
