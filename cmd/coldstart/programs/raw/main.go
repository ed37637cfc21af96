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
	"os"
	"strings"
)

type message struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: %s URL", os.Args[0]))
	}
	rest, ok := strings.CutPrefix(os.Args[1], "http://")
	if !ok {
		fail(fmt.Errorf("%q: want an http:// URL", os.Args[1]))
	}
	host, path, _ := strings.Cut(rest, "/")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		fail(err)
	}
	defer conn.Close()
	if _, err := fmt.Fprintf(conn, "GET /%s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, host); err != nil {
		fail(err)
	}
	resp, err := io.ReadAll(conn)
	if err != nil {
		fail(err)
	}
	head, body, ok := bytes.Cut(resp, []byte("\r\n\r\n"))
	if !ok {
		fail(fmt.Errorf("no end of header in %q", resp))
	}
	if !bytes.HasPrefix(head, []byte("HTTP/1.1 200 ")) {
		fail(fmt.Errorf("status line %q", bytes.SplitN(head, []byte("\r\n"), 2)[0]))
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		fail(err)
	}
	if m.Message != "hello" || m.Count != 42 {
		fail(fmt.Errorf("wrong answer %+v", m))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "raw:", err)
	os.Exit(1)
}
