//go:build tune

package botsclassic

import (
	"errors"

	"okey/game/classic"
)

// beliefChain is a stub until the belief sampler is written.
type beliefChain struct{}

func (b *pimc) beliefStart(v *classic.View) error { return nil }

func (b *pimc) beliefWorld(v *classic.View) (classic.State, error) {
	return classic.State{}, errors.New("pimc belief: not written yet")
}
