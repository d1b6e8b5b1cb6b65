package discordtest_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/gunbai/gunbai/bot/discordtest"
)

// code is Discord's error code of a failed call, 0 if none.
func code(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// The fake's threads through discordgo: opened (201, type 11 with its
// parent, owned by the bot, THREAD_CREATE to the session), posted in,
// listed active then archived, refused a post while archived (50083),
// unarchived; a message's thread once only (160004); without Create Public
// Threads 50013; every call valid per the OpenAPI description.
func TestThreadsOfTheFake(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Guilds().SetEveryonePermissions(srv.GuildID(), discordgo.PermissionViewChannel|discordgo.PermissionSendMessages|
		discordgo.PermissionCreatePublicThreads|discordgo.PermissionSendMessagesInThreads|discordgo.PermissionManageThreads)
	s, err := srv.Session("tok")
	if err != nil {
		t.Fatal(err)
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	created := make(chan *discordgo.Channel, 1)
	s.AddHandler(func(_ *discordgo.Session, e *discordgo.ThreadCreate) { created <- e.Channel })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ch := srv.ChannelID()
	th, err := s.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "Битва «Нагасино»", Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 10080})
	if err != nil || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != ch || th.OwnerID != srv.AppID() || th.ThreadMetadata.AutoArchiveDuration != 10080 {
		t.Fatalf("thread: %+v %v", th, err)
	}
	select {
	case e := <-created:
		if e.ID != th.ID {
			t.Fatalf("THREAD_CREATE of %s", e.ID)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no THREAD_CREATE")
	}
	if _, err := s.ChannelMessageSend(th.ID, "ход 1"); err != nil {
		t.Fatal(err)
	}
	if ms := srv.Messages().Under(ch); len(ms) != 2 || ms[0].Type != 18 || ms[0].Thread != th.ID || ms[1].Content != "ход 1" {
		t.Fatalf("the channel and its thread: %+v", ms)
	}
	active, err := s.GuildThreadsActive(srv.GuildID())
	if err != nil || len(active.Threads) != 1 || active.Threads[0].ID != th.ID || len(active.Members) != 1 {
		t.Fatalf("active: %+v %v", active, err)
	}
	yes, no := true, false
	if _, err := s.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &yes}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(th.ID, "после"); code(err) != 50083 {
		t.Fatalf("a post into an archived thread: %v", err)
	}
	archived, err := s.ThreadsArchived(ch, nil, 50)
	if err != nil || len(archived.Threads) != 1 || !archived.Threads[0].ThreadMetadata.Archived {
		t.Fatalf("archived: %+v %v", archived, err)
	}
	if _, err := s.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &no}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(th.ID, "после"); err != nil {
		t.Fatalf("a post into the unarchived thread: %v", err)
	}
	m, _ := s.ChannelMessageSend(ch, "начало")
	if _, err := s.MessageThreadStartComplex(ch, m.ID, &discordgo.ThreadStart{Name: "от сообщения"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MessageThreadStartComplex(ch, m.ID, &discordgo.ThreadStart{Name: "ещё"}); code(err) != 160004 {
		t.Fatalf("a second thread of a message: %v", err)
	}
	srv.Guilds().SetEveryonePermissions(srv.GuildID(), discordgo.PermissionViewChannel|discordgo.PermissionSendMessages)
	if _, err := s.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "нельзя", Type: discordgo.ChannelTypeGuildPublicThread}); code(err) != 50013 {
		t.Fatalf("a thread without Create Public Threads: %v", err)
	}
	if vs := srv.Violations(); len(vs) > 0 {
		t.Fatalf("OpenAPI violations: %v", vs)
	}
	// A name of none is refused by the fake as by the description.
	srv.AllowViolations()
	if _, err := s.ThreadStartComplex(ch, &discordgo.ThreadStart{Name: "", Type: discordgo.ChannelTypeGuildPublicThread}); code(err) != 50035 {
		t.Fatalf("a thread without a name: %v", err)
	}
	if vs := srv.Violations(); len(vs) != 1 || !strings.Contains(vs[0].String(), "minLength") {
		t.Fatalf("the nameless thread's violation: %v", vs)
	}
}
