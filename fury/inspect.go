package fury

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/fury-go/fury/fury/internal/dump"
)

// The inspector: the structural reader (wire_walk.go) with a sink that
// records every item it reads, with its offsets, as a dump.Dump (package
// furydump is its public face).

func init() { dump.Walk = inspectMessage }

// maxInspectNodes bounds the items an inspection records: a message of
// values that take no bytes could declare billions.
const maxInspectNodes = 1 << 20

// inspector is the walker's sink of an inspection.
type inspector struct {
	data       []byte
	d          *decoder
	sd         decoder // reads scalars for their values
	sb         buffer
	stack      []*dump.Node
	root       *dump.Node
	nextLabel  string           // of the next node
	nextChunk  string           // of the next map entry
	chunkTypes []*dump.TypeInfo // the type infos of the next chunk
	nodes      int
	err        *dump.Error
	head       *dump.Header
	defAt      map[*remoteDef]int
}

// inspectMessage inspects data in mode with the types registered on fv (a
// *Fury, or nil).
func inspectMessage(data []byte, fv any, mode dump.Mode) (out *dump.Dump, err error) {
	f, _ := fv.(*Fury)
	if f == nil {
		f = New(WithCompatible(mode == dump.Compatible))
	}
	f.sync()
	d := &f.dec
	d.trim()
	var buf buffer
	buf.SetBytes(data)
	buf.SetBudget(math.MaxInt64)
	d.reset(&buf)
	d.reach = nil
	d.skipping = true
	ins := &inspector{data: data, d: d, defAt: map[*remoteDef]int{}}
	ins.sd = decoder{r: d.r, maxDepth: d.maxDepth, pending: -1, metaCache: map[metaCacheKey]string{}}
	w := walker{d: d, b: &buf, sink: ins}
	defer func() {
		if r := recover(); r != nil {
			if !recoverPanics {
				panic(r)
			}
			err = wrapf(ErrInvalidData, "inspecting a message: %v", r)
			ins.fail(buf.ReaderIndex(), err)
			out = ins.result(f)
		}
		d.skipping = false
		d.reset(&f.in)
	}()
	err = w.message(nil)
	if err == nil && buf.Remaining() > 0 {
		err = trailingBytes(&buf)
	}
	if err != nil {
		ins.fail(buf.ReaderIndex(), err)
	}
	return ins.result(f), err
}

// fail records err at offset at, unless an error was recorded.
func (s *inspector) fail(at int, err error) {
	if s.err != nil {
		return
	}
	path := []string{"root"}
	for i := 1; i < len(s.stack); i++ {
		n, p := s.stack[i], s.stack[i-1]
		switch {
		case n.Label != "":
			path = append(path, "."+n.Label)
		case p.Kind == "entry" && len(p.Items) == 1:
			path = append(path, ".key")
		case p.Kind == "entry":
			path = append(path, ".value")
		case p.Kind == "union":
			path = append(path, ".value")
		default:
			path = append(path, fmt.Sprintf("[%d]", len(p.Items)-1))
		}
	}
	reason := err.Error()
	if !s.d.r.compatible && errors.Is(err, ErrUnknownType) {
		reason += " (in schema-consistent mode a struct's data holds only a hash of its schema: its fields are read by its registered type)"
	}
	s.err = &dump.Error{Offset: at, Path: strings.Join(path, ""), Reason: reason}
}

func (s *inspector) result(f *Fury) *dump.Dump {
	mode := "schema-consistent"
	if f.r.compatible {
		mode = "compatible"
	}
	out := &dump.Dump{Size: len(s.data), Mode: mode, Header: s.head, Root: s.root, Error: s.err}
	for _, n := range s.stack {
		n.End = -1 // not finished
	}
	for i, rd := range s.d.defsRead {
		out.TypeDefs = append(out.TypeDefs, typeDefDump(i, s.defAt[rd], rd))
	}
	out.MetaStrings = append([]string(nil), s.d.metaRead...)
	return out
}

func typeDefDump(i, at int, rd *remoteDef) *dump.TypeDef {
	td := &dump.TypeDef{Index: i, Offset: at, Compatible: rd.compatible}
	switch {
	case rd.isStruct:
		td.Kind = "struct"
	case rd.kindCode == tdKindUnion:
		td.Kind = "union"
	default:
		td.Kind = "enum"
	}
	if rd.named {
		td.Name = joinName(rd.ns, rd.name)
	} else {
		id := rd.userID
		td.UserID = &id
	}
	for _, f := range rd.fields {
		fd := dump.Field{Name: f.name, Type: fieldTypeText(f.ft), Nullable: f.ft.nullable, Ref: f.ft.ref}
		if f.tagID >= 0 {
			id := f.tagID
			fd.TagID = &id
			if fd.Name == "" {
				fd.Name = fmt.Sprintf("#%d", id)
			}
		}
		td.Fields = append(td.Fields, fd)
	}
	return td
}

