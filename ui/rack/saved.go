package rack

import (
	"encoding/json"
	"fmt"

	"okey/game/tile"
)

// Read reads a rack's saved arrangement b, a JSON file of either
// game's (F) whose slots are slots': the file, the rack its slots make,
// or why b is no arrangement at all ("" when it is one). Both games
// save their racks so; whether the arrangement fits the hand on the
// table is each game's to say.
func Read[F any](b []byte, slots func(f *F) []tile.Tile) (f F, r Rack, why string) {
	if err := json.Unmarshal(b, &f); err != nil {
		return f, r, err.Error()
	}
	s := slots(&f)
	if len(s) != NumSlots {
		return f, r, fmt.Sprintf("%d slots, not %d", len(s), NumSlots)
	}
	copy(r.Slots[:], s)
	for _, t := range r.Slots {
		if t != tile.NoTile && !t.Valid() {
			return f, r, fmt.Sprintf("no tile %d", int(t))
		}
	}
	return f, r, ""
}
