package fury_test

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/internal/trunctest"
)

// A cut message is an error: every strict prefix of a message fails with
// ErrTruncated, through Unmarshal (typed and into interface{}), Deserialize
// and a Decoder, in every mode, registration kind and forms option (see
// internal/trunctest). The default run cuts every message at every byte;
// -short and the race detector check a spread of cuts of the longer ones.

func truncSample() bool { return testing.Short() || fury.RaceEnabled }

// truncNode and truncPair are the shapes of a message once decoded
// without error when cut inside a field's struct hash (schema-consistent,
// registered by name, the spec's forms): the cut hash was read as the
// type info of a null.
type truncNode struct {
	Name  string
	Next  *truncNode
	Kids  []*truncNode
	Attrs map[string]string
}

type truncPair struct{ A, B *truncNode }

// truncSetup is one mode, registration kind and forms option.
type truncSetup struct {
	compatible, byID, python, refs, compact bool
}

func (s truncSetup) String() string {
	return fmt.Sprintf("compatible=%v/byID=%v/python=%v/refs=%v/compact=%v", s.compatible, s.byID, s.python, s.refs, s.compact)
}

func truncSetups() []truncSetup {
	var out []truncSetup
	for i := 0; i < 32; i++ {
		out = append(out, truncSetup{i&1 != 0, i&2 != 0, i&4 != 0, i&8 != 0, i&16 != 0})
	}
	return out
}

// reader is the Reader of messages written in s: the golden types and
// truncNode and truncPair, registered by id or by name.
func (s truncSetup) reader() trunctest.Reader {
	return trunctest.Reader{
		Opts: []fury.Option{fury.WithCompatible(s.compatible), fury.WithPythonForms(s.python), fury.WithRefTracking(s.refs),
			fury.WithCompactStrings(s.compact), fury.WithTrackAllFields(s.refs)},
		Register: func(f *fury.Fury) error {
			if s.byID {
				return errors.Join(fury.RegisterGolden(f, true), f.Register(truncNode{}, 120), f.Register(truncPair{}, 121))
			}
			return errors.Join(fury.RegisterGolden(f, false), f.RegisterTagType("example.Node", truncNode{}),
				f.RegisterTagType("example.Pair", truncPair{}))
		},
	}
}

// truncValues are the values written in every setup: the golden vectors'
// values, and truncNode and truncPair shapes.
func truncValues() []fury.GoldenValue {
	vs := fury.GoldenValues()
	node := &truncNode{Name: "root", Kids: []*truncNode{{Name: "k1"}, {Name: "k2", Attrs: map[string]string{"a": "b"}}},
		Next: &truncNode{Name: "next"}}
	cycle := &truncNode{Name: "cycle"}
	cycle.Next = cycle
	for _, v := range []any{node, &truncNode{Name: "root", Next: &truncNode{Name: "next"}},
		&truncPair{A: &truncNode{Name: "a"}, B: &truncNode{Name: "b"}}, truncPair{A: node, B: node}, []*truncNode{node, nil, node}} {
		vs = append(vs, fury.GoldenValue{Name: reflect.TypeOf(v).String(), V: v, Into: reflect.TypeOf(v)})
	}
	return append(vs, fury.GoldenValue{Name: "cycle", V: cycle, Into: reflect.TypeOf(cycle)})
}

// reusingDecoder returns r handing out one Decoder, reset for each stream
// (fury.ResetDecoder): a new Decoder would build its types for every cut.
func reusingDecoder(r trunctest.Reader) trunctest.Reader {
	var d *fury.Decoder
	r.NewDecoder = func(in io.Reader) (*fury.Decoder, error) {
		if d != nil {
			fury.ResetDecoder(d, in)
			return d, nil
		}
		d = fury.NewDecoder(in, r.Opts...)
		if r.Register != nil {
			if err := r.Register(d.Fury()); err != nil {
				return nil, err
			}
		}
		return d, nil
	}
	return r
}

