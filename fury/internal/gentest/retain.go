package gentest

// Retained is a message of which a service keeps one small field (an ID,
// a short list, a score) and drops the rest, for the tests of what a kept
// field holds in memory: a short string, a long one, a list of numbers,
// two short strings, a short list and a number pointee.
//
//fury:generate
type Retained struct {
	ID     string
	Body   string
	Values []int64
	Tag    string
	Kind   string
	Small  []int32
	Score  *int64
}

// NewRetained returns the i-th Retained of a run: an 11-byte ID, a
// 1,000-byte Body, 100 Values, two short tags, Small {1, 2} and a Score.
func NewRetained(i int) Retained {
	body := make([]byte, 1000)
	for k := range body {
		body[k] = 'a' + byte((i+k)%26)
	}
	values := make([]int64, 100)
	for k := range values {
		values[k] = int64(i*100 + k)
	}
	score := int64(i)
	return Retained{ID: idOf(i), Body: string(body), Values: values, Tag: "red", Kind: "order",
		Small: []int32{1, 2}, Score: &score}
}

// idOf returns an 11-byte ID for i < 10^8.
func idOf(i int) string {
	b := []byte("id-00000000")
	for k := len(b) - 1; k >= 3; k-- {
		b[k] = '0' + byte(i%10)
		i /= 10
	}
	return string(b)
}

// RetainedR is Retained's twin without generated code.
type RetainedR Retained

// Shorts is a message of eight short strings side by side, the shape in
// which a kept string keeps the most of its own message: generated code
// copies adjacent short strings as one run (at most furyrt.RunMax bytes),
// which a kept one keeps whole.
//
//fury:generate
type Shorts struct {
	A, B, C, D, E, F, G, H string
	N                      int64
}

// NewShorts returns the i-th Shorts of a run: eight 7-byte strings, A
// distinct for i < 10^7.
func NewShorts(i int) Shorts {
	a := []byte("a000000")
	for k, v := len(a)-1, i; k >= 1; k-- {
		a[k] = '0' + byte(v%10)
		v /= 10
	}
	return Shorts{A: string(a), B: "bbbbbbb", C: "ccccccc", D: "ddddddd", E: "eeeeeee", F: "fffffff",
		G: "ggggggg", H: "hhhhhhh", N: int64(i)}
}

// ShortsR is Shorts' twin without generated code.
type ShortsR Shorts
