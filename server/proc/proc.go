// Package proc runs a fixture server in a process of its own, so that
// a benchmark measures its client with the server off its Go runtime: the
// running binary (a test binary, say) is started again as the server, and
// the server counts its connections and handshakes in a page of memory it
// shares with the parent (server.Counters, shm.go), so that
// every op is checked against them as against an in-process server's.
//
// A binary that imports this package becomes the server when Start starts
// it: the package's init sees the environment variable Start sets for the
// child alone, serves, and exits before main or TestMain runs.
package proc

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// envSpec is the environment variable that makes the binary the server:
// its value is the Spec, as JSON.
const envSpec = "HTTPBENCH_PROCSERVER"

// The child's files beside stdin, stdout and stderr (exec.Cmd.ExtraFiles).
const (
	fdPage = 3 // the shared page, server.Counters at its start
	fdCert = 4 // a pipe with the certificate and its key (tlsserver.KeyPairPEM)
)

const pageSize = 4096

// Bounds on the child's start and stop: liveness only, each far above what
// either takes (a few milliseconds to start, as long as the open
// connections take to close to stop).
const (
	startTimeout = 30 * time.Second
	stopTimeout  = 15 * time.Second
)

// The front ends a child serves (Spec.Proto).
const (
	H1  = "h1"  // fasthttp, cleartext HTTP/1.1 (server.Start)
	H2C = "h2c" // net/http, HTTP/2 with prior knowledge (h2c.Start)
	TLS = "tls" // net/http over TLS 1.3, h2 and http/1.1 by ALPN (tlsserver.Start)
	H3  = "h3"  // quic-go's HTTP/3 (tlsserver.StartH3)
)

// Spec is what the child serves, on a free loopback port.
type Spec struct {
	// Proto is the front end: H1, H2C, TLS or H3.
	Proto string `json:"proto"`
	// Window names the H2C server's window preset (h2c.Windows).
	Window string `json:"window,omitempty"`
	// CPUs, if not empty, are the CPUs the child's threads may run on
	// (sched_setaffinity), and its GOMAXPROCS their number.
	CPUs []int `json:"cpus,omitempty"`
	// Burn, if positive, is CPU time the H1 server spends on every
	// request before it answers: for the test that a client's CPU per op
	// leaves the server's out.
	Burn time.Duration `json:"burn,omitempty"`
}

func (s Spec) tls() bool { return s.Proto == TLS || s.Proto == H3 }

// Server is a fixture server in a child process.
type Server struct {
	// URL is the server's base URL: http:// or https://127.0.0.1:port.
	URL string
	// Counters are the server's counters, live: the child counts in the
	// page they are in.
	Counters *server.Counters

	cmd    *exec.Cmd
	stdin  io.WriteCloser
	page   *sharedPage
	exited chan struct{} // closed when the child has exited and been waited for
	err    error         // its Wait's result, once exited is closed
}

// Start starts the running binary again as the fixture server spec
// describes, presenting cert over TLS and HTTP/3, and returns once it
// listens. Close stops it; if the parent dies first, the child sees its
// stdin close and stops by itself.
func Start(spec Spec, cert *tlsserver.Cert) (s *Server, err error) {
	if err := spec.check(); err != nil {
		return nil, err
	}
	if spec.tls() && cert == nil {
		return nil, fmt.Errorf("proc: %s needs a certificate", spec.Proto)
	}
	js, err := json.Marshal(spec)
	if err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	page, err := newSharedPage(pageSize)
	if err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	defer func() {
		if err != nil {
			page.Close()
		}
	}()
	counters, err := sharedAt[server.Counters](page)
	if err != nil {
		return nil, err
	}
	certR, certW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), envSpec+"="+string(js))
	if len(spec.CPUs) > 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("GOMAXPROCS=%d", len(spec.CPUs)))
	}
	cmd.ExtraFiles = []*os.File{page.File(), certR}
	cmd.Stderr = os.Stderr
	// The banner comes over a pipe of our own: exec's StdoutPipe must be
	// read to its end before Wait, which runs from the start here.
	outR, outW, err := os.Pipe()
	if err != nil {
		certR.Close()
		certW.Close()
		return nil, fmt.Errorf("proc: %w", err)
	}
	cmd.Stdout = outW
	stdin, err := cmd.StdinPipe()
	if err == nil {
		err = cmd.Start()
	}
	certR.Close() // the child's now, as outW is
	outW.Close()
	if err != nil {
		certW.Close()
		outR.Close()
		return nil, fmt.Errorf("proc: start %s: %w", exe, err)
	}
	s = &Server{Counters: counters, cmd: cmd, stdin: stdin, page: page, exited: make(chan struct{})}
	go func() { s.err = cmd.Wait(); close(s.exited) }()
	fail := func(err error) (*Server, error) {
		cmd.Process.Kill()
		<-s.exited
		page.Close()
		return nil, fmt.Errorf("proc: %s server: %w", spec.Proto, err)
	}
	if spec.tls() {
		pair, err := cert.KeyPairPEM()
		if err == nil {
			_, err = certW.Write(pair)
		}
		if cerr := certW.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fail(fmt.Errorf("handing over the certificate: %w", err))
		}
	} else {
		certW.Close()
	}
	banner := make(chan string, 1)
	go func() {
		defer outR.Close()
		r := bufio.NewReader(outR)
		line, _ := r.ReadString('\n')
		banner <- strings.TrimSpace(line)
		io.Copy(io.Discard, r) // nothing more is written: until the child exits
	}()
	select {
	case s.URL = <-banner:
	case <-time.After(startTimeout):
		return fail(fmt.Errorf("no address within %v", startTimeout))
	}
	if !strings.HasPrefix(s.URL, "http://127.0.0.1:") && !strings.HasPrefix(s.URL, "https://127.0.0.1:") {
		<-s.exited // it said nothing: it has ended, or ends now
		return fail(fmt.Errorf("the child said %q, not its address (exit: %v)", s.URL, s.err))
	}
	return s, nil
}

// Pid is the child's process id.
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// Close stops the child: it stops listening, lets open requests end, and
// exits; a child that has not exited within stopTimeout is killed. The
// error says why if it did not exit cleanly. Counters must not be used
// after.
func (s *Server) Close() error {
	s.stdin.Close()
	var err error
	select {
	case <-s.exited:
		err = s.err
	case <-time.After(stopTimeout):
		s.cmd.Process.Kill()
		<-s.exited
		err = fmt.Errorf("did not stop within %v after its stdin closed: killed", stopTimeout)
	}
	if err != nil {
		err = fmt.Errorf("proc: the server (pid %d): %w", s.Pid(), err)
	}
	return errors.Join(err, s.page.Close())
}
