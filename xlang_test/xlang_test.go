// Package xlang_test runs every cross-language case of CASES.md in both
// directions against the real peers, pyfory 1.7.7 (Python), fory-core
// 1.6.0 (Java) and the crate fory 1.7.7 (Rust, with cases of its own: see
// rust_test.go):
//
//   - peer-to-go: the peer writes its value; Go reads it into the typed mirror
//     and into interface{}, checks every field, marshals both again; the peer
//     reads them back and compares them with what it built.
//   - go-to-peer: Go writes its mirror value; the peer reads it and compares it
//     with what it built, then re-serializes what it read; Go reads that back
//     and checks it.
//
// Each peer process is started four times in all (one write, three
// verifies), so the whole matrix takes well under a minute. See README.md.
package xlang_test

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/fury-go/fury/fury"
)

const (
	dirPeerToGo = "peer-to-go"
	dirGoToPeer = "go-to-peer"
)

// failKind tells which step of a round trip failed; a known peer
// disagreement excuses only the kinds it names.
type failKind int

const (
	failOther       failKind = iota // Go could not marshal, a peer crashed, files missing
	failGoRead                      // Go could not read, or misread, a peer's bytes
	failPeerRejects                 // the peer could not read Go's bytes, or read a different value
)

// outcome is what happened to one case in one direction with one peer.
type outcome struct {
	errs  []string // failures
	kinds []failKind
	logs  []string // notes shown with -v
}

func (o *outcome) fail(k failKind, format string, args ...any) {
	o.errs = append(o.errs, fmt.Sprintf(format, args...))
	o.kinds = append(o.kinds, k)
}

// tally counts the reported outcomes for the closing summary.
var tally struct {
	sync.Mutex
	pass, fail, skip int
	byGroup          map[string]*[3]int // "python/peer-to-go" -> pass, fail, skip
	disagreements    []string
	failures         []string
	unavailable      []string // peers skipped because they could not be set up
}

func record(peerName, caseName, dir string, t *testing.T) {
	group := peerName + "/" + dir
	name := peerName + "/" + caseName + "/" + dir
	tally.Lock()
	defer tally.Unlock()
	if tally.byGroup == nil {
		tally.byGroup = map[string]*[3]int{}
	}
	g := tally.byGroup[group]
	if g == nil {
		g = &[3]int{}
		tally.byGroup[group] = g
	}
	switch {
	case t.Failed():
		tally.fail++
		g[1]++
		tally.failures = append(tally.failures, name)
	case t.Skipped():
		tally.skip++
		g[2]++
		tally.disagreements = append(tally.disagreements, name)
	default:
		tally.pass++
		g[0]++
	}
}

