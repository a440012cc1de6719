// Package fdl parses the Fory Definition Language (.fdl files), the schema
// language of the Fory schema compiler foryc, into a schema.File. It
// accepts what foryc 1.7 accepts: package (with an alias), import, file
// options, messages with nested types, enums, unions, services, reserved
// ranges, field modifiers (optional, ref, repeated), list/array/map types,
// integer encoding modifiers (fixed, varint, tagged) and option lists.
package fdl

import (
	"unicode"
	"unicode/utf8"

	"github.com/fury-go/fury/internal/schema"
)

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tInt
	tString
	tPunct   // one of {}[]()<>;,=.
	tKeyword // a reserved word
)

var keywords = map[string]bool{
	"package": true, "import": true, "public": true, "weak": true, "message": true, "enum": true,
	"union": true, "optional": true, "ref": true, "repeated": true, "list": true, "array": true,
	"map": true, "option": true, "true": true, "false": true, "reserved": true, "to": true,
	"max": true, "service": true, "rpc": true, "returns": true, "stream": true,
}

type token struct {
	kind      tokKind
	text      string // identifier, keyword, punctuation, number digits, or the string's value
	line, col int
}

func (t token) is(kind tokKind, text string) bool { return t.kind == kind && t.text == text }

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string \"" + t.text + "\""
	case tInt:
		return "number " + t.text
	case tKeyword:
		return "keyword " + t.text
	case tPunct:
		return "'" + t.text + "'"
	}
	return "identifier " + t.text
}

// lex splits src into tokens. Columns count characters (runes), from 1.
func lex(file string, src []byte) ([]token, error) {
	var toks []token
	line, col := 1, 1
	i := 0
	adv := func() rune {
		r, n := utf8.DecodeRune(src[i:])
		i += n
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
		return r
	}
	peek := func(k int) byte {
		if i+k < len(src) {
			return src[i+k]
		}
		return 0
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			adv()
			continue
		case c == '/' && peek(1) == '/':
			for i < len(src) && src[i] != '\n' {
				adv()
			}
			continue
		case c == '/' && peek(1) == '*':
			l, cl := line, col
			adv()
			adv()
			closed := false
			for i < len(src) {
				if src[i] == '*' && peek(1) == '/' {
					adv()
					adv()
					closed = true
					break
				}
				adv()
			}
			if !closed {
				return nil, schema.Errorf(schema.Pos{File: file, Line: l, Col: cl}, "unterminated block comment")
			}
			continue
		}
		l, cl := line, col
		pos := schema.Pos{File: file, Line: l, Col: cl}
		switch {
		case c == '"' || c == '\'':
			q := adv()
			var val []rune
			for {
				if i >= len(src) {
					return nil, schema.Errorf(pos, "unterminated string")
				}
				if src[i] == '\n' {
					return nil, schema.Errorf(pos, "unterminated string (newline in string)")
				}
				r := adv()
				if r == q {
					break
				}
				if r == '\\' {
					if i >= len(src) {
						return nil, schema.Errorf(pos, "unterminated string")
					}
					switch e := adv(); e {
					case 'n':
						r = '\n'
					case 't':
						r = '\t'
					default:
						r = e
					}
				}
				val = append(val, r)
			}
			toks = append(toks, token{tString, string(val), l, cl})
		case c < utf8.RuneSelf && isPunct(c):
			adv()
			toks = append(toks, token{tPunct, string(c), l, cl})
		case c >= '0' && c <= '9' || c == '-' && peek(1) >= '0' && peek(1) <= '9':
			start := i
			adv()
			for i < len(src) && src[i] >= '0' && src[i] <= '9' {
				adv()
			}
			toks = append(toks, token{tInt, string(src[start:i]), l, cl})
		default:
			r, _ := utf8.DecodeRune(src[i:])
			if !unicode.IsLetter(r) && r != '_' {
				return nil, schema.Errorf(pos, "unexpected character %q", r)
			}
			start := i
			for i < len(src) {
				r, _ := utf8.DecodeRune(src[i:])
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' {
					break
				}
				adv()
			}
			w := string(src[start:i])
			k := tIdent
			if keywords[w] {
				k = tKeyword
			}
			toks = append(toks, token{k, w, l, cl})
		}
	}
	toks = append(toks, token{tEOF, "", line, col})
	return toks, nil
}

func isPunct(c byte) bool {
	switch c {
	case '{', '}', '[', ']', '(', ')', '<', '>', ';', ',', '=', '.':
		return true
	}
	return false
}
