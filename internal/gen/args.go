package gen

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// ParseArgs parses furygen's command line (without the program name):
// the Config and whether -check was given.
// -h gives flag.ErrHelp, and prints nothing: the command prints the
// usage of both its modes (see PrintFlags).
func ParseArgs(args []string) (Config, bool, error) {
	fs := flag.NewFlagSet("furygen", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	typeList, all, output, tags, buildTag, check := defineFlags(fs)
	if err := fs.Parse(args); err != nil {
		return Config{}, false, err
	}
	cfg := Config{Patterns: fs.Args(), All: *all, Output: *output, BuildTag: *buildTag}
	for _, t := range strings.Split(*typeList, ",") {
		if t = strings.TrimSpace(t); t != "" {
			cfg.Types = append(cfg.Types, t)
		}
	}
	if *tags != "" {
		cfg.Tags = strings.Split(*tags, ",")
	}
	if cfg.All && len(cfg.Types) > 0 {
		return Config{}, false, fmt.Errorf("-all and -type are exclusive")
	}
	return cfg, *check, nil
}

func defineFlags(fs *flag.FlagSet) (typeList *string, all *bool, output, tags, buildTag *string, check *bool) {
	typeList = fs.String("type", "", "comma-separated struct type names (default: types marked "+MarkComment+")")
	all = fs.Bool("all", false, "generate for every struct type in the package")
	output = fs.String("output", "", "output file name (default: <file>_fury.go for each source file)")
	tags = fs.String("tags", "", "comma-separated build tags for loading the package")
	buildTag = fs.String("buildtag", "", "build constraint expression added to the generated files' //go:build line (and-ed with their sources' constraints)")
	check = fs.Bool("check", false, "do not write; fail if any generated file is missing or out of date")
	return
}

// PrintFlags writes the flags ParseArgs takes and their defaults to w.
func PrintFlags(w io.Writer) {
	fs := flag.NewFlagSet("furygen", flag.ContinueOnError)
	defineFlags(fs)
	fs.SetOutput(w)
	fs.PrintDefaults()
}
