package wire

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// FieldTag holds the options of a struct field's `fury:"..."` tag, as both
// the runtime and furygen read them. Nullable and Ref are -1 when the tag
// does not set them, else 0 or 1.
type FieldTag struct {
	Skip     bool   // `fury:"-"`
	Name     string // name=...
	TagID    int    // id=N, -1 unset
	Nullable int    // nullable / notnull
	Ref      int    // ref / noref
	ElemRef  bool   // elemref: the elements (a map's values) tracked, the field not
}

// MaxTagID is the largest field tag id (2^29-1, as in the schema compiler).
const MaxTagID = math.MaxInt32 >> 2

// ParseFieldTag parses a `fury:"..."` struct tag. A tag that gives one
// option both ways (nullable with notnull, ref or elemref with noref) is an
// error, not read as whichever comes last.
func ParseFieldTag(tag string) (FieldTag, error) {
	o := FieldTag{TagID: -1, Nullable: -1, Ref: -1}
	if tag == "-" {
		o.Skip = true
		return o, nil
	}
	set := func(p *int, on bool, part string) error {
		v := 0
		if on {
			v = 1
		}
		if *p == 1-v {
			return fmt.Errorf("fury tag %q: %s contradicts an earlier option", tag, part)
		}
		*p = v
		return nil
	}
	for _, part := range strings.Split(tag, ",") {
		part = strings.TrimSpace(part)
		var err error
		switch {
		case part == "":
		case part == "nullable", part == "notnull":
			err = set(&o.Nullable, part == "nullable", part)
		case part == "ref", part == "noref":
			err = set(&o.Ref, part == "ref", part)
		case part == "elemref":
			o.ElemRef = true
		case strings.HasPrefix(part, "id="):
			n, perr := strconv.Atoi(part[3:])
			if perr != nil || n < 0 || n > MaxTagID {
				err = fmt.Errorf("bad tag id %q", part)
			}
			o.TagID = n
		case strings.HasPrefix(part, "name="):
			o.Name = part[5:]
		default:
			err = fmt.Errorf("unknown fury tag option %q", part)
		}
		if err != nil {
			return o, err
		}
	}
	if o.ElemRef && o.Ref == 0 {
		return o, fmt.Errorf("fury tag %q: elemref and noref contradict each other", tag)
	}
	return o, nil
}
