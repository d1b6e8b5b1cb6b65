package customid

// The custom IDs of every component the bot draws, one table: each is
// built from its pattern here and its click routed by it (bot's
// componentRoutes). The words of each action are their owners' (game.Am*,
// game.Qb*, game.DuelAct*, game.Act*).
var (
	// Aftermath: an army's aftermath message, its menus, buttons and the
	// skill's form; value: the figures given when the menu was drawn (add),
	// the grant (name, skill).
	Aftermath = New("am:{army}:{turn:int}:{action}:{value...}")
	// Fight: a fight's clan message (quick battles and sieges).
	Fight = New("qb:{fight}:{side:int}:{action}")
	// Duel: a fighter's prompt; it names the guild, for a click in a DM
	// comes without one. value: the step's choice ("yes", "no").
	Duel = New("duel:{guild}:{battle}:{duel}:{fighter:int}:{action}:{value...}")
	// Sheet: an order sheet's menus and buttons; value: the button's (a
	// stake, a phase, an order's key).
	Sheet = New("sheet:{sheet:uint}:{turn:int}:{action}:{value...}")
	// SheetReroll: a sheet's reroll and accept buttons, with the rerolls
	// taken when drawn; one drawn without them is a Sheet's, value the
	// source. Its literal is game.ActReroll.
	SheetReroll = New("sheet:{sheet:uint}:{turn:int}:reroll:{source}:{rerolls:int}")
	// Roll: a roll's reroll and accept buttons, with the rerolls taken
	// when drawn (game.RerollAsOf).
	Roll = New("roll:{turn:int}:{rerolls:int}:{source}")
	// RollOld: a roll's button drawn before the rerolls taken were in
	// it; parsed only.
	RollOld = New("roll:{turn:int}:{source}")
	// Read: "read mine" under a post, read again in the clicker's language.
	Read = New("read:{what}:{turn:int}:{battle...}")
	// Again: make a repeated change once more; at: the change's time in
	// Unix nanoseconds.
	Again = New("again:{at:int}")
	// WhyUnit: a unit menu of the Why… context menu, answered about the
	// turn posted as message in the channel it is clicked in; part: the
	// menu's place (a menu a side).
	WhyUnit = New("cmwhy:{part:int}:{message}")
	// BattleForm: the GM's form of a new battle (bot/forms.go), its step
	// and, from step 2, the clans' roles and channels and the GM's channel
	// picked at step 1.
	BattleForm = New("bform:{step:int}:{data...}")
	// RosterForm: the form that uploads a roster.
	RosterForm = New("rform:{what}")
	// Request: the GM's Approve and Refuse under a player's request (issue
	// 29, item 5); action: "approve" or "refuse".
	Request = New("req:{battle}:{id:int}:{action}")
)

// All is every pattern, for the tests that every ID built parses.
var All = []*Pattern{Aftermath, Fight, Duel, Sheet, SheetReroll, Roll, RollOld, Read, Again, WhyUnit, BattleForm, RosterForm, Request}
