package bench

import "github.com/fury-go/fury/fury"

// fury-gen-alias and fury-gen-compatible-alias: fury-gen and
// fury-gen-compatible deserializing with fury.WithAliasInput(true), in
// which decoded strings and []byte point into the payload instead of being
// copied (the payload must then outlive the value and stay unchanged).
// Deserialize only: serializing is the same as without the option.

func init() { suites = append(suites, furyAliasSuite) }

var furyAliasModes = []furyMode{
	{"fury-gen-alias", false, []fury.Option{fury.WithGeneratedCode(true), fury.WithCompatible(false),
		fury.WithAliasInput(true)}, true},
	{"fury-gen-compatible-alias", false, []fury.Option{fury.WithGeneratedCode(true), fury.WithCompatible(true),
		fury.WithAliasInput(true)}, true},
}

func furyAliasSuite(o objects) ([]serBench, []deBench, error) {
	return furyGenDeOnly(o, furyAliasModes)
}
