package sandbox

import (
	"strings"
	"testing"
)

// The page lists each channel's threads right under it, as Discord does:
// the battle's thread in North's channel (Russian name) and South's
// (English name), each with its messages; the channel holds Discord's
// notice of the thread, and the page knows the thread's name for the
// <#id> links of the status message.
func TestSandboxThreadList(t *testing.T) {
	sb := startSandbox(t)
	for _, c := range []struct{ as, channel, thread, says string }{
		{"north", "север", "Битва «" + BattleName + "»", "Создана битва"},
		{"south", "юг", "Battle “" + BattleName + "”", "created"},
	} {
		var st stateJSON
		poll(t, "the battle's thread in "+c.channel, func() bool {
			st = getState(t, sb, c.as)
			th := st.channel(c.channel + "/" + c.thread)
			return th != nil && len(th.Messages) > 0
		})
		i := 0
		for i < len(st.Channels) && st.Channels[i].Name != c.channel {
			i++
		}
		th := st.Channels[i+1] // right under its channel
		if th.Name != c.channel+"/"+c.thread || th.Label != c.thread || th.Parent != c.channel || th.Archived {
			t.Fatalf("%s: under %s: %+v", c.as, c.channel, th)
		}
		if !strings.Contains(th.Messages[0].Content, c.says) {
			t.Fatalf("%s: the thread's first message: %q", c.as, th.Messages[0].Content)
		}
		if st.Names.Channels[th.ID] != c.thread {
			t.Fatalf("%s: the page does not know the thread's name: %+v", c.as, st.Names.Channels)
		}
		notice := false
		for _, m := range st.Channels[i].Messages {
			notice = notice || m.Type == 18 && m.Thread == th.ID
			if strings.Contains(m.Content, c.says) {
				t.Fatalf("%s: the battle's post is in the channel, not its thread: %q", c.as, m.Content)
			}
		}
		if !notice {
			t.Fatalf("%s: no notice of the thread in %s", c.as, c.channel)
		}
	}
}
