package sandbox

// Threads on the page (issue 28): a battle's threads are listed under the
// channel they were opened in, as Discord lists them, each a channel of
// its own to read and to type commands in. A thread's name on the page is
// its channel's and its own ("север/Битва «Кавано»"): two clans' threads
// of one battle have the same name.

// threadsIn are the threads opened in a channel, as the page lists them.
func (sb *Sandbox) threadsIn(ch channel) []channelJSON {
	var out []channelJSON
	for _, th := range sb.srv.Messages().Threads(ch.ID) {
		out = append(out, channelJSON{ID: th.ID, Name: ch.Name + "/" + th.Name, Label: th.Name, Parent: ch.Name, Archived: th.Archived})
	}
	return out
}
