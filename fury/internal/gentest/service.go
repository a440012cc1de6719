package gentest

import "time"

// NewTeam returns a service-like value: people by value, by pointer and in
// a list of pointers, embedded fields, time, maps of strings, numbers and
// slices.
func NewTeam() Team {
	person := func(i int) Person {
		nick := "nick" + string(rune('a'+i))
		return Person{
			Common: Common{CreatedAt: time.Date(2024, 3, 1+i, 12, 30, 0, 123456789, time.UTC), Version: uint32(3 + i)},
			Name:   "Person " + string(rune('A'+i)),
			Nick:   &nick,
			Home:   Address{Street: "1 Main Street", City: "Springfield", Zip: 12345 + int32(i)},
			Work:   &Address{Street: "200 Market Street", City: "Shelbyville", Zip: 54321},
			Emails: []string{"person@example.com", "p.work@example.org"},
			Visits: []int64{1700000000, 1700003600, 1700007200, 1700010800, 1700014400},
			Attrs:  map[string]string{"team": "core", "level": "senior", "office": "north"},
			Ratings: map[int32]float32{
				2021: 4.5, 2022: 4.75, 2023: 5,
			},
		}
	}
	members := []Person{person(0), person(1), person(2)}
	friend := person(3)
	members[0].Friends = []*Person{&friend}
	members[1].Friends = []*Person{&friend, &friend}
	lead := person(4)
	return Team{
		Name:    "core platform",
		Members: members,
		Lead:    &lead,
		Scores: map[string][]float64{
			"latency":    {1.5, 2.25, 3, 4.125},
			"throughput": {1200, 1350.5, 1500, 1425},
			"errors":     {0, 0.01, 0.02, 0},
		},
	}
}

// NewCollections returns a Collections with every field set.
func NewCollections() Collections {
	return Collections{
		Grid:    [][]int32{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}},
		Scores:  map[string][]float64{"a": {1, 2}, "b": {3, 4}},
		Weights: map[int32]float32{1: 0.5, 2: 0.25, 3: 0.125},
		Labels:  map[string]string{"env": "prod", "zone": "eu-west-1", "tier": "gold"},
		Words:   [][]string{{"alpha", "beta"}, {"gamma"}},
		Index:   map[string][]string{"x": {"one", "two"}, "y": {"three"}},
		Stamps:  []time.Time{time.Unix(1700000000, 5).UTC(), time.Unix(1700000001, 6).UTC()},
		When:    map[int64]time.Time{1: time.Unix(1700000002, 7).UTC()},
		List:    []int32{10, 20, 30},
		Deep:    map[string]map[string]int64{"outer": {"inner": 42, "other": 7}},
		Blobs:   map[string][]byte{"k": []byte("value")},
		Flags:   map[bool]uint16{true: 1, false: 2},
		Durs:    []time.Duration{time.Second, time.Minute},
		Pair:    [2][]int32{{1}, {2, 3}},
	}
}
