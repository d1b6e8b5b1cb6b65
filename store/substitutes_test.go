package store

import (
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/engine"
)

// Who played a turn and a seating are journaled as their JSON and read
// back as they were (issue 29): the users sorted and each once.
func TestSubstitutePlayedRoundTrip(t *testing.T) {
	sub := Substitute{Side: engine.South, For: "7", By: "9", Name: "Hideyoshi", From: 2, Until: 4}
	p := Played{Users: []string{"9", "3", "9"}, Subs: []Substitute{sub}}
	got, err := ParsePlayed(p.Detail())
	if err != nil || !reflect.DeepEqual(got, Played{Users: []string{"3", "9"}, Subs: []Substitute{sub}}) {
		t.Fatalf("played: %+v %v", got, err)
	}
	if p.Users[0] != "9" {
		t.Fatal("Detail sorted the caller's users")
	}
	back, err := ParseSubstitute(sub.Detail())
	if err != nil || back != sub {
		t.Fatalf("substitute: %+v %v", back, err)
	}
	if _, err := ParsePlayed("not json"); err == nil {
		t.Fatal("a broken detail was read")
	}
}
