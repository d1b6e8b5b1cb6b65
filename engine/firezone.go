package engine

// InFireZone reports whether shooter may shoot at target as the battle now
// stands in side's view (R-VI.2.2, R-IX.6.2, R-XI.2.4, R-XI.3.2, D-61), so
// that a player learns at once whether his shooting order would be carried
// out were nothing to move; whether it is, is decided when it shoots
// (R-VI.2.3). known is false when either unit is not on the field as the
// side sees it.
func InFireZone(b Battle, side Side, shooter, target string) (in, known bool) {
	v := View(b, side)
	s, t := v.Unit(shooter), v.Unit(target)
	if s == nil || t == nil || !s.Active() || !t.Active() {
		return false, false
	}
	return inFireZone(&v.Terrain, s, t.Cell), true
}
