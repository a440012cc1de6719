package bench

// Generated code, committed. Tools and versions are in each script.
//go:generate go run gen_struct.go
//go:generate ./pb/gen.sh
//go:generate ./fb/gen.sh
