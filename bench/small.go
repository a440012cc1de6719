package bench

import "time"

// SmallStruct is shaped like the struct of the public
// go_serialization_benchmarks suite (alecthomas/go_serialization_benchmarks,
// its A type: name, birthday, phone, siblings, spouse, money), so that its
// figures can be set beside that table. Its values have the sizes that
// suite generates: a 16-character name, a 10-character phone number.
type SmallStruct struct {
	Name     string
	BirthDay time.Time
	Phone    string
	Siblings int64
	Spouse   bool
	Money    float64
}

// NewSmallStruct returns a populated SmallStruct.
func NewSmallStruct() SmallStruct {
	return SmallStruct{
		Name:     "a1b2c3d4e5f6a7b8",
		BirthDay: time.Date(1990, 5, 17, 8, 30, 15, 123456789, time.UTC),
		Phone:    "0123456789",
		Siblings: 3,
		Spouse:   true,
		Money:    0.5811290745286865,
	}
}
