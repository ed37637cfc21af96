package clients

// H3QUICConfig is the QUIC configuration the http3 client dials its fresh
// connections with, for TestHTTP3FreshDialsAsTheTransport.
var H3QUICConfig = h3QUICConfig

// AwaitEarlyHandshake is what the fresh http3 client does between dialing
// a connection and opening streams on it, for TestQUICStreamsAfterHandshake.
var AwaitEarlyHandshake = awaitEarlyHandshake

// H3WaitsForHandshake is whether this build's fresh http3 connections wait
// for the handshake before their first stream (race builds: h3race.go), so
// that nothing goes as 0-RTT early data, for TestEarlyDataSendsTheGETEarly.
const H3WaitsForHandshake = h3WaitsForHandshake
