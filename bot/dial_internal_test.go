package bot

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// The answers to interactions go over a few connections of their own: a
// burst of acknowledgements reuses them rather than dialling one each, and
// never queues behind the other calls (issue 31's storm).
func TestAnswersHaveTheirOwnConnections(t *testing.T) {
	var mu sync.Mutex
	inFlight, most := 0, 0
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/callback") {
			w.WriteHeader(http.StatusOK) // another call: answered at once
			return
		}
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		<-release
		mu.Lock()
		inFlight--
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	client := &http.Client{Transport: newRestTransport()}
	defer client.CloseIdleConnections()

	burst := 3 * answerConns
	var wg sync.WaitGroup
	for n := range burst {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := client.Post(srv.URL+"/api/v9/interactions/"+string(rune('a'+n))+"/token/callback", "application/json", strings.NewReader(`{"type":5}`))
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
		}()
	}
	held := func() int { mu.Lock(); defer mu.Unlock(); return inFlight }
	for start := time.Now(); held() < burst && time.Since(start) < 300*time.Millisecond; {
		time.Sleep(time.Millisecond)
	}
	// Every answer connection busy: another call still goes through.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/v9/channels/1", nil)
	resp, err := client.Do(req)
	close(release)
	if err != nil {
		t.Fatalf("another call, while the answers' connections were busy: %v", err)
	}
	resp.Body.Close()
	wg.Wait()
	if most != answerConns {
		t.Errorf("a burst of %d answers was carried by %d connections at once, want %d", burst, most, answerConns)
	}
}
