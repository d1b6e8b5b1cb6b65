package engine

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gunbai/gunbai/internal/racetest"
)

// oddsField is a typical position in contact: two lines of six units each
// along the middle of the field, North's samurai spearmen "sp" in front of
// South's ashigaru spearmen "as", North's archers "ar" facing South's teppo
// "tp" two cells ahead.
func oddsField() Battle {
	b := testBattle(
		unit("sp", North, SamuraiSpear, 8, at(6, 3), S),
		unit("hc", North, HeavyCavalry, 6, at(4, 3), S),
		unit("ar", North, SamuraiArcher, 8, at(8, 3), S),
		unit("n1", North, AshigaruSpear, 12, at(5, 3), S),
		unit("n2", North, AshigaruSpear, 12, at(7, 2), S),
		unit("n3", North, Yamabushi, 6, at(10, 3), S),
		unit("as", South, AshigaruSpear, 8, at(6, 4), N),
		unit("tp", South, AshigaruTeppo, 6, at(8, 5), N),
		unit("s1", South, SamuraiSpear, 8, at(4, 5), N),
		unit("s2", South, LightCavalry, 4, at(2, 5), N),
		unit("s3", South, AshigaruSpear, 12, at(10, 5), N),
		unit("s4", South, SamuraiArcher, 6, at(11, 6), N),
	)
	return b
}

func oddsOf(t *testing.T, b Battle, side Side, o Order, n int) OddsResult {
	t.Helper()
	r, err := Odds(b, side, o, n)
	if err != nil {
		t.Fatalf("Odds(%+v): %v", o, err)
	}
	return r
}

// won is the share of the runs in which the defender gave way (R-VIII.4.4,
// R-VIII.4.5, R-VIII.4.10).
func won(r OddsResult) float64 {
	return r.Share(DefenderPushedBack) + r.Share(DefenderRouted) + r.Share(DefenderDestroyed)
}

// checkShares: the outcomes' runs add up to the runs, their shares to 1,
// and the target's losses cover every run.
func checkShares(t *testing.T, r OddsResult) {
	t.Helper()
	runs, share := 0, 0.0
	for _, s := range r.Outcomes {
		runs += s.Runs
		share += s.Share
		if (r.Kind == CombatShot) != (s.Outcome >= TargetDestroyed) {
			t.Errorf("%s odds with outcome %s", r.Kind, s.Outcome)
		}
	}
	lost := 0
	for _, c := range r.TargetLost {
		lost += c
	}
	if runs != r.Runs || lost != r.Runs || math.Abs(share-1) > 1e-9 {
		t.Errorf("outcomes add up to %d runs, share %v, target losses %d runs; want %d, 1, %d", runs, share, lost, r.Runs, r.Runs)
	}
}

// The same input gives the same answer: the dice of run k are keyed by k.
func TestOddsDeterministic(t *testing.T) {
	b := oddsField()
	mv := order(b, "sp", OrderMove, 1)
	a, c := oddsOf(t, b, North, mv, 300), oddsOf(t, b, North, mv, 300)
	if !reflect.DeepEqual(a, c) {
		t.Fatalf("two answers:\n%+v\n%+v", a, c)
	}
	if a.Kind != CombatMelee || a.Unit != "sp" || a.Target != "as" || a.Runs != 300 || a.Side != North {
		t.Errorf("odds %+v", a)
	}
	checkShares(t, a)
	if len(a.Outcomes) < 2 || a.EnemyLost <= 0 {
		t.Errorf("a melee with one outcome, or no losses: %+v", a)
	}
}

