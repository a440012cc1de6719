package fury

// refTable is a decoder's reference table: the value of each reference id
// a message has given out so far. It grows by chunks, not by copying one
// slice into a larger one: a copying slice allocates, over its growth,
// about five times the memory it ends up with (Go grows large slices by a
// quarter), so a message of n references would allocate some 80n bytes
// for its table. In chunks, the first of which grows by doubling up to
// refChunk entries, the table allocates at most 32 bytes a reference
// (refCost) plus one chunk ahead.
type refTable struct {
	chunks [][]any
	n      int
}

const refChunk = 512

func (t *refTable) len() int { return t.n }

func (t *refTable) get(i int) any { return t.chunks[i/refChunk][i%refChunk] }

func (t *refTable) set(i int, v any) { t.chunks[i/refChunk][i%refChunk] = v }

// push appends v and returns its id.
func (t *refTable) push(v any) int {
	c := t.n / refChunk
	if c == len(t.chunks) {
		if c == 0 {
			t.chunks = append(t.chunks, make([]any, 0, 16))
		} else {
			t.chunks = append(t.chunks, make([]any, 0, refChunk))
		}
	}
	ch := t.chunks[c]
	if len(ch) == cap(ch) {
		// Only the first chunk fills up: it doubles, to refChunk.
		g := make([]any, len(ch), min(2*cap(ch), refChunk))
		copy(g, ch)
		ch = g
	}
	t.chunks[c] = append(ch, v)
	t.n++
	return t.n - 1
}

// reset empties the table for the next message, keeping only its first
// chunk: a hostile message with a million references must not leave the
// decoder holding their table.
func (t *refTable) reset() {
	if len(t.chunks) == 0 {
		return
	}
	first := t.chunks[0]
	clear(first)
	for i := 1; i < len(t.chunks); i++ {
		t.chunks[i] = nil
	}
	t.chunks = t.chunks[:1]
	t.chunks[0] = first[:0]
	t.n = 0
}