// recordUnavailable counts every case of a peer that could not be set up:
// failed in CI, skipped elsewhere.
func recordUnavailable(peerName string, nCases int, failed bool) {
	tally.Lock()
	defer tally.Unlock()
	if tally.byGroup == nil {
		tally.byGroup = map[string]*[3]int{}
	}
	i := 2
	if failed {
		i = 1
		tally.fail += 2 * nCases
		tally.failures = append(tally.failures, fmt.Sprintf("%s/* (peer unavailable, %d cases)", peerName, nCases))
	} else {
		tally.skip += 2 * nCases
		tally.unavailable = append(tally.unavailable, peerName)
	}
	for _, dir := range []string{dirPeerToGo, dirGoToPeer} {
		g := &[3]int{}
		g[i] = nCases
		tally.byGroup[peerName+"/"+dir] = g
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	tally.Lock()
	if tally.pass+tally.fail+tally.skip > 0 {
		fmt.Println()
		fmt.Println("xlang summary:")
		groups := make([]string, 0, len(tally.byGroup))
		for g := range tally.byGroup {
			groups = append(groups, g)
		}
		sort.Strings(groups)
		for _, g := range groups {
			c := tally.byGroup[g]
			fmt.Printf("  %-22s %4d passed, %d failed, %d skipped\n", g, c[0], c[1], c[2])
		}
		if len(tally.unavailable) > 0 {
			fmt.Printf("PEERS NOT AVAILABLE, ALL THEIR CASES SKIPPED: %s (run scripts/setup-peers.sh; CI=true fails instead)\n",
				strings.Join(tally.unavailable, ", "))
		}
		if len(tally.disagreements) > 0 {
			fmt.Printf("known peer disagreements (skipped, see testdata/CATALOG.md): %s\n",
				strings.Join(tally.disagreements, ", "))
		}
		if len(tally.failures) > 0 {
			fmt.Printf("failed: %s\n", strings.Join(tally.failures, ", "))
		}
		line := fmt.Sprintf("%d passed, %d failed", tally.pass, tally.fail)
		if tally.skip > 0 {
			line += fmt.Sprintf(", %d skipped", tally.skip)
		}
		fmt.Println(line)
	}
	tally.Unlock()
	os.Exit(code)
}

// selectedCases applies XLANG_CASES (a regular expression matched against
// the whole case name) to the case list.
func selectedCases(t *testing.T) ([]*xcase, bool) {
	return filterCases(t, cases())
}

// filterCases applies XLANG_CASES to a case list.
func filterCases(t *testing.T, all []*xcase) ([]*xcase, bool) {
	pat := os.Getenv("XLANG_CASES")
	if pat == "" {
		return all, false
	}
	re, err := regexp.Compile("^(?:" + pat + ")$")
	if err != nil {
		t.Fatalf("XLANG_CASES: %v", err)
	}
	var out []*xcase
	for _, c := range all {
		if re.MatchString(c.name) {
			out = append(out, c)
		}
	}
	return out, true
}

func selectedPeers() []string {
	v := os.Getenv("XLANG_PEERS")
	if v == "" {
		return []string{"python", "java", "rust"}
	}
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// pipeline is the whole run against one peer.
type pipeline struct {
	name     string
	setupErr error
	results  map[string]*[2]outcome // case -> [peer-to-go, go-to-peer]
	// unmirrored are cases the peer wrote that have no Go mirror.
	unmirrored []string
	timings    []string
	cases      []*xcase // the cases run against this peer
}

// TestXlang runs every case in both directions against every peer.
func TestXlang(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	cs, filtered := selectedCases(t)
	work := t.TempDir()
	if keep := os.Getenv("XLANG_KEEP"); keep != "" {
		work = keep
		if err := os.MkdirAll(work, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Logf("work files kept in %s", work)
	}

	names := selectedPeers()
	pipes := make([]*pipeline, len(names))
	var wg sync.WaitGroup
	total := 0
	for i, name := range names {
		pipes[i] = &pipeline{name: name, results: map[string]*[2]outcome{}, cases: peerCases(t, name, cs)}
		total += len(pipes[i].cases)
	}
	if total == 0 {
		t.Fatal("XLANG_CASES matches no case")
	}
	for i := range pipes {
		wg.Add(1)
		go func(pl *pipeline) {
			defer wg.Done()
			if len(pl.cases) == 0 {
				return
			}
			p, err := setupPeer(root, pl.name)
			if err != nil {
				pl.setupErr = err
				return
			}
			pl.run(p, filepath.Join(work, pl.name), pl.cases, filtered)
		}(pipes[i])
	}
	wg.Wait()

	for _, pl := range pipes {
		t.Run(pl.name, func(t *testing.T) {
			if pl.setupErr != nil {
				recordUnavailable(pl.name, len(pl.cases), inCI())
				msg := fmt.Sprintf("%s peer unavailable: %v", pl.name, pl.setupErr)
				if inCI() {
					t.Fatalf("%s\n(CI=true: a missing peer is a failure; run scripts/setup-peers.sh)", msg)
				}
				t.Skipf("SKIPPING ALL %s CASES: %s\n(set CI=true to make this a failure)", strings.ToUpper(pl.name), msg)
			}
			for _, tm := range pl.timings {
				t.Log(tm)
			}
			if len(pl.unmirrored) > 0 {
				t.Errorf("%s has cases without a Go mirror in cases_test.go: %s", pl.name, strings.Join(pl.unmirrored, ", "))
			}
			for _, c := range pl.cases {
				res := pl.results[c.name]
				t.Run(c.name, func(t *testing.T) {
					for i, dir := range []string{dirPeerToGo, dirGoToPeer} {
						o := res[i]
						d := c.disagree[pl.name]
						t.Run(dir, func(t *testing.T) {
							defer func() { record(pl.name, c.name, dir, t) }()
							report(t, &o, d)
						})
					}
				})
			}
		})
	}
}

// report turns an outcome into the subtest's verdict. It returns the
// disagreement note when the outcome is skipped as a known disagreement.
func report(t *testing.T, o *outcome, d *disagreement) string {
	for _, l := range o.logs {
		t.Log(l)
	}
	if len(o.errs) == 0 {
		if d != nil {
			t.Logf("listed as a peer disagreement but passed: %s", d.note)
		}
		return ""
	}
	msg := strings.Join(o.errs, "\n")
	if d != nil && d.excuses(o.kinds) {
		t.Skipf("%s: %s\nobserved:\n%s", d.kind(), d.note, msg)
		return d.note
	}
	if d != nil {
		msg += "\n(a peer disagreement is listed for this case, but it does not explain this failure: " + d.note + ")"
	}
	t.Error(msg)
	return ""
}

// run performs both directions for every case against one peer.
func (pl *pipeline) run(p *peer, work string, cs []*xcase, filtered bool) {
	fromPeer := filepath.Join(work, "from-peer") // peer write
	back := filepath.Join(work, "back")          // Go's re-serialization of the peer's bytes
	backAny := filepath.Join(work, "back-any")   // the same, from the interface{} value read
	fromGo := filepath.Join(work, "from-go")     // Go's own values
	for _, d := range []string{fromPeer, back, backAny, fromGo} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			pl.setupErr = err
			return
		}
	}
	var names []string
	if filtered {
		for _, c := range cs {
			names = append(names, c.name)
		}
	}
	for _, c := range cs {
		pl.results[c.name] = &[2]outcome{}
	}

	// Go writes its values (go-to-peer) and the peer writes its own.
	for _, c := range cs {
		o := &pl.results[c.name][1]
		f, err := c.newFury(pl.name, c.regs)
		if err != nil {
			o.fail(failOther, "go: %v", err)
			continue
		}
		if err := writeCase(f, c, c.writeValue(pl.name), fromGo); err != nil {
			o.fail(failOther, "go: marshal %T: %v", c.writeValue(pl.name), err)
		}
	}
	wr := p.run("write", fromPeer, names)
	pl.timings = append(pl.timings, fmt.Sprintf("%s write: %v", p.name, wr.elapsed.Round(1e6)))
	if s := checkSameBytes(pl.name, cs, fromPeer, fromGo, pl.results); s != "" {
		pl.timings = append(pl.timings, s)
	}
	if !filtered {
		pl.unmirrored = unmirrored(fromPeer, cs)
	}

	// peer-to-go: Go reads the peer's bytes and writes them back.
	for _, c := range cs {
		o := &pl.results[c.name][0]
		if reason, ok := wr.results[c.name]; ok && reason != "" {
			o.fail(failOther, "%s write: %s", p.name, reason)
			continue
		}
		data, bufs, err := readCaseFiles(fromPeer, c.name, "")
		if err != nil {
			if wr.err != nil {
				o.fail(failOther, "%v", wr.err)
			} else {
				o.fail(failOther, "%s wrote no bytes: %v", p.name, err)
			}
			continue
		}
		got, dyn, ok := checkRead(o, c, pl.name, data, bufs, "the peer's bytes")
		if !ok {
			continue
		}
		// Go's own values (go-to-peer) carry UTF-8 strings, the default;
		// the re-serializations here carry the peers' latin1/UTF-16 forms
		// (WithCompactStrings), so that every run checks that the peers
		// read both.
		f, err := c.newFury(pl.name, c.readerRegs(), fury.WithCompactStrings(true))
		if err != nil {
			o.fail(failOther, "go: %v", err)
			continue
		}
		if err := writeCase(f, c, got, back); err != nil {
			o.fail(failOther, "go: marshal what was read (%T): %v", got, err)
		}
		if f, err = c.newFury(pl.name, c.readerRegs(), fury.WithCompactStrings(true)); err == nil {
			err = writeCase(f, c, dyn, backAny)
		}
		if err != nil {
			o.fail(failOther, "go: marshal the interface{} value read (%T): %v", dyn, err)
		}
	}

	// The peer verifies both directories.
	var vb, vba, vg peerRun
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); vb = p.run("verify", back, nil) }()
	go func() { defer wg.Done(); vba = p.run("verify", backAny, nil) }()
	go func() { defer wg.Done(); vg = p.run("verify", fromGo, nil) }()
	wg.Wait()
	pl.timings = append(pl.timings, fmt.Sprintf("%s verify %s: %v (typed), %v (interface{}); verify %s: %v", p.name,
		dirPeerToGo, vb.elapsed.Round(1e6), vba.elapsed.Round(1e6), dirGoToPeer, vg.elapsed.Round(1e6)))

	for _, c := range cs {
		res := pl.results[c.name]
		// peer-to-go: the peer's verdict on Go's re-serialization.
		if len(res[0].errs) == 0 {
			peerVerdict(&res[0], p, vb, c.name, back, fromPeer, "")
			peerVerdict(&res[0], p, vba, c.name, backAny, fromPeer, " (the interface{} value read, marshalled again)")
		}
		// go-to-peer: the peer's verdict, then Go reads the peer's
		// re-serialization of what it read.
		o := &res[1]
		if len(o.errs) > 0 {
			continue
		}
		if !peerVerdict(o, p, vg, c.name, fromGo, fromPeer, "") {
			continue
		}
		data, bufs, err := readCaseFiles(fromGo, c.name, ".out")
		if err != nil {
			o.fail(failOther, "%s verify wrote no re-serialization: %v", p.name, err)
			continue
		}
		checkRead(o, c, pl.name, data, bufs, "the peer's re-serialization")
	}
}

