package gentest

import (
	"time"

	"github.com/fury-go/fury/fury"
)

// Twins without generated code, for comparison with the reflection path.
// A type definition copies the fields (and tags) exactly; structs whose
// nested structs must also be twins are written out.
type (
	ScalarsR     Scalars
	PointersR    Pointers
	ArraysR      Arrays
	InnerR       Inner
	TimesR       Times
	EmbedsR      Embeds
	ShadowR      Shadow
	EnumsR       Enums
	EmptyR       Empty
	AddressR     Address
	CollectionsR Collections
)

// PersonR is the twin of Person.
type PersonR struct {
	Common
	Name    string
	Nick    *string
	Home    AddressR
	Work    *AddressR
	Emails  []string
	Visits  []int64
	Friends []*PersonR
	Attrs   map[string]string
	Ratings map[int32]float32
}

// TeamR is the twin of Team.
type TeamR struct {
	Name    string
	Members []PersonR
	Lead    *PersonR
	Scores  map[string][]float64
}

// IntPairR is the twin of IntPair.
type IntPairR = PairR[int32, string]

// PairR is the twin of Pair.
type PairR[K comparable, V any] struct {
	Key K
	Val V
}

// ContainersR is the twin of Containers.
type ContainersR struct {
	Map      map[string]int32
	Set      map[int32]struct{}
	FSet     fury.Set[string]
	Inner    InnerR
	InnerPtr *InnerR
	Inners   []InnerR
	ByName   map[string]*InnerR
	Any      any
	Anys     []any
}

// EmbeddingR is the twin of Embedding.
type EmbeddingR Embedding

// TaggedR is the twin of Tagged.
type TaggedR struct {
	A       int32   `fury:"id=3"`
	B       string  `fury:"id=1"`
	Renamed int64   `fury:"name=zz_renamed"`
	Skipped int32   `fury:"-"`
	Opt     int32   `fury:"nullable"`
	Must    *int32  `fury:"notnull"`
	Shared  *InnerR `fury:"ref"`
	Alone   *InnerR `fury:"noref"`
	Plain   int16
	When    time.Time `fury:"nullable"`
	Names   []string  `fury:"nullable"`
	Label   string    `fury:"nullable,noref"`
	Kids    []*InnerR `fury:"noref"`
	Counts  []int64   `fury:"nullable"`
}

// NodeR is the twin of Node.
type NodeR struct {
	Value int32
	Next  *NodeR
	Kids  []*NodeR
}

// SampleR is the twin of Sample.
type SampleR Sample

// StructR is the twin of Struct.
type StructR Struct

// MediaR is the twin of Media.
type MediaR Media

// ImageR is the twin of Image.
type ImageR struct {
	URI    string
	Title  string
	Width  int32
	Height int32
	Size   Size
	Media  *MediaR
}

// MediaContentR is the twin of MediaContent.
type MediaContentR struct {
	Media  MediaR
	Images []ImageR
}

// InnerV2 is a later version of Inner (a field added, one removed), for
// compatible-mode tests: a generated type reads and writes across versions.
type InnerV2 struct {
	ID    int64
	Label string
	Added []int32
}

// TreeR is the twin of Tree.
type TreeR struct {
	Label string
	Kids  []TreeR
	Meta  Plain
}

// HolderR is the twin of Holder.
type HolderR struct {
	In  InnerR
	Ins []InnerR
	N   int32
}

// HolderV2 is Holder with InnerV2, for compatible-mode tests.
type HolderV2 struct {
	In  InnerV2
	Ins []InnerV2
	N   int32
}
