module github.com/fury-go/fury

go 1.26.0

require (
	github.com/bufbuild/protocompile v0.14.1
	github.com/google/go-cmp v0.7.0
	github.com/stretchr/testify v1.12.1
	golang.org/x/tools v0.52.0
	google.golang.org/protobuf v1.36.12
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