// cutAll checks every message of msgs with r, and that each was checked
// through some path.
func cutAll(t *testing.T, r trunctest.Reader, msgs ...trunctest.Message) {
	t.Helper()
	r = reusingDecoder(r)
	for _, m := range msgs {
		if n, err := trunctest.Check(t, r, m, truncSample()); n == 0 {
			t.Errorf("%s: the whole message decodes through no path: %v", m.Name, err)
		}
	}
}

func TestTruncatedGoldenVectors(t *testing.T) {
	for _, v := range fury.GoldenVectors() {
		data, err := hex.DecodeString(strings.ReplaceAll(v.Hex, " ", ""))
		require.NoError(t, err)
		m := trunctest.Message{Name: v.Name, Data: data}
		if v.Into != nil {
			m.Types = []reflect.Type{v.Into}
		}
		cutAll(t, trunctest.Reader{Opts: v.Opts, Register: v.Register}, m)
	}
}

func TestTruncatedGoldenValues(t *testing.T) {
	for _, s := range truncSetups() {
		t.Run(s.String(), func(t *testing.T) {
			r := s.reader()
			f, err := r.New()
			require.NoError(t, err)
			for _, v := range truncValues() {
				if v.Name == "cycle" && !s.refs {
					continue
				}
				data, err := f.Marshal(v.V)
				require.NoError(t, err, v.Name)
				cutAll(t, r, trunctest.Message{Name: v.Name, Data: data, Types: []reflect.Type{v.Into}})
			}
		})
	}
}

// The messages of the issue that found the hash-as-null bug, at the cut
// that once decoded: the Next field's null flag and the first byte of its
// struct hash (schema-consistent, registered by name, the spec's forms).
func TestTruncatedInsideFieldHash(t *testing.T) {
	f := fury.New(fury.WithCompatible(false))
	require.NoError(t, f.RegisterTagType("Node", truncNode{}))
	require.NoError(t, f.RegisterTagType("Pair", truncPair{}))
	for _, v := range []any{&truncNode{Name: "root", Next: &truncNode{Name: "next"}},
		&truncPair{A: &truncNode{Name: "a"}, B: &truncNode{Name: "b"}}} {
		data, err := f.Marshal(v)
		require.NoError(t, err)
		for n := len(data) - 4; n < len(data); n++ {
			for _, dst := range []any{reflect.New(reflect.TypeOf(v).Elem()).Interface(), new(any)} {
				err := f.Unmarshal(data[:n], dst)
				require.ErrorIs(t, err, fury.ErrTruncated, "%T cut to %d of %d bytes into %T", v, n, len(data), dst)
			}
		}
	}
}

// fuzzCorpusInputs returns the []byte arguments of the files of the
// checked-in fuzz corpora (testdata/fuzz/*/*).
func fuzzCorpusInputs(t *testing.T) map[string][]byte {
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", "*", "*"))
	require.NoError(t, err)
	out := map[string][]byte{}
	for _, name := range files {
		fh, err := os.Open(name)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<24)
		for i := 0; sc.Scan(); i++ {
			line := sc.Text()
			if s, ok := strings.CutPrefix(line, "[]byte("); ok && strings.HasSuffix(s, ")") {
				b, err := strconv.Unquote(s[:len(s)-1])
				require.NoError(t, err, "%s: %s", name, line)
				out[fmt.Sprintf("%s#%d", filepath.ToSlash(name), i)] = []byte(b)
			}
		}
		require.NoError(t, sc.Err())
		require.NoError(t, fh.Close())
	}
	require.NotEmpty(t, out)
	return out
}

