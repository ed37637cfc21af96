// Package hostile is the fixture servers' hostile-input battery, as tests
// only (go test ./server/hostile): every front end of the route table —
// plain HTTP/1.1 (fasthttp, server.Start), h2c (h2c.Start), TLS with
// HTTP/1.1 and with HTTP/2 by ALPN (tlsserver.Start) and HTTP/3 over QUIC
// (tlsserver.StartH3) — gets input no honest client sends, and must answer
// it with the exact status, or close the connection or reset the stream,
// within a bound; after every case a normal GET /json on a new connection
// must still succeed.
//
// The cases:
//   - malformed request lines and header lines (garbage, no version, an
//     unknown version, a line without a colon, NUL bytes) over HTTP/1.1:
//     400, or 505 for a version other than HTTP/1.x, and the
//     connection closed;
//   - malformed chunked bodies to POST /echo and POST /multipart over
//     HTTP/1.1: 400 and the connection closed; malformed multipart bodies
//     on every front end: 400;
//   - oversized headers: 431 over HTTP/1.1 and HTTP/3; over HTTP/2 a 431,
//     a reset stream or a GOAWAY and a closed connection;
//   - a stalled body (Content-Length 1000, 10 bytes sent) to POST /echo and
//     POST /multipart on every front end: 408, or the connection closed or
//     the stream reset, once the server's read timeout (WithReadTimeout)
//     has run out;
//   - HTTP/2 rapid reset (2,000 HEADERS and RST_STREAM pairs on one
//     connection): the connection still answers a PING, or is told
//     ENHANCE_YOUR_CALM;
//   - an HTTP/2 CONTINUATION flood (a header block that never ends, 16
//     MiB offered): the server closes the connection long before;
//   - random UDP datagrams, and some shaped like QUIC Initial packets, to
//     the HTTP/3 port: it keeps serving;
//   - a reader that stops reading a 16 MiB answer (TestSlowReader), and an
//     HTTP/2 stream given no flow-control window (TestZeroWindow): cut
//     once the write timeout (WithWriteTimeout) has run out;
//   - header lines that stall or trickle in a byte at a time
//     (TestSlowHeaders): 408, 400 or the connection closed at the read
//     timeout;
//   - request smuggling over HTTP/1.1 (TestSmuggling: Content-Length with
//     Transfer-Encoding, an unknown coding) and Upgrade: h2c
//     (TestUpgradeH2C, never 101);
//   - HTTP/2 floods of PING, SETTINGS and WINDOW_UPDATE frames
//     (TestControlFloods) and an HPACK bomb (TestHPACKBomb: 431);
//   - HTTP/3: QPACK abuse (TestQPACKAbuse: a dynamic-table reference, a
//     string or a HEADERS frame claiming 1 TiB), request streams held with
//     unfinished headers (TestH3StreamLimit: the server's MAX_STREAMS
//     bounds them), a rapid reset (TestH3RapidReset) and bodies over 16
//     MiB (TestOversizedBodyH3: 413, or an echo cut off; the TCP front
//     ends' are server/routetest's).
//
// The connection cap of benchserver off loopback (-max-conns) is tested
// with the program, in server/benchserver's TestMaxConns.
//
// Every raw connection and every client request has a deadline, so a
// server that waits forever fails a case instead of hanging the run. Most
// cases wait rather than compute, so they run 16 at a time (TestMain), and
// the ones that compute 2 at a time (compute): the battery takes under ten
// seconds on 2 CPUs, its slow-reader cases' wait (a write timeout of 1 s
// and 2 s more) the longest, and under half a minute under -race.
package hostile
