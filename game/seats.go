package game

import (
	"slices"

	"github.com/gunbai/gunbai/engine"
	"github.com/gunbai/gunbai/store"
)

// Seats says whose battle and side a member's roles give (Service.Seats).
type Seats struct {
	s *Service
	// only, when set, is the one battle the seat is looked for in (a
	// command in a DM names the battle: Within).
	only string
	// user, when set, is the member looked for (Of): his wing is found,
	// and a seat he holds as a substitute (issue 29).
	user string
}

// Seats is the seats of s.
func (s *Service) Seats() Seats { return Seats{s: s} }

// Seat is where a player fights: a battle being fought and a side. Battle
// is the record as read when the seat was found.
type Seat struct {
	Battle store.BattleRecord
	Side   engine.Side
	// Player is who sits there, if the caller says (for receipts).
	Player *Player
	// Watcher: a member of the clan who is not of its ordering role
	// (store.Clan.OrderRole): he sees the side's orders but gives none.
	Watcher bool
	// Plays is the player whose seat this is (issue 29): the member
	// himself, or the player he substitutes for; "" when the finder was
	// not told who asks (Seats.Of) or he sits in for a whole side.
	Plays string
	// Sub is the substitute's seating, when the member sits in for another.
	Sub *store.Substitute
}

// AnySeat finds the battle being fought whose clan role the member has,
// whatever its phase. It reads the guild's battle headers and the one
// battle found, never every battle's state.
func (g Seats) AnySeat(guild string, roles []string) (Seat, error) {
	s := g.s
	var seat Seat
	err := s.Store.View(func(tx *store.Tx) error {
		all, err := tx.Headers(guild)
		if err != nil {
			return err
		}
		var found []Seat
		var subbed []store.Header // battles naming the user: he may sit in there
		for _, h := range all {
			if h.Unreadable != "" || !active(h.Status) || g.only != "" && h.ID != g.only {
				continue // a battle this build cannot read stops only itself
			}
			for side, c := range h.Sides {
				if slices.Contains(roles, c.RoleID) || c.OrderRole != "" && slices.Contains(roles, c.OrderRole) {
					found = append(found, Seat{Battle: store.BattleRecord{ID: h.ID, GuildID: h.GuildID}, Side: engine.Side(side),
						// A player the GM named (a wing's, the commander)
						// orders without the ordering role (issue 29).
						Watcher: c.OrderRole != "" && !slices.Contains(roles, c.OrderRole) && !h.Seats(g.user), Plays: g.user})
				}
			}
			if h.Seats(g.user) {
				subbed = append(subbed, h)
			}
		}
		found, err = g.substitutes(tx, found, subbed)
		if err != nil {
			return err
		}
		switch {
		case len(found) == 0:
			return refuse("err.no_seat")
		case len(found) > 1:
			return refuse("err.two_seats")
		}
		seat = found[0]
		seat.Battle, err = tx.Battle(guild, seat.Battle.ID)
		return err
	})
	return seat, err
}

// SeatOf finds the member's battle in its command phase.
func (g Seats) SeatOf(guild string, roles []string) (Seat, error) {
	seat, err := g.AnySeat(guild, roles)
	if err == nil && seat.Battle.Status != store.StatusCommand {
		return seat, refuse("err.not_command", seat.Battle.Name)
	}
	return seat, err
}

// DeploySeat finds the member's battle in deployment, in which his side
// places its army (RULES IV).
func (g Seats) DeploySeat(guild string, roles []string) (Seat, error) {
	seat, err := g.AnySeat(guild, roles)
	if err == nil && (seat.Battle.Status != store.StatusDeployment || seat.Battle.Scouting) {
		return seat, refuse("err.not_deployment", seat.Battle.Name)
	}
	return seat, err
}

// ScoutSeat finds the member's battle in the plan-change phase of its
// deployment turn, in which his side's shinobi scout (R-IV.5).
func (g Seats) ScoutSeat(guild string, roles []string) (Seat, error) {
	seat, err := g.AnySeat(guild, roles)
	if err == nil && !seat.Battle.Scouting {
		return seat, refuse("err.not_scouting", seat.Battle.Name)
	}
	return seat, err
}
