package xlang_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/xlang_test/schemas/billing"
	"github.com/fury-go/fury/xlang_test/schemas/money"
	"github.com/fury-go/fury/xlang_test/schemas/order"
)

// registerOrderAndBilling registers the Go packages of order.proto and
// billing.fdl on one Fury: both import package money (the Go package of
// the money.proto they import) and register its types through it.
func registerOrderAndBilling(f *fury.Fury) error {
	if err := order.RegisterTypes(f); err != nil {
		return err
	}
	return billing.RegisterTypes(f)
}

// TestSchemaMultiPackagePython exchanges the values of order.proto (every
// proto scalar, compiled with default flags on both sides) and
// billing.fdl, two schemas importing a third (money.proto), generated into
// three Go packages registered on one Fury, with the Python foryc
// generates from the same files (unchanged but for two foryc bugs in
// Python annotations and checks, see below), both ways, in both modes,
// with the options of exchangeSchemaCases.
func TestSchemaMultiPackagePython(t *testing.T) {
	root, p := pythonPeer(t)
	// foryc 1.7.7 checks a union case of an imported message type with
	// isinstance(v, Money), a name its module does not define; the test
	// qualifies it.
	gendir := compileSchemasPythonPatched(t, root, p, map[string]string{
		"isinstance(self._value, Money)": "isinstance(self._value, xlang_money.Money)",
	}, "order/order.proto", "billing/billing.fdl")
	exchangeSchemaCases(t, root, p, gendir, registerOrderAndBilling, multiCases())
}

// TestSchemaMultiPackageRegister: the packages' registration functions
// compose (each registers the shared package's types again, a no-op), in
// any order, and the generated code matches the reflection path.
func TestSchemaMultiPackageRegister(t *testing.T) {
	f := fury.New()
	require.NoError(t, billing.RegisterTypes(f))
	require.NoError(t, order.RegisterTypes(f))
	require.NoError(t, money.RegisterTypes(f))
	require.NoError(t, billing.RegisterTypes(f))
	b, err := f.Marshal(&billing.Invoice{Number: "n", Amount: cash(1, money.CurrencyEur)})
	require.NoError(t, err)
	var inv billing.Invoice
	require.NoError(t, f.Unmarshal(b, &inv))
	assert.Equal(t, cash(1, money.CurrencyEur), inv.Amount)
}

func cash(units int64, c money.Currency) money.Money { return money.Money{Units: units, Currency: c} }

func cashPtr(units int64, c money.Currency) *money.Money {
	m := cash(units, c)
	return &m
}

func multiCases() []schemaCase {
	return []schemaCase{
		{name: "order_scalars", value: func() any {
			return &order.Scalars{I32: 4000000000, I64: 1<<63 + 1, Si32: -5, Si64: -(1 << 40), U32: 7, U64: 1<<64 - 1,
				F32: 1<<32 - 1, F64: 1 << 63, Sf32: -9, Sf64: -(1 << 62), Fl: 1.5, Db: -2.25, B: true, S: "x",
				Raw: []byte{1, 2}, MaybeI32: ptr[uint32](3), MaybeSi64: ptr[int64](-1)}
		}},
		{name: "order_scalars_zero", value: func() any { return &order.Scalars{} }},
		{name: "order_lists", value: func() any {
			return &order.Lists{I32s: fury.Uint32Slice{0, 4000000000}, I64s: fury.Uint64Slice{1 << 63},
				Si32s: fury.Int32Slice{-1, 1}, Si64s: fury.Int64Slice{-(1 << 40)}, U32s: fury.Uint32Slice{5},
				U64s: fury.Uint64Slice{1<<64 - 1}, F32s: []fury.FixedUint32{1<<32 - 1, 0}, F64s: []fury.FixedUint64{1<<63 + 7},
				Sf32s: []fury.FixedInt32{-3}, Sf64s: []fury.FixedInt64{-(1 << 62), 2}, Fls: fury.Float32Slice{0.5},
				Dbs: fury.Float64Slice{-1.25, 3}, Bs: fury.BoolSlice{true, false}, Ss: []string{"a", ""},
				Statuses: []order.Status{order.StatusPaid, order.StatusUnknown},
				ByI32:    map[uint32]uint64{4000000000: 1 << 63}, BySi32: map[int32]int64{-2: -(1 << 40)},
				ByName: map[string]uint32{"n": 4000000000}, Names: map[uint64]string{1<<64 - 1: "max"}}
		}},
		{name: "order_lists_empty", value: func() any { return &order.Lists{} }},
		{name: "order_full", value: func() any {
			return &order.Order{Id: "o-1", Status: order.StatusShipped,
				Lines: []*order.Order_Line{{Sku: "A", Quantity: 3000000000, Price: cash(-150, money.CurrencyEur)},
					{Sku: "B", Price: cash(0, money.CurrencyUsd)}},
				Total: cash(300, money.CurrencyEur), Tip: cashPtr(5, money.CurrencyJpy),
				Refunds: []*money.Money{cashPtr(-1, money.CurrencyUsd)}, Fees: map[string]*money.Money{"ship": cashPtr(9, money.CurrencyEur)},
				At:      time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC),
				Payment: &order.Order_Payment_Voucher{Voucher: cashPtr(10, money.CurrencyJpy)}}
		}},
		{name: "order_unset", value: func() any { return &order.Order{At: time.Unix(0, 0).UTC()} }},
		{name: "order_account", value: func() any {
			return &order.Order{Id: "o-2", Status: order.StatusPaid, Total: cash(1, money.CurrencyUsd),
				At: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), Payment: &order.Order_Payment_Account{Account: 1<<63 + 5}}
		}},
		{name: "money_root", value: func() any { return cashPtr(-99, money.CurrencyJpy) }},
		{name: "billing_invoice", value: func() any {
			return &billing.Invoice{Number: "inv-7", Amount: cash(1200, money.CurrencyEur), Discount: cashPtr(-200, money.CurrencyEur),
				Items:    []*money.Money{cashPtr(700, money.CurrencyEur), cashPtr(500, money.CurrencyUsd)},
				Currency: money.CurrencyEur, Settled: &billing.Settled{}}
		}},
		{name: "billing_settled_root", value: func() any { return &billing.Settled{} }},
		{name: "billing_invoice_unset", value: func() any { return &billing.Invoice{} }},
	}
}
