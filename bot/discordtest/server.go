package discordtest

import (
	"sync"
	"testing"
	"time"

	"github.com/gunbai/gunbai/bot/discordfake"
)

// Server is the fake Discord of bot/discordfake with a test's checks: every
// REST request and response validated against Discord's OpenAPI
// description (openapi.go), and what goes wrong reported on the test.
type Server struct {
	*discordfake.Server
	rep       reporter
	closeOnce sync.Once

	mu              sync.Mutex
	skipSpec        bool // SkipSpec
	allowViolations bool // AllowViolations
	violations      []Violation
	validatedReqs   int
	validatedResps  int
}

// reporter is where a Server reports the violations of the description
// and its summary at Close: a testing.TB for New, Options.Logf for
// NewServer.
type reporter interface {
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// logf reports to a function (nil: discarded).
type logf func(format string, args ...any)

func (f logf) Errorf(format string, args ...any) { f.Logf(format, args...) }
func (f logf) Logf(format string, args ...any) {
	if f != nil {
		f(format, args...)
	}
}

// mentionsChecked: every new Server checks mentions (the fake's own tests,
// which send through discordgo as it comes, turn it off).
var mentionsChecked = true

// New starts a fake Discord on 127.0.0.1 and registers Close with t.Cleanup;
// violations and failures (broken texts, messages that could ping, failed
// dispatches) are reported with t.Errorf.
func New(t testing.TB) *Server {
	t.Helper()
	s, err := newServer(t, Options{Reporter: t})
	if err != nil {
		t.Fatalf("discordtest: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// NewServer starts the same fake outside a test's reporting (see Options):
// what New reports with t.Errorf goes to Options.Logf (or Options.Reporter,
// if set); Options.Check is the OpenAPI validation's. Close it when done.
func NewServer(opts Options) (*Server, error) {
	var rep reporter = logf(opts.Logf)
	if opts.Reporter != nil {
		rep = opts.Reporter
	}
	return newServer(rep, opts)
}

func newServer(rep reporter, opts Options) (*Server, error) {
	s := &Server{rep: rep}
	opts.Check = specChecker{s}
	fake, err := discordfake.New(opts)
	if err != nil {
		return nil, err
	}
	s.Server = fake
	if !mentionsChecked {
		fake.Checks().IgnoreMentions()
	}
	if _, err := spec(); err != nil {
		rep.Errorf("discordtest: %v", err)
	}
	return s, nil
}

// Close closes the fake (see discordfake.Server.Close), then logs how many
// calls were validated. It is registered with t.Cleanup by New and may be
// called more than once.
func (s *Server) Close() {
	s.Server.Close()
	s.closeOnce.Do(func() {
		reqs, resps := s.Validated()
		treqs, tresps := TotalValidated()
		s.rep.Logf("discordtest: %d requests and %d responses validated against Discord's OpenAPI description, %d violations "+
			"(this process: %d requests, %d responses in %v, description parsed in %v)",
			reqs, resps, len(s.Violations()), treqs, tresps, TotalValidationTime().Round(time.Millisecond), SpecLoadTime().Round(time.Millisecond))
	})
}