// R-VIII.4.1-5: a clearly stronger attacker pushes the defender back more
// often than a weak one, and loses less.
func TestOddsStrongerWins_R_VIII_4(t *testing.T) {
	weak := testBattle(
		unit("a", North, AshigaruTeppo, 3, at(6, 3), S),
		unit("d", South, SamuraiSpear, 8, at(6, 4), N),
	)
	strong := testBattle(
		unit("a", North, Yamabushi, 12, at(6, 3), S),
		unit("d", South, AshigaruSpear, 4, at(6, 4), N),
	)
	w := oddsOf(t, weak, North, order(weak, "a", OrderMove, 1), 500)
	s := oddsOf(t, strong, North, order(strong, "a", OrderMove, 1), 500)
	checkShares(t, w)
	checkShares(t, s)
	if won(s) < 0.9 || won(w) > 0.1 {
		t.Errorf("strong attacker wins %.2f, weak %.2f", won(s), won(w))
	}
	if s.EnemyLost <= w.EnemyLost {
		t.Errorf("the strong attacker inflicts %.2f, the weak %.2f", s.EnemyLost, w.EnemyLost)
	}
}

// R-VIII.4.6: a defender attacked in the flank by heavy cavalry (R-II.2.1)
// routs more often than one attacked in the front by the same cavalry.
func TestOddsFlankAttack_R_VIII_3(t *testing.T) {
	b := testBattle(
		unit("hc", North, HeavyCavalry, 6, at(6, 3), S),
		unit("d", South, AshigaruTeppo, 6, at(6, 4), N),
	)
	front := oddsOf(t, b, North, order(b, "hc", OrderMove, 1), 400)
	b.Units[1].Facing = E
	flank := oddsOf(t, b, North, order(b, "hc", OrderMove, 1), 400)
	if flank.Share(DefenderRouted)+flank.Share(DefenderDestroyed) <= front.Share(DefenderRouted)+front.Share(DefenderDestroyed) {
		t.Errorf("routed or destroyed: flank %+v, front %+v", flank.Outcomes, front.Outcomes)
	}
}

// R-VI.2.2, R-IX.2.1: a shot's odds are the target's fate and the figures
// it loses.
func TestOddsShot_R_IX_2_1(t *testing.T) {
	b := oddsField()
	b.Unit("tp").Cell = Cell{8, 4}
	o := order(b, "ar", OrderShoot, 1)
	o.Target = "tp"
	r := oddsOf(t, b, North, o, 400)
	checkShares(t, r)
	if r.Kind != CombatShot || r.Target != "tp" || r.Share(TargetRetreated) == 0 || r.Share(TargetHeld) == 0 {
		t.Errorf("shot odds %+v", r)
	}
	if r.OwnLost != 0 || r.EnemyLost < 1 {
		t.Errorf("shooting at teppo: own losses %.2f, enemy %.2f", r.OwnLost, r.EnemyLost)
	}
	v := o
	v.Kind, v.Class = OrderVolley, Special
	if rv := oddsOf(t, b, North, v, 400); rv.EnemyLost <= r.EnemyLost {
		t.Errorf("a volley (R-VI.3.1) inflicts %.2f, a shot %.2f", rv.EnemyLost, r.EnemyLost)
	}
}

// R-VI.6.1, R-IX.3.1: teppo fire at an attacker in their front before the
// melee, and may stop it.
func TestOddsRepellingFire_R_VI_6_1(t *testing.T) {
	b := testBattle(
		unit("a", North, AshigaruSpear, 3, at(6, 3), S),
		unit("tp", South, AshigaruTeppo, 12, at(6, 4), N),
	)
	r := oddsOf(t, b, North, order(b, "a", OrderMove, 1), 400)
	checkShares(t, r)
	if r.Share(AttackStopped) == 0 || r.OwnLost == 0 {
		t.Errorf("attack into teppo: %+v", r)
	}
}

