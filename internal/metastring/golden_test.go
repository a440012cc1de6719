package metastring

import (
	"bufio"
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The golden files in testdata were produced by the peers from the inputs in
// testdata/strings.txt: gen_python.py (pyfory 1.7.7) and Gen.java (fory-core
// 1.6.0). Hex fields use "-" for empty.

type kindSpec struct {
	enc     Encoder
	allowed []Encoding // nil means every encoding
}

var kinds = map[string]kindSpec{
	"ns_all":   {NamespaceEncoder, nil},
	"type_all": {TypeNameEncoder, nil},
	"ns":       {NamespaceEncoder, NamespaceEncodings[:]},
	"type":     {TypeNameEncoder, TypeNameEncodings[:]},
	"field":    {FieldNameEncoder, FieldNameEncodings[:]},
}

func readGolden(t *testing.T, name string, fields int) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	require.NoError(t, err)
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		row := strings.Fields(sc.Text())
		require.Len(t, row, fields, "line %q", sc.Text())
		rows = append(rows, row)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, rows)
	return rows
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	if s == "-" {
		return []byte{}
	}
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

func parseEncoding(t *testing.T, s string) Encoding {
	t.Helper()
	v, err := strconv.ParseUint(s, 10, 8)
	require.NoError(t, err)
	return Encoding(v)
}

// TestChooseMatchesJava checks the encoding choice, bytes and long-string hash
// against Java fory-core for every input and every use.
func TestChooseMatchesJava(t *testing.T) {
	for _, row := range readGolden(t, "java_choose.txt", 5) {
		spec, ok := kinds[row[0]]
		require.True(t, ok, row[0])
		s := string(unhex(t, row[1]))
		wantEnc := parseEncoding(t, row[2])
		wantBytes := unhex(t, row[3])

		enc, b, err := spec.enc.Encode(s, spec.allowed...)
		require.NoError(t, err, "%s %q", row[0], s)
		assert.Equal(t, wantEnc, enc, "%s %q", row[0], s)
		assert.Equal(t, wantBytes, b, "%s %q", row[0], s)
		if len(b) > 0 {
			wantHash, err := strconv.ParseUint(row[4], 16, 64)
			require.NoError(t, err)
			assert.Equal(t, wantHash, Hash(b, enc), "%s %q", row[0], s)
		}
	}
}

// TestChooseVersusPython checks pyfory's choices: with every encoding allowed
// (its choice for schema-consistent named types) it agrees with this package
// on all strings it can encode; with the TypeDef sets it differs only where it
// picks FirstToLowerSpecial outside the allowed set (and then fails to write).
func TestChooseVersusPython(t *testing.T) {
	agreed := 0
	for _, row := range readGolden(t, "python_choose.txt", 5) {
		spec := kinds[row[0]]
		s := string(unhex(t, row[1]))
		if row[2] == "ERR" {
			// pyfory fails on non-ASCII letters; this package uses UTF8.
			assert.Equal(t, UTF8, spec.enc.Choose(s, spec.allowed...), "%q", s)
			continue
		}
		pyEnc := parseEncoding(t, row[2])
		enc, b, err := spec.enc.Encode(s, spec.allowed...)
		require.NoError(t, err)
		if enc != pyEnc {
			require.NotNil(t, spec.allowed, "%s %q: python %v, go %v", row[0], s, pyEnc, enc)
			assert.Equal(t, FirstToLowerSpecial, pyEnc, "%s %q", row[0], s)
			assert.Equal(t, -1, IndexOf(spec.allowed, pyEnc))
			continue
		}
		agreed++
		assert.Equal(t, unhex(t, row[3]), b, "%s %q", row[0], s)
		if len(b) > 0 {
			wantHash, err := strconv.ParseUint(row[4], 16, 64)
			require.NoError(t, err)
			assert.Equal(t, wantHash, PythonHash(b, enc), "%s %q", row[0], s)
		}
	}
	assert.Greater(t, agreed, 2500)
}

// TestEncodeWithAndDecodeMatchPeers checks EncodeWith and Decode against both
// peers for every (string, encoding, special characters) combination.
func TestEncodeWithAndDecodeMatchPeers(t *testing.T) {
	for _, file := range []string{"java_with.txt", "python_with.txt"} {
		t.Run(file, func(t *testing.T) {
			for _, row := range readGolden(t, file, 5) {
				e := Encoder{Special1: row[0][0], Special2: row[0][1]}
				s := string(unhex(t, row[1]))
				enc := parseEncoding(t, row[2])

				got, err := e.EncodeWith(s, enc)
				if row[3] == "ERR" {
					assert.Error(t, err, "%s %q %v", row[0], s, enc)
					continue
				}
				peerBytes := unhex(t, row[3])
				if err == nil {
					assert.Equal(t, peerBytes, got, "%s %q %v", row[0], s, enc)
				} else {
					// Stricter than the peers only where the peers would not
					// round-trip: FirstToLowerSpecial without an uppercase
					// first letter, AllToLowerSpecial holding '|'.
					switch enc {
					case FirstToLowerSpecial:
						assert.False(t, isUpper(s[0]), "%q", s)
					case AllToLowerSpecial:
						assert.Contains(t, s, "|")
					default:
						t.Errorf("%s %q %v: peer encodes, go fails: %v", row[0], s, enc, err)
					}
				}

				dec, err := e.Decode(peerBytes, enc)
				if row[4] == "ERR" {
					assert.Error(t, err, "%s %q %v", row[0], s, enc)
				} else {
					require.NoError(t, err, "%s %q %v", row[0], s, enc)
					assert.Equal(t, string(unhex(t, row[4])), dec, "%s %q %v", row[0], s, enc)
				}
			}
		})
	}
}