// fieldTypeText spells a TypeDef field's type: list<string>,
// map<string, int32?>, with ? for a nullable element.
func fieldTypeText(ft *fieldType) string {
	if ft == nil {
		return "?"
	}
	s := dump.TypeName(ft.id)
	switch ft.id {
	case tidList, tidSet:
		s += "<" + fieldTypeElem(ft.elem) + ">"
	case tidMap:
		s += "<" + fieldTypeElem(ft.key) + ", " + fieldTypeElem(ft.val) + ">"
	}
	return s
}

func fieldTypeElem(ft *fieldType) string {
	s := fieldTypeText(ft)
	if ft != nil && ft.nullable {
		s += "?"
	}
	if ft != nil && ft.ref {
		s += " ref"
	}
	return s
}

func (s *inspector) top() *dump.Node {
	if len(s.stack) == 0 {
		return nil
	}
	return s.stack[len(s.stack)-1]
}

func (s *inspector) header(at int, h byte) {
	s.head = &dump.Header{Offset: at, Byte: h, Xlang: h&headerXlang != 0, OutOfBand: h&headerOOB != 0}
}

// begin opens the node of a value (or map entry) at offset at.
func (s *inspector) begin(at int) {
	s.nodes++
	n := &dump.Node{Offset: at, End: at, Label: s.nextLabel}
	s.nextLabel = ""
	if s.nextChunk != "" {
		n.Kind, n.Chunk, s.nextChunk = "entry", s.nextChunk, ""
		n.ElemTypes, s.chunkTypes = s.chunkTypes, nil
	} else if p := s.top(); p != nil && p.Kind == "map" {
		n.Kind = "entry"
	}
	if p := s.top(); p != nil {
		p.Items = append(p.Items, n)
	} else if s.root == nil {
		s.root = n
	}
	s.stack = append(s.stack, n)
}

// end closes the innermost node at offset at; err, if not nil, is where
// the walk broke (the first end that sees it is the innermost).
func (s *inspector) end(at int, err error) {
	if err != nil {
		s.fail(at, err)
		return // left open: result marks it unfinished
	}
	n := s.top()
	n.End = at
	s.stack = s.stack[:len(s.stack)-1]
}

// label names the next node (a struct field).
func (s *inspector) label(name string) { s.nextLabel = name }

// null records a null side of a map entry.
func (s *inspector) null() {
	s.begin(s.top().End)
	s.top().Flag = "null"
	s.end(s.top().Offset, nil)
}

func (s *inspector) flag(at int, f int8, id int) {
	n := s.top()
	switch f {
	case flagNull:
		n.Flag = "null"
	case flagRef:
		n.Flag, n.Ref = "ref", &id
	case flagRefValue:
		n.Flag, n.RefID = "ref_value", &id
	default:
		n.Flag = "not_null"
	}
}

// typeInfo records the type info [at, end) of the current value, read as
// wt (or failing with err).
func (s *inspector) typeInfo(at, end int, wt wireType, err error) {
	t := &dump.TypeInfo{Offset: at, End: end, ID: wt.id, Kind: dump.TypeName(wt.id)}
	switch {
	case wt.def != nil:
		t.Name = wt.def.displayName()
	case wt.local != nil && wt.local.named:
		t.Name = joinName(wt.local.ns, wt.local.name)
	case wt.local != nil:
		t.Name = wt.local.typ.String()
	}
	u := s.data[at:end]
	if _, k := binaryUvarint(u); k > 0 {
		second, k2 := binaryUvarint(u[k:])
		switch {
		case k2 <= 0:
		case wt.id == tidStruct || wt.id == tidEnum || wt.id == tidTypedUnion:
			t.UserID = &second
		case wt.id == tidCompatibleStruct || wt.id == tidNamedCompatibleStruct || s.d.r.compatible && isNamedID(wt.id):
			// The shared-meta marker: the TypeDef's index (new or seen).
			if idx := int(second >> 1); idx < len(s.d.defsRead) {
				rd := s.d.defsRead[idx]
				if _, ok := s.defAt[rd]; !ok {
					s.defAt[rd] = at
				}
				t.TypeDef = &idx
				if t.Name == "" {
					t.Name = rd.displayName()
				}
			}
		}
	}
	switch n := s.top(); {
	case n == nil:
	case n.Kind == "map":
		s.chunkTypes = append(s.chunkTypes, t)
	case n.Kind == "list" || n.Kind == "set":
		n.ElemTypes = append(n.ElemTypes, t)
	case n.Type == nil:
		n.Type = t
	}
}

