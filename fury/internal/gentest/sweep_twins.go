package gentest

// Twins of the sweep types, without generated code.
type (
	SwNamedR SwNamed
	SwKeysR  SwKeys
	SwAnyR   SwAny
)

// SwNestR is the twin of SwNest.
type SwNestR struct {
	SSS [][][]string
	MMS map[string]map[string][]int64
	PA  *[3]int32
	SP  []*int32
	MP  map[int32]*InnerR
	AP  [3]*InnerR
	AS  [2]InnerR
	SM  []map[string]int32
	Z0  [0]int32
	Z0S [0]string
	ES  []EmptyR
	PS  *[]string
	PM  *map[string]int32
	AA  [2][2]string
	SA  [][2]int64
	MS  map[string][]InnerR
	SPS []*string
	Big [40]uint8
}

// SwGenR is the twin of SwGen.
type SwGenR = PairR[PairR[int32, string], []string]

// SwGenMapR is the twin of SwGenMap (Pair[int64, bool] has no generated
// code).
type SwGenMapR = PairR[string, map[string]*Pair[int64, bool]]

// SwEmbedR is the twin of SwEmbed.
// (An embedded pointer is a field named after its type.)
type SwEmbedR struct {
	Inner    *InnerR
	SwHidden *swHidden
	//lint:ignore U1000 unexported on purpose: the twin of the skipped embedded swOpaque
	opaque *swOpaque // skipped as the embedded one is
	T      swTagged  `fury:"name=tagged"`
	Base
	SwStrs
	Z string
}
