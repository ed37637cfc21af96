package http3

// H3QUICConfig is the QUIC configuration the http3 client dials its fresh
// connections with, for TestHTTP3FreshDialsAsTheTransport.
var H3QUICConfig = h3QUICConfig

// AwaitEarlyHandshake is what the fresh http3 client does between dialing
// a connection and opening streams on it, for TestQUICStreamsAfterHandshake.
var AwaitEarlyHandshake = awaitEarlyHandshake
