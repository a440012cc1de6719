// Command furygen generates type-specialized fury serialization code for
// Go struct types: functions that write and read a struct's fields with
// direct stores and loads, no reflection, byte-identical to the reflection
// path of github.com/fury-go/fury/fury, which uses them automatically.
//
// Add furygen to the module as a tool dependency (Go 1.24+):
//
//	go get -tool github.com/fury-go/fury/cmd/furygen
//
// and put a directive in the package:
//
//	//go:generate go tool furygen -type Sample,MediaContent
//
// (go run github.com/fury-go/fury/cmd/furygen works as well once the tool
// dependency has put furygen's requirements in go.mod and go.sum.)
//
// or mark types with a //fury:generate comment and run furygen without
// -type (or with -all for every struct type in the package; a type named
// twice in -type is generated once). For each source file that declares
// selected types, furygen writes <file>_fury.go next to it (or one file
// named by -output). The generated code calls package
// github.com/fury-go/fury/fury/furyrt, the runtime for generated code (and
// package fury only for types such as fury.Date that the structs hold);
// regenerate after upgrading the module.
//
// Usage:
//
//	furygen [-type T1,T2 | -all] [-output file.go] [-tags tag,...] [-buildtag expr] [-check] [packages]
//	furygen -schema a.fdl[,b.proto] [-I dir,...] [-M schema=importpath ...] [-output file.go] [-package name] [-register Func] [-grpc] [-proto-signed] [-check]
//
// furygen -h lists the flags of both modes.
//
// The packages default to the current directory. Types whose fields cannot
// be serialized (channels, funcs, ...) are reported naming the type and the
// field, and so are fields of an anonymous struct type (struct{ ... }):
// the runtime serializes those, but furygen needs a named type to generate
// code for (declare one).
//
// Build constraints: a generated file builds where its source file does.
// The source's //go:build line is copied, and a GOOS or GOARCH suffix of
// its name is kept at the end of the output's (stat_linux.go gives
// stat_fury_linux.go). -tags selects the build tags the package is loaded
// with; -buildtag adds a constraint to every generated file (and-ed with
// the copied ones), for code that should build only with a tag. The
// constraints of the files that declare what the code relies on are and-ed
// too: a named non-struct field type (type Handle int32 in h_linux.go), an
// embedded struct whose fields are promoted, the generic type of an alias;
// where those files are not built the struct is left to the runtime. With
// -output, the constraints of all the sources, file name suffixes
// included, are and-ed.
//
// Generated files record the types they hold and their source files
// ("// Source: models.go (Person, Team)."). A run removes the generated
// files of its package that no longer correspond to their sources (their
// types moved to another file, or are gone), and -check reports them, as
// it reports missing and out-of-date files. Generated files of other runs
// (other go:generate lines, other build tags) are left alone.
//
// Limits: whether a named integer type (type Status int32) is an enum
// depends on the Fury's registrations, and it changes the field order, so
// furygen generates one layout per combination; a struct whose fields
// mention more than 4 distinct named integer types (2^4 = 16 layouts) is
// refused at generation time. Use plain integer types for some of them, or
// leave the struct to the runtime (it is serialized by reflection, with the
// same bytes). Generated files declare package-level names beginning with
// furyCodec, furyWrite, furyRead and furyDispatch followed by the struct's
// name, and import fury, furyrt, unsafe, binary, math and strconv under
// those names when their code uses them; the package must not declare such
// names itself (furygen reports it). Any other names are fine, the
// generator's own locals included: a local that would hide a type of the
// package (type x, type buf) is renamed in the generated file, and so is
// an import whose name the package uses (type time int gives time2
// "time").
//
// Schema files: with -schema, furygen reads the types from a schema shared
// with the other Fory languages instead of from Go: .fdl files (the Fory
// Definition Language of the Fory schema compiler foryc, read by a parser
// of furygen's own with foryc 1.7's grammar and checks) and proto3 .proto
// files (read with github.com/bufbuild/protocompile, mapped as foryc's proto
// front end maps them: int32 and int64 become uint32 and uint64, as in the
// code foryc generates from the same file; -proto-signed keeps them
// signed, for peers that do not use foryc's code, see
// docs/schema-mapping.md in the repository). .fbs
// files go through foryc first, which translates them to FDL:
// foryc --emit-fdl --emit-fdl-path x.fdl --lang python -o out x.fbs writes
// x.fdl (and the Python code); give furygen x.fdl.
//
//	//go:generate go run github.com/fury-go/fury/cmd/furygen -schema orders.fdl [-I dir,...] [-output f.go] [-package p]
//
// It writes <schema>_fdl.go (or _proto.go) with the Go form of every type
// of the files and of the files they import, then <schema>_fdl_fury.go with
// the specialized code of its structs, as -type does; -check writes
// nothing and fails when either is out of date. Everything is generated
// before anything is written: a failing run writes nothing. The output's
// directory is created when missing; it must be inside a Go module (the
// generated types are compiled to generate their code). The header names
// the schemas relative to the output's directory, so -check agrees however
// the paths are spelled. The Go form:
//   - a message is a struct; each field carries its id (`fury:"id=N"`), so
//     fields match by id in compatible mode whatever their names; a field is
//     named in Go's style (user_id gives UserId). Scalars map to Go types
//     (int32 varint, fixed int32 fury.FixedInt32, tagged int64
//     fury.TaggedInt64, float16 fury.Float16, date fury.Date, timestamp
//     time.Time, decimal fury.Decimal, any any, ...), list<int32> to
//     fury.Int32Slice (a list) and array<int32> to []int32 (a primitive
//     array), array<uint8> to fury.Uint8Array, a list of messages to []*T;
//   - a message-typed field is a pointer (messages are optional by
//     default), except a field whose type is named with its package
//     (common.Money total): foryc leaves that one non-nullable, and it is a
//     struct value (a pointer tagged notnull where the struct would contain
//     itself);
//     an optional scalar, string or enum is a pointer; an optional list,
//     map or bytes field, an optional union and any field are tagged nullable;
//   - ref fields are tagged ref; list<ref T> and map<K, ref T> fields are
//     tagged elemref (their elements are tracked, the field not); an
//     untagged field, as list<T> of messages, tracks neither, as the peers'
//     generated code has it; weak_ref (.fdl [weak_ref = true] on a ref
//     field, .proto [(fory).weak_ref = true], which is ref itself, as foryc
//     reads it) is tracked as ref: weak pointers are other languages';
//   - an enum is a named int32 with a constant per value, named after the
//     enum and the value without the enum's prefix (PhoneType and
//     PHONE_TYPE_WORK give PhoneTypeWork); an enum with a negative value
//     travels as pyfory and Rust write it, each value as its declaration
//     index, so its constants are those indexes, with a Number method and
//     an <Enum>FromNumber function for the schema's values (Java's
//     fory-core 1.6.0 cannot register such an enum); values outside int32
//     are an error;
//   - a union is an interface with a wrapper struct per case
//     (Animal and case dog give Animal_Dog{Dog *Dog}), registered with
//     fury.RegisterUnion;
//   - [evolving=false] adds the `_ struct{} fury:"evolving=false"` marker;
//   - a nested type is named after its parents joined by '_' (Outer_Inner;
//     option go_nested_type_style = "camelcase" gives OuterInner);
//   - RegisterTypes(*fury.Fury) error registers every type under the id
//     foryc gives it: the explicit [id=N], else MurmurHash3 x86_32 (seed 0)
//     of the UTF-8 name qualified by the package (or its alias, or the
//     type's alias), all 32 bits; by name when the file turns
//     enable_auto_type_id off. Two types with one id are an error.
//     -register renames it, for a second schema generated into the same
//     package;
//   - with -grpc, each service (as foryc --grpc generates them for the
//     other languages: method path /<package>.<Service>/<Method>, messages
//     carried as Fory roots, content-subtype application/grpc+fory) gives,
//     on module github.com/fury-go/fury/furygrpc: an interface SServer with
//     a method per rpc, an embeddable UnimplementedSServer answering
//     codes.Unimplemented, RegisterSServer(grpc.ServiceRegistrar,
//     SServer) error, a client interface SClient and NewSClient(cc); and
//     once, NewCodec(...furygrpc.Option) (*furygrpc.Codec, error), the codec
//     configured as the peers' generated code configures Fory, with the
//     types registered (NewXCodec with -register RegisterX). Unary,
//     server-, client- and bidirectional-streaming rpcs have the shapes of
//     protoc-gen-go-grpc's (grpc.ServerStreamingServer[Resp], ...); a union
//     request or response is a pointer to its interface (*Choice). Without
//     -grpc, services generate nothing and the output needs no gRPC.
//
// Imported schemas: an imported file with a Go package of its own, given
// by its go_package option (option go_package = "example.com/m/common";
// the same spelling in .fdl and .proto files, as foryc reads it, with an
// optional ";name") or by -M on the command line (-M
// common.fdl=example.com/m/common, keyed by the import as written or by
// the schema package, as protoc-gen-go's M option; -M wins), is not
// generated again: its types are referenced from that package
// (common.Money) and RegisterTypes calls that package's RegisterTypes
// before registering its own types. Registering a type again the same way
// is a no-op, so two packages sharing an import register on one Fury.
// Generate the imported package first (its Go code is compiled with the
// importer's), without -register: its importers call RegisterTypes. An
// imported file mapped to the output's own package is taken as generated
// there by another run: its types are referenced and registered (again,
// a no-op), not declared, and the run needs a -register name of its own.
// A file imported without a mapping is generated into the importing
// package, as a copy; a run that would declare a name another file of the
// package declares (a second copy of an imported schema's types) is
// refused, naming the file and the fix. Layout for a repository with
// several schemas: one directory (Go package) per schema package, each
// with its go:generate line, each schema that others import carrying its
// go_package. Types of one Go package share one namespace; two that would
// share a Go name are an error naming both. A struct using more than four
// enum types is left to the runtime (see Limits). Errors in a schema name
// the file, line and column.
//
// Generic types: furygen generates code for instantiations, not for a
// generic type itself. Declare an alias in the package that declares the
// generic type (type UserPage = Page[User]) and name it in -type (or mark
// it //fury:generate); -type Page is refused and -all skips generic types.
// A field of an instantiated type (Users Page[User]) calls that code when
// it exists, and leaves the field to the runtime otherwise. An alias of
// another package's generic type (type P = other.Page[T]) is refused:
// generate it in that package.
//
// What the generated code does for each field:
//   - runs of non-nullable numbers and bools: one buffer reservation, direct
//     stores and loads at constant offsets, and one bulk-kernel call for
//     four or more consecutive varints of one kind;
//   - strings, enums, time.Time, nullable numbers and enums (*int32,
//     *Color, ...), pointers to timestamps, primitive slices ([]int32,
//     []byte, ...: bulk copies) and values tagged `fury:"nullable"`: inline,
//     null flags included;
//   - maps whose keys are numbers, bools, strings or enums and whose values
//     are those, timestamps, primitive slices, lists, sets or maps of them,
//     and lists, Go arrays and sets of those (map[string][]float64,
//     [][]int32, [3]string, []Status, map[string]struct{}):
//     a generated helper per field writes the chunks (up to 255 entries,
//     declared key and value types, a null value as its own entry) and the
//     list headers; the reader handles the shapes the runtime writes and
//     gives any other input back to the runtime from the field's start;
//   - time.Duration, fury.Date and fury.Decimal: the runtime's codec, called
//     directly;
//   - struct values, pointers to structs, and slices of struct values,
//     struct pointers or strings: the runtime writes what precedes the data
//     (type info, struct hash, list header), generated code writes the null
//     flags, and the generated code of the nested struct is called directly
//     when it was generated in the same run and its file builds wherever the
//     caller's does (through its codec otherwise: Stat in stat_linux.go,
//     say, held by a struct of a file without constraints);
//   - what is left goes to the runtime's reflection path, field by field,
//     with the same bytes: interfaces (their type is known only at run
//     time), reference tracking of shared values (fields tagged ref, and
//     every pointer, slice, map and interface field under
//     WithTrackAllFields; with WithRefTracking alone, untagged fields stay
//     in generated code, as they carry no reference flags), a
//     compatible-mode layout that differs from the local one, primitive
//     arrays with out-of-band buffers, big.Int, pointers to other
//     kinds, structs or pointers inside maps, and `fury:"notnull"` on a
//     pointer.
//
// A struct field that is not nullable reads an empty slice or map as nil;
// a field tagged nullable, a list element and a map value keep nil and
// empty apart.
//
// Generated files also hold a struct conversion that stops compiling when a
// struct changes shape: run go generate again.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/fury-go/fury/internal/gen"
)