// R-XI.3.2, D-67: an enemy hidden in a forest is no combat the side can
// see, and the odds never depend on where hidden enemies stand.
func TestOddsHidden_D_67(t *testing.T) {
	// With swamps on either side of the defender (R-XI.4.1), a unit behind
	// it would leave it nowhere to retreat: it would rout (R-X.1.4,
	// R-X.1.5) where it is pushed back now.
	b := testBattle(
		unit("sp", North, SamuraiSpear, 8, at(6, 3), S),
		unit("as", South, AshigaruSpear, 8, at(6, 4), N),
		unit("hid", South, SamuraiSpear, 8, at(1, 7), N),
	)
	b.Terrain.Swamps = []Cell{{5, 4}, {7, 4}}
	b.Terrain.Forests = []Cell{{1, 7}, {12, 7}, {6, 5}}
	o := order(b, "sp", OrderMove, 1)
	want := oddsOf(t, b, North, o, 300)
	if want.Share(DefenderPushedBack) == 0 {
		t.Fatalf("the defender is never pushed back: %+v", want)
	}
	for _, c := range []Cell{{12, 7}, {6, 5}} {
		b.Unit("hid").Cell = c
		if got := oddsOf(t, b, North, o, 300); !reflect.DeepEqual(got, want) {
			t.Errorf("hidden enemy at %v: %+v, want %+v", c, got, want)
		}
	}
	// Seen, the unit behind the defender changes the odds: the test above
	// would notice a hidden one that counted.
	b.Unit("hid").Revealed = true
	if got := oddsOf(t, b, North, o, 300); got.Share(DefenderPushedBack) != 0 {
		t.Errorf("a seen unit behind the defender: %+v, want no retreat", got)
	}

	// The defender itself hidden: no combat the side can see.
	hid := testBattle(
		unit("hc", North, HeavyCavalry, 6, at(6, 2), S),
		unit("ar", North, SamuraiArcher, 6, at(8, 2), S),
		unit("d", South, AshigaruSpear, 8, at(6, 4), N),
	)
	hid.Terrain.Forests = []Cell{{6, 4}}
	if _, err := Odds(hid, North, order(hid, "hc", OrderMove, 1), 50); !errors.Is(err, ErrNoCombat) {
		t.Errorf("a gallop into a hidden enemy: err %v, want ErrNoCombat", err)
	}
	sh := order(hid, "ar", OrderShoot, 1)
	sh.Target = "d"
	if _, err := Odds(hid, North, sh, 50); !errors.Is(err, ErrNoCombat) {
		t.Errorf("a shot at a hidden enemy: err %v, want ErrNoCombat", err)
	}
	hid.Terrain.Forests = nil
	if _, err := Odds(hid, North, order(hid, "hc", OrderMove, 1), 50); err != nil {
		t.Errorf("the same enemy seen: %v", err)
	}
}

// Each outcome as the rules name it, in positions where it is certain or
// possible.
func TestOddsOutcomes(t *testing.T) {
	shootAt := func(b Battle, target string) Order {
		o := order(b, "a", OrderShoot, 1)
		o.Target = target
		return o
	}
	// A routing defender, with a friend far away that still stands: else
	// South would have lost the battle already (R-I.4.1).
	routing := func(b Battle) Battle {
		b.Unit("d").Status = StatusRouting
		b.Units = append(b.Units, unit("far", South, AshigaruSpear, 4, at(12, 7), N))
		return b
	}
	boxed := testBattle(
		unit("a", North, AshigaruTeppo, 12, at(6, 3), S),
		unit("d", South, AshigaruSpear, 4, at(6, 4), N),
	)
	boxed.Terrain.Swamps = []Cell{{5, 4}, {7, 4}, {6, 5}}
	calm := testBattle(
		unit("a", North, SamuraiArcher, 2, at(6, 3), S),
		unit("d", South, Yamabushi, 6, at(6, 4), N),
	)
	for _, c := range []struct {
		name string
		b    Battle
		o    func(Battle) Order
		want map[CombatOutcome]bool // the outcomes that may happen; true: every run
	}{
		// R-X.5.3, R-II.2.6: cavalry attacking routing infantry: 2 damage
		// per first-rank figure, no dice; it routs again or is destroyed.
		{"rout again", routing(testBattle(
			unit("a", North, HeavyCavalry, 8, at(6, 3), S),
			unit("d", South, AshigaruSpear, 12, at(6, 4), N),
		)), func(b Battle) Order { return order(b, "a", OrderMove, 1) }, map[CombatOutcome]bool{DefenderRouted: true}},
		{"destroyed", routing(testBattle(
			unit("a", North, HeavyCavalry, 8, at(6, 3), S),
			unit("d", South, AshigaruSpear, 4, at(6, 4), N),
		)), func(b Battle) Order { return order(b, "a", OrderMove, 1) }, map[CombatOutcome]bool{DefenderDestroyed: true}},
		// R-VIII.4.3, R-VIII.4.10: two ashigaru against the front of
		// samurai spearmen are repelled or destroyed.
		{"repelled", testBattle(
			unit("a", North, AshigaruSpear, 2, at(6, 3), S),
			unit("d", South, SamuraiSpear, 12, at(6, 4), N),
		), func(b Battle) Order { return order(b, "a", OrderMove, 1) }, map[CombatOutcome]bool{AttackRepelled: false, AttackerDestroyed: false}},
		// R-IX.2.1 with nowhere to go (R-X.1.5): routed, or destroyed.
		{"boxed in", boxed, func(b Battle) Order { return shootAt(b, "d") },
			map[CombatOutcome]bool{TargetRouted: false, TargetDestroyed: false, TargetHeld: false}},
		// Losses within St: it stays.
		{"calm", calm, func(b Battle) Order { return shootAt(b, "d") }, map[CombatOutcome]bool{TargetHeld: true}},
	} {
		r := oddsOf(t, c.b, North, c.o(c.b), 300)
		checkShares(t, r)
		for _, s := range r.Outcomes {
			certain, ok := c.want[s.Outcome]
			if !ok || certain && s.Share != 1 {
				t.Errorf("%s: %+v, want %v", c.name, r.Outcomes, c.want)
			}
		}
		if len(r.Outcomes) != len(c.want) {
			t.Errorf("%s: %+v, want every one of %v", c.name, r.Outcomes, c.want)
		}
	}
}

