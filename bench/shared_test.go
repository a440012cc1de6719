package bench

import "github.com/fury-go/fury/fury"

// fury-gen-shared and fury-gen-compatible-shared: fury-gen and
// fury-gen-compatible deserializing with fury.WithSharedBlocks(true), in
// which decoded strings, primitive slices and number pointees are carved
// from blocks of up to 8 KiB that later decodes carve on from (a kept
// piece keeps its block, and so other messages' memory, alive).
// Deserialize only: serializing is the same as without the option. The
// default entries (fury-gen, fury-gen-compatible) give each decoded value
// its own memory.

func init() { suites = append(suites, furySharedSuite) }

var furySharedModes = []furyMode{
	{"fury-gen-shared", false, []fury.Option{fury.WithGeneratedCode(true), fury.WithCompatible(false),
		fury.WithSharedBlocks(true)}, true},
	{"fury-gen-compatible-shared", false, []fury.Option{fury.WithGeneratedCode(true), fury.WithCompatible(true),
		fury.WithSharedBlocks(true)}, true},
}

func furySharedSuite(o objects) ([]serBench, []deBench, error) {
	return furyGenDeOnly(o, furySharedModes)
}

// furyGenDeOnly returns the deserialize benchmarks of those of modes (of
// generated code, deserialize only) whose generated code is in use.
func furyGenDeOnly(o objects, modes []furyMode) ([]serBench, []deBench, error) {
	var in []furyMode
	for _, m := range modes {
		ok, err := generatedInUse(m)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			in = append(in, m)
		}
	}
	_, de, err := furySuite(o, in)
	return nil, de, err
}
