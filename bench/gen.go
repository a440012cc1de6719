package bench

// Generated code, committed. Tools and versions are in each script or line.
// msgp runs in place from the module proxy at a pinned version
// (scripts/check-generated.sh reruns it); pb/gen.sh needs protoc and
// fb/gen.sh flatc, see there. fury's own generated code (*_fury.go) is
// cmd/furygen's, see scripts/check-generated.sh.
//go:generate go run gen_struct.go
//go:generate ./pb/gen.sh
//go:generate ./fb/gen.sh
//go:generate go run github.com/tinylib/msgp@v1.6.5 -io=false -tests=false -file models.go -o models_msgp.go
//go:generate go run github.com/tinylib/msgp@v1.6.5 -io=false -tests=false -file struct_gen.go -o struct_gen_msgp.go
//go:generate go run github.com/tinylib/msgp@v1.6.5 -io=false -tests=false -file small.go -o small_msgp.go
//go:generate go run github.com/tinylib/msgp@v1.6.5 -io=false -tests=false -file lists.go -o lists_msgp.go
