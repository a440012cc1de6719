package fury

import "time"

// SmallStruct has the fields of goserbench.SmallStruct, in its order and with
// its types, so that a *goserbench.SmallStruct converts to a *SmallStruct
// (the same memory, nothing copied) and furygen, which writes code for the
// types of the package it is run on, has a type of this package to write it
// for. structdef_fury.go is furygen's output for it (`furygen -type
// SmallStruct` in this directory, furygen from github.com/fury-go/fury/cmd/furygen
// at the version go.mod requires).
type SmallStruct struct {
	Name     string
	BirthDay time.Time
	Phone    string
	Siblings int
	Spouse   bool
	Money    float64
}