// The fuzz corpora, the checked-in inputs and the hostile targets' seeds,
// read in every mode and forms option with the types the fuzz targets
// register: each input that decodes whole is cut at every byte.
func TestTruncatedFuzzCorpus(t *testing.T) {
	inputs := fuzzCorpusInputs(t)
	for i, b := range fury.HostileCorpus(t) {
		inputs[fmt.Sprintf("seed #%d", i)] = b
	}
	// FuzzDecoderMatchesUnmarshal's find in the consistent mode.
	inputs["decoder/unmarshal disagreement"] = unhexT(t, "0100230a0112e063d641060335c320f936c5e401240106300630000630fd00")
	checked := 0
	for name, opts := range fury.AllModes() {
		for _, python := range []bool{false, true} {
			r := reusingDecoder(trunctest.Reader{Opts: append(opts[:len(opts):len(opts)], fury.WithPythonForms(python)),
				Register: fury.RegisterHostile})
			for in, data := range inputs {
				n, _ := trunctest.Check(t, r, trunctest.Message{Name: fmt.Sprintf("%s python=%v %s", name, python, in), Data: data,
					Types: []reflect.Type{reflect.TypeFor[fury.AllTypes]()}}, truncSample())
				checked += n
			}
		}
	}
	require.Greater(t, checked, 100, "inputs that decode whole")
}

func unhexT(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

// Generated code: every type of the generated-code corpus, its zero value
// and a random one, in every configuration of TestGeneratedMatchesReflection,
// read by the generated types and by their twins (the reflection path).
func TestTruncatedGenerated(t *testing.T) {
	for _, c := range genConfigs() {
		t.Run(c.String(), func(t *testing.T) {
			gen := trunctest.Reader{Opts: genOptions(c), Register: func(f *fury.Fury) error { return registerGen(f, c, false) }}
			twin := trunctest.Reader{Opts: genOptions(c), Register: func(f *fury.Fury) error { return registerGen(f, c, true) }}
			g, err := gen.New()
			require.NoError(t, err)
			for i, p := range genCorpus {
				r := rand.New(rand.NewPCG(uint64(i), 37))
				for k := 0; k < 2; k++ {
					v := reflect.New(p.gen).Elem()
					if k > 0 {
						fillRandom(r, v, 0, "")
					}
					data, err := g.Marshal(v.Interface())
					require.NoError(t, err)
					name := fmt.Sprintf("%v #%d", p.gen, k)
					cutAll(t, gen, trunctest.Message{Name: name, Data: data, Types: []reflect.Type{p.gen}})
					cutAll(t, twin, trunctest.Message{Name: name + " (twin)", Data: data, Types: []reflect.Type{p.twin}})
				}
			}
		})
	}
}

// truncFuzzReaders are FuzzTruncation's modes: the four of AllModes, each
// with either forms option, reading the hostile targets' types.
func truncFuzzReaders() []trunctest.Reader {
	var out []trunctest.Reader
	for _, name := range []string{"consistent", "compatible", "consistent+refs", "compatible+refs"} {
		opts := fury.AllModes()[name]
		for _, python := range []bool{false, true} {
			out = append(out, trunctest.Reader{Opts: append(opts[:len(opts):len(opts)], fury.WithPythonForms(python),
				fury.WithMaxDecodedBytes(1<<20)), Register: fury.RegisterHostile})
		}
	}
	return out
}

// FuzzTruncation: every strict prefix of an input that decodes, in the
// mode the first argument picks, fails with ErrTruncated through every
// path, or decodes to the whole input's value.
func FuzzTruncation(f *testing.F) {
	for _, b := range fury.HostileCorpus(f) {
		for mode := range 8 {
			f.Add(byte(mode), b)
		}
	}
	for _, v := range fury.GoldenVectors() {
		if b, err := hex.DecodeString(strings.ReplaceAll(v.Hex, " ", "")); err == nil {
			f.Add(byte(0), b)
		}
	}
	// One Fury and one Decoder per mode, for every input.
	readers := truncFuzzReaders()
	for i, r := range readers {
		g, err := r.New()
		require.NoError(f, err)
		readers[i].Fury = g
		readers[i] = reusingDecoder(readers[i])
	}
	types := []reflect.Type{reflect.TypeFor[fury.AllTypes]()}
	f.Fuzz(func(t *testing.T, mode byte, data []byte) {
		if len(data) > 4096 {
			return
		}
		// Every cut of the short inputs (the fuzzer's own are), a spread
		// of the longer ones.
		trunctest.Check(t, readers[int(mode)%len(readers)], trunctest.Message{Name: "input", Data: data, Types: types}, len(data) > 256)
	})
}
