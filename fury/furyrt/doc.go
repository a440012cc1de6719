// Package furyrt is the runtime of the code that cmd/furygen generates:
// the buffer that generated code and package fury share, the Writer and
// Reader that generated functions receive, codec registration, and the
// varint, array, map-chunk and time helpers generated code calls.
//
// It exists for generated code. Users call package fury; they do not need
// this package. Its API has no compatibility promise beyond matching the
// furygen of the same module version: regenerate (go generate ./...) after
// upgrading the module.
//
// The Init and Set methods of Writer and Reader, the Writer/ReaderEngine
// interfaces, Codecs, the write plans (NewPlan, Plan.SetNest, Writer.Root
// and Run), the TypeDefs (NewTypeDef, Writer.PutTypeDef and MarkTypeDef),
// and the Buffer methods about slabs and budgets (BeginSlab, Alloc,
// Budget, ...) are how package fury drives this package; generated code
// does not call them. It charges the budget with
// the functions of budget.go (ChargeSlice, NewPointee, Mark, ...).
package furyrt
