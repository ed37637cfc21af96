package suite

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Fresh HTTP/2 connections leave their TIME_WAIT on the client side (the
// client closes its single-use connection; over HTTP/1.1 the server closes
// after answering Connection: close, and TIME_WAIT lands there). Each leaf
// talks to its own server port, so only one leaf's connections compete for
// the 4-tuples to that port. On Linux, tcp_tw_reuse=2 (the default) lets a
// loopback connect reuse a TIME_WAIT port after a second; with 0, once a
// leaf has used most of the ephemeral range within TIME_WAIT's 60 s, every
// connect searches the range for a free port and time per op balloons
// (measured: 0.3 ms to 1.7 ms per op at 40,000 connections).

// checkPortBudget fails b if its fresh connections outran the ephemeral
// port range without TIME_WAIT reuse: the numbers would then measure the
// kernel's port search, not the client.
func checkPortBudget(b *testing.B, conns int) {
	b.Helper()
	ports, reuse, ok := linuxPorts()
	if !ok || reuse || conns < ports*3/4 {
		return
	}
	b.Fatalf("%d fresh connections to one server with net.ipv4.tcp_tw_reuse=0 and %d ephemeral ports: "+
		"connects now search for ports still in TIME_WAIT and the timing is the kernel's; "+
		"use a shorter -benchtime, or sysctl -w net.ipv4.tcp_tw_reuse=2 (Linux's default)", conns, ports)
}

// linuxPorts reads the ephemeral port range size and whether loopback
// connects may reuse TIME_WAIT ports; ok is false where /proc has neither.
func linuxPorts() (ports int, reuse, ok bool) {
	rng, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 0, false, false
	}
	tw, err := os.ReadFile("/proc/sys/net/ipv4/tcp_tw_reuse")
	if err != nil {
		return 0, false, false
	}
	var lo, hi int
	if _, err := fmt.Sscan(string(rng), &lo, &hi); err != nil || hi < lo {
		return 0, false, false
	}
	mode, err := strconv.Atoi(strings.TrimSpace(string(tw)))
	if err != nil {
		return 0, false, false
	}
	return hi - lo + 1, mode != 0, true // 1: all connections, 2: loopback only
}
