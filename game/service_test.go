package game

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/render"
	"github.com/gunbai/gunbai/store"
)

const guild = "g1"

// fixedRand gives the same seeds every run, so tests know the dice.
type fixedRand struct{ b byte }

func (f *fixedRand) Read(p []byte) (int, error) {
	for i := range p {
		f.b++
		p[i] = f.b
	}
	return len(p), nil
}

func newService(t *testing.T, path string) *Service {
	t.Helper()
	st, err := store.Open(path, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &Service{Store: st, Rand: &fixedRand{}}
}

func userErr(t *testing.T, err error, key string) {
	t.Helper()
	var ue *Refusal
	if !errors.As(err, &ue) {
		t.Fatalf("want a refusal %s, got %v", key, err)
	}
	if key != "" && ue.Key != key && (len(ue.Problems) == 0 || ue.Problems[0].Code != key) {
		t.Fatalf("want %s, got %s %v", key, ue.Key, ue.Problems)
	}
	// Every refusal reads in both languages.
	ru, en := render.Refusal(render.RU, ue.Key, ue.Args, ue.Problems), render.Refusal(render.EN, ue.Key, ue.Args, ue.Problems)
	if ru == "" || en == "" || ru == en || strings.Contains(ru, "%!") || strings.Contains(en, "%!") {
		t.Fatalf("refusal %s not bilingual: %q / %q", key, ru, en)
	}
}

// postsOf reads the owed posts of ids, in delivery order.
func postsOf(t *testing.T, svc *Service, ids []uint64) []store.Post {
	t.Helper()
	owed, err := svc.Posts().Owed()
	if err != nil {
		t.Fatal(err)
	}
	var out []store.Post
	for _, p := range owed {
		if slices.Contains(ids, p.ID) {
			out = append(out, p)
		}
	}
	return out
}

func countKind(posts []store.Post, kind string) int {
	n := 0
	for _, p := range posts {
		if p.Kind == kind {
			n++
		}
	}
	return n
}

func created(t *testing.T, svc *Service) store.BattleRecord {
	t.Helper()
	rec, err := svc.Create(guild, CreateRequest{
		Name:        "Анэгава 1570",
		North:       store.Clan{RoleID: "r-oda", ChannelID: "c-oda"},
		South:       store.Clan{RoleID: "r-asai", ChannelID: "c-asai"},
		GMChannelID: "c-gm", Locale: "ru",
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// The whole lifecycle without Discord: create, start, roll, order, resolve.
func TestServiceLifecycle(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	if rec.ID != "анэгава-1570" || rec.Status != store.StatusDeployment {
		t.Fatalf("record %+v", rec)
	}
	_, err := svc.Create(guild, CreateRequest{Name: "Другая", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-x"}})
	userErr(t, err, "err.clan_busy")
	_, err = svc.Create(guild, CreateRequest{Name: "X", North: store.Clan{RoleID: "r1"}, South: store.Clan{RoleID: "r1"}})
	userErr(t, err, "err.same_role")
	_, err = svc.Create(guild, CreateRequest{Name: strings.Repeat("Битва ", 11), North: store.Clan{RoleID: "r1"}, South: store.Clan{RoleID: "r2"}})
	userErr(t, err, "err.battle_name_long")
	_, err = svc.Create(guild, CreateRequest{Name: "Y", North: store.Clan{RoleID: "r1"}, South: store.Clan{RoleID: "r2"}, Scenario: "nope"})
	userErr(t, err, "err.scenario")

	_, err = svc.Seats().SeatOf(guild, []string{"r-oda"})
	userErr(t, err, "err.not_command") // not started yet

	op, err := svc.Start(guild, "Анэгава 1570", false)
	if err != nil || op.Turn != 1 || len(op.SeedHash) != 64 {
		t.Fatalf("start: %+v %v", op, err)
	}
	_, err = svc.Start(guild, rec.ID, false)
	userErr(t, err, "err.not_in_deployment")

	north, err := svc.Seats().SeatOf(guild, []string{"other", "r-oda"})
	if err != nil || north.Side != engine.North {
		t.Fatalf("seat: %+v %v", north, err)
	}
	south, _ := svc.Seats().SeatOf(guild, []string{"r-asai"})
	_, err = svc.Seats().SeatOf(guild, []string{"r-oda", "r-asai"})
	userErr(t, err, "err.two_seats")
	_, err = svc.Seats().SeatOf(guild, []string{"nobody"})
	userErr(t, err, "err.no_seat")

	move := engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}
	_, err = svc.Order(north, move)
	userErr(t, err, "err.roll_first")

	for _, seat := range []Seat{north, south} {
		c, err := svc.Roll(seat, engine.StakeLow)
		if err != nil {
			t.Fatal(err)
		}
		for !c.Final {
			opts := c.Open
			src := ""
			if len(opts) > 0 {
				src = opts[0]
			}
			if c, err = svc.Reroll(seat, 1, src); err != nil {
				t.Fatal(err)
			}
		}
		// Rolling again gives the same roll back, unchanged: a lost
		// answer is recovered, nothing is rerolled.
		again, err := svc.Roll(seat, engine.StakeHigh)
		if err != nil || !again.Again || again.Stake != engine.StakeLow || !slices.Equal(again.Result.Totals, c.Result.Totals) {
			t.Fatalf("rolling again: %+v %v", again, err)
		}
	}

	// Orders: an enemy unit is refused; a legal one is stored; a second order
	// for the same unit and phase replaces the first.
	_, err = svc.Order(north, engine.Order{Unit: "s-yari", Kind: engine.OrderMove, Phase: 1})
	userErr(t, err, engine.ProbNotYourUnit)
	_, err = svc.Order(north, engine.Order{Unit: "ghost", Kind: engine.OrderMove, Phase: 1})
	userErr(t, err, engine.ProbUnknownUnit)
	if _, err := svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderWait, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	so, err := svc.Order(north, move)
	if err != nil || len(so.Orders) != 1 || so.Orders[0].Kind != engine.OrderMove {
		t.Fatalf("replace: %+v %v", so.Orders, err)
	}
	if _, err := svc.Order(south, engine.Order{Unit: "s-sohei", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	// Beyond the roll's allowance (3 ordinary at most): refused, nothing stored.
	// (Spare special slots carry ordinary orders too, R-VI.3.7.)
	so.SideOrders, _ = svc.Orders(north)
	for _, u := range []string{"n-ashigaru", "n-sohei", "n-uma", "n-yumi", "n-hatamoto"} {
		if len(so.Orders) >= so.Command.Result.Ordinary+so.Command.Result.Special {
			_, err := svc.Order(north, engine.Order{Unit: u, Kind: engine.OrderWait, Phase: 1})
			userErr(t, err, engine.ProbOverBudget)
			break
		}
		if so, err = svc.Order(north, engine.Order{Unit: u, Kind: engine.OrderWait, Phase: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Cancel(north, "n-uma", 2); err == nil {
		t.Fatal("cancelling a missing order must be refused")
	}

	res, err := svc.Resolve(guild, rec.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Resolving the same turn again (a GM retrying) changes nothing.
	_, err = svc.Resolve(guild, rec.ID, 1)
	userErr(t, err, "err.turn_resolved")
	_, err = svc.Resolve(guild, rec.ID, 3)
	userErr(t, err, "err.turn_not_open")
	// Turn 0 is no turn (issue 25 item 8: it was "already resolved").
	_, err = svc.Resolve(guild, rec.ID, 0)
	userErr(t, err, "err.turn_no_such")
	if res.Turn != 1 || res.Next == nil || res.Next.Turn != 2 || res.Battle.Turn != 2 || res.After.Turn != 1 {
		t.Fatalf("resolved %+v", res)
	}
	if u := res.After.Unit("n-yari"); u.Cell != engine.MustCell("A11") {
		t.Fatalf("n-yari did not move: %v", u.Cell)
	}
	// The revealed seed is the one committed when the turn opened.
	if store.SeedHash(res.Seed) != op.SeedHash {
		t.Fatal("the revealed seed does not match the published hash")
	}
	// The results are owed to the three channels in the resolving
	// transaction, before the next turn's opening.
	owed := postsOf(t, svc, res.Posts)
	var kinds []string
	for _, p := range owed {
		kinds = append(kinds, p.Kind+":"+p.Channel)
	}
	want := []string{"turn:c-oda", "turn:c-asai", "turn:c-gm", "opened:c-oda", "opened:c-asai", "opened:c-gm"}
	if !slices.Equal(kinds, want) {
		t.Fatalf("owed %v, want %v", kinds, want)
	}
	fin, err := svc.Finish(guild, rec.ID)
	if err != nil || fin.Status != store.StatusFinished {
		t.Fatal(err)
	}
	_, err = svc.Finish(guild, rec.ID)
	userErr(t, err, "err.finished")
}

// A bot restarted in the middle of a turn continues it with every order it
// had accepted: nothing lives outside the store.
func TestServiceRestartKeepsOrders(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	st, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svc := &Service{Store: st, Rand: &fixedRand{}}
	rec := created(t, svc)
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	c, _ := svc.Roll(north, engine.StakeLow)
	if !c.Final {
		c, _ = svc.Reroll(north, 1, "")
	}
	if _, err := svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	st.Close() // the bot dies

	svc2 := newService(t, path)
	north2, err := svc2.Seats().SeatOf(guild, []string{"r-oda"})
	if err != nil {
		t.Fatal(err)
	}
	so, err := svc2.Orders(north2)
	if err != nil || len(so.Orders) != 1 || so.Command == nil || !so.Command.Final {
		t.Fatalf("after restart: %+v %v", so, err)
	}
	res, err := svc2.Resolve(guild, rec.ID, 1)
	if err != nil || res.After.Unit("n-yari").Cell != engine.MustCell("A11") {
		t.Fatalf("resolve after restart: %v", err)
	}
}

// Rerolls follow R-V.3: the HQ reroll once while the commander is in the
// HQ, messengers spent from the army for the rest of the battle; the same
// seed always gives the same dice.
func TestServiceRerolls(t *testing.T) {
	for seedByte := byte(0); seedByte < 40; seedByte++ {
		svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
		svc.Rand = &fixedRand{b: seedByte * 7}
		rec := created(t, svc)
		svc.Start(guild, rec.ID, false)
		north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
		c, err := svc.Roll(north, engine.StakeHigh)
		if err != nil {
			t.Fatal(err)
		}
		if c.Result.Success {
			continue // look for a seed whose first roll fails
		}
		if opts := c.Open; len(opts) != 2 || opts[0] != "hq" || !slices.Equal(opts, RerollOptions(&north.Battle.State, north.Side, c.CommandRoll)) {
			t.Fatalf("a failed roll with the commander in the HQ and 1 messenger: %v", opts)
		}
		c2, err := svc.Reroll(north, 1, "hq")
		if err != nil || len(c2.Result.Rolls) != 2 || c2.Result.Rolls[0] != c.Result.Rolls[0] {
			t.Fatalf("hq reroll: %+v %v", c2, err)
		}
		if c2.Final {
			return
		}
		_, err = svc.Reroll(north, 1, "hq")
		userErr(t, err, "err.no_reroll")
		c3, err := svc.Reroll(north, 1, "messenger")
		if err != nil || !c3.Final || len(c3.Result.Rolls) != 3 {
			t.Fatalf("messenger reroll: %+v %v", c3, err)
		}
		after, _ := svc.Store.Battle(guild, rec.ID)
		if after.State.Messengers[engine.North] != 0 {
			t.Fatal("the messenger is spent for the battle")
		}
		return
	}
	t.Fatal("no seed gave a failed high-stake roll")
}

func TestBattleID(t *testing.T) {
	for in, want := range map[string]string{"Анэгава 1570": "анэгава-1570", "  Sekigahara!! ": "sekigahara", "a--b": "a-b", "!!": ""} {
		if got := BattleID(in); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
}

// Which earlier order a new one replaces.
func TestReplaces(t *testing.T) {
	move := engine.Order{Unit: "a", Kind: engine.OrderMove, Phase: 1}
	wheel := engine.Order{Unit: "a", Kind: engine.OrderWheelLeft, Phase: 1}
	later := engine.Order{Unit: "a", Kind: engine.OrderWheelLeft, Phase: 2}
	adv := engine.Order{Kind: engine.OrderGeneralAdvance, Phase: 1}
	ret := engine.Order{Kind: engine.OrderGeneralRetreat, Phase: 1}
	lm1 := engine.Order{Kind: engine.OrderMoveLeader, Leader: "g", To: "a"}
	lm2 := engine.Order{Kind: engine.OrderMoveLeader, Leader: "g", To: "hq"}
	sh1 := engine.Order{Kind: engine.OrderShinobi, Mission: "panic", Target: "x"}
	sh2 := engine.Order{Kind: engine.OrderShinobi, Mission: "sabotage", Target: "y"}
	banner := engine.Order{Unit: "a", Kind: engine.OrderBanner, Banner: "oda", Phase: 1}
	for _, c := range []struct {
		o, x engine.Order
		want bool
	}{
		{wheel, move, true}, {later, move, false}, {ret, adv, true}, {adv, move, false},
		{lm2, lm1, true}, {sh2, sh1, false}, {banner, move, false}, {move, banner, false},
	} {
		if got := Replaces(c.o, c.x); got != c.want {
			t.Errorf("%v replaces %v: %v, want %v", c.o.Kind, c.x.Kind, got, c.want)
		}
	}
}

// The GM overrides a [CFG] setting of a battle; bad keys and values are
// refused in words, and a key the engine does not honour is refused.
func TestServiceSettings(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	got, err := svc.SetSetting(guild, rec.ID, "peasants.pushback", "false")
	if err != nil || !got.State.Settings.PeasantsIgnorePushback {
		t.Fatalf("set: %v", err)
	}
	stored, _ := svc.Store.Battle(guild, rec.ID)
	if v, _ := stored.State.Settings.Get("peasants.pushback"); v != "false" {
		t.Fatalf("stored %q", v)
	}
	_, err = svc.SetSetting(guild, rec.ID, "peasants.push", "false")
	userErr(t, err, "err.setting_key")
	_, err = svc.SetSetting(guild, rec.ID, "peasants.pushback", "maybe")
	userErr(t, err, "err.setting_value")
	_, err = svc.SetSetting(guild, rec.ID, "serried.vs_shooting", "true")
	userErr(t, err, "err.setting_unhonoured")
	list, err := svc.Settings(guild, rec.ID)
	if err != nil || len(list) == 0 || !slices.Contains(list, "peasants.pushback = false") {
		t.Fatalf("settings: %v %v", list, err)
	}
}

// started creates and starts a battle and gives both sides an accepted
// command roll; seedByte picks the dice.
func started(t *testing.T, seedByte byte) (*Service, Seat, Seat) {
	t.Helper()
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	svc.Rand = &fixedRand{b: seedByte}
	rec := created(t, svc)
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	south, _ := svc.Seats().SeatOf(guild, []string{"r-asai"})
	return svc, north, south
}

func accept(t *testing.T, svc *Service, seat Seat, stake engine.Stake) store.CommandRoll {
	t.Helper()
	c, err := svc.Roll(seat, stake)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Final {
		if c, err = svc.Reroll(seat, seat.Battle.Turn, ""); err != nil {
			t.Fatal(err)
		}
	}
	return c.CommandRoll
}

// When both sides are ready the turn resolves by itself; changing orders
// takes a side's "ready" back.
func TestReadyResolvesTheTurn(t *testing.T) {
	svc, north, south := started(t, 0)
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	if _, err := svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Ready(north)
	if err != nil || res.Resolved != nil || !res.Phase.Ready[engine.North] {
		t.Fatalf("north ready: %+v %v", res, err)
	}
	// South gives an order after North was ready: North stays ready, South
	// is not yet; then North changes an order and is no longer ready.
	if _, err := svc.Order(south, engine.Order{Unit: "s-sohei", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Order(north, engine.Order{Unit: "n-ashigaru", Kind: engine.OrderWait, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	if res, _ := svc.Ready(south); res.Resolved != nil {
		t.Fatal("resolved although North took its ready back")
	}
	res, err = svc.Ready(north)
	if err != nil || res.Resolved == nil || res.Resolved.Turn != 1 || res.Resolved.After.Unit("n-yari").Cell != engine.MustCell("A11") {
		t.Fatalf("both ready: %+v %v", res, err)
	}
}

// A shinobi's Signals report comes when both sides are ready; then a
// plan-change round, then the resolution (R-V.6.2, D-29).
func TestSignalsOpenAPlanChangeRound(t *testing.T) {
	svc, north, south := started(t, 0)
	err := svc.Store.Update(func(tx *store.Tx) error {
		rec, _ := tx.Battle(guild, north.Battle.ID)
		rec.State.Shinobi[engine.North] = 1
		return tx.PutBattle(rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	accept(t, svc, north, engine.StakeLow)
	accept(t, svc, south, engine.StakeLow)
	svc.Order(south, engine.Order{Unit: "s-sohei", Kind: engine.OrderMove, Phase: 1})
	if _, err := svc.Order(north, engine.Order{Kind: engine.OrderShinobi, Mission: engine.MissionSignals, Target: "s-sohei"}); err != nil {
		t.Fatal(err)
	}
	svc.Ready(north)
	res, err := svc.Ready(south)
	if err != nil || !res.PlanChange || res.Resolved != nil || res.Phase.Round != 1 {
		t.Fatalf("plan change: %+v %v", res, err)
	}
	// The report is data: the unit watched and the orders seen.
	if r := res.Phase.Reports[engine.North]; len(r) != 1 || r[0].Mission != engine.ReportSignals || r[0].Target != "s-sohei" ||
		len(r[0].Orders) != 1 || r[0].Orders[0].Unit != "s-sohei" || len(res.Phase.Reports[engine.South]) != 0 {
		t.Fatalf("reports %+v", res.Phase.Reports)
	}
	// The round is owed to every channel in the same transaction.
	owed, _ := svc.Posts().Owed()
	if n := countKind(owed, PostPlanChange); n != 3 {
		t.Fatalf("%d plan-change posts owed: %+v", n, owed)
	}
	// Missions stay as they were in the plan-change round.
	_, err = svc.Order(north, engine.Order{Kind: engine.OrderShinobi, Mission: engine.MissionPanic, Target: "s-sohei"})
	userErr(t, err, "err.plan_change_fixed")
	svc.Ready(north)
	res, err = svc.Ready(south)
	if err != nil || res.Resolved == nil {
		t.Fatalf("after the plan change: %+v %v", res, err)
	}
}

// Interception voids the enemy's messenger reroll of this turn; his orders
// beyond the new allowance are dropped, the last given first (R-V.6.5, D-31).
func TestInterceptionCutsTheEnemysOrders(t *testing.T) {
	for seed := byte(0); seed < 60; seed++ {
		svc, north, south := started(t, seed*5)
		c, err := svc.Roll(south, engine.StakeHigh)
		if err != nil || c.Result.Success {
			continue // find dice where South's high stake fails first
		}
		if c, err = svc.Reroll(south, 1, engine.RerollMessenger); err != nil {
			t.Fatal(err)
		}
		if !c.Result.Success {
			continue // ... and the messenger's reroll succeeds
		}
		if !c.Final {
			svc.Reroll(south, 1, "")
		}
		svc.Store.Update(func(tx *store.Tx) error {
			rec, _ := tx.Battle(guild, north.Battle.ID)
			rec.State.Shinobi[engine.North] = 1
			return tx.PutBattle(rec)
		})
		accept(t, svc, north, engine.StakeLow)
		// South spends its success: 2 special orders and 3 ordinary ones.
		for _, o := range []engine.Order{
			{Unit: "s-yari", Kind: engine.OrderWait, Phase: 1},
			{Unit: "s-ashigaru", Kind: engine.OrderWait, Phase: 1},
			{Unit: "s-uma", Kind: engine.OrderWait, Phase: 1},
			{Unit: "s-sohei", Kind: engine.OrderAdvance, Phase: 1},
		} {
			if _, err := svc.Order(south, o); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.Order(north, engine.Order{Kind: engine.OrderShinobi, Mission: engine.MissionInterception}); err != nil {
			t.Fatal(err)
		}
		svc.Ready(north)
		res, err := svc.Ready(south)
		if err != nil || !res.PlanChange || len(res.Phase.Reports[engine.South]) != 1 {
			t.Fatalf("interception: %+v %v", res, err)
		}
		if n, s := res.Phase.Reports[engine.North], res.Phase.Reports[engine.South][0]; len(n) != 1 || n[0].Outcome != "voided" ||
			s.Mission != engine.ReportIntercepted || s.Special != 0 {
			t.Fatalf("interception reports: %+v", res.Phase.Reports)
		}
		so, _ := svc.Orders(south)
		if so.Command.Result.Success || so.Command.Result.Special != 0 {
			t.Fatalf("the messenger's reroll stands: %+v", so.Command.Result)
		}
		svc.Ready(north)
		res, err = svc.Ready(south)
		if err != nil || res.Resolved == nil {
			t.Fatal(err)
		}
		// The Advance (given last, a special order the roll no longer allows)
		// was dropped: s-sohei did not move.
		if u := res.Resolved.After.Unit("s-sohei"); u.Cell != engine.MustCell("C13") {
			t.Fatalf("s-sohei moved to %v", u.Cell)
		}
		return
	}
	t.Fatal("no dice gave a failed roll saved by a messenger")
}

// During deployment a side places its own units, leaders, HQ and (the
// defender) terrain; the GM's start checks the whole deployment (RULES IV).
func TestDeployment(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	north, err := svc.Seats().DeploySeat(guild, []string{"r-oda"})
	if err != nil {
		t.Fatal(err)
	}
	south, _ := svc.Seats().DeploySeat(guild, []string{"r-asai"})
	// A unit moves within its zones; onto an own unit, the two swap.
	v, err := svc.Deploy(north, Placement{Unit: "n-yumi", Cell: "A23", Facing: "E"})
	if err != nil {
		t.Fatal(err)
	}
	if u := v.Unit("n-yumi"); u.Cell != engine.MustCell("A23") || u.Facing != engine.E {
		t.Fatalf("n-yumi %+v", u)
	}
	if u := v.Unit("n-hatamoto"); u.Cell != engine.MustCell("A31") {
		t.Fatalf("the unit in A23 should have swapped to A31: %v", u.Cell)
	}
	_, err = svc.Deploy(north, Placement{Unit: "n-yumi", Cell: "C13"})
	userErr(t, err, engine.ProbPlaceZone)
	_, err = svc.Deploy(north, Placement{Unit: "s-yari", Cell: "A33"})
	userErr(t, err, engine.ProbNoUnitOfYours)
	_, err = svc.Deploy(north, Placement{Terrain: "hill", Cell: "A33"})
	userErr(t, err, engine.ProbPlaceDefender)
	_, err = svc.Deploy(north, Placement{Unit: "n-yumi", Cell: "Z99"})
	userErr(t, err, "err.bad_cell")
	_, err = svc.Deploy(north, Placement{})
	userErr(t, err, engine.ProbPlaceNothing)
	if _, err := svc.Deploy(north, Placement{Leader: "n-daimyo", To: "n-yari"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Deploy(south, Placement{HQ: "D36"}); err != nil {
		t.Fatal(err)
	}
	// The defender places a hill, but the battle's settings give it no
	// terrain: the start is refused with the rule, then allowed once it is
	// taken away again.
	if _, err := svc.Deploy(south, Placement{Terrain: "hill", Cell: "C35"}); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Start(guild, rec.ID, false)
	var ue *Refusal
	if !errors.As(err, &ue) || len(ue.Problems) == 0 || ue.Problems[0].Rule != "D-65" {
		t.Fatalf("start with illegal terrain: %v", err)
	}
	svc.Deploy(south, Placement{Terrain: "hill", Cell: "C35"})
	// Moving a unit off a mandatory cell makes the start refuse (R-IV.1.1).
	svc.Deploy(north, Placement{Unit: "n-yari", Cell: "A36"})
	_, err = svc.Start(guild, rec.ID, false)
	if !errors.As(err, &ue) || !strings.Contains(render.Refusal(render.EN, ue.Key, ue.Args, ue.Problems), "A21") {
		t.Fatalf("start with A21 empty: %v", err)
	}
	svc.Deploy(north, Placement{Unit: "n-yari", Cell: "A21"})
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Seats().DeploySeat(guild, []string{"r-oda"})
	userErr(t, err, "err.not_deployment")
}

// A command phase past its deadline is resolved with the orders given so
// far, and the next turn gets its own deadline.
func TestDeadlines(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	svc.Now = func() time.Time { return now }
	svc.TurnDeadline = 24 * time.Hour
	rec := created(t, svc)
	op, err := svc.Start(guild, rec.ID, false)
	if err != nil || !op.Battle.Deadline.Equal(now.Add(24*time.Hour)) {
		t.Fatalf("deadline %v, %v", op.Battle.Deadline, err)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	accept(t, svc, north, engine.StakeLow)
	svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1})
	now = now.Add(23 * time.Hour)
	if done, err := svc.Clock().Due(); err != nil || len(done) != 0 {
		t.Fatalf("before the deadline: %v %v", done, err)
	}
	now = now.Add(2 * time.Hour)
	done, err := svc.Clock().Due()
	if err != nil || len(done) != 1 || done[0].Resolved == nil {
		t.Fatalf("after the deadline: %+v %v", done, err)
	}
	if res := done[0].Resolved; res.Turn != 1 || res.After.Unit("n-yari").Cell != engine.MustCell("A11") {
		t.Fatalf("resolved %+v", res)
	}
	if d := done[0].Resolved.Next.Battle.Deadline; !d.Equal(now.Add(24 * time.Hour)) {
		t.Fatalf("next deadline %v", d)
	}
	if again, _ := svc.Clock().Due(); len(again) != 0 {
		t.Fatal("a turn was resolved twice")
	}
}

// At the start the shinobi not kept as guards try to infiltrate (R-IV.4.1);
// each enemy guard blocks one and rolls "<guarding side>.shinobi" for it
// (R-IV.4.2, D-27); those that got through are the side's shinobi for
// missions (R-IV.5.1), and the enemy's view does not show how many.
func TestInfiltrationR_IV_4(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	a := anegawa()
	a.Shinobi = [2]int{3, 2}
	svc.Scenarios = map[string]engine.Battle{"shinobi": a}
	rec, err := svc.Create(guild, CreateRequest{Name: "Ниндзя", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "shinobi"})
	if err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().DeploySeat(guild, []string{"r-oda"})
	for _, g := range []int{-1, 4} {
		_, err := svc.Deploy(north, Placement{Guards: &g})
		userErr(t, err, "err.bad_guards")
	}
	// Guards given with a unit's placement count too.
	one := 1
	if _, err := svc.Deploy(north, Placement{Unit: "n-yari", Facing: "S", Guards: &one}); err != nil {
		t.Fatal(err)
	}
	op, err := svc.Start(guild, rec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	// The same dice, recomputed from the revealed seed under turn 0.
	var seed []byte
	svc.Store.View(func(tx *store.Tx) error {
		s, err := tx.BattleTurn(guild, rec.ID, 1).Seed()
		seed = s.Value
		return err
	})
	want := [2]store.Infiltration{{Sent: 2, Through: 2}, {Sent: 2, Through: 1}}
	switch v := engine.NewSeededDice(seed, rec.ID, 0).Roll("north.shinobi"); {
	case v <= 3:
		want[engine.South].TurnedBack = 1
	case v <= 5:
		want[engine.South].Killed = 1
	default:
		want[engine.South].Captured = 1
	}
	if op.Infiltration != want {
		t.Fatalf("infiltration %+v, want %+v", op.Infiltration, want)
	}
	if got := op.Battle.State.Shinobi; got != [2]int{2, 1} {
		t.Fatalf("shinobi in the enemy's rear %v", got)
	}
	if v := engine.View(op.Battle.State, engine.North); v.Shinobi != [2]int{2, 0} {
		t.Fatalf("north sees shinobi %v", v.Shinobi)
	}
}

// With shinobi through, the deployment turn's plan-change phase opens
// (R-I.3.2): each side may scout once, 2 cells a shinobi, and learns the
// enemy units there, their leaders and the enemy HQ (R-IV.5.2, R-IV.5.3);
// scouts leave the battle (R-IV.5.4) and each buys one swap (R-IV.5.5),
// made when both sides are done, so reports show positions before any
// swap (D-28). Turn 1 then opens on the seed whose hash was published.
func TestScoutingR_IV_5(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	a := anegawa()
	a.Shinobi = [2]int{2, 1}
	a.Leader("s-daimyo").At = "s-yari"
	svc.Scenarios = map[string]engine.Battle{"shinobi": a}
	rec, err := svc.Create(guild, CreateRequest{Name: "Разведка", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "shinobi"})
	if err != nil {
		t.Fatal(err)
	}
	op, err := svc.Start(guild, rec.ID, false)
	if err != nil || !op.Scouting || op.Battle.Status != store.StatusDeployment || op.Battle.State.Shinobi != [2]int{2, 1} {
		t.Fatalf("start: %+v %v", op, err)
	}
	_, err = svc.Seats().DeploySeat(guild, []string{"r-oda"})
	userErr(t, err, "err.not_deployment")
	_, err = svc.Seats().SeatOf(guild, []string{"r-oda"})
	userErr(t, err, "err.not_command")
	north, err := svc.Seats().ScoutSeat(guild, []string{"r-oda"})
	if err != nil {
		t.Fatal(err)
	}
	south, _ := svc.Seats().ScoutSeat(guild, []string{"r-asai"})

	_, err = svc.Scout(north, Scouting{Cells: "C11 D11 C13 D13 C14"})
	userErr(t, err, engine.ProbScoutCells)
	_, err = svc.Scout(north, Scouting{Cells: "C11 Z99"})
	userErr(t, err, "err.bad_cell")
	_, err = svc.Scout(north, Scouting{Swap: "n-yari n-yumi"})
	userErr(t, err, engine.ProbScoutSwaps)
	sc, err := svc.Scout(north, Scouting{Cells: "C11, D13 A11"})
	if err != nil {
		t.Fatal(err)
	}
	r := sc.Report
	if r.Scouts != 2 || len(r.Units) != 2 || r.Units[0].ID != "s-yari" || r.Units[1].ID != "s-hatamoto" ||
		len(r.Leaders) != 1 || r.Leaders[0].ID != "s-daimyo" || r.HQ != engine.MustCell("D33") {
		t.Fatalf("report %+v", r)
	}
	_, err = svc.Scout(north, Scouting{Cells: "C14"})
	userErr(t, err, engine.ProbScouted)
	_, err = svc.Scout(north, Scouting{Swap: "n-yari"})
	userErr(t, err, "err.swap_pair")
	_, err = svc.Scout(north, Scouting{Swap: "n-yari s-yari"})
	userErr(t, err, engine.ProbSwapUnit)
	for _, pair := range []string{"n-yari n-yumi", "n-yari n-hatamoto"} {
		if _, err := svc.Scout(north, Scouting{Swap: pair}); err != nil {
			t.Fatal(err)
		}
	}
	_, err = svc.Scout(north, Scouting{Swap: "n-uma n-sohei"})
	userErr(t, err, engine.ProbScoutSwaps)

	// The south scouts after the north's swaps were given: it sees n-yari
	// where it was deployed.
	sc, err = svc.Scout(south, Scouting{Cells: "A21", Done: true})
	if err != nil || sc.Next != nil || len(sc.Report.Units) != 1 || sc.Report.Units[0].ID != "n-yari" {
		t.Fatalf("south: %+v %v", sc, err)
	}
	_, err = svc.Scout(south, Scouting{Done: true})
	userErr(t, err, "err.scouts_done")
	sc, err = svc.Scout(north, Scouting{Done: true})
	if err != nil || sc.Next == nil {
		t.Fatalf("north done: %+v %v", sc, err)
	}
	next := *sc.Next
	if next.Turn != 1 || next.Battle.Status != store.StatusCommand || next.Battle.Scouting || next.SeedHash != op.SeedHash {
		t.Fatalf("turn 1: %+v", next)
	}
	b := next.Battle.State
	for id, cell := range map[string]string{"n-yari": "A23", "n-yumi": "A21", "n-hatamoto": "A31"} {
		if got := b.Unit(id).Cell; got != engine.MustCell(cell) {
			t.Errorf("%s in %v, want %s", id, got, cell)
		}
	}
	if b.Shinobi != [2]int{0, 0} || b.HQKnown != [2]bool{true, true} {
		t.Fatalf("shinobi left %v, HQ known %v", b.Shinobi, b.HQKnown)
	}
}

// The scouting phase has the turn deadline too: when it passes, turn 1
// opens with the swaps given so far.
func TestScoutingDeadline(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	svc.Now = func() time.Time { return now }
	svc.TurnDeadline = time.Hour
	a := anegawa()
	a.Shinobi = [2]int{1, 0}
	svc.Scenarios = map[string]engine.Battle{"shinobi": a}
	rec, _ := svc.Create(guild, CreateRequest{Name: "Срок", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "shinobi"})
	if op, err := svc.Start(guild, rec.ID, false); err != nil || !op.Scouting || op.Battle.ScoutsDone != [2]bool{false, true} {
		t.Fatalf("start: %+v %v", op, err)
	}
	north, _ := svc.Seats().ScoutSeat(guild, []string{"r-oda"})
	svc.Scout(north, Scouting{Cells: "C11"})
	svc.Scout(north, Scouting{Swap: "n-uma n-sohei"})
	if done, _ := svc.Clock().Due(); len(done) != 0 {
		t.Fatal("ended before the deadline")
	}
	now = now.Add(time.Hour)
	done, err := svc.Clock().Due()
	if err != nil || len(done) != 1 || done[0].Opened == nil || done[0].Opened.Turn != 1 {
		t.Fatalf("at the deadline: %+v %v", done, err)
	}
	if u := done[0].Opened.Battle.State.Unit("n-uma"); u.Cell != engine.MustCell("B23") {
		t.Fatalf("the swap was not made: n-uma in %v", u.Cell)
	}
}

// The GM's /battle start during scouting ends the phase at once.
func TestGMEndsScouting(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	a := anegawa()
	a.Shinobi = [2]int{1, 1}
	svc.Scenarios = map[string]engine.Battle{"shinobi": a}
	rec, _ := svc.Create(guild, CreateRequest{Name: "Мастер", North: store.Clan{RoleID: "r-oda"}, South: store.Clan{RoleID: "r-asai"}, Scenario: "shinobi"})
	first, err := svc.Start(guild, rec.ID, false)
	if err != nil || !first.Scouting {
		t.Fatalf("start: %+v %v", first, err)
	}
	// A second start (a GM retrying) does not end the scouting by itself.
	_, err = svc.Start(guild, rec.ID, false)
	userErr(t, err, "err.scouting_started")
	op, err := svc.Start(guild, rec.ID, true)
	if err != nil || op.Scouting || op.Turn != 1 || op.Battle.Status != store.StatusCommand || op.SeedHash != first.SeedHash {
		t.Fatalf("second start: %+v %v", op, err)
	}
	// The shinobi that did not scout stay for battle-turn missions.
	if op.Battle.State.Shinobi != [2]int{1, 1} {
		t.Fatalf("shinobi %v", op.Battle.State.Shinobi)
	}
}

// A side's choice to spare duellists (R-VIII.6.5) is stored with the
// battle, holds until changed, and is taken only in a command phase.
func TestSetSpareR_VIII_6_5(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	dep, _ := svc.Seats().DeploySeat(guild, []string{"r-oda"})
	userErr(t, svc.SetSpare(dep, true), "err.not_command")
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	if err := svc.SetSpare(north, true); err != nil {
		t.Fatal(err)
	}
	got, _ := svc.Store.Battle(guild, rec.ID)
	if got.State.Spare != [2]bool{true, false} {
		t.Fatalf("spare %v", got.State.Spare)
	}
	svc.SetSpare(north, false)
	if got, _ := svc.Store.Battle(guild, rec.ID); got.State.Spare != [2]bool{} {
		t.Fatalf("spare after taking it back %v", got.State.Spare)
	}
}

// Save ammo! is given at deployment (R-IV.1.2, R-VI.5.5) to own shooters;
// in a command phase only once the GM allows it (save_ammo.changeable, D-44).
func TestSaveAmmoR_VI_5_5(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	north, _ := svc.Seats().DeploySeat(guild, []string{"r-oda"})
	on, off := true, false
	v, err := svc.Deploy(north, Placement{Unit: "n-yumi", SaveAmmo: &on})
	if err != nil || !v.Unit("n-yumi").SaveAmmo {
		t.Fatalf("deploy: %v", err)
	}
	if !strings.Contains(render.UnitsText(render.EN, v, engine.North), "n-yumi — samurai archers, 8 figures, A31, facing S — save ammo") {
		t.Fatalf("units: %s", render.UnitsText(render.EN, v, engine.North))
	}
	_, err = svc.Deploy(north, Placement{Unit: "n-yari", SaveAmmo: &on})
	userErr(t, err, engine.ProbSaveAmmoUnit)
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	seat, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	userErr(t, svc.SaveAmmo(seat, "n-yumi", false), engine.ProbSaveAmmoTurn)
	if _, err := svc.SetSetting(guild, rec.ID, "save_ammo.changeable", "true"); err != nil {
		t.Fatal(err)
	}
	if err := svc.SaveAmmo(seat, "n-yumi", off); err != nil {
		t.Fatal(err)
	}
	if got, _ := svc.Store.Battle(guild, rec.ID); got.State.Unit("n-yumi").SaveAmmo {
		t.Fatal("Save ammo was not taken back")
	}
}

// The GM fixes one field at a time, checked by the engine; an order the fix
// makes illegal is dropped at resolution instead of blocking the turn.
func TestGMFix(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	rec := created(t, svc)
	fx, err := svc.Fix(guild, rec.ID, "n-yari", "cell", "A22")
	if err != nil || fx.Side != engine.North || fx.Battle.State.Unit("n-yari").Cell != engine.MustCell("A22") {
		t.Fatalf("fix: %+v %v", fx, err)
	}
	if got, _ := svc.Store.Battle(guild, rec.ID); got.State.Unit("n-yari").Cell != engine.MustCell("A22") {
		t.Fatal("the fix was not stored")
	}
	_, err = svc.Fix(guild, rec.ID, "nobody", "cell", "A22")
	userErr(t, err, engine.ProbFixWho)
	_, err = svc.Fix(guild, rec.ID, "n-yari", "cell", "B21")
	userErr(t, err, engine.ProbFixCell)
	if fx, _ := svc.Fix(guild, rec.ID, "south", "messengers", "0"); fx.Side != engine.South {
		t.Fatalf("side of a side's fix: %v", fx.Side)
	}
	svc.Fix(guild, rec.ID, "n-yari", "cell", "A21")
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	accept(t, svc, north, engine.StakeLow)
	if _, err := svc.Order(north, engine.Order{Unit: "n-yari", Kind: engine.OrderMove, Phase: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Fix(guild, rec.ID, "n-yari", "status", "destroyed"); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Resolve(guild, rec.ID, 1)
	if err != nil {
		t.Fatalf("the turn is blocked by an order the fix made illegal: %v", err)
	}
	if u := res.After.Unit("n-yari"); u.Status != engine.StatusDestroyed || u.Cell != engine.MustCell("A21") {
		t.Fatalf("n-yari %+v", u)
	}
	svc.Finish(guild, rec.ID)
	_, err = svc.Fix(guild, rec.ID, "n-yumi", "facing", "E")
	userErr(t, err, "err.fix_inactive")
}

// In the last quarter of a turn's time the sides not yet ready are reminded,
// once a turn.
func TestReminders(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	svc.Now = func() time.Time { return now }
	svc.TurnDeadline = 24 * time.Hour
	rec := created(t, svc)
	if _, err := svc.Start(guild, rec.ID, false); err != nil {
		t.Fatal(err)
	}
	north, _ := svc.Seats().SeatOf(guild, []string{"r-oda"})
	accept(t, svc, north, engine.StakeLow)
	if _, err := svc.Ready(north); err != nil {
		t.Fatal(err)
	}
	now = now.Add(17 * time.Hour)
	if r, err := svc.Clock().Reminders(); err != nil || len(r) != 0 {
		t.Fatalf("7 hours before the deadline: %+v %v", r, err)
	}
	now = now.Add(2 * time.Hour)
	r, err := svc.Clock().Reminders()
	if err != nil || len(r) != 1 || len(r[0].Sides) != 1 || r[0].Sides[0] != engine.South {
		t.Fatalf("5 hours before the deadline: %+v %v", r, err)
	}
	if again, _ := svc.Clock().Reminders(); len(again) != 0 {
		t.Fatalf("reminded twice: %+v", again)
	}
}

// /battle list: battles being fought first, each with where it stands and,
// while orders are taken, its deadline, read from the headers.
func TestBattlesList(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	svc.TurnDeadline = time.Hour
	rec := created(t, svc)
	svc.Create(guild, CreateRequest{Name: "Ямадзаки", North: store.Clan{RoleID: "r-x"}, South: store.Clan{RoleID: "r-y"}})
	svc.Finish(guild, "Ямадзаки")
	op, err := svc.Start(guild, rec.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	all, err := svc.Battles(guild)
	if err != nil || len(all) != 2 || all[0].ID != rec.ID || all[1].Status != store.StatusFinished {
		t.Fatalf("battles %+v %v", all, err)
	}
	if all[0].Deadline != op.Battle.Deadline || all[0].Turn != 1 || all[0].Name != "Анэгава 1570" {
		t.Fatalf("header %+v", all[0])
	}
}

// A service that owns some guilds only (Owns: its gateway shards') leaves
// the others' deadlines and posts alone.
func TestOwnsGuilds(t *testing.T) {
	svc := newService(t, filepath.Join(t.TempDir(), "g.db"))
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	svc.Now = func() time.Time { return now }
	svc.TurnDeadline = time.Hour
	for _, g := range []string{guild, "g2"} {
		rec, err := svc.Create(g, CreateRequest{Name: "Срок", North: store.Clan{RoleID: "r-oda", ChannelID: "c-oda"},
			South: store.Clan{RoleID: "r-asai", ChannelID: "c-asai"}, GMChannelID: "c-gm"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Start(g, rec.ID, false); err != nil {
			t.Fatal(err)
		}
	}
	svc.Owns = func(g string) bool { return g == "g2" }
	owed, err := svc.Posts().Owed()
	if err != nil || len(owed) == 0 {
		t.Fatalf("owed %v, %v", owed, err)
	}
	for _, p := range owed {
		if p.Guild != "g2" {
			t.Fatalf("a post of guild %s is owed by the service of g2", p.Guild)
		}
	}
	now = now.Add(2 * time.Hour)
	done, err := svc.Clock().Due()
	if err != nil || len(done) != 1 || done[0].Opened == nil && done[0].Resolved == nil {
		t.Fatalf("due: %+v, %v", done, err)
	}
	if g := cmpOr(done[0]); g != "g2" {
		t.Fatalf("resolved a deadline of guild %s", g)
	}
	svc.Owns = nil
	if done, err := svc.Clock().Due(); err != nil || len(done) != 1 || cmpOr(done[0]) != guild {
		t.Fatalf("the other guild's deadline: %+v, %v", done, err)
	}
}

// cmpOr is the guild of what a deadline led to.
func cmpOr(o Overdue) string {
	if o.Opened != nil {
		return o.Opened.Battle.GuildID
	}
	return o.Resolved.Battle.GuildID
}
