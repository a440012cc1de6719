// Command generate shows how an application uses furygen: the go:generate
// line below writes order_fury.go with specialized code for the listed
// types, and every fury.Fury then uses it for them automatically.
//
//	go generate ./examples/generate   # rewrites order_fury.go
//	go run ./examples/generate
package main

import "time"

//go:generate go tool furygen -type Order,LineItem,Customer

// Status is an order's state; the application registers it as an enum.
type Status int32

// Order states.
const (
	StatusNew Status = iota
	StatusPaid
	StatusShipped
)

// Order is a customer's order.
type Order struct {
	ID       int64
	Customer Customer
	Items    []LineItem
	Status   Status
	Placed   time.Time
	Note     *string
	Tags     []string
	Weights  []float32
}

// LineItem is one line of an order.
type LineItem struct {
	SKU      string
	Quantity int32
	Price    float64
	Discount *float64
}

// Customer is who placed an order.
type Customer struct {
	ID    int64
	Name  string
	Email string `fury:"name=mail"`
}
