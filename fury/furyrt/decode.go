package furyrt

// BeginDecode points b at data, read from offset off on, for a decode
// that may allocate budget bytes and carves decoded values from slabs: in
// one step what SetBytes, BeginSlab, SetBudget and Skip(off) do (0 <= off
// <= len(data)). EndDecode ends it.
func (b *Buffer) BeginDecode(data []byte, off int, budget int64) {
	b.data, b.off = data, off
	b.slabOn, b.budget = true, budget
	b.aliased, b.begin = 0, 0
}

// EndDecode ends a decode begun by BeginDecode: what EndSlab and
// SetBytes(nil) do (the buffer keeps neither the caller's input nor the
// slab, which belongs to the decoded value).
func (b *Buffer) EndDecode() {
	b.slabOn = false
	b.slab, b.slabOff = nil, 0
	b.data, b.off = nil, 0
}
