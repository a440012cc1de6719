//go:build !race

package fury

const raceEnabled = false
