// Package v is imported by gentest under its name, which generated code
// also uses for locals: furygen must import it under another name.
package v

// Pt is a struct without generated code.
type Pt struct {
	X, Y int32
}

// Level is a named integer type.
type Level int32