// The odds assume that the enemy gives no orders and that no army-wide
// order is in force (R-VI.4): the side's General advance, or the enemy's,
// changes nothing.
func TestOddsNoArmyWide(t *testing.T) {
	b := oddsField()
	o := order(b, "sp", OrderMove, 1)
	want := oddsOf(t, b, North, o, 200)
	adv := OrderGeneralAdvance
	b.ArmyWide = [2]*OrderKind{&adv, &adv}
	if got := oddsOf(t, b, North, o, 200); !reflect.DeepEqual(got, want) {
		t.Errorf("with General advance in force: %+v, want %+v", got, want)
	}
}

// Orders that start no combat give ErrNoCombat; orders the side may not
// give, Validate's problems.
func TestOddsNoCombat(t *testing.T) {
	b := oddsField()
	far := order(b, "ar", OrderShoot, 1)
	far.Target = "s1"
	for _, o := range []Order{
		order(b, "n3", OrderMove, 1), // an empty cell
		order(b, "sp", OrderWheelLeft, 1),
		order(b, "sp", OrderRetreat, 1),
		far, // out of the fire zone (R-VI.2.2)
		{Side: North, Kind: OrderGeneralAdvance, Phase: 1},
		{Side: North, Kind: OrderSignalRetreat},
		{Side: North, Unit: "as", Kind: OrderMove, Phase: 1}, // the enemy's unit
	} {
		if r, err := Odds(b, North, o, 10); !errors.Is(err, ErrNoCombat) {
			t.Errorf("%s %s: %+v, %v; want ErrNoCombat", o.Unit, o.Kind, r, err)
		}
	}
	noAmmo := order(b, "ar", OrderShoot, 1)
	noAmmo.Target = "tp"
	b.Unit("tp").Cell = Cell{8, 4}
	b.Unit("ar").Ammo = 0
	if _, err := Odds(b, North, noAmmo, 10); !errors.Is(err, ErrNoCombat) {
		t.Errorf("no ammunition (D-38): %v, want ErrNoCombat", err)
	}
	bad := order(b, "sp", OrderMove, 1)
	bad.Steps = []StepKind{StepMove} // infantry has no gallop (R-VI.2.12)
	var oe OrderErrors
	if _, err := Odds(b, North, bad, 10); !errors.As(err, &oe) {
		t.Errorf("an illegal order: %v, want OrderErrors", err)
	}
	if _, err := Odds(b, North, order(b, "sp", OrderMove, 1), 0); err == nil {
		t.Error("no runs: no error")
	}
}

