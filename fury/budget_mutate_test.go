package fury

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"testing"
)

// TestBudgetBoundsMutatedInputs decodes mutations of legitimate messages
// (bytes flipped, counts enlarged) into their own types, into interface{}
// and into types they do not fit, in every mode, and checks that no decode
// allocates more than the default decode budget of its input (measured
// exactly, see exactAlloc): the budget's accounting covers every
// allocation a decode makes, whatever the input.
func TestBudgetBoundsMutatedInputs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocations are not the program's")
	}
	// Each exact measurement takes a few collections: 10 mutations of
	// each value in each mode (240 decodes, about 20 s) by default;
	// FURY_MUTATIONS=120 ran clean too (2,880 decodes, worst 0.11 of
	// the budget).
	n := 10
	if s := os.Getenv("FURY_MUTATIONS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	if testing.Short() {
		n = 2
	}
	rng := rand.New(rand.NewPCG(7, 11))
	dsts := []reflect.Type{
		reflect.TypeFor[any](), reflect.TypeFor[*skipOuter](), reflect.TypeFor[[]string](),
		reflect.TypeFor[map[string][]int32](), reflect.TypeFor[[]*skipInner](), reflect.TypeFor[int32](),
		reflect.TypeFor[[][]struct{}](), reflect.TypeFor[map[int64]*skipInner](),
	}
	worst := 0.0
	for _, m := range skipModes() {
		f := New(m.opts...)
		if err := f.Register(skipEnum(0), 90); err != nil {
			t.Fatal(err)
		}
		for name, v := range skipValues() {
			data, err := f.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < n; i++ {
				in := append([]byte(nil), data...)
				for k := rng.IntN(4) + 1; k > 0; k-- {
					p := rng.IntN(len(in))
					switch rng.IntN(3) {
					case 0:
						in[p] = byte(rng.Uint32())
					case 1:
						in[p] |= 0x80 // a varint grows
					default:
						in[p] = 0xff
					}
				}
				dt := dsts[rng.IntN(len(dsts))]
				out := reflect.New(dt)
				alloc := exactAlloc(func() { _ = f.Unmarshal(in, out.Interface()) })
				bound := uint64(decodeBudget(0, len(in))) + 16<<10
				if r := float64(alloc) / float64(bound); r > worst {
					worst = r
				}
				if alloc > bound {
					t.Errorf("%s %s: a %d-byte mutation into %v allocated %d, over the budget %d", m.name, name, len(in), dt, alloc, bound-16<<10)
				}
			}
		}
	}
	t.Logf("worst: %.2f of the budget", worst)
}
