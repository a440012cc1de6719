package furyrt

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
	"time"
)

func TestRunIn(t *testing.T) {
	data := make([]byte, 3*RunMax)
	for i := range data {
		data[i] = byte(i)
	}
	for _, share := range []bool{false, true} {
		for _, alias := range []bool{false, true} {
			for _, size := range []int{0, 1, RunMax - 1, RunMax, RunMax + 1, 2 * RunMax, 3 * RunMax} {
				for _, n := range []int{0, 1, RunMax / 2, RunMax, size} {
					if n > size {
						continue
					}
					b := NewBuffer(data[:size])
					b.SetSharedBlocks(share)
					b.SetAliasing(alias)
					got := b.RunIn(b.Unread()[n:])
					if err := b.Skip(n); err != nil {
						t.Fatal(err)
					}
					want := b.UnreadRun()
					if !bytes.Equal(got, want) || len(got) != len(want) {
						t.Errorf("share %v alias %v size %d n %d: RunIn gives %d bytes, UnreadRun %d", share, alias, size, n, len(got), len(want))
					}
				}
			}
		}
	}
}

func TestGetTimeInto(t *testing.T) {
	enc := func(s int64, ns uint32) []byte {
		p := binary.LittleEndian.AppendUint64(nil, uint64(s))
		return binary.LittleEndian.AppendUint32(p, ns)
	}
	inputs := [][]byte{
		nil,
		enc(0, 0)[:11],
		enc(0, 0),
		enc(1, 999999999),
		enc(1, 1e9),
		enc(-1, 5),
		enc(math.MinInt64, 0),
		enc(maxTimestampSec, 0),
		enc(maxTimestampSec+1, 0),
		enc(math.MaxInt64, 0),
		append(enc(642933015, 123456789), 1, 2, 3),
	}
	before := time.Date(2001, 2, 3, 4, 5, 6, 7, time.FixedZone("X", 3600))
	for _, src := range inputs {
		want, wantOK := GetTime(src)
		got := before
		ok := GetTimeInto(&got, src)
		if ok != wantOK {
			t.Fatalf("%x: GetTimeInto reports %v, GetTime %v", src, ok, wantOK)
		}
		if !ok {
			if got != before {
				t.Errorf("%x: GetTimeInto failed but changed the time to %v", src, got)
			}
			continue
		}
		if got != want || got.Location() != time.UTC {
			t.Errorf("%x: GetTimeInto gives %v (%v), GetTime %v", src, got, got.Location(), want)
		}
	}
}
