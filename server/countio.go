package server

import "io"

// A CountingReader counts the bytes read through R in N: the body length
// a client saw, the bytes a floor read.
type CountingReader struct {
	R io.Reader
	N int
}

func (c *CountingReader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += n
	return n, err
}
