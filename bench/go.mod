module github.com/fury-go/fury/bench

go 1.26.0

require (
	github.com/fury-go/fury v0.0.0-00010101000000-000000000000
	github.com/fury-go/fury/furygrpc v0.0.0-00010101000000-000000000000
	github.com/google/flatbuffers v25.12.19+incompatible
	github.com/google/go-cmp v0.7.0
	github.com/mus-format/mus-go v0.7.2
	github.com/planetscale/vtprotobuf v0.6.1-0.20240319094008-0393e58bdf10
	github.com/stretchr/testify v1.12.1
	github.com/tinylib/msgp v1.6.5
	google.golang.org/grpc v1.85.0
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/mus-format/common-go v0.0.0-20251026152644-9f5ac6728d8a // indirect
	github.com/philhofer/fwd v1.2.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/exp v0.0.0-20230425010034-47ecfdc1ba53 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260817212433-ac3dfec99bb1 // indirect
)

// Versioned together: see "Modules" in the repository's README.
replace (
	github.com/fury-go/fury => ../
	github.com/fury-go/fury/furygrpc => ../furygrpc
)
