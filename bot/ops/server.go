package ops

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Server is the ops listener: /healthz and /metrics.
type Server struct {
	ln  net.Listener
	srv *http.Server
}

// Listen starts serving m's metrics and p's health on addr
// ("127.0.0.1:9464"; port 0 picks a free one, see Addr).
func Listen(addr string, m *Metrics, p Probes) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	mux.Handle("GET /healthz", HealthHandler(p))
	s := &Server{ln: ln, srv: &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}}
	go func() {
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = err // the listener closed under it: Close reports nothing more
		}
	}()
	return s, nil
}

// Addr is the address listened on.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops the listener, letting a scrape in flight finish (1 s at most).
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}
