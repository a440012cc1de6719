package main

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsumerModule follows README's "Generated code" section in a fresh
// module that depends on this one (through a replace directive, as if it
// were published): add furygen as a tool dependency, run go generate, then
// build and run the program. It needs the go command and the module proxy
// (or a warm module cache), so -short skips it.
func TestConsumerModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a throwaway module with the go command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/consumer\n\ngo 1.24\n\n"+
		"require github.com/fury-go/fury v0.0.0\n\n"+
		"replace github.com/fury-go/fury => "+root+"\n")
	// The directive is spliced in here so that go generate, which scans
	// lines, does not run it in this repository.
	write("team.go", strings.Replace(consumerSource, "GENERATE", "//go:generate", 1))
	write("main.go", consumerMain)

	// The consumer resolves this module through the replace and its
	// requirements (golang.org/x/tools, ...) from the module cache, filled
	// here from the proxy: no other network access, no checksum database.
	goOut := func(dir string, env []string, args ...string) string {
		t.Helper()
		cmd := exec.Command(goBin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	goOut(root, []string{"GOWORK=off"}, "mod", "download", "golang.org/x/tools")
	env := moduleCacheEnv(goOut(root, nil, "env", "GOMODCACHE"))
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(goBin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	// README: go get -tool github.com/fury-go/fury/cmd/furygen
	run("get", "-tool", "github.com/fury-go/fury/cmd/furygen")
	run("generate", "./...")
	if _, err := os.Stat(filepath.Join(dir, "team_fury.go")); err != nil {
		t.Fatalf("go generate wrote no team_fury.go: %v", err)
	}
	run("vet", "./...")
	out := run("run", ".")
	for _, want := range []string{"generated code in use: true", "round trip: engines Ada ada 1815 en [1.5 2]"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The go run form works too once the tool's requirements are in go.mod.
	run("run", "github.com/fury-go/fury/cmd/furygen", "-check", "-type", "Team,Person")
}

// moduleCacheEnv is the environment of a go command in a throwaway module
// that requires this one through a replace directive: its requirements
// come from the module cache at cache (served as a file proxy), with no
// other network access and no checksum database.
func moduleCacheEnv(cache string) []string {
	return []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOSUMDB=off",
		"GOPROXY=" + (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(cache, "cache", "download"))}).String()}
}

const consumerSource = `package main

import "time"

GENERATE go tool furygen -type Team,Person

type Team struct {
	Name    string
	Members []Person
	Lead    *Person
	Scores  map[string][]float64
}

type Person struct {
	Name     string
	Born     time.Time
	Nick     *string
	Tags     []string
	Attrs    map[string]string
	Friends  []*Person
}
`

const consumerMain = `package main

import (
	"fmt"
	"log"
	"time"

	"github.com/fury-go/fury/fury"
)

func main() {
	f := fury.New()
	if err := f.RegisterNamed(Team{}, "example", "Team"); err != nil {
		log.Fatal(err)
	}
	if err := f.RegisterNamed(Person{}, "example", "Person"); err != nil {
		log.Fatal(err)
	}
	nick := "ada"
	ada := Person{Name: "Ada", Born: time.Date(1815, 12, 10, 0, 0, 0, 0, time.UTC), Nick: &nick,
		Tags: []string{"math"}, Attrs: map[string]string{"lang": "en"}}
	team := Team{Name: "engines", Members: []Person{ada, {Name: "Charles", Friends: []*Person{&ada}}},
		Lead: &ada, Scores: map[string][]float64{"q1": {1.5, 2}}}
	data, err := f.Marshal(team)
	if err != nil {
		log.Fatal(err)
	}
	var back Team
	if err := f.Unmarshal(data, &back); err != nil {
		log.Fatal(err)
	}
	fmt.Println("generated code in use:", f.GeneratedInUse(team))
	fmt.Println("round trip:", back.Name, back.Lead.Name, *back.Lead.Nick, back.Lead.Born.Year(),
		back.Members[1].Friends[0].Attrs["lang"], back.Scores["q1"])
}
`
