// Package countio counts the bytes that pass through an io.Reader: the
// body length a client saw, the bytes a floor read.
package countio

import "io"

// Reader counts the bytes read through R in N.
type Reader struct {
	R io.Reader
	N int
}

func (c *Reader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += n
	return n, err
}
