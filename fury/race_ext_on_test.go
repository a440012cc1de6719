//go:build race

package fury_test

// underRace: the race detector slows allocation-heavy tests tenfold;
// they feed fewer inputs under it.
const underRace = true
