package tables

import (
	"encoding/json"
	"errors"
	"fmt"

	"okey/game/classic"
	"okey/game/classic/hand"
	"okey/game/okey101/meld"
	"okey/kit/seatmsg"
)

// The wire: what travels between nodes when a player's session is on one
// node and their table on another. The table's node sends each remote
// member its own messages (the waiting room, then its seat's update:
// that seat's view and nothing more, as for a local member), and the
// session's node sends the table the member's requests. Both are JSON:
// every field is plain data, the format is easy to read in a NATS tool,
// and a message is small next to the network's cost. A message from
// another node is capped in bytes before it is decoded, like any input
// from the network.

// wireMax is the largest message a node decodes from another: a 101
// update late in a long match is some tens of KB.
const wireMax = 1 << 20

// errWireTooBig is a message over wireMax, refused undecoded.
var errWireTooBig = errors.New("message from another node too big")

// wireMsg is a Msg on the wire: exactly one of Room, Update and
// Closed is set.
type wireMsg struct {
	Room   *wireRoom       `json:"room,omitempty"`
	Update *seatmsg.Update `json:"update,omitempty"`
	Closed string          `json:"closed,omitempty"`
	// Dup comes with a duplicate table's Closed "dup.over" only, Held
	// with "round.held" only.
	Dup  *seatmsg.Duplicate `json:"dup,omitempty"`
	Held *seatmsg.Held      `json:"held,omitempty"`
	// Paused comes with a room or an update, or alone.
	Paused bool `json:"paused,omitempty"`
	// Busy comes alone.
	Busy bool `json:"busy,omitempty"`
}

// wireRoom is a Room on the wire.
type wireRoom struct {
	ID         string                           `json:"id"`
	Config     Config                           `json:"config"`
	Players    [classic.NumSeats]seatmsg.Player `json:"players"`
	Rated      [classic.NumSeats]string         `json:"rated"`
	Host       bool                             `json:"host,omitempty"`
	Seat       int                              `json:"seat"`
	Chat       []seatmsg.ChatLine               `json:"chat,omitempty"`
	Refused    string                           `json:"refused,omitempty"`
	RefusedSeq uint64                           `json:"refusedSeq,omitempty"`
}

// EncodeMsg puts a table's message to a member on the wire.
func EncodeMsg(msg Msg) ([]byte, error) {
	var w wireMsg
	switch {
	case msg.Room != nil:
		r := msg.Room
		w.Room = &wireRoom{ID: r.ID, Config: r.Cfg, Players: r.Players, Rated: r.Rated, Host: r.Host, Seat: r.Seat,
			Chat: r.Chat, Refused: r.Refused, RefusedSeq: r.RefusedSeq}
	case msg.Update != nil:
		u := *msg.Update
		// The monotonic reading means nothing on another machine.
		u.Deadline = u.Deadline.Round(0)
		w.Update = &u
	default:
		w.Closed, w.Dup, w.Held = msg.Closed, msg.Dup, msg.Held
		if w.Closed == "" && !msg.Paused && !msg.Busy {
			return nil, errors.New("an empty table message")
		}
	}
	w.Paused, w.Busy = msg.Paused, msg.Busy
	return json.Marshal(w)
}