// usage writes both modes' synopses and flags, as -h shows them.
func usage(w io.Writer) {
	fmt.Fprint(w, `furygen generates Fory serialization code for Go, in one of two modes.

Go-types mode: type-specialized serialization code for the package's Go struct
types (<file>_fury.go next to each source file), byte-identical to the
reflection path of github.com/fury-go/fury/fury, which uses it automatically.

  furygen [-type T1,T2 | -all] [-output file.go] [-tags tag,...] [-buildtag expr] [-check] [packages]

`)
	gen.PrintFlags(w)
	fmt.Fprint(w, `
Schema mode (-schema): the Go types of .fdl and .proto schemas shared with the
other Fory languages, as foryc maps them, with their registration function
(<schema>_fdl.go or <schema>_proto.go), and their specialized code
(<schema>_fdl_fury.go). An imported schema with a Go package of its own
(option go_package, or -M) is imported, not generated again.

  furygen -schema a.fdl[,b.proto] [-I dir,...] [-M schema=importpath ...] [-output file.go]
          [-package name] [-register Func] [-grpc] [-proto-signed] [-check]

`)
	fs := flag.NewFlagSet("furygen", flag.ContinueOnError)
	schemaFlags(fs, &schemaConfig{})
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprint(w, "\nRun go doc github.com/fury-go/fury/cmd/furygen for the details.\n")
}

