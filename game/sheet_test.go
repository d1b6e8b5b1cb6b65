package game

import (
	"encoding/json"
	"testing"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// rolesOf answers a sheet's question "what roles has he now?".
func rolesOf(roles ...string) func(string) ([]string, string, error) {
	return func(string) ([]string, string, error) { return roles, "Нобунага", nil }
}

// note reads what a sheet says about its last click.
func note(t *testing.T, svc *Service, id uint64) SheetNote {
	t.Helper()
	st, err := svc.Sheets().Sheet(id, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st.Note
}

// A pick on the sheet goes subject, pick, phase, choice, and the order is
// given once nothing is left to choose; every order the menus offer is
// one the rules accept (engine.Options), and the allowance goes down.
func TestSheetGivesWhatItOffers(t *testing.T) {
	svc, north, _ := started(t, 0)
	player := Player{User: "u-oda", Lang: "ru"}
	sh, err := svc.Sheets().OpenSheet(north, player, nil)
	if err != nil {
		t.Fatal(err)
	}
	act := func(action, value string) error {
		_, err := svc.Sheets().Act(sh.ID, player, rolesOf("r-oda"), SheetAct{Turn: 1, Action: action, Value: value}, nil)
		return err
	}
	if err := act(ActStake, "low"); err != nil {
		t.Fatal(err)
	}
	st, _ := svc.Sheets().Sheet(sh.ID, 1)
	if !st.Rolled.Final {
		if err := act(ActReroll, ""); err != nil {
			t.Fatal(err)
		}
	}
	st, _ = svc.Sheets().Sheet(sh.ID, 1)
	if len(Subjects(st.Tree)) == 0 {
		t.Fatal("no subject offered after the roll")
	}
	rec, _ := svc.Store.Battle(guild, north.Battle.ID)
	// Every order of every pick is legal with the orders given (R-V.1.1,
	// R-VI.1.2): the sheet offers only what Validate and CheckBudget take.
	for _, subj := range Subjects(st.Tree) {
		for _, p := range Picks(st.Tree, subj) {
			for _, o := range p.Orders {
				for _, ph := range append([]int{0}, p.Phases...) {
					o := p.Phased(o, ph)
					o.Side = engine.North
					orders := append([]engine.Order(nil), st.Orders.Orders...)
					orders = append(orders, o)
					if ps := engine.Validate(rec.State, engine.North, 1, orders); len(ps) > 0 {
						t.Fatalf("the sheet offers %+v, which Validate refuses: %v", o, ps)
					}
					if p := engine.CheckBudget(rec.State, engine.North, 1, orders, st.Orders.Command.Result); p != nil {
						t.Fatalf("the sheet offers %+v, which the allowance refuses: %v", o, p)
					}
				}
			}
		}
	}
	before := st.Left
	if err := act(ActSubject, "n-yari"); err != nil {
		t.Fatal(err)
	}
	st, _ = svc.Sheets().Sheet(sh.ID, 1)
	var move *Pick
	for _, p := range Picks(st.Tree, "n-yari") {
		if p.Kind == engine.OrderMove && p.Class == engine.Ordinary {
			move = &p
		}
	}
	if move == nil {
		t.Fatal("no ordinary Move offered to n-yari")
	}
	if err := act(ActPick, move.Key); err != nil {
		t.Fatal(err)
	}
	if len(move.Phases) > 1 {
		if err := act(ActPhase, "2"); err != nil {
			t.Fatal(err)
		}
	}
	if len(move.Orders) > 1 {
		if err := act(ActChoice, OrderKey(move.Phased(move.Orders[0], 2))); err != nil {
			t.Fatal(err)
		}
	}
	st, _ = svc.Sheets().Sheet(sh.ID, 1)
	if len(st.Orders.Orders) != 1 || st.Orders.Orders[0].Unit != "n-yari" || st.Orders.Orders[0].Kind != engine.OrderMove {
		t.Fatalf("orders after picking a move: %+v", st.Orders.Orders)
	}
	if g := st.Note.Given; g == nil || g.Before != before || g.After == before || st.Left != g.After || st.Sheet.Draft != (store.Draft{}) {
		t.Fatalf("the note of the order given: %+v, left %+v (before %+v), draft %+v", st.Note, st.Left, before, st.Sheet.Draft)
	}
	if len(st.Intents) != 1 || st.Intents[0].Unit != "n-yari" {
		t.Fatalf("the preview's intents: %+v", st.Intents)
	}

	// A key the sheet no longer offers (a menu drawn before a teammate's
	// change) gives nothing and says so on the sheet.
	if err := act(ActSubject, "n-yari"); err != nil {
		t.Fatal(err)
	}
	if err := act(ActPick, "no-such-pick"); err == nil {
		t.Fatal("a stale pick was accepted")
	}
	if n := note(t, svc, sh.ID); n.Refusal == nil || n.Refusal.Key != "err.sheet_stale" {
		t.Fatalf("the sheet's note after a stale pick: %+v", n)
	}
	st, _ = svc.Sheets().Sheet(sh.ID, 1)
	if len(st.Orders.Orders) != 1 {
		t.Fatalf("a refused pick changed the orders: %+v", st.Orders.Orders)
	}

	// Cancel by the order's key; the summary names who did what.
	if err := act(ActCancel, OrderKey(st.Orders.Orders[0])); err != nil {
		t.Fatal(err)
	}
	if n := note(t, svc, sh.ID); len(n.Cancelled) != 1 {
		t.Fatalf("the cancel's note: %+v", n)
	}
	sum, err := svc.Sheets().Summary(guild, north.Battle.ID, engine.North, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Orders.Orders) != 0 || len(sum.Changes) != 2 || sum.Changes[0].Action != store.ChangeGiven ||
		sum.Changes[1].Action != store.ChangeCancelled || sum.Changes[1].Name != "Нобунага" {
		t.Fatalf("the summary: %+v", sum)
	}
}

// A sheet acts only for its holder while he still sits on its side, and
// says nothing of whose it is.
func TestSheetActsOnlyForItsHolder(t *testing.T) {
	svc, north, south := started(t, 0)
	player := Player{User: "u-oda", Lang: "ru"}
	sh, err := svc.Sheets().OpenSheet(north, player, nil)
	if err != nil {
		t.Fatal(err)
	}
	stake := SheetAct{Turn: 1, Action: ActStake, Value: "low"}
	_, err = svc.Sheets().Act(sh.ID, Player{User: "u-asai"}, rolesOf("r-asai"), stake, nil)
	userErr(t, err, "err.sheet_unknown")
	_, err = svc.Sheets().Act(sh.ID, player, rolesOf("r-asai"), stake, nil)
	userErr(t, err, "err.sheet_not_seated")
	_, err = svc.Sheets().Act(999, player, rolesOf("r-oda"), stake, nil)
	userErr(t, err, "err.sheet_unknown")
	if so, _ := svc.Orders(south); so.Command != nil {
		t.Fatal("a refused click rolled for South")
	}
	if so, _ := svc.Orders(north); so.Command != nil {
		t.Fatal("a refused click rolled for North")
	}
}

// With an ordering role named, the clan's other members see but do not
// order; the sheets of the role open with each command phase.
func TestOrderingRole(t *testing.T) {
	svc := newService(t, t.TempDir()+"/g.db")
	rec, err := svc.Create(guild, CreateRequest{
		Name:  "Микатагахара",
		North: store.Clan{RoleID: "r-oda", ChannelID: "c-oda", OrderRole: "r-oda-gen"},
		South: store.Clan{RoleID: "r-asai", ChannelID: "c-asai"}, GMChannelID: "c-gm", Locale: "ru",
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Create(guild, CreateRequest{Name: "x", North: store.Clan{RoleID: "r-1", OrderRole: "r-2"}, South: store.Clan{RoleID: "r-2"}}); err == nil {
		t.Fatal("an ordering role that is the enemy's clan role was accepted")
	}
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	owed, _ := svc.Posts().Owed()
	if countKind(owed, PostSheets) != 1 {
		t.Fatalf("the opening of the ordering role's sheets is not owed: %v", targets(owed))
	}
	watcher, err := svc.Seats().SeatOf(guild, []string{"r-oda"})
	if err != nil || !watcher.Watcher {
		t.Fatalf("a clan member outside the ordering role: %+v %v", watcher, err)
	}
	_, err = svc.Roll(watcher, engine.StakeLow)
	userErr(t, err, "err.not_order_role")
	general, err := svc.Seats().SeatOf(guild, []string{"r-oda-gen"})
	if err != nil || general.Watcher {
		t.Fatalf("a member of the ordering role: %+v %v", general, err)
	}
	accept(t, svc, general, engine.StakeLow)
	if err := svc.Sheets().OpenRoleSheets(guild, rec.ID, engine.North, 1, []string{"u-1", "u-2"}); err != nil {
		t.Fatal(err)
	}
	rec, _ = svc.Store.Battle(guild, rec.ID)
	if len(rec.Sheets) != 2 {
		t.Fatalf("sheets of the ordering role: %v", rec.Sheets)
	}
	// Opening them again (a retried post) makes no more.
	if err := svc.Sheets().OpenRoleSheets(guild, rec.ID, engine.North, 1, []string{"u-1", "u-2"}); err != nil {
		t.Fatal(err)
	}
	if rec, _ = svc.Store.Battle(guild, rec.ID); len(rec.Sheets) != 2 {
		t.Fatalf("sheets after opening twice: %v", rec.Sheets)
	}
	// An order given by slash command refreshes both sheets.
	drain(t, svc)
	general.Player = &Player{User: "u-1", Name: "Сибата"}
	if _, err := svc.Order(general, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	owed, _ = svc.Posts().Owed()
	if countKind(owed, PostSheet) != 2 || countKind(owed, PostSummary) != 1 {
		t.Fatalf("after an order: %v", targets(owed))
	}
	var ref SheetRef
	for _, p := range owed {
		if p.Kind == PostSheet {
			if err := json.Unmarshal(p.Data, &ref); err != nil || p.User == "" {
				t.Fatalf("a sheet post: %+v", p)
			}
		}
	}
}
