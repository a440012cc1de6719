package fury_test

import (
	"reflect"

	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// A message read from a Buffer has the decode budget its own bytes give
// it, as Unmarshal of those bytes has, however many messages follow it in
// the Buffer: one hostile message must not borrow the budget of the rest.
func TestDeserializeBudgetIsTheMessages(t *testing.T) {
	for _, m := range hostileModes() {
		t.Run(m.name, func(t *testing.T) {
			f := fury.New(m.opts...)
			hostile := noneLists(100) // ~500 bytes, ~13 MB of []any when built
			var dst any
			require.ErrorIs(t, f.Unmarshal(hostile, &dst), fury.ErrTooLarge)

			filler, err := f.Marshal(make([]byte, 64<<10))
			require.NoError(t, err)
			data := append([]byte(nil), hostile...)
			for range 4 {
				data = append(data, filler...) // 256 KiB after it: 24 MiB of budget
			}
			buf := fury.NewBuffer(data)
			err = f.Deserialize(buf, &dst, nil)
			require.ErrorIs(t, err, fury.ErrTooLarge)
			require.Equal(t, len(data), buf.Len(), "a failed Deserialize leaves the message unread")

			// The messages after it read as they would alone.
			rest := fury.NewBuffer(append([]byte(nil), data[len(hostile):]...))
			for range 4 {
				var b []byte
				require.NoError(t, f.Deserialize(rest, &b, nil))
				require.Len(t, b, 64<<10)
			}
			require.Zero(t, rest.Len())
		})
	}
}

// In a Buffer too short for the message's end to be worth finding first,
// the message is still held to its own budget once decoded.
func TestDeserializeBudgetShortBuffer(t *testing.T) {
	f := fury.New()
	hostile := noneLists(2) // 16384 nils: 384 KiB of budget from 15 bytes
	var dst any
	require.ErrorIs(t, f.Unmarshal(hostile, &dst), fury.ErrTooLarge)
	filler, err := f.Marshal(make([]byte, 2000))
	require.NoError(t, err)
	data := append(append([]byte(nil), hostile...), filler...) // 445 KiB of budget in all
	buf := fury.NewBuffer(data)
	require.ErrorIs(t, f.Deserialize(buf, &dst, nil), fury.ErrTooLarge)
	require.Equal(t, len(data), buf.Len())
}

// A message that fits its own budget reads from a Buffer as it does alone,
// before other messages or at the end, whole or cut short.
func TestDeserializeBudgetFits(t *testing.T) {
	f := fury.New()
	small := noneLists(1) // 8192 nils: 128 KiB of []any, inside the floor
	var alone any
	require.NoError(t, f.Unmarshal(small, &alone))
	data := append(append(append([]byte(nil), small...), small...), small[:3]...)
	buf := fury.NewBuffer(data)
	for range 2 {
		var got any
		require.NoError(t, f.Deserialize(buf, &got, nil))
		require.Equal(t, alone, got)
	}
	var got any
	require.ErrorIs(t, f.Deserialize(buf, &got, nil), fury.ErrTruncated)
	require.Equal(t, 3, buf.Len())
	_, _ = buf.Write(small[3:])
	require.NoError(t, f.Deserialize(buf, &got, nil))
	require.Equal(t, alone, got)
	require.Zero(t, buf.Len())
}

// BenchmarkDeserializeBuffer reads one message at a time from a Buffer
// (Deserialize), beside Unmarshal of the same bytes, generated code on:
// the cost of finding where the message ends, for its budget.
//
//	go test ./fury -run '^$' -bench DeserializeBuffer -benchmem
func BenchmarkDeserializeBuffer(b *testing.B) {
	for _, m := range []struct {
		name string
		c    genConfig
	}{{"schema", genConfig{enums: true}}, {"compatible", genConfig{compatible: true, enums: true}}} {
		for _, o := range []struct {
			name string
			v    any
		}{{"Sample", gentest.NewSample()}, {"MediaContent", gentest.NewMediaContent()}, {"Team", gentest.NewTeam()}} {
			f := newGenFury(b, m.c, false)
			data, err := f.Marshal(o.v)
			require.NoError(b, err)
			out := reflect.New(reflect.TypeOf(o.v))
			b.Run("Unmarshal/"+m.name+"/"+o.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					out.Elem().SetZero()
					if err := f.Unmarshal(data, out.Interface()); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("Deserialize/"+m.name+"/"+o.name, func(b *testing.B) {
				b.ReportAllocs()
				buf := fury.NewBuffer(nil)
				for b.Loop() {
					_, _ = buf.Write(data)
					out.Elem().SetZero()
					if err := f.Deserialize(buf, out.Interface(), nil); err != nil {
						b.Fatal(err)
					}
				}
			})
			// Many messages in the Buffer: each read finds its end first.
			b.Run("DeserializeOf64/"+m.name+"/"+o.name, func(b *testing.B) {
				b.ReportAllocs()
				buf := fury.NewBuffer(nil)
				for b.Loop() {
					if buf.Len() == 0 {
						for range 64 {
							_, _ = buf.Write(data)
						}
					}
					out.Elem().SetZero()
					if err := f.Deserialize(buf, out.Interface(), nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// A large message that needs more than the first decode's budget reads
// with its own, alone in the Buffer, before others, or arriving in parts.
func TestDeserializeBudgetLargeMessage(t *testing.T) {
	for _, m := range hostileModes() {
		t.Run(m.name, func(t *testing.T) {
			f := fury.New(m.opts...)
			big := make([]int32, 200_000) // 800 KB decoded: over twice the floor
			for i := range big {
				big[i] = int32(i % 50)
			}
			msg, err := f.Marshal(big)
			require.NoError(t, err)
			small, err := f.Marshal([]int32{1, 2})
			require.NoError(t, err)
			var got []int32
			buf := fury.NewBuffer(append([]byte(nil), msg...))
			require.NoError(t, f.Deserialize(buf, &got, nil))
			require.Equal(t, big, got)
			require.Zero(t, buf.Len())

			buf = fury.NewBuffer(append(append(append([]byte(nil), msg...), small...), msg...))
			for _, want := range [][]int32{big, {1, 2}, big} {
				require.NoError(t, f.Deserialize(buf, &got, nil))
				require.Equal(t, want, got)
			}
			require.Zero(t, buf.Len())

			buf = fury.NewBuffer(append([]byte(nil), msg[:len(msg)-1]...))
			require.ErrorIs(t, f.Deserialize(buf, &got, nil), fury.ErrTruncated)
			require.Equal(t, len(msg)-1, buf.Len())
			_, _ = buf.Write(msg[len(msg)-1:])
			require.NoError(t, f.Deserialize(buf, &got, nil))
			require.Equal(t, big, got)
		})
	}
}
