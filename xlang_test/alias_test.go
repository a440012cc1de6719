package xlang_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/fury-go/fury/fury"
)

// TestAliasInputPeerBytes reads every case the peers wrote (testdata, no
// peer process needed) copying and with fury.WithAliasInput(true), into
// the typed destination and into interface{}: the same outcome and the
// same values, latin1 and UTF-16 strings included (those are transcoded).
func TestAliasInputPeerBytes(t *testing.T) {
	n := 0
	for _, c := range cases() {
		for _, peer := range []string{"python", "java"} {
			data, bufs, err := readCaseFiles(filepath.Join("testdata", peer), c.name, "")
			if err != nil {
				continue
			}
			copying, err := c.newFury(peer, c.readerRegs())
			if err != nil {
				t.Fatalf("%s/%s: %v", c.name, peer, err)
			}
			aliasing, err := c.newFury(peer, c.readerRegs(), fury.WithAliasInput(true))
			if err != nil {
				t.Fatalf("%s/%s: %v", c.name, peer, err)
			}
			want := c.wantValue(peer)
			for _, typ := range []reflect.Type{reflect.TypeOf(want), reflect.TypeFor[any]()} {
				if typ == nil {
					continue
				}
				a, b := reflect.New(typ), reflect.New(typ)
				errA := unmarshal(copying, data, bufs, a.Interface())
				errB := unmarshal(aliasing, data, bufs, b.Interface())
				if (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() {
					t.Errorf("%s/%s into %v: copying: %v, aliasing: %v", c.name, peer, typ, errA, errB)
					continue
				}
				if errA != nil {
					continue
				}
				if d := diff(a.Elem().Interface(), b.Elem().Interface()); d != "" {
					t.Errorf("%s/%s into %v (-copying +aliasing):\n%s", c.name, peer, typ, d)
				}
				n++
			}
		}
	}
	t.Logf("%d decodes compared", n)
	if n < 300 {
		t.Fatalf("only %d decodes compared", n)
	}
}
