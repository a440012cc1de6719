package gentest

import "time"

// Flat has only fields that generated code reads whole (scalars, strings,
// a named string and float, an enum when registered as one, a timestamp):
// furygen marks its codec flat (furyrt.Codec.Flat), and Unmarshal's short
// way reads it into a used destination without clearing it first and
// without a panic net of its own.
//
//fury:generate
type Flat struct {
	ID    int64
	Score float64
	OK    bool
	Name  string
	When  time.Time
	Color Color
	Label Name
	Small int8
	Count uint
	Ratio Ratio
	Note  string
}

// FlatR is Flat's twin without generated code.
type FlatR Flat
