// Package other declares a struct whose promoted fields come from an
// unexported embedded struct.
package other

type Outer struct {
	inner
}

type inner struct {
	X int32
}
