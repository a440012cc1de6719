package xlang_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Go mirrors of the types in peers/python/types28_peer.py (the FDL of each
// is in the comments there), as a Go user writes them: no tag but the field
// ids and the schema's own ref, nullable and evolving=false.

type t28Dog struct {
	Name string `fury:"id=1"`
	Age  int32  `fury:"id=2"`
}

type t28Animal interface{ isT28Animal() }

type t28AnimalDog struct {
	Dog *t28Dog `fury:"id=1"`
}
type t28AnimalNote struct {
	Note string `fury:"id=2"`
}
type t28AnimalCount struct {
	Count int32 `fury:"id=3"`
}
type t28AnimalNums struct {
	Nums fury.Int32Slice `fury:"id=4"`
}
type t28AnimalHalf struct {
	Half fury.Float16 `fury:"id=5"`
}

func (*t28AnimalDog) isT28Animal()   {}
func (*t28AnimalNote) isT28Animal()  {}
func (*t28AnimalCount) isT28Animal() {}
func (*t28AnimalNums) isT28Animal()  {}
func (*t28AnimalHalf) isT28Animal()  {}

type t28UHolder struct {
	Pet    t28Animal            `fury:"id=1"`
	X      int32                `fury:"id=2"`
	Pets   []t28Animal          `fury:"id=3"`
	Opt    t28Animal            `fury:"id=4,nullable"`
	Byname map[string]t28Animal `fury:"id=5"`
}

type t28Halfs struct {
	H   fury.Float16       `fury:"id=1"`
	B   fury.BFloat16      `fury:"id=2"`
	Ha  []fury.Float16     `fury:"id=3"`
	Ba  []fury.BFloat16    `fury:"id=4"`
	Hs  fury.Float16Slice  `fury:"id=5"`
	U8  fury.Uint8Array    `fury:"id=6"`
	Bin []byte             `fury:"id=7"`
	Bs  fury.BFloat16Slice `fury:"id=8"`
}

type t28Plain struct {
	_ struct{} `fury:"evolving=false"`
	A int32    `fury:"id=1"`
	S string   `fury:"id=2"`
}

type t28PlainHolder struct {
	P  *t28Plain  `fury:"id=1"`
	Ps []t28Plain `fury:"id=2"`
}

type t28Item struct {
	Name string `fury:"id=1"`
}

// t28Bag mirrors a message whose only ref fields are shared and again: no
// other field needs a tag under reference tracking.
type t28Bag struct {
	Items  []*t28Item          `fury:"id=1"`
	By     map[string]*t28Item `fury:"id=2"`
	One    *t28Item            `fury:"id=3"`
	Shared *t28Item            `fury:"id=4,ref"`
	Again  *t28Item            `fury:"id=5,ref"`
	Names  []string            `fury:"id=6"`
	Note   *string             `fury:"id=7"`
}

// t28Opts has optional elements and values (list<optional string>).
type t28Opts struct {
	Lo []*string         `fury:"id=1"`
	Mo map[string]*int32 `fury:"id=2"`
	Lp []string          `fury:"id=3"`
}

// t28HalfsJ is the Java peer's Halfs (Halfs without the bfloat16 list).
type t28HalfsJ struct {
	H   fury.Float16      `fury:"id=1"`
	B   fury.BFloat16     `fury:"id=2"`
	Ha  []fury.Float16    `fury:"id=3"`
	Ba  []fury.BFloat16   `fury:"id=4"`
	Hs  fury.Float16Slice `fury:"id=5"`
	U8  fury.Uint8Array   `fury:"id=6"`
	Bin []byte            `fury:"id=7"`
}

var t28IDs = map[string]uint32{"HalfsJ": 110, "Opts": 109, "Dog": 101, "Animal": 102, "UHolder": 103, "Halfs": 104, "Plain": 105,
	"PlainHolder": 106, "Item": 107, "Bag": 108}

func t28Fury(t *testing.T, peer, mode string, named bool) *fury.Fury {
	f := fury.New(fury.WithCompatible(mode[0] == 'c'), fury.WithRefTracking(mode[1] == 'r'), fury.WithCompactStrings(true),
		fury.WithPythonForms(peer != "java"))
	cases := []any{(*t28AnimalDog)(nil), (*t28AnimalNote)(nil), (*t28AnimalCount)(nil), (*t28AnimalNums)(nil), (*t28AnimalHalf)(nil)}
	if named {
		require.NoError(t, f.RegisterNamedUnion((*t28Animal)(nil), "demo", "Animal", cases...))
	} else {
		require.NoError(t, f.RegisterUnion((*t28Animal)(nil), t28IDs["Animal"], cases...))
	}
	for name, v := range map[string]any{"Dog": t28Dog{}, "UHolder": t28UHolder{}, "Halfs": t28Halfs{}, "Plain": t28Plain{},
		"PlainHolder": t28PlainHolder{}, "Item": t28Item{}, "Bag": t28Bag{}, "Opts": t28Opts{}, "HalfsJ": t28HalfsJ{}} {
		if named {
			require.NoError(t, f.RegisterNamed(v, "demo", name))
		} else {
			require.NoError(t, f.Register(v, t28IDs[name]))
		}
	}
	return f
}

type t28Case struct {
	name  string
	modes []string
	named bool
	// peerModes overrides modes for a peer: pyfory 1.7.7 cannot write a
	// union registered by name in compatible mode, fory-core can.
	peerModes map[string][]string
	dst       func() any // a new destination
	want      any        // what *dst holds after reading
	check     func(t *testing.T, got any)
}

func halfs(fs ...float64) []fury.Float16 {
	out := make([]fury.Float16, len(fs))
	for i, f := range fs {
		out[i] = fury.Float16Of(float32(f))
	}
	return out
}

func bhalfs(fs ...float64) []fury.BFloat16 {
	out := make([]fury.BFloat16, len(fs))
	for i, f := range fs {
		out[i] = fury.BFloat16Of(float32(f))
	}
	return out
}

func t28Cases() []t28Case {
	all := []string{"cr", "cn", "sr", "sn"}
	shared := &t28Item{Name: "s"}
	note, a := "n", "a"
	one := int32(1)
	return []t28Case{
		{name: "union_holder", modes: all, dst: func() any { return new(t28UHolder) },
			want: t28UHolder{Pet: &t28AnimalDog{Dog: &t28Dog{Name: "rex", Age: 3}}, X: -1,
				Pets: []t28Animal{&t28AnimalNote{Note: "a"}, &t28AnimalCount{Count: 300}}, Byname: map[string]t28Animal{"k": &t28AnimalNote{Note: "v"}}}},
		{name: "union_holder_opt", modes: all, dst: func() any { return new(t28UHolder) },
			want: t28UHolder{Pet: &t28AnimalNums{Nums: fury.Int32Slice{1, -2, 3}}, Opt: &t28AnimalHalf{Half: fury.Float16Of(1.5)},
				Pets: []t28Animal{&t28AnimalDog{Dog: &t28Dog{Name: "d", Age: 1}}}}},
		{name: "union_root", modes: all, dst: func() any { return new(t28Animal) }, want: t28Animal(&t28AnimalNote{Note: "hi"})},
		{name: "union_root_dog", modes: all, dst: func() any { return new(t28Animal) },
			want: t28Animal(&t28AnimalDog{Dog: &t28Dog{Name: "rex", Age: 3}})},
		{name: "union_list", modes: all, dst: func() any { return new([]t28Animal) },
			want: []t28Animal{&t28AnimalNote{Note: "x"}, &t28AnimalCount{Count: 7}}},
		{name: "union_named", modes: []string{"sr", "sn"}, peerModes: map[string][]string{"java": all}, named: true,
			dst:  func() any { return new(t28UHolder) },
			want: t28UHolder{Pet: &t28AnimalNote{Note: "n"}, Pets: []t28Animal{&t28AnimalCount{Count: 1}}}},
		{name: "union_named_root", modes: []string{"sr", "sn"}, peerModes: map[string][]string{"java": all}, named: true,
			dst:  func() any { return new(t28Animal) },
			want: t28Animal(&t28AnimalCount{Count: 42})},
		{name: "halfs", modes: all, dst: func() any { return new(t28Halfs) },
			want: t28Halfs{H: fury.Float16Of(1.5), B: fury.BFloat16Of(-2), Ha: halfs(1, 65504, -0.000060975551605224609375),
				Ba: bhalfs(0.5, 3.0e38), Hs: halfs(0.25, math.Copysign(0, -1), math.Inf(1)), U8: fury.Uint8Array{1, 255},
				Bin: []byte{7}, Bs: bhalfs(-1, 1.0e-3)}},
		{name: "halfs_java", modes: all, dst: func() any { return new(t28HalfsJ) },
			want: t28HalfsJ{H: fury.Float16Of(1.5), B: fury.BFloat16Of(-2), Ha: halfs(1, 65504, -0.000060975551605224609375),
				Ba: bhalfs(0.5, 3.0e38), Hs: halfs(0.25, math.Inf(1)), U8: fury.Uint8Array{1, 255}, Bin: []byte{7}}},
		{name: "uint8_array_root", modes: all, dst: func() any { return new(fury.Uint8Array) }, want: fury.Uint8Array{0, 1, 254, 255}},
		{name: "plain", modes: all, dst: func() any { return new(t28Plain) }, want: t28Plain{A: 7, S: "p"}},
		{name: "plain_named", modes: all, named: true, dst: func() any { return new(t28Plain) }, want: t28Plain{A: -7, S: "q"}},
		{name: "plain_holder", modes: all, dst: func() any { return new(t28PlainHolder) },
			want: t28PlainHolder{P: &t28Plain{A: 1, S: "x"}, Ps: []t28Plain{{A: 2, S: "y"}, {A: 3, S: "z"}}}},
		{name: "ref_rule_bag", modes: all, dst: func() any { return new(t28Bag) },
			want: t28Bag{Items: []*t28Item{{Name: "a"}, {Name: "b"}}, By: map[string]*t28Item{"k": {Name: "v"}}, One: &t28Item{Name: "o"},
				Shared: shared, Again: shared, Names: []string{"x", "y"}, Note: &note},
			check: func(t *testing.T, got any) {
				b := got.(*t28Bag)
				if b.Shared != nil {
					assert.Same(t, b.Shared, b.Again, "ref fields come back shared")
				}
			}},
		{name: "nullable_elems", modes: all, dst: func() any { return new(t28Opts) },
			want: t28Opts{Lo: []*string{&a, nil}, Mo: map[string]*int32{"k": &one}, Lp: []string{"b"}}},
	}
}

// The cases each peer has (types28_peer.py, Types28.java).
var t28PeerCases = map[string]map[string]bool{
	"python": {"union_holder": true, "union_holder_opt": true, "union_root": true, "union_root_dog": true, "union_list": true,
		"union_named": true, "union_named_root": true, "halfs": true, "uint8_array_root": true, "plain": true,
		"plain_named": true, "plain_holder": true, "ref_rule_bag": true, "nullable_elems": true},
	"java": {"union_holder": true, "union_root": true, "union_root_dog": true, "union_named": true, "union_named_root": true,
		"halfs_java": true, "plain": true,
		"plain_named": true, "ref_rule_bag": true},
}

// TestTypes28Python exchanges unions, halfs, uint8 arrays, evolving=false
// types and a struct under the field reference rules with pyfory 1.7.7, in
// both modes, with and without reference tracking: Go reads pyfory's bytes
// into its mirrors, writes the same values to the same bytes, and pyfory
// reads Go's bytes back to the values it built.
func TestTypes28Python(t *testing.T) {
	root, p := pythonPeer(t)
	argv := []string{p.argv[0], filepath.Join(root, "xlang_test", "peers", "python", "types28_peer.py")}
	runTypes28(t, "python", argv, p.env)
}

// TestTypes28Java does the same with fory-core 1.6.0, for the cases it has.
func TestTypes28Java(t *testing.T) {
	root, err := repoRoot()
	require.NoError(t, err)
	p, err := setupPeer(root, "java")
	if err != nil {
		if inCI() {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	argv := append(append([]string(nil), p.argv[:len(p.argv)-1]...), "org.furygo.xlangpeer.Types28")
	runTypes28(t, "java", argv, p.env)
}

func runTypes28(t *testing.T, peer string, argv, env []string) {
	only := t28PeerCases[peer]
	run := func(sub, dir string) []byte {
		cmd := exec.Command(argv[0], append(append([]string(nil), argv[1:]...), sub, dir)...)
		cmd.Env = append(os.Environ(), env...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil && sub == "write" {
			t.Fatalf("%s %s: %v\n%s", peer, sub, err, errOut.String())
		}
		return out.Bytes()
	}
	fromPeer, fromGo := t.TempDir(), t.TempDir()
	run("write", fromPeer)
	var keys []string
	for _, c := range t28Cases() {
		if !only[c.name] {
			continue
		}
		modes := c.modes
		if m, ok := c.peerModes[peer]; ok {
			modes = m
		}
		for _, mode := range modes {
			key := c.name + "." + mode
			keys = append(keys, key)
			t.Run(key, func(t *testing.T) {
				f := t28Fury(t, peer, mode, c.named)
				data, err := os.ReadFile(filepath.Join(fromPeer, key+".bin"))
				require.NoError(t, err)
				dst := c.dst()
				require.NoError(t, f.Unmarshal(data, dst), "reading %s's bytes % x", peer, data)
				got := reflect.ValueOf(dst).Elem().Interface()
				assert.Equal(t, c.want, got, "%s's bytes read by Go", peer)
				if c.check != nil && mode[1] == 'r' {
					c.check(t, dst)
				}
				out, err := f.Marshal(reflect.ValueOf(dst).Interface())
				require.NoError(t, err)
				if want, ok := t28ByteDiffs[peer+"/"+key]; ok {
					t.Logf("%s: not byte-equal by design: %s", key, want)
				} else {
					assert.Equal(t, hex.EncodeToString(data), hex.EncodeToString(out), "Go writes %s's bytes", peer)
				}
				require.NoError(t, os.WriteFile(filepath.Join(fromGo, key+".bin"), out, 0o644))
			})
		}
	}
	verdicts := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(run("verify", fromGo)))
	for sc.Scan() {
		line := sc.Text()
		if k, ok := strings.CutPrefix(line, "PASS "); ok {
			verdicts[k] = ""
		} else if k, ok := strings.CutPrefix(line, "FAIL "); ok {
			k, why, _ := strings.Cut(k, ": ")
			verdicts[k] = why
		}
	}
	for _, key := range keys {
		why, ok := verdicts[key]
		assert.True(t, ok, "%s gave no verdict on %s", peer, key)
		assert.Empty(t, why, "%s reading Go's %s", peer, key)
	}
}

// t28ByteDiffs are the cases where Go's bytes differ from a peer's and the
// peer reads Go's form (checked above): why they differ.
var t28ByteDiffs = func() map[string]string {
	const (
		nullableBits = "fory-core 1.6 declares list elements and map keys and values nullable in TypeDefs (Java " +
			"references); pyfory does not, and Go writes pyfory's bits"
		declared = "in schema-consistent mode fory-core writes a list<Item> field's elements declared (no type " +
			"info) and a map<string, Item> field's values with type info, pyfory the other way round; Go writes pyfory's form"
		namespace = "fory-core encodes the namespace \"demo\" with another meta string encoding than pyfory; Go writes pyfory's"
		halfList  = "in compatible mode fory-core writes a list<float16> field's elements with their type info (08 11), " +
			"pyfory declares them (0c); Go writes pyfory's form"
	)
	return map[string]string{
		"java/union_holder.cr": nullableBits, "java/union_holder.cn": nullableBits,
		"java/ref_rule_bag.cr": nullableBits, "java/ref_rule_bag.cn": nullableBits,
		"java/ref_rule_bag.sr": declared, "java/ref_rule_bag.sn": declared,
		"java/plain_named.sr": namespace, "java/plain_named.sn": namespace,
		"java/halfs_java.cr": halfList, "java/halfs_java.cn": halfList,
		"java/union_named.cr": nullableBits, "java/union_named.cn": nullableBits,
		"java/union_named.sr": namespace, "java/union_named.sn": namespace,
		"java/union_named_root.sr": namespace, "java/union_named_root.sn": namespace,
	}
}()
