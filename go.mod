module github.com/fury-go/fury

go 1.26.0

require (
	github.com/google/flatbuffers v25.12.19+incompatible
	github.com/google/go-cmp v0.7.0
	github.com/planetscale/vtprotobuf v0.6.0
	github.com/stretchr/testify v1.12.1
	github.com/tinylib/msgp v1.6.5
	golang.org/x/tools v0.52.0
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/philhofer/fwd v1.2.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
