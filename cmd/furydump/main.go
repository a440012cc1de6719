// Command furydump prints a Fory xlang message without its Go types: the
// header, each value's reference flag and type info, struct fields by
// their TypeDefs' names, list, set and map elements, scalars' values, the
// TypeDefs and meta strings the message carries, each with its byte
// offset. For a message that does not read it prints what it read up to
// there, then the offset where it breaks and why, and exits with status 1.
//
// Usage:
//
//	furydump [-json] [-hex] [-mode auto|compatible|consistent] [file]
//
// It reads the message from file, or from standard input without one.
// With -hex the input is the message in hexadecimal (spaces and newlines
// are ignored). With -json it prints the dump as JSON (see package
// github.com/fury-go/fury/fury/furydump for its fields). The mode is the
// writer's: compatible-mode messages read whole; a schema-consistent
// struct's fields are not in the message (only a hash of its schema), so
// furydump stops at the first one. The default, auto, tries compatible
// mode first.
package main

import (
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fury-go/fury/fury/furydump"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("furydump", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the dump as JSON")
	asHex := fs.Bool("hex", false, "the input is hexadecimal text")
	mode := fs.String("mode", "auto", "the writer's mode: auto, compatible or consistent")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: furydump [-json] [-hex] [-mode auto|compatible|consistent] [file]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var opts furydump.Options
	switch *mode {
	case "auto":
	case "compatible":
		opts.Mode = furydump.Compatible
	case "consistent", "schema-consistent":
		opts.Mode = furydump.Consistent
	default:
		fmt.Fprintf(stderr, "furydump: unknown mode %q\n", *mode)
		return 2
	}
	var in []byte
	var err error
	switch fs.NArg() {
	case 0:
		in, err = io.ReadAll(stdin)
	case 1:
		in, err = os.ReadFile(fs.Arg(0))
	default:
		fs.Usage()
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "furydump: %v\n", err)
		return 2
	}
	if *asHex {
		if in, err = hex.DecodeString(strings.Join(strings.Fields(string(in)), "")); err != nil {
			fmt.Fprintf(stderr, "furydump: -hex: %v\n", err)
			return 2
		}
	}
	d, ierr := furydump.Inspect(in, opts)
	if d == nil {
		fmt.Fprintf(stderr, "furydump: %v\n", ierr)
		return 2
	}
	if *asJSON {
		err = furydump.WriteJSON(stdout, d)
	} else {
		err = furydump.WriteText(stdout, d)
	}
	if err != nil {
		fmt.Fprintf(stderr, "furydump: %v\n", err)
		return 2
	}
	if ierr != nil {
		return 1
	}
	return 0
}