// DecodeMsg takes a table's message to a member off the wire.
func DecodeMsg(data []byte) (Msg, error) {
	if len(data) > wireMax {
		return Msg{}, fmt.Errorf("%w: %d bytes", errWireTooBig, len(data))
	}
	var w wireMsg
	if err := json.Unmarshal(data, &w); err != nil {
		return Msg{}, fmt.Errorf("a table's message: %w", err)
	}
	set := 0
	var msg Msg
	if r := w.Room; r != nil {
		set++
		msg.Room = &Room{ID: r.ID, Cfg: r.Config, Players: r.Players, Rated: r.Rated, Host: r.Host, Seat: r.Seat,
			Chat: r.Chat, Refused: r.Refused, RefusedSeq: r.RefusedSeq}
	}
	if w.Update != nil {
		set++
		// Exactly one game's view, or none with a hand's end held back
		// (holdDeal).
		views := 0
		for _, v := range []bool{w.Update.View != nil, w.Update.View101 != nil, w.Update.HeldHand != nil} {
			if v {
				views++
			}
		}
		if views != 1 {
			return Msg{}, errors.New("a table's update: not exactly one game's view")
		}
		// The analyser is not data but the deal's rules and indicator
		// at work: made again here, as the table's node made it.
		var err error
		if v := w.Update.View; v != nil {
			v.Analyzer, err = hand.NewAnalyzer(v.Rules.HandConfig(), v.Indicator)
		} else if v := w.Update.View101; v != nil {
			v.Analyzer, err = meld.New(v.Indicator)
		}
		if err != nil {
			return Msg{}, fmt.Errorf("a table's update: %w", err)
		}
		msg.Update = w.Update
	}
	if w.Closed != "" {
		set++
		msg.Closed, msg.Dup, msg.Held = w.Closed, w.Dup, w.Held
	}
	if w.Dup != nil && w.Closed != "dup.over" {
		return Msg{}, errors.New("a duplicate's standing with no end of it")
	}
	if w.Held != nil && w.Closed != heldClosed {
		return Msg{}, errors.New("a seat's held end with no end of it")
	}
	if set > 1 || set == 0 && !w.Paused && !w.Busy {
		return Msg{}, fmt.Errorf("a table's message holds %d parts, want one", set)
	}
	msg.Paused, msg.Busy = w.Paused, w.Busy
	return msg, nil
}

// wireRequest is a member's request on the wire. Member names the
// session on its node (the table's node keeps a stand-in member for
// it); ID, Name and Addr are who it is, for a join or a watch.
type wireRequest struct {
	Kind   reqKind         `json:"kind"`
	Member string          `json:"member"`
	ID     string          `json:"id,omitempty"`
	Name   string          `json:"name,omitempty"`
	Addr   string          `json:"addr,omitempty"`
	Seat   int             `json:"seat"`
	Move   *seatmsg.Intent `json:"move,omitempty"`
	Text   string          `json:"text,omitempty"`
	Gone   bool            `json:"gone,omitempty"`
	Resume bool            `json:"resume,omitempty"`
	Reseat string          `json:"reseat,omitempty"`
}

// EncodeRequest puts a request to a table on the wire.
func EncodeRequest(member string, r Request) ([]byte, error) {
	w := wireRequest{Kind: r.Kind, Member: member, Seat: r.Seat, Text: r.Text, Gone: r.Gone, Resume: r.Resume, Reseat: r.Reseat}
	if r.M != nil {
		w.ID, w.Name, w.Addr = r.M.id, r.M.name, r.M.addr
	}
	if r.Move != nil {
		in, ok := r.Move.(seatmsg.Intent)
		if !ok {
			return nil, fmt.Errorf("a move of type %T cannot travel", r.Move)
		}
		w.Move = &in
	}
	return json.Marshal(w)
}

// DecodeRequest takes a request to a table off the wire; the table's
// node then finds (or makes) the stand-in member it names.
func DecodeRequest(data []byte) (wireRequest, error) {
	if len(data) > wireMax {
		return wireRequest{}, fmt.Errorf("%w: %d bytes", errWireTooBig, len(data))
	}
	var w wireRequest
	if err := json.Unmarshal(data, &w); err != nil {
		return wireRequest{}, fmt.Errorf("a request: %w", err)
	}
	if w.Kind < ReqJoin || w.Kind > ReqAway || w.Kind == ReqEvict || w.Member == "" {
		return wireRequest{}, fmt.Errorf("a request of kind %d from %q: not one a table takes", w.Kind, w.Member)
	}
	if w.Kind == ReqMove && w.Move == nil {
		return wireRequest{}, errors.New("a move request with no move")
	}
	return w, nil
}

// Request is the wire request as a table takes it, from stand-in m.
func (w wireRequest) Request(m *Member) Request {
	r := Request{Kind: w.Kind, M: m, Seat: w.Seat, Text: w.Text, Gone: w.Gone, Resume: w.Resume, Reseat: w.Reseat}
	if w.Move != nil {
		r.Move = *w.Move
	}
	return r
}
