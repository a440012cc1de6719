package gentest

// Twins of the types of regress.go, without generated code.
type (
	SmallEnumsR SmallEnums
	BudgetsR    Budgets
	IntSizedR   IntSized
	EventR      Event
	EventWithR  EventWith
	GridR       Grid
	OrderR      Order
	OrderE1R    OrderE1
	Order_1R    Order_1
	bufR        buf
	ForeignR    Foreign
)

// LineR is the twin of Line.
type LineR struct {
	E  EventR
	EW EventWithR
	PE *EventR
	Es []EventR
}

// xR is the twin of x.
type xR struct {
	V    int32
	Next *xR
}

// LocalsR is the twin of Locals.
type LocalsR struct {
	X    xR
	PX   *xR
	Xs   []xR
	Bufs []*bufR
	V    map[string]v1
	PV   *v1
	Vs   [][]v1
}

// PInnerR is the twin of PInner.
type PInnerR *InnerR

// NamedPtrsR is the twin of NamedPtrs.
type NamedPtrsR struct {
	S   PStatus
	L   PLabel
	In  PInnerR
	Ins []PInnerR
}
