package fury

import "reflect"

type reflectValue = reflect.Value

func reflectNew(v any) reflect.Value { return reflect.New(reflect.TypeOf(v)) }
