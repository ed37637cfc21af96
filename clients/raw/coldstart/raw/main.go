// Command raw is cmd/coldstart's floor: no HTTP library, a hand-written
// HTTP/1.1 GET over a net.Conn ("Connection: close", the body read to EOF),
// the JSON body decoded and checked, exit 0 and no output on success. Its
// URL must be http://host:port/path.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/httpclientbench/httpclientbench/clients/coldstart/answer"
)

func main() {
	p := answer.Program("raw")
	url := p.URL()
	rest, ok := strings.CutPrefix(url, "http://")
	if !ok {
		p.Fail(fmt.Errorf("%q: want an http:// URL", url))
	}
	host, path, _ := strings.Cut(rest, "/")
	conn, err := net.Dial("tcp", host)
	p.Must(err)
	defer conn.Close()
	if _, err := fmt.Fprintf(conn, "GET /%s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, host); err != nil {
		p.Fail(err)
	}
	resp, err := io.ReadAll(conn)
	p.Must(err)
	head, body, ok := bytes.Cut(resp, []byte("\r\n\r\n"))
	if !ok {
		p.Fail(fmt.Errorf("no end of header in %q", resp))
	}
	if !bytes.HasPrefix(head, []byte("HTTP/1.1 200 ")) {
		p.Fail(fmt.Errorf("status line %q", bytes.SplitN(head, []byte("\r\n"), 2)[0]))
	}
	var m answer.Message
	p.Must(json.Unmarshal(body, &m))
	p.Check(m)
}
