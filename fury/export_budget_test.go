package fury

import "testing"

// CheckBudgetHistory exports checkBudgetHistory to package fury_test.
func CheckBudgetHistory(t *testing.T, data []byte, newFury func(limit int64) *Fury, dst func() any) {
	t.Helper()
	checkBudgetHistory(t, data, newFury, dst)
}

// ExactAlloc exports exactAlloc to package fury_test.
func ExactAlloc(fn func()) uint64 { return exactAlloc(fn) }
