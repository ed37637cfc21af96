package http3_test

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	adapter "github.com/httpclientbench/httpclientbench/clients/http3"
	"github.com/httpclientbench/httpclientbench/server/tlsserver"
)

// raceReproEnv turns on TestQUICEarlyStreamRace.
const raceReproEnv = "HTTPBENCH_QUIC_RACE"

// TestQUICEarlyStreamRace reproduces quic-go/quic-go#4303 with quic-go
// alone: a client resuming with 0-RTT (DialEarly to a server allowing it)
// opens a stream at once, the way http3.Transport.NewClientConn opens its
// control stream, and the race detector reports that the connection's run
// loop writes the server's transport parameters while the stream's flow
// controller reads them. It fails on purpose, so it runs only when asked:
//
//	HTTPBENCH_QUIC_RACE=1 go test -race -run TestQUICEarlyStreamRace -count=5 ./clients
//
// When it passes under -race for a quic-go release, that release has fixed
// the race and awaitEarlyHandshake (clients/http3/race.go) can go.
func TestQUICEarlyStreamRace(t *testing.T) {
	if os.Getenv(raceReproEnv) == "" {
		t.Skipf("reproduces a known quic-go data race (quic-go/quic-go#4303) and so fails under -race: set %s=1 to run it", raceReproEnv)
	}
	earlyStreams(t, 300, func(context.Context, *quic.Conn) error { return nil })
}

// TestQUICStreamsAfterHandshake: the same dials and streams as
// TestQUICEarlyStreamRace, each stream opened after the http3 client's
// awaitEarlyHandshake, are free of the race: under -race this test fails
// if that wait is removed from race builds.
func TestQUICStreamsAfterHandshake(t *testing.T) {
	earlyStreams(t, 300, adapter.AwaitEarlyHandshake)
}

// earlyStreams dials a quic-go server that allows 0-RTT n+1 times on one
// transport with one TLS session cache: the first dial is a full handshake
// that leaves a session ticket, each later one resumes with 0-RTT, calls
// wait and then opens a unidirectional stream and sends a byte on it, as
// an HTTP/3 client sends its SETTINGS. Every resumed dial must have used
// 0-RTT, or the test would not be reproducing anything.
func earlyStreams(t *testing.T, n int, wait func(context.Context, *quic.Conn) error) {
	t.Helper()
	cert, err := tlsserver.GenerateCert()
	if err != nil {
		t.Fatal(err)
	}
	const alpn = "httpclientbench-0rtt"
	stc := cert.ServerConfig()
	stc.NextProtos = []string{alpn}
	srvUDP, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	srvTr := &quic.Transport{Conn: srvUDP}
	defer func() { srvTr.Close(); srvUDP.Close() }()
	ln, err := srvTr.ListenEarly(stc, &quic.Config{Allow0RTT: true})
	if err != nil {
		t.Fatal(err)
	}
	srvDone := make(chan struct{})
	go func() {
		defer close(srvDone)
		for {
			conn, err := ln.Accept(context.Background())
			if err != nil {
				return
			}
			go func() {
				// Read the client's stream to its end, then let the client close.
				if str, err := conn.AcceptUniStream(conn.Context()); err == nil {
					io.Copy(io.Discard, str)
				}
			}()
		}
	}()
	defer func() { ln.Close(); <-srvDone }()

	udp, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	tr := &quic.Transport{Conn: udp}
	defer func() { tr.Close(); udp.Close() }()
	ctc := &tls.Config{
		RootCAs:            cert.Pool(),
		ServerName:         "localhost",
		NextProtos:         []string{alpn},
		ClientSessionCache: tls.NewLRUClientSessionCache(1),
	}
	for i := range n + 1 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := dialOnce(ctx, tr, ln.Addr(), ctc, wait, i > 0)
		cancel()
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
	}
}

func dialOnce(ctx context.Context, tr *quic.Transport, addr net.Addr, tc *tls.Config, wait func(context.Context, *quic.Conn) error, resumed bool) error {
	conn, err := tr.DialEarly(ctx, addr, tc, &quic.Config{})
	if err != nil {
		return err
	}
	defer conn.CloseWithError(0, "")
	if err := wait(ctx, conn); err != nil {
		return err
	}
	str, err := conn.OpenUniStream()
	if err != nil {
		return err
	}
	if _, err := str.Write([]byte{0}); err != nil {
		return err
	}
	if err := str.Close(); err != nil {
		return err
	}
	select {
	case <-conn.HandshakeComplete():
	case <-ctx.Done():
		return ctx.Err()
	}
	cs := conn.ConnectionState()
	switch {
	case !resumed:
		// The server sends its session ticket with the handshake's end;
		// wait for the client to have stored it before the next dial.
		if _, ok := tc.ClientSessionCache.Get("localhost"); !ok {
			return waitTicket(ctx, tc)
		}
	case !cs.TLS.DidResume || !cs.Used0RTT:
		return errors.New("the dial did not resume with 0-RTT")
	}
	return nil
}

// waitTicket polls the session cache until the first dial's ticket is in.
func waitTicket(ctx context.Context, tc *tls.Config) error {
	for {
		if _, ok := tc.ClientSessionCache.Get("localhost"); ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.New("no session ticket from the server")
		case <-time.After(time.Millisecond):
		}
	}
}
