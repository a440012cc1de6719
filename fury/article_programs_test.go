package fury_test

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// articleEdits are the only changes made to the Go programs of the Fury
// design article (testdata/article/*.go.txt, copied from the article as
// published) before they are built: the import path, and the slips read
// as meant. Each edit must apply exactly once.
var articleEdits = map[string][][2]string{
	"customtypes": {
		// The article declares SomeClas2 and uses SomeClass2.
		{"type SomeClas2 struct", "type SomeClass2 struct"},
		// It marshals value, which this program does not declare: obj
		// is the value it builds.
		{"fury_.Marshal(value)", "fury_.Marshal(obj)"},
	},
	"circular": {},
	"zerocopy": {
		// The variable fury hides the package, whose SerializedObject
		// and ByteBuffer the program names after it; it is fury_ in the
		// article's other programs.
		{"fury := fury.NewFury(true)", "fury_ := fury.NewFury(true)"},
		{"fury.Serialize(buf, list,", "fury_.Serialize(buf, list,"},
		{"err := fury.Deserialize(", "err := fury_.Deserialize("},
		// The article declares err and never uses it, which Go refuses
		// ("declared and not used"): it is checked as the other programs
		// check theirs. The text also lacks main's closing brace.
		{"fmt.Println(newList)\n", "if err != nil {\npanic(err)\n}\nfmt.Println(newList)\n}\n"},
	},
}

// articleOutputs is what each program prints: the value read back, as
// fmt.Println prints it (maps sorted by key; a pointer inside a struct
// as its address).
var articleOutputs = map[string]*regexp.Regexp{
	"customtypes": regexp.MustCompile(`^&\{0x[0-9a-f]+ abc \[abc abc\] map\[1:2\] 127 32767 2147483647 9223372036854775807 0\.5 0\.3333333333333333 \[1 2\] \[-1 4\]\}\n$`),
	"circular":    regexp.MustCompile(`^&\{0x[0-9a-f]+ map\[k1:v1 k2:v2\] map\[k1:v1 k2:v2\]\}\n$`),
	"zerocopy":    regexp.MustCompile(`^\[str \[` + strings.Repeat("0 ", 999) + `0\]\]\n$`),
}

// TestArticlePrograms builds and runs the Go programs of the Fury design
// article, as published but for their import path and the slips in
// articleEdits, in a fresh module depending on this one through a replace
// directive. It needs the go command, so -short skips it. What the
// printed values cannot show (that the circular value comes back with
// F1 == the value and F3 == F2) ExampleNewFury checks.
func TestArticlePrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a throwaway module with the go command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/article\n\ngo 1.24\n\n"+
		"require github.com/fury-go/fury v0.0.0\n\n"+
		"replace github.com/fury-go/fury => "+root+"\n")
	for name, edits := range articleEdits {
		src, err := os.ReadFile(filepath.Join("testdata", "article", name+".go.txt"))
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		edits = append([][2]string{{`"code.alipay.com/ray-project/fury/go/fury"`, `"github.com/fury-go/fury/fury"`}}, edits...)
		for _, e := range edits {
			if n := strings.Count(text, e[0]); n != 1 {
				t.Fatalf("%s: %q occurs %d times, want 1", name, e[0], n)
			}
			text = strings.Replace(text, e[0], e[1], 1)
		}
		write(filepath.Join(name, "main.go"), text)
	}

	// Package fury imports nothing outside the standard library and this
	// module; the module graph's go.mod files come from the module cache.
	goEnv := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(goBin, args...).Output()
		if err != nil {
			t.Fatalf("go %s: %v", strings.Join(args, " "), err)
		}
		return strings.TrimSpace(string(out))
	}
	cache := goEnv("env", "GOMODCACHE")
	bin := filepath.Join(dir, "bin")
	cmd := exec.Command(goBin, "build", "-o", bin+string(filepath.Separator), "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOSUMDB=off",
		"GOPROXY="+(&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(cache, "cache", "download"))}).String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for name, want := range articleOutputs {
		out, err := exec.Command(filepath.Join(bin, name)).CombinedOutput()
		if err != nil {
			t.Errorf("%s: %v\n%s", name, err, out)
			continue
		}
		if !want.Match(out) {
			t.Errorf("%s printed %q, want %v", name, out, want)
		}
	}
}
