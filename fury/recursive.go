package fury

import "reflect"

// selfReaching reports whether t reaches itself through the element, key
// and value types of slices, arrays, maps and pointers (type L []L, type M
// map[string]M, type P []*P). Such a type has no finite declared form;
// struct fields and interfaces end the walk, as values of those carry
// their own type info.
func selfReaching(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
	default:
		return false
	}
	seen := map[reflect.Type]bool{}
	var reaches func(u reflect.Type) bool
	reaches = func(u reflect.Type) bool {
		var next []reflect.Type
		switch u.Kind() {
		case reflect.Slice, reflect.Array, reflect.Pointer:
			next = []reflect.Type{u.Elem()}
		case reflect.Map:
			next = []reflect.Type{u.Key(), u.Elem()}
		}
		for _, n := range next {
			if n == t {
				return true
			}
			if !seen[n] {
				seen[n] = true
				if reaches(n) {
					return true
				}
			}
		}
		return false
	}
	return reaches(t)
}
