package fury

import (
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/fury-go/fury/internal/alloctest"
)

// FuzzDecodeBudget feeds arbitrary input to destinations that amplify
// (lists of big structs, nested lists, interface{}, big.Int) under a small
// budget: a decode never allocates much beyond the budget, and a budget
// overrun is ErrTooLarge.
func FuzzDecodeBudget(f *testing.F) {
	if alloctest.Isolate(f) { // counts bytes allocated: run alone in a child process
		return
	}
	for _, b := range bombs() {
		if len(b.in) < 8<<10 {
			f.Add(b.in)
		}
	}
	for _, b := range corpus(f) {
		f.Add(b)
	}
	const limit = 256 << 10
	fy := New(WithMaxDecodedBytes(limit))
	dests := []func() any{
		func() any { return new(any) }, func() any { return new([]Mat) }, func() any { return new([][]int64) },
		func() any { return new([]*Mat) }, func() any { return new(map[string]Mat) }, func() any { return new([]big.Int) },
		func() any { return new(Set[string]) }, func() any { return new(RecList) },
		func() any { return new(map[int32]int64) }, func() any { return new(Set[int32]) },
		func() any { return new(map[string]string) },
	}
	for _, d := range dests {
		_ = fy.Unmarshal(nil, d()) // build the plans outside the measurement
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n := alloctest.Bytes(func() {
			for _, d := range dests {
				_ = fy.Unmarshal(data, d())
			}
		})
		if per := uint64(limit + 4*len(data) + 64<<10); n > uint64(len(dests))*per {
			t.Fatalf("decoding %d bytes into %d destinations allocated %d bytes (budget %d each)", len(data), len(dests), n, limit)
		}
	})
}

// FuzzEnumOrdinal: an ordinal reads into an enum exactly when the Go type
// holds it, and then as that value.
func FuzzEnumOrdinal(f *testing.F) {
	for _, v := range []uint32{0, 1, 127, 128, 255, 256, 300, math.MaxInt32, math.MaxInt32 + 1, math.MaxUint32} {
		f.Add(v)
	}
	fy := enumFury(f)
	f.Fuzz(func(t *testing.T, v uint32) {
		var s Small
		err := fy.Unmarshal(enumBytes(90, v), &s)
		if (err == nil) != (v <= math.MaxUint8) || err == nil && uint32(s) != v {
			t.Fatalf("ordinal %d into Small: %d, %v", v, s, err)
		}
		var c Color
		err = fy.Unmarshal(enumBytes(91, v), &c)
		if (err == nil) != (v <= math.MaxInt32) || err == nil && uint32(c) != v {
			t.Fatalf("ordinal %d into Color: %d, %v", v, c, err)
		}
	})
}

// FuzzDuration: seconds and nanoseconds read into a time.Duration exactly
// when their sum fits, and every Duration round-trips.
func FuzzDuration(f *testing.F) {
	f.Add(int64(0), int32(0))
	f.Add(int64(math.MinInt64/int64(time.Second)-1), int32(145224192))
	f.Add(int64(math.MaxInt64/int64(time.Second)), int32(854775807))
	f.Add(int64(-1), int32(-1))
	fy := New()
	f.Fuzz(func(t *testing.T, s int64, ns int32) {
		b := newBuffer(nil)
		b.WriteUint8(headerXlang)
		b.WriteInt8(flagNotNullValue)
		b.WriteVaruint32(tidDuration)
		b.WriteVarint64(s)
		b.WriteInt32(ns)
		var d time.Duration
		err := fy.Unmarshal(b.Bytes(), &d)
		sum := new(big.Int).Mul(big.NewInt(s), big.NewInt(1e9))
		sum.Add(sum, big.NewInt(int64(ns)))
		if (err == nil) != sum.IsInt64() || err == nil && sum.Int64() != int64(d) {
			t.Fatalf("%d s %d ns: %d, %v", s, ns, d, err)
		}
		// The Duration s×1e9+ns (wrapped) round-trips.
		w := time.Duration(s*1e9 + int64(ns))
		data, err := fy.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		if err := fy.Unmarshal(data, &d); err != nil || d != w {
			t.Fatalf("%d read back as %d, %v", w, d, err)
		}
	})
}

// FuzzDate: days read into a Date exactly when in range, the Date
// written back gives the same days, and every Date Marshal accepts reads
// back as itself.
func FuzzDate(f *testing.F) {
	f.Add(int64(0), 0, 0, 0)
	f.Add(int64(maxDateDays), 2024, 2, 29)
	f.Add(int64(-719893), -1, 11, 30)
	f.Add(int64(math.MinInt64), 1000000000, 12, 31)
	fy := New()
	f.Fuzz(func(t *testing.T, days int64, y, m, d int) {
		b := newBuffer(nil)
		b.WriteUint8(headerXlang)
		b.WriteInt8(flagNotNullValue)
		b.WriteVaruint32(tidDate)
		b.WriteVarint64(days)
		var got Date
		err := fy.Unmarshal(b.Bytes(), &got)
		if (err == nil) != (days >= -maxDateDays && days <= maxDateDays) {
			t.Fatalf("%d days: %v, %v", days, got, err)
		}
		if err == nil {
			data, err := fy.Marshal(got)
			if err != nil || string(data) != string(b.Bytes()) {
				t.Fatalf("%d days read as %v, written back as %x, %v", days, got, data, err)
			}
		}
		want := Date{y, time.Month(m), d}
		data, err := fy.Marshal(want)
		if err != nil {
			return
		}
		if err := fy.Unmarshal(data, &got); err != nil || got != want {
			t.Fatalf("%v read back as %v, %v", want, got, err)
		}
	})
}

// FuzzTimestamp: every time.Time Marshal accepts reads back as the same
// instant; seconds beyond time.Time are refused.
func FuzzTimestamp(f *testing.F) {
	f.Add(int64(0), uint32(0))
	f.Add(int64(math.MinInt64), uint32(0))
	f.Add(int64(maxTimestampSec), uint32(999999999))
	f.Add(int64(-62135596800), uint32(1))
	fy := New()
	f.Fuzz(func(t *testing.T, s int64, ns uint32) {
		b := newBuffer(nil)
		b.WriteUint8(headerXlang)
		b.WriteInt8(flagNotNullValue)
		b.WriteVaruint32(tidTimestamp)
		b.WriteInt64(s)
		b.WriteUint32(ns)
		var got time.Time
		err := fy.Unmarshal(b.Bytes(), &got)
		if (err == nil) != (ns < 1e9 && s <= maxTimestampSec) {
			t.Fatalf("%d s %d ns: %v, %v", s, ns, got, err)
		}
		if err == nil {
			data, err := fy.Marshal(got)
			if err != nil || string(data) != string(b.Bytes()) {
				t.Fatalf("%d s %d ns read as %v, written back as %x, %v", s, ns, got, data, err)
			}
		}
	})
}
