package fury_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/fury-go/fury/fury"
)

// A connection that carries fury messages and then switches to another
// protocol: after the last Decode, Buffered holds what the Decoder read
// past the message, and the rest is still in the reader. A message that
// does not fit the destination is that message's error; the next one
// decodes.
func ExampleDecoder_Buffered() {
	var conn bytes.Buffer // a net.Conn in real use
	enc := fury.NewEncoder(&conn)
	_ = enc.Encode("hello")
	_ = enc.Encode(3.5) // not a string
	_ = enc.Encode("bye")
	conn.WriteString("PLAIN TEXT FROM HERE\n")

	dec := fury.NewDecoder(&conn)
	for range 3 {
		var s string
		if err := dec.Decode(&s); err != nil {
			fmt.Println("skipped:", errors.Is(err, fury.ErrTypeMismatch))
			continue
		}
		fmt.Println(s)
	}
	rest := bufio.NewReader(io.MultiReader(bytes.NewReader(dec.Buffered()), &conn))
	line, _ := rest.ReadString('\n')
	fmt.Print(line)
	// Output:
	// hello
	// skipped: true
	// bye
	// PLAIN TEXT FROM HERE
}
