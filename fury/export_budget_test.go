package fury

import "testing"

// CheckBudgetHistory exports checkBudgetHistory to package fury_test.
func CheckBudgetHistory(t *testing.T, data []byte, newFury func(limit int64) *Fury, dst func() any) {
	t.Helper()
	checkBudgetHistory(t, data, newFury, dst)
}

// ExactAlloc exports exactAlloc to package fury_test.
func ExactAlloc(fn func()) uint64 { return exactAlloc(fn) }

// ShortWayReady reports whether f's next Unmarshal into the type of its
// last one may take the short way (readGen).
func ShortWayReady(f *Fury) bool { return f.lastOutRF != nil }
