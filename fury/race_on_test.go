//go:build race

package fury

// raceEnabled: the race detector slows allocation-heavy tests tenfold;
// they feed fewer inputs under it.
const raceEnabled = true
