package game

import (
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// A battle record written by a newer gunbai makes only that battle
// unavailable: the guild's other battles take orders, the list names it,
// the GM is told why.
func TestNewerBattleStopsOnlyItself(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	svc := newService(t, path)
	rec := created(t, svc)
	other, err := svc.Create(guild, CreateRequest{Name: "Ямадзаки", North: store.Clan{RoleID: "r-x"}, South: store.Clan{RoleID: "r-y"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	svc.Store.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("guilds")).Bucket([]byte(guild)).Bucket([]byte("battles")).Bucket([]byte(other.ID))
		return b.Put([]byte("record"), []byte(`{"v":99,"data":{}}`))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	svc = newService(t, path)
	north, err := svc.Seats().SeatOf(guild, []string{"r-oda"})
	if err != nil {
		t.Fatalf("the readable battle's seat: %v", err)
	}
	accept(t, svc, north, engine.StakeLow)
	if _, err := svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatalf("an order in the readable battle: %v", err)
	}
	all, err := svc.Battles(guild)
	if err != nil || len(all) != 2 {
		t.Fatalf("battles %+v %v", all, err)
	}
	var unreadable int
	for _, h := range all {
		if h.Unreadable != "" {
			unreadable++
		}
	}
	if unreadable != 1 {
		t.Fatalf("unreadable %d of %+v", unreadable, all)
	}
	_, err = svc.Battle(guild, other.ID)
	userErr(t, err, "err.battle_newer")
	if _, err := svc.Clock().Due(); err != nil {
		t.Fatalf("deadlines with an unreadable battle: %v", err)
	}
}
