package game

import (
	"path/filepath"
	"slices"
	"testing"
)

// A thread found or made is recorded with its post dropped in one change;
// a refusal records the fallback and tells the GM once per channel, in
// the GM channel itself (a post of no battle); with the setting off no
// thread is owed, turned on again the channels without one get theirs.
func TestThreadRecordedOnceAndRefusedOnce(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	owed, _ := svc.Posts().Owed()
	if err := svc.Posts().ThreadOpened(owed[0].ID, "t-oda"); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := svc.Posts().ThreadRefused(guild, rec.ID, "c-asai", "bot.thread_refused.create", 0, owed[1].ID); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := svc.Battle(guild, rec.ID)
	if got.ThreadIn("c-oda") != "t-oda" || got.ThreadIn("c-asai") != "" || got.Threads["c-asai"].Refused != "bot.thread_refused.create" || got.ParentOf("t-oda") != "c-oda" {
		t.Fatalf("threads: %+v", got.Threads)
	}
	owed, _ = svc.Posts().Owed()
	var notices int
	for _, p := range owed {
		if p.Key == "bot.thread_refused.create" {
			notices++
			if p.Channel != "c-gm" || p.Battle != "" || len(p.Args) != 2 || p.Args[1] != "<#c-asai>" {
				t.Fatalf("the GM's notice: %+v", p)
			}
		}
	}
	if notices != 1 || !slices.Equal(targets(owed)[:1], []string{"thread:c-gm"}) {
		t.Fatalf("owed after: %v (%d notices)", targets(owed), notices)
	}
	if _, err := svc.SetSetting(guild, rec.ID, ThreadsKey, "off"); err != nil {
		t.Fatal(err)
	}
	if got, _ := svc.Battle(guild, rec.ID); got.ThreadIn("c-oda") != "" || len(threadPosts(&got)) != 0 {
		t.Fatal("threads with the setting off")
	}
	if _, err := svc.SetSetting(guild, rec.ID, ThreadsKey, "on"); err != nil {
		t.Fatal(err)
	}
	owed, _ = svc.Posts().Owed()
	threads := 0
	for _, p := range owed {
		if p.Kind == PostThread {
			threads++
		}
	}
	if threads != 2 { // the GM's still owed, and one more for it: c-oda has its thread, c-asai its refusal
		t.Fatalf("thread posts owed after on: %d (%v)", threads, targets(owed))
	}
}