func main() {
	if isSchemaMode(os.Args[1:]) {
		scfg, err := parseSchemaArgs(os.Args[1:])
		if err != nil {
			if err == flag.ErrHelp {
				os.Exit(0)
			}
			fmt.Fprintln(os.Stderr, "furygen:", err)
			os.Exit(2)
		}
		if err := runSchema(scfg); err != nil {
			fmt.Fprintln(os.Stderr, "furygen:", err)
			os.Exit(1)
		}
		return
	}
	cfg, check, err := gen.ParseArgs(os.Args[1:])
	if err != nil {
		if err == flag.ErrHelp {
			usage(os.Stderr)
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "furygen:", err)
		os.Exit(2)
	}
	if err := run(cfg, check); err != nil {
		fmt.Fprintln(os.Stderr, "furygen:", err)
		os.Exit(1)
	}
}

func run(cfg gen.Config, check bool) error {
	pkgs, err := gen.Load(cfg)
	if err != nil {
		return err
	}
	var stale []string
	for _, p := range pkgs {
		files, err := gen.Generate(p, cfg.Output)
		if err != nil {
			return err
		}
		// Generated files that no longer correspond to their sources (a
		// type moved to another file) would declare their code twice.
		old, err := gen.Stale(p, files, cfg.Output)
		if err != nil {
			return err
		}
		for _, o := range old {
			if check {
				stale = append(stale, fmt.Sprintf("%s is stale (%s)", o.Path, o.Reason))
				continue
			}
			if err := os.Remove(o.Path); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "furygen: removed %s: %s\n", o.Path, o.Reason)
		}
		names := make([]string, 0, len(files))
		for n := range files {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, name := range names {
			src := files[name]
			old, err := os.ReadFile(name)
			if err == nil && bytes.Equal(old, src) {
				continue
			}
			if err == nil && !gen.IsGenerated(old) {
				return fmt.Errorf("%s exists and was not generated by furygen; not overwriting it", name)
			}
			if check {
				stale = append(stale, name)
				continue
			}
			if err := os.WriteFile(name, src, 0o644); err != nil {
				return err
			}
		}
	}
	if len(stale) > 0 {
		return fmt.Errorf("out of date: %s (run go generate)", strings.Join(stale, "; "))
	}
	return nil
}