func isNamedID(id uint32) bool {
	return id == tidNamedEnum || id == tidNamedUnion || id == tidNamedStruct || id == tidNamedCompatibleStruct
}

// binaryUvarint reads a varuint32 from u (k <= 0 when it does not hold one).
func binaryUvarint(u []byte) (uint32, int) {
	v, k := binary.Uvarint(u)
	if k <= 0 || k > 5 || v > math.MaxUint32 {
		return 0, 0
	}
	return uint32(v), k
}

// container records a list, set or map of n elements (for a list or set,
// with elements header h).
func (s *inspector) container(id uint32, at int, n uint32, h byte) error {
	if s.nodes += int(min(n, maxInspectNodes)); s.nodes > maxInspectNodes {
		return wrapf(ErrTooLarge, "more than %d items to inspect", maxInspectNodes)
	}
	t := s.top()
	t.Kind = dump.TypeName(id)
	c := int(n)
	t.Count = &c
	if n > 0 && id != tidMap {
		t.Elements = bitsText(h, []string{"track_ref", "has_null", "declared", "same_type"})
		if t.Elements == "" {
			t.Elements = "typed_each"
		}
	}
	return nil
}

// chunk records a map chunk's header, on the entry that follows.
func (s *inspector) chunk(at int, h byte, size int) {
	txt := bitsText(h, []string{"key_ref", "key_null", "key_declared", "value_ref", "value_null", "value_declared"})
	if h&(mapKeyNull|mapValNull) == 0 {
		txt = fmt.Sprintf("%d entries", size) + strings.TrimSuffix(" "+txt, " ")
	}
	s.nextChunk = strings.TrimSpace(txt)
}

func bitsText(h byte, names []string) string {
	var out []string
	for i, name := range names {
		if h&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return strings.Join(out, "|")
}

func (s *inspector) union(at int, id uint32) {
	t := s.top()
	t.Kind = "union"
	t.Case = &id
}

// structData records a struct read by TypeDef rd or by local layout l
// (hashAt: the offset of its schema-consistent hash, or -1).
func (s *inspector) structData(rd *remoteDef, l *typeInfo, hashAt int) {
	t := s.top()
	t.Kind = "struct"
	switch {
	case rd != nil:
		t.Name = rd.displayName()
	case l.named:
		t.Name = joinName(l.ns, l.name)
	default:
		t.Name = l.typ.String()
	}
	if hashAt >= 0 {
		t.Hash = fmt.Sprintf("%#08x", binary.LittleEndian.Uint32(s.data[hashAt:]))
	}
}

// scalar records the value of wire type wt at [at, end).
func (s *inspector) scalar(wt wireType, at, end int) error {
	if s.nodes++; s.nodes > maxInspectNodes {
		return wrapf(ErrTooLarge, "more than %d items to inspect", maxInspectNodes)
	}
	t := s.top()
	if t.Kind == "" {
		t.Kind = dump.TypeName(wt.id)
	}
	if wt.id == tidNone {
		return nil
	}
	if l := wt.local; l != nil && (wt.id == tidEnum || wt.id == tidNamedEnum) {
		if l.named {
			t.Name = joinName(l.ns, l.name)
		} else {
			t.Name = l.typ.String()
		}
	}
	raw := s.data[at:end]
	if _, ok := arrayGoType(wt.id); ok && s.d.oobOn {
		if raw[0] == 0 {
			t.Value = "(out-of-band buffer)"
			return nil
		}
		raw = raw[1:]
	}
	id := wt.id
	if id == tidEnum || id == tidNamedEnum {
		id = tidVarUint32 // the ordinal
	}
	s.sb.SetBytes(raw)
	s.sb.SetBudget(math.MaxInt64)
	s.sd.reset(&s.sb)
	v, err := s.sd.readDynamicData(wireType{id: id})
	if err != nil {
		return err
	}
	t.Value = plainValue(v)
	return nil
}

// plainValue turns a scalar's Go value into one JSON spells as is.
func plainValue(v any) any {
	switch v := v.(type) {
	case float32:
		return plainFloat(float64(v))
	case float64:
		return plainFloat(v)
	case Float16:
		return plainFloat(float64(v.Float32()))
	case BFloat16:
		return plainFloat(float64(v.Float32()))
	case []byte:
		return hex.EncodeToString(v)
	case time.Time:
		return v.UTC().Format(time.RFC3339Nano)
	case time.Duration:
		return v.String()
	case Date, Decimal:
		return fmt.Sprint(v)
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice {
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = plainValue(rv.Index(i).Interface())
		}
		return out
	}
	return v
}

func plainFloat(f float64) any {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Sprint(f)
	}
	return f
}