// unmirrored lists the cases the peer wrote to dir that cs does not have.
func unmirrored(dir string, cs []*xcase) []string {
	known := map[string]bool{}
	for _, c := range cs {
		known[c.name] = true
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	var out []string
	for _, f := range files {
		if name := strings.TrimSuffix(filepath.Base(f), ".bin"); !known[name] {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// peerVerdict applies the peer's PASS/FAIL line for one case. On a
// rejection it shows Go's bytes (in goDir) next to the peer's own bytes for
// the case (in peerDir).
func peerVerdict(o *outcome, p *peer, r peerRun, name, goDir, peerDir, label string) bool {
	reason, ok := r.results[name]
	switch {
	case !ok && r.err != nil:
		o.fail(failOther, "%v", r.err)
	case !ok:
		o.fail(failOther, "%s verify printed no result for this case\n%s", p.name, tail(r.stderr, 1500))
	case reason != "":
		goBytes, _, _ := readCaseFiles(goDir, name, "")
		peerBytes, _, _ := readCaseFiles(peerDir, name, "")
		o.fail(failPeerRejects, "%s rejected Go's bytes%s: %s\ngo wrote (%d bytes): %s\n%s writes (%d bytes): %s",
			p.name, label, reason, len(goBytes), hexDump(goBytes), p.name, len(peerBytes), hexDump(peerBytes))
	default:
		return true
	}
	return false
}

// checkRead reads data into the typed mirror and into interface{} and
// compares both with the case's expectations. It returns the typed value.
func checkRead(o *outcome, c *xcase, peerName string, data []byte, bufs [][]byte, what string) (typed, dyn any, ok bool) {
	want := c.wantValue(peerName)
	f, err := c.newFury(peerName, c.readerRegs())
	if err != nil {
		o.fail(failOther, "go: %v", err)
		return nil, nil, false
	}
	dst := reflect.New(reflect.TypeOf(want))
	if err := unmarshal(f, data, bufs, dst.Interface()); err != nil {
		o.fail(failGoRead, "go: reading %s into %T: %v\ninput (%d bytes): %s", what, want, err, len(data), hexDump(data))
		return nil, nil, false
	}
	typed = dst.Elem().Interface()
	ok = true
	if d := diff(want, typed); d != "" {
		o.fail(failGoRead, "go: %s read into %T differ (-want +got):\n%s\ninput: %s", what, want, d, hexDump(data))
		ok = false
	}
	if c.check != nil {
		if err := c.check(typed); err != nil {
			o.fail(failGoRead, "go: %s read into %T: %v", what, want, err)
			ok = false
		}
	}

	if f, err = c.newFury(peerName, c.readerRegs()); err != nil {
		o.fail(failOther, "go: %v", err)
		return typed, nil, false
	}
	if err := unmarshal(f, data, bufs, &dyn); err != nil {
		o.fail(failGoRead, "go: reading %s into interface{}: %v\ninput (%d bytes): %s", what, err, len(data), hexDump(data))
		return typed, nil, false
	}
	if d := diff(c.wantDyn(peerName), dyn); d != "" {
		o.fail(failGoRead, "go: %s read into interface{} differ (-want +got):\n%s\ninput: %s", what, d, hexDump(data))
		ok = false
	}
	return typed, dyn, ok
}

func unmarshal(f *fury.Fury, data []byte, bufs [][]byte, dst any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if len(data) > 0 && data[0]&0x02 != 0 {
		var oob []*fury.Buffer
		for _, b := range bufs {
			oob = append(oob, fury.NewBuffer(b))
		}
		return f.Deserialize(fury.NewBuffer(data), dst, oob)
	}
	return f.Unmarshal(data, dst)
}

// writeCase marshals v to dir/<case>.bin (and the out-of-band buffers to
// dir/<case>.buf<N>).
func writeCase(f *fury.Fury, c *xcase, v any, dir string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	var data []byte
	var bufs [][]byte
	if c.oob == nil {
		if data, err = f.Marshal(v); err != nil {
			return err
		}
	} else {
		buf := fury.NewBuffer(nil)
		i := 0
		err = f.Serialize(buf, v, func(o fury.SerializedObject) bool {
			inBand := c.oob(i)
			i++
			if !inBand {
				bufs = append(bufs, append([]byte(nil), o.Bytes()...))
			}
			return inBand
		})
		if err != nil {
			return err
		}
		data = buf.Bytes()
	}
	if err := os.WriteFile(filepath.Join(dir, c.name+".bin"), data, 0o644); err != nil {
		return err
	}
	for i, b := range bufs {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s.buf%d", c.name, i)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readCaseFiles reads dir/<case><suffix>.bin and its out-of-band buffers.
func readCaseFiles(dir, name, suffix string) ([]byte, [][]byte, error) {
	data, err := os.ReadFile(filepath.Join(dir, name+suffix+".bin"))
	if err != nil {
		return nil, nil, err
	}
	var bufs [][]byte
	for i := 0; ; i++ {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%s%s.buf%d", name, suffix, i)))
		if err != nil {
			break
		}
		bufs = append(bufs, b)
	}
	return data, bufs, nil
}

func hexDump(b []byte) string {
	const max = 512
	s := hex.EncodeToString(b)
	var sb strings.Builder
	for i := 0; i < len(s) && i < 2*max; i += 2 {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(s[i : i+2])
	}
	if len(b) > max {
		fmt.Fprintf(&sb, " ... (%d more bytes)", len(b)-max)
	}
	return sb.String()
}
