// Package hall is okey serve's tables as the lobby sees them: it opens
// them (within the server's and each player's share), lists them, finds
// them by number, join code or a player's seat, and brings them back
// after a restart. When several nodes share the store, it runs a table
// only while it holds the table's lease, takes over the tables a node
// that died or stopped leaves, and lets a session here sit at a table
// another node runs. It holds no table's state: each table's goroutine
// (package tables) owns its own, and the hall reads their summaries.
//
// The files, read top-down (each uses only those below it). The hall's
// own work first, then the two values it holds among nodes, then what
// those need of the hall (the tables here, each table's lease), then
// the types themselves, declared below every file that uses them:
//
//	seated.go   a tournament's table opened (OpenSeated), within the
//	            server's tables, not a player's share; under a number
//	            taken before (OpenSeatedAs), so a tournament writes its
//	            tables in play before they open
//	hall.go     opening, listing, finding, restoring after a restart;
//	            a table's number (Number)
//	nodes.go    the hall among other nodes, a value it holds (Hall.Nodes):
//	            the entries guarded, the sweep for tables nobody runs, the
//	            tables found cold, a node's tables handed over
//	takeover.go a table another node left brought back here
//	opening.go  a table started here and closed (whether opened, restored
//	            or taken over), a table lost, one brought back counted
//	leases.go   a table's lease taken, given and lost
//	relay.go    the relay: the lobby among nodes (each node's summaries
//	            written and watched, tables opened and moved heard of at
//	            once), and the sessions here told a table moved
//	here.go     the tables run here, as the parts above read them; what
//	            the hall hands down to its values among nodes (side); how
//	            long the store took to renew the leases
//	parts.go    Hall, the two values it holds among nodes (nodes, relay)
//	            and what it hands them (side, here): their fields, the
//	            hall's errors and limits. The relay holds no hall: it is
//	            handed its side, and the hall tells it its door (SetDoor)
//	doors.go    the lobby bucket, and each node's door in it: the address players
//	            reach it at and whether it is full, so a full node can
//	            send newcomers to one that is not; the lobby as this node
//	            has read it (its own door read back), by which a member is
//	            judged; each node's word every second that it is alive,
//	            by which a silent node's stand-ins are let go
//	remote.go   SeatTable, a table as a session reaches it: run here, or
//	            by another node (remoteTable), reached through NATS by
//	            the relay's link alone
//	standins.go the tables run here served to other nodes' sessions: a
//	            stand-in member a session there, its requests taken to the
//	            table and its messages pumped out
//	fresh.go    what nodes say to each other on the subjects, sealed
//	            and stamped (when, a nonce, for which node): taken once,
//	            and only while fresh, so that nothing put back is heard
//
// It may import server/tables, server/keep, NATS and the standard
// library; nothing of the door (door) nor the sessions (ui/serve) above it.
package hall
