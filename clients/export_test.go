package clients

// H3QUICConfig is the QUIC configuration the http3 client dials its fresh
// connections with, for TestHTTP3FreshDialsAsTheTransport.
var H3QUICConfig = h3QUICConfig
