package results

// HeadlineRow is one row of the headline findings: the clients of one
// variant of a family, each as a ratio to net/http's time there. The root
// package's test fails when the suite no longer has a row's leaves, and
// cmd/benchreport refuses a row that the suite's leaves lack.
type HeadlineRow struct {
	// Title says what the row measures in a few words: the chart's label.
	Title string
	// Row is the family and its levels, "H1Download/size=1MiB/buf=fresh":
	// each client's leaf is Row + "/client=" + its name.
	Row string
	// Base is the row whose net/http leaf the ratios are taken to, for a
	// row net/http has no leaf in; "" is Row itself.
	Base string
	// Why is the reason the row is in the headline.
	Why string
	// Table is the protocol table of the front page's headline the row
	// is in, so that each table's clients have cells on its rows.
	Table string
}

// The front page's headline tables.
const (
	TableH1     = "HTTP/1.1"
	TableH2C    = "HTTP/2 cleartext (h2c)"
	TableTLSH1  = "HTTPS, HTTP/1.1"
	TableTLSH23 = "HTTPS, HTTP/2 and HTTP/3"
)

// Headline is the headline findings' rows, in their order on the page: the
// situations a Go developer choosing a client meets most, one leaf of each
// family that answers a question of its own. Rows with a buf= level take
// buf=fresh, each library's usual way to hand over a body; HTTP/2 rows the
// libraries' default windows where the family has them.
var Headline = []HeadlineRow{
	{"small GET", "H1GetBytes/buf=fresh",
		"", "the cost of a request itself: 30 bytes of body, read into a new buffer", TableH1},
	{"small GET, JSON decoded", "JSON",
		"", "the typical API call: GET and decode into a struct, each library's JSON path", TableH1},
	{"4 KiB POST", "H1Post4KiB/buf=fresh",
		"", "a request with a body: building and sending it, reading the echo", TableH1},
	{"1 MiB download", "H1Download/size=1MiB/buf=fresh",
		"", "throughput: where copying and buffer growth dominate instead of the request", TableH1},
	{"50 concurrent GETs", "H1Concurrent/n=50",
		"", "a busy service: 50 requests at once on one client, its pool and locks under contention", TableH1},
	{"GET on a new connection", "Pool/proto=h1/conn=fresh",
		"", "no keep-alive: dial, first request and close, what a client without pooling pays", TableH1},
	{"small GET, h2c", "H2Get/window=tuned",
		"", "the request cost over HTTP/2 cleartext (tuned windows: the family's only variant)", TableH2C},
	{"1 MiB download, h2c", "H2Download/size=1MiB/window=default/buf=fresh",
		"", "HTTP/2 throughput with each library's default flow-control windows", TableH2C},
	{"1 MiB upload of unknown length", "Upload/size=1MiB/length=unknown",
		"", "streaming an io.Reader: where the libraries differ most (some read it all into memory first)", TableH1},
	{"small multipart form", "Multipart/form=small",
		"", "a form POST, through each library's own multipart support", TableH1},
	{"small GET, HTTPS h1", "TLSGet/proto=h1",
		"", "most traffic is HTTPS: the request over TLS 1.3 on a kept connection", TableTLSH1},
	{"small GET, HTTPS h2", "TLSGet/proto=h2",
		"", "HTTP/2 by ALPN, what net/http speaks to most HTTPS servers", TableTLSH23},
	{"small GET, HTTP/3", "TLSGet/proto=h3",
		"TLSGet/proto=h2", "HTTP/3 against net/http's HTTP/2 over TLS, the protocol it would replace (net/http has no HTTP/3)", TableTLSH23},
	{"new HTTPS connection", "TLSHandshake/proto=h1/resume=off",
		"", "a new connection per request with a full TLS handshake: what a cold client or a pool miss pays", TableTLSH1},
}

// CPUUnit is the suite's CPU time per op: the benchmark process's, user
// and system (getrusage), so the client's and, with the server in
// process, the server's.
const CPUUnit = "cpu-ns/op"

// The suite's exact counters per op, over a leaf's timed loop, as the
// fixture server counts them: the bytes the client sent and received on
// the wire, the connections the server accepted and the TLS handshakes it
// completed. They are counts of what the client did, not times, so the
// suite declares them exact (benchfmt's assume=exact).
const (
	SentUnit       = "sent-B/op"
	RecvUnit       = "recv-B/op"
	ConnsUnit      = "conns/op"
	HandshakesUnit = "handshakes/op"
)

// ExactUnits are the exact counters' units, in the order a leaf reports
// them.
var ExactUnits = []string{SentUnit, RecvUnit, ConnsUnit, HandshakesUnit}

// ProcessLevel is the level of the suite's rows with the fixture server
// in a process of its own, right under the family (suite.ProcessLevel).
const ProcessLevel = "server=process"
