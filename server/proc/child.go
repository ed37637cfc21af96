package proc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/httpclientbench/httpclientbench/server"
	"github.com/httpclientbench/httpclientbench/server/h2c"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

func init() {
	if js, ok := os.LookupEnv(envSpec); ok {
		if err := serve(js); err != nil {
			fmt.Fprintf(os.Stderr, "proc: %v\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
}

func (s Spec) check() error {
	switch s.Proto {
	case H1, TLS, H3:
		if s.Window != "" {
			return fmt.Errorf("proc: a window is for %s, not %s", H2C, s.Proto)
		}
	case H2C:
		if _, err := window(s.Window); err != nil {
			return err
		}
	default:
		return fmt.Errorf("proc: proto %q: want %s, %s, %s or %s", s.Proto, H1, H2C, TLS, H3)
	}
	if s.Burn != 0 && s.Proto != H1 {
		return fmt.Errorf("proc: Burn is for %s", H1)
	}
	if s.Burn < 0 {
		return fmt.Errorf("proc: Burn %v < 0", s.Burn)
	}
	return nil
}

func window(name string) (h2c.Window, error) {
	i := slices.IndexFunc(h2c.Windows, func(w h2c.Window) bool { return w.Name == name })
	if i < 0 {
		return h2c.Window{}, fmt.Errorf("proc: no window preset %q", name)
	}
	return h2c.Windows[i], nil
}

// serve is the child: the server js describes, until stdin ends (the
// parent closed it, or died) or a SIGTERM or SIGINT comes.
func serve(js string) error {
	var spec Spec
	if err := json.Unmarshal([]byte(js), &spec); err != nil {
		return fmt.Errorf("%s: %w", envSpec, err)
	}
	if err := spec.check(); err != nil {
		return err
	}
	if len(spec.CPUs) > 0 {
		if err := Pin(spec.CPUs); err != nil {
			return err
		}
	}
	// The page stays mapped until the process exits: a server's last
	// goroutines may still count (fasthttp's workers mark a connection
	// closed after Shutdown has returned), and a write to an unmapped
	// page is a fault, not an error.
	page, err := mapShared(os.NewFile(fdPage, "counters"), pageSize)
	if err != nil {
		return err
	}
	c, err := sharedAt[server.Counters](page)
	if err != nil {
		return err
	}
	certFile := os.NewFile(fdCert, "certificate")
	var cert *tlsserver.Cert
	if spec.tls() {
		b, err := io.ReadAll(certFile)
		if err != nil {
			return fmt.Errorf("reading the certificate: %w", err)
		}
		if cert, err = tlsserver.ParseKeyPair(b); err != nil {
			return err
		}
	}
	certFile.Close()

	const addr = "127.0.0.1:0"
	var srv interface {
		URL() string
		Shutdown(context.Context) error
	}
	switch spec.Proto {
	case H1:
		opts := []server.Option{server.WithAddr(addr), server.WithCounters(c)}
		if spec.Burn > 0 {
			opts = append(opts, server.WithHandler(func(ctx *fasthttp.RequestCtx) {
				Burn(spec.Burn)
				server.Handler(ctx)
			}))
		}
		srv, err = server.Start(opts...)
	case H2C:
		w, _ := window(spec.Window) // checked
		srv, err = h2c.Start(w, h2c.WithAddr(addr), h2c.WithCounters(c))
	case TLS:
		srv, err = tlsserver.Start(cert, tlsserver.WithAddr(addr), tlsserver.WithCounters(c))
	case H3:
		srv, err = tlsserver.StartH3(cert, tlsserver.WithAddr(addr), tlsserver.WithCounters(c))
	}
	if err != nil {
		return err
	}
	if _, err := fmt.Println(srv.URL()); err != nil {
		return errors.Join(err, srv.Shutdown(context.Background()))
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	eof := make(chan struct{})
	go func() {
		io.Copy(io.Discard, os.Stdin)
		close(eof)
	}()
	select {
	case <-eof:
	case <-stop:
	}
	if h3, ok := srv.(*tlsserver.H3Server); ok {
		// A QUIC connection whose client went without closing it would
		// hold a graceful stop until its idle timeout.
		return h3.Abort()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(ctx)
}