// The runs are the real resolver's turn, cut where the combat is over:
// each run's events are the start of ResolveTurn's with the same dice on
// the same position (random positions and orders).
func TestOddsRunsAreResolveTurn(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	checked := 0
	for range racetest.Size(300) {
		b, _ := randomBattle(rng, 5)
		side := Side(rng.IntN(2))
		tree := Options(b, side, b.Turn+1, nil, CommandResult{Special: 2, Ordinary: 2})
		for _, o := range tree.Orders() {
			in, ok := Intent(b, side, o)
			if !ok || o.Phase != 1 || (in.Attack == "" && in.Shoot == "") {
				continue
			}
			res, err := Odds(b, side, o, 1)
			if errors.Is(err, ErrNoCombat) {
				continue
			} else if err != nil {
				t.Fatalf("%+v: %v", o, err)
			}
			v := View(b, side)
			v.ArmyWide = [2]*OrderKind{}
			sim := o
			sim.Turn = 0
			s := newOddsSim(v, sim, res.Target)
			for k := range uint64(3) {
				s.run(k)
				cut := append([]Event(nil), s.r.ev...)
				d := &oddsSim{}
				d.rng = rand.New(&d.pcg)
				d.pcg.Seed(k, 0x6f646473)
				_, all, err := ResolveTurn(v, []Order{sim}, d)
				if err != nil {
					t.Fatalf("%+v: %v", o, err)
				}
				if len(all) < len(cut) || !reflect.DeepEqual(all[:len(cut)], cut) {
					t.Fatalf("%+v run %d: the odds' events are not the turn's", o, k)
				}
				checked++
			}
		}
	}
	if checked < racetest.Size(200) {
		t.Errorf("only %d runs checked", checked)
	}
}

// Each run stops at the ladder step (R-VII.2) in which the combat is
// fought, or the order is spent without one: a frontal attack at P7, a
// shot at P1, the second step of a forced march in phase 2 (D-39).
func TestOddsStopsWithTheCombat(t *testing.T) {
	teppo := testBattle(
		unit("a", North, AshigaruSpear, 3, at(6, 3), S),
		unit("tp", South, AshigaruTeppo, 12, at(6, 4), N),
	)
	march := testBattle(
		unit("a", North, AshigaruSpear, 12, at(6, 2), S),
		unit("d", South, AshigaruSpear, 6, at(6, 4), N),
	)
	shot := oddsField()
	shot.Unit("tp").Cell = Cell{8, 4}
	sh := order(shot, "ar", OrderShoot, 1)
	sh.Target = "tp"
	for _, c := range []struct {
		name   string
		b      Battle
		o      Order
		target string
		phase  int
		step   string
	}{
		{"melee", oddsField(), order(oddsField(), "sp", OrderMove, 1), "as", 1, "P7"},
		{"shot", shot, sh, "tp", 1, "P1"},
		{"forced march", march, order(march, "a", OrderForcedMarch, 1), "d", 2, "P7"},
		// Repelling fire often stops it (R-VI.6.1, R-IX.3.1): spent, it
		// stops there too.
		{"repelling fire", teppo, order(teppo, "a", OrderMove, 1), "tp", 1, "P7"},
	} {
		s := newOddsSim(View(c.b, North), c.o, c.target)
		for k := range uint64(40) {
			s.run(k)
			if s.r.phase != c.phase || s.r.step != c.step {
				t.Errorf("%s run %d: stopped in phase %d at %s, want phase %d at %s", c.name, k, s.r.phase, s.r.step, c.phase, c.step)
			}
		}
	}
}

// BenchmarkOdds: 2,000 simulated combats per op, a melee and a shot in a
// typical position.
func BenchmarkOdds(b *testing.B) {
	f := oddsField()
	f.Unit("tp").Cell = Cell{8, 4}
	shoot := order(f, "ar", OrderShoot, 1)
	shoot.Target = "tp"
	for _, c := range []struct {
		name string
		o    Order
	}{{"melee", order(f, "sp", OrderMove, 1)}, {"shot", shoot}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Odds(f, North, c.o, 2000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
