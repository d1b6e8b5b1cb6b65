package store

import (
	"strconv"
	"testing"
)

// Each post's nonces are its own (issue 25, item 1): two stores number
// their posts alike, and Discord answers a nonce it has had from the bot,
// in any channel, with the earlier message. A post's nonce is the same
// every time it is read (a retry after a crash must send the same one),
// within Discord's 25 characters; a post owed before salts existed keeps
// the nonce it had.
func TestNoncesOwnAcrossStores(t *testing.T) {
	var first [2]Post
	for k := range first {
		s, _ := openTemp(t, Options{NoSync: true})
		if err := s.Update(func(tx *Tx) error {
			_, err := tx.Owe(Post{Guild: "g", Channel: "c", Kind: "text"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var posts []Post
		if err := s.View(func(tx *Tx) (err error) { posts, err = tx.Outbox(); return err }); err != nil {
			t.Fatal(err)
		}
		if len(posts) != 1 || posts[0].ID != 1 || posts[0].Salt == "" {
			t.Fatalf("store %d: %+v", k, posts)
		}
		first[k] = posts[0]
	}
	for part := range 3 {
		a, b := first[0].Nonce(part), first[1].Nonce(part)
		if a == b || len(a) > 25 || len(b) > 25 {
			t.Errorf("part %d: nonces %q and %q", part, a, b)
		}
	}
	live := first[0]
	live.Live = "status.g.b.north"
	if n := live.Nonce(0); n == first[1].Nonce(0) || len(n) > 25 || n[0] != 'l' {
		t.Errorf("a live post's nonce %q", n)
	}
	// The longest salt there is.
	if n := (Post{ID: 1<<64 - 1, Salt: strconv.FormatUint(1<<64-1, 36)}).Nonce(999); len(n) > 25 {
		t.Errorf("%q is longer than 25", n)
	}
	if n := (Post{ID: 7}).Nonce(2); n != "g7.2" {
		t.Errorf("a post owed before salts: %q", n)
	}
}
