package clients

import (
	"io"

	"github.com/httpclientbench/httpclientbench/server"
)

// Optional capabilities of the feature scenarios. A scenario asserts the one
// it needs; a client without it has no row there (docs/clients.md's feature
// table says how each library does each). Every library has all four; raw
// has none of them.
type (
	// Streamer hands over a response body unread, to be consumed as it
	// arrives (server-sent events, frame-by-frame reads).
	Streamer interface {
		// GetStream GETs url; the caller reads the body and closes it.
		GetStream(url string) (Meta, io.ReadCloser, error)
	}

	// Uploader sends a body of unknown length: chunked over HTTP/1.1.
	Uploader interface {
		// Upload POSTs body and returns the whole response body in a new
		// slice, like Post.
		Upload(url, contentType string, body io.Reader) (Meta, []byte, error)
	}

	// MultipartPoster POSTs a multipart/form-data form, encoded the way the
	// library's users encode one.
	MultipartPoster interface {
		// PostMultipart POSTs form and returns the whole response body in
		// a new slice, like Post.
		PostMultipart(url string, form server.Form) (Meta, []byte, error)
	}

	// Ranger asks for a resource's size and for byte ranges of it.
	Ranger interface {
		// Head returns url's Content-Length.
		Head(url string) (Meta, int64, error)
		// GetRange GETs bytes start..start+len(dst)-1 of url into dst and
		// returns the answer's Content-Range. It fails unless the body is
		// exactly len(dst) bytes.
		GetRange(url string, start int64, dst []byte) (Meta, string, error)
	}
)
