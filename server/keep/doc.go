// Package keep is what okey serve keeps past its process and shares
// with the other nodes: a NATS server with JetStream (embedded, alone or
// clustered, or an existing deployment), the tables' records and
// entries in its streams and key-value buckets, the leases that say
// which node runs a table, and the ratings. It knows nothing of how a
// table is played or shown: a table hands it bytes to write (a
// TableLog), a finished match to rate (a MatchEnd), and reads back what
// it wrote.
//
// Every write that decides who owns something is fenced: an append
// names the last sequence it follows, an entry or a lease is written
// with Create or with Update at the revision last read, so a node that
// lost a table can never write it again (ErrFenced).
//
// The files, read top-down (each uses only those below it). First what
// stands over every subject: the three tables' types tied together,
// and the one-line view of the store (view.go alone names the tables'
// stream and bucket, which it reports on):
//
//	keep.go     Keeper: the tables' three types below together, for what
//	            needs them all: a table read back whole, set aside, the
//	            tables saved as files imported, an old store sealed
//	            (OpenDir opens it); and the boards' plain values sealed
//	            once (SealPlain)
//	view.go     the node's own view of the store on one line (who leads
//	            the tables' streams, each replica's lag), for a test or
//	            a load that says what each node saw
//
// Then one type per subject, each over its own stream or buckets, none
// calling back into a hub; only TableLog, which writes a table's entry
// and record, and Keeper, which ties the tables' three types together,
// reach into more than one:
//
//	tablelog.go TableLog: one table written, its record appended and its
//	            entry put, fenced, each sent again if not answered in a
//	            couple of seconds (an append under one message id); what
//	            the store lost made again and the table written whole; a
//	            takeover's claim; a table retired
//	numbers.go  Numbers: the next table's number (okey_hall), saved by a
//	            node alone, taken by a node among others
//	records.go  RecordBook: the tables' records (OKEY_RECORDS), which
//	            only grow (no message deleted): read back whole, skipping
//	            what does not open, with the newest mark of the table's
//	            entry, and refused if cut short of the entry (cutAgainst);
//	            the match before
//	entries.go  TableBook: the tables' entries (okey_tables): which are
//	            kept, whether one is as the leader says; each stamped
//	            with its generation and marked in its record, so that an
//	            older one put back is refused (ErrStale, Stale), and
//	            with the record's last message it was written after, so
//	            that a record cut short of it is refused (ErrCut)
//	tourneys.go TourneyBook: the tournaments' values, sealed, written
//	            with Create or Update at a revision; their leases' bucket
//	ratings.go  RatingBook and Rater: each finished match rated once (its
//	            mark), players by key and bot levels, per game (the model
//	            is package rating's); the leaderboard read
//	dailyrank.go  who the daily's board ranks: when each key was first
//	            seen, which identity first played the day from an
//	            address, and why a day is practice
//	daily.go    DailyBook: the served daily — each day's secret made
//	            once in the cluster (a Create), sealed, revealed after
//	            the day; par; each player's day begun once and scored
//	            hand by hand; the day's board ranked duplicate style
//	dailycache.go  the boards from memory: a watch of the daily's
//	            results (DailyBook.Watch), so a page open reads no result
//	            from the store
//	dailyresult.go  a player's day as stored (DailyResult), and the daily's
//	            buckets
//	links.go    LinkBook: the browsers linked to players — a one-time
//	            code taken once, a link written once and checked at its
//	            revision, listed by a MAC of the player, revoked and
//	            watched for
//
// Then, under them all, the one layer over JetStream, which knows no
// subject:
//
//	names.go    the players' names in the store's keys: a MAC under a
//	            salt kept sealed (Names), never the identity; the keys of
//	            a store kept before renamed once
//	holding.go  Holding: a node's hold on its leases, renewed in rounds,
//	            each lease's freshness, a lease lost told at once
//	lease.go    Leases: which node runs each table (or tournament),
//	            taken, renewed, given up, watched for the ones freed
//	leaders.go  the streams this node leads (Leads), handed to current
//	            followers in a whole cluster (LeadNone)
//	members.go  the servers the node's routes reach (Peers), and the
//	            streams whose copies are behind
//	engine.go   StoreConfig and Engine: the NATS server and the
//	            connection to it, made ready, streams and buckets made
//	fresh.go    only the newest value counts, for a value changed in
//	            place (a rating, a day's result, a match's mark): its
//	            generation in its seal, and a key made once for each
//	            generation written over, which leads to the newest
//	direct.go   direct gets asked again while no replica answers (a
//	            frozen node's replica is handed its share of them): the
//	            buckets' Get and the records' last and first message
//	inbox.go    Inbox: the answers to a connection's requests on one
//	            subscription, a request answered more than once too
//	reads.go    asking while the store may not answer: again on a
//	            doubling wait, hedged reads, the stream leader's word
//	seal.go     the seal: records, entries and what nodes send each other
//	            about a table encrypted with a key from the secret; a
//	            kept value opened only if sealed; a bucket's values sealed
//	            (again) one by one at their revisions
//	fence.go    fenced writes: ErrFenced, a refusal believed only once
//	            a read is past it
//	rotate.go   changing the secret with the cluster up: the file's three
//	            forms (what each subject seals again with the new key is
//	            its own Reseal)
//	secret.go   the cluster's secret, one file every node is given, and
//	            what is derived from it: the routes' authorization, the
//	            seal's key
//	watch.go    Watch: a key-value watch's entries handed on one by one,
//	            the one loop every watch of the server runs; Rewatch, the
//	            same over a watch made again when a node died
//
// The layer stays in this package rather than one of its own, and
// TestLayersRunOneWay holds the floors instead of the compiler: no file
// of the layer names anything a subject's file declares, no subject's
// file another subject's, and keep.go alone ties them. A package of its
// own would move what the server, its tournaments and the command reach
// of the layer today as keep's (Engine, StoreConfig, Secret, Leases,
// Holding) to a second import in each, and split the tests, which start
// engines with the subjects' buckets in them.
// testdata/oldstore holds a store an earlier build wrote, which
// TestOldStoreReadsBack reads back.
//
// It may import the NATS packages, game/classic (the number of seats, a
// finished table's record read), game/daily (the daily's days and
// games), server/rating, kit/store (the files of finished and damaged tables)
// and the standard library; nothing of the door (door) nor the sessions (ui/serve) above it.
package keep
