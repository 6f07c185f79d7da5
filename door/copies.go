package door

import (
	"sync"
	"time"

	"okey/server/keep"
)

// copiesEvery is how long status's word on the streams' copies is kept:
// anyone may ask for status, and the answer costs a request a stream.
const copiesEvery = time.Second

// copiesSeen is the streams behind (keep.Engine.Behind), as last asked.
type copiesSeen struct {
	mu     sync.Mutex
	at     time.Time
	behind []string
	err    error
}

// get is the streams behind, asked again if the answer is older than
// copiesEvery.
func (c *copiesSeen) get(eng *keep.Engine) ([]string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Since(c.at) >= copiesEvery {
		ctx, cancel := keep.EngineCtx()
		c.behind, c.err = eng.Behind(ctx)
		cancel()
		c.at = time.Now()
	}
	return c.behind, c.err
}
