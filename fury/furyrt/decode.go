package furyrt

// BeginDecode points b at data, read from offset off on, for a decode
// that may allocate budget bytes (and, with shared blocks on, carves
// decoded values from slabs): in
// one step what SetBytes, BeginSlab, SetBudget and Skip(off) do (0 <= off
// <= len(data)). EndDecode ends it.
func (b *Buffer) BeginDecode(data []byte, off int, budget int64) {
	b.data, b.off = data, off
	b.slabOn, b.budget = true, budget
	b.aliased, b.begin = 0, 0
	b.dropSmall() // (in case the last decode did not end)
	b.smallUse = 0
}

// EndDecode ends a decode begun by BeginDecode: what EndSlab and
// SetBytes(nil) do. The buffer does not keep the caller's input; with
// shared blocks on it keeps the slab, as EndSlab does, for the next decode
// to carve on from (the pieces handed out are never handed out again).
func (b *Buffer) EndDecode() {
	b.slabOn = false
	// endSmall, written out so that the two zeros are one store.
	b.smallFit = b.smallUse
	b.smallOff, b.smallUse = 0, 0
	if b.small != nil { // (see dropSmall)
		b.small = nil
	}
	b.data, b.off = nil, 0
}
