package fury

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// runtimeStruct returns a distinct struct type built at run time.
func runtimeStruct(i int) reflect.Type {
	return reflect.StructOf([]reflect.StructField{
		{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[int64]()},
		{Name: "S", Type: reflect.TypeFor[string]()},
	})
}

type regPayload struct {
	Name  string
	Count int64
	Tags  []string
	Attrs map[string]int32
}

func TestRegisterWhileMarshalling(t *testing.T) {
	const workers, types = 16, 64
	v := regPayload{Name: "x", Count: 3, Tags: []string{"a"}, Attrs: map[string]int32{"k": 1}}

	t.Run("package API", func(t *testing.T) {
		var wg sync.WaitGroup
		stop := make(chan struct{})
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					data, err := Marshal(v)
					if !assertNoError(t, err) {
						return
					}
					var got regPayload
					if !assertNoError(t, Unmarshal(data, &got)) {
						return
					}
					if !reflect.DeepEqual(v, got) {
						t.Errorf("got %+v", got)
						return
					}
					// A value of a type being registered.
					x := reflect.New(runtimeStruct(i % types)).Elem()
					x.Field(0).SetInt(int64(i))
					if data, err := Marshal(x.Interface()); err == nil {
						y := reflect.New(x.Type())
						if err := Unmarshal(data, y.Interface()); err != nil {
							// Data written before its type's registration
							// (as an unregistered struct) need not read
							// after it; written again, it must.
							data, err = Marshal(x.Interface())
							if err == nil {
								err = Unmarshal(data, y.Interface())
							}
						}
						if err != nil {
							t.Errorf("unmarshal %v: %v", x.Type(), err)
							return
						}
					}
				}
			}()
		}
		for i := 0; i < types; i++ {
			require.NoError(t, Register(reflect.New(runtimeStruct(i)).Elem().Interface(), uint32(1_000_000+i)))
		}
		require.NoError(t, RegisterNamed(reflect.New(runtimeStruct(types)).Elem().Interface(), "regtest", "T"))
		require.NoError(t, RegisterTagType("regtest.U", reflect.New(runtimeStruct(types+1)).Elem().Interface()))
		close(stop)
		wg.Wait()

		// Registered types now travel as registered.
		x := reflect.New(runtimeStruct(3)).Elem()
		data, err := Marshal(x.Interface())
		require.NoError(t, err)
		y := reflect.New(x.Type())
		require.NoError(t, Unmarshal(data, y.Interface()))
		// A conflicting registration is refused.
		require.ErrorIs(t, Register(reflect.New(runtimeStruct(types+2)).Elem().Interface(), 1_000_000), ErrRegistration)
	})

	t.Run("one Fury", func(t *testing.T) {
		f := New()
		var wg sync.WaitGroup
		stop := make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				data, err := f.Marshal(v)
				if !assertNoError(t, err) {
					return
				}
				var got regPayload
				if !assertNoError(t, f.Unmarshal(data, &got)) {
					return
				}
				x := reflect.New(runtimeStruct(i % types)).Elem()
				if data, err := f.Marshal(x.Interface()); err == nil {
					if err := f.Unmarshal(data, reflect.New(x.Type()).Interface()); err != nil {
						t.Errorf("unmarshal %v: %v", x.Type(), err)
						return
					}
				}
			}
		}()
		for i := 0; i < types; i++ {
			require.NoError(t, f.Register(reflect.New(runtimeStruct(i)).Elem().Interface(), uint32(i+1)))
		}
		// (Data written before a registration of its own type may not read
		// after it, so the worker's regPayload stays unregistered.)
		named := reflect.New(runtimeStruct(types)).Elem()
		named.Field(0).SetInt(42)
		require.NoError(t, f.RegisterTagType("example.Payload", named.Interface()))
		close(stop)
		wg.Wait()

		// The registration took effect for the Fury in use.
		data, err := f.Marshal(named.Interface())
		require.NoError(t, err)
		g := New()
		require.NoError(t, g.RegisterTagType("example.Payload", named.Interface()))
		got := reflect.New(named.Type())
		require.NoError(t, g.Unmarshal(data, got.Interface()))
		require.Equal(t, named.Interface(), got.Elem().Interface())
	})
}

func assertNoError(t *testing.T, err error) bool {
	if err != nil {
		t.Error(err)
		return false
	}
	return true
}

func TestPackageRegistrationIsSeparate(t *testing.T) {
	// Package-level registrations are for the pooled Furys only.
	typ := runtimeStruct(500)
	require.NoError(t, Register(reflect.New(typ).Elem().Interface(), 2_000_000))
	data, err := Marshal(reflect.New(typ).Elem().Interface())
	require.NoError(t, err)
	var v any
	require.NoError(t, Unmarshal(data, &v))
	require.Equal(t, typ, reflect.TypeOf(v).Elem())
	require.NoError(t, New().Unmarshal(data, &v))
	require.IsType(t, map[string]any{}, v) // an unknown struct, read by its TypeDef
}
