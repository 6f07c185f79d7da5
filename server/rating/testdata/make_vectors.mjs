// make_vectors.mjs writes vectors.json: rating updates computed by the
// reference implementation of OpenSkill, openskill 5.0.1 on the npm
// registry (its default model is Plackett–Luce), for the Go package
// beside it to match. The Go test reads vectors.json alone, so running
// the tests needs no Node; this script is run again only to change the
// cases:
//
//	cd server/rating/testdata
//	npm install --no-save --no-package-lock openskill@5.0.1
//	node make_vectors.mjs > vectors.json
//
// The priors are drawn from a small seeded generator (not Math.random),
// so running the script again writes the same file.
import { rate, rating, ordinal } from "openskill";
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./node_modules/openskill/package.json", import.meta.url)));
if (pkg.version !== "5.0.1") {
  throw new Error(`openskill ${pkg.version} installed: the vectors are of 5.0.1`);
}

// mulberry32: a tiny seeded generator, so the file is reproducible.
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(22);
const prior = () => ({ mu: 10 + 30 * rnd(), sigma: 0.5 + 8 * rnd() });

const cases = [];
// add records one case: teams (each a list of {mu, sigma}), their ranks
// (lower is better, equal ranks a tie; undefined: the order given), and
// whether sigma is limited to its prior.
function add(name, teams, rank, limitSigma = false) {
  const opts = {};
  if (rank !== undefined) opts.rank = rank;
  if (limitSigma) opts.limitSigma = true;
  const out = rate(teams, opts);
  cases.push({
    name,
    teams,
    rank: rank ?? null,
    limit_sigma: limitSigma,
    out,
    ordinal: out.map((t) => t.map((p) => ordinal(p))),
  });
}

const fresh = () => rating();
const one = (p) => [p];

// Four new players, every standing and a few ties.
add("four fresh, in order", [fresh(), fresh(), fresh(), fresh()].map(one));
add("four fresh, ranks 1 2 3 4", [fresh(), fresh(), fresh(), fresh()].map(one), [1, 2, 3, 4]);
add("four fresh, reversed", [fresh(), fresh(), fresh(), fresh()].map(one), [4, 3, 2, 1]);
add("four fresh, shuffled", [fresh(), fresh(), fresh(), fresh()].map(one), [2, 4, 1, 3]);
add("four fresh, two tied first", [fresh(), fresh(), fresh(), fresh()].map(one), [1, 1, 3, 4]);
add("four fresh, two tied in the middle", [fresh(), fresh(), fresh(), fresh()].map(one), [1, 2, 2, 4]);
add("four fresh, two tied last", [fresh(), fresh(), fresh(), fresh()].map(one), [1, 2, 3, 3]);
add("four fresh, two pairs tied", [fresh(), fresh(), fresh(), fresh()].map(one), [2, 1, 2, 1]);
add("four fresh, three tied last", [fresh(), fresh(), fresh(), fresh()].map(one), [1, 2, 2, 2]);
add("four fresh, all tied", [fresh(), fresh(), fresh(), fresh()].map(one), [1, 1, 1, 1]);
add("four fresh, places with gaps", [fresh(), fresh(), fresh(), fresh()].map(one), [3, 1, 10, 7]);

// The bots' rungs and a newcomer: the favourite wins, then loses.
const bots = () => [
  { mu: 20, sigma: 2 },
  { mu: 25, sigma: 1.5 },
  { mu: 31, sigma: 1 },
];
add("newcomer beats the bots", [fresh(), ...bots()].map(one), [1, 4, 3, 2]);
add("newcomer last behind the bots", [fresh(), ...bots()].map(one), [4, 3, 2, 1]);
add("favourite wins", [{ mu: 40, sigma: 2 }, { mu: 20, sigma: 3 }, { mu: 22, sigma: 3 }, { mu: 18, sigma: 3 }].map(one), [1, 2, 3, 4]);
add("favourite last", [{ mu: 40, sigma: 2 }, { mu: 20, sigma: 3 }, { mu: 22, sigma: 3 }, { mu: 18, sigma: 3 }].map(one), [4, 1, 2, 3]);

// Settled and unsettled players, sigma limited to its prior too.
add("settled players", [{ mu: 30, sigma: 0.8 }, { mu: 28, sigma: 0.9 }, { mu: 26, sigma: 1.1 }, { mu: 24, sigma: 0.7 }].map(one), [3, 1, 4, 2]);
add("settled players, sigma limited", [{ mu: 30, sigma: 0.8 }, { mu: 28, sigma: 0.9 }, { mu: 26, sigma: 1.1 }, { mu: 24, sigma: 0.7 }].map(one), [3, 1, 4, 2], true);
add("tiny sigmas", [{ mu: 25, sigma: 0.01 }, { mu: 25, sigma: 0.01 }, { mu: 25, sigma: 0.01 }, { mu: 25, sigma: 0.01 }].map(one), [1, 2, 3, 4]);
add("fresh, sigma limited", [fresh(), fresh(), fresh(), fresh()].map(one), [2, 1, 4, 3], true);

// Random priors and standings, ties among them.
const perms = [
  [1, 2, 3, 4], [4, 3, 2, 1], [2, 1, 4, 3], [3, 4, 1, 2], [1, 3, 2, 4],
  [1, 1, 2, 3], [2, 2, 1, 1], [1, 2, 2, 2], [3, 1, 1, 2], [1, 1, 1, 2],
];
perms.forEach((rank, i) => {
  add(`random four #${i + 1}`, [prior(), prior(), prior(), prior()].map(one), rank);
});
add("random four, sigma limited", [prior(), prior(), prior(), prior()].map(one), [2, 3, 1, 4], true);

// Two and three players.
add("two fresh", [fresh(), fresh()].map(one), [1, 2]);
add("two fresh, tied", [fresh(), fresh()].map(one), [1, 1]);
add("two random", [prior(), prior()].map(one), [2, 1]);
add("two, the underdog wins", [{ mu: 15, sigma: 4 }, { mu: 35, sigma: 2 }].map(one), [1, 2]);
add("three fresh", [fresh(), fresh(), fresh()].map(one), [1, 2, 3]);
add("three random", [prior(), prior(), prior()].map(one), [3, 1, 2]);
add("three random, two tied", [prior(), prior(), prior()].map(one), [1, 2, 1]);
add("three random, no ranks given", [prior(), prior(), prior()].map(one));

// Teams of two (partners: opposite seats share a score).
add("partners, fresh", [[fresh(), fresh()], [fresh(), fresh()]], [1, 2]);
add("partners, random", [[prior(), prior()], [prior(), prior()]], [2, 1]);
add("partners, tied", [[prior(), prior()], [prior(), prior()]], [1, 1]);

// One case a line: a change to the cases reads as a change of lines.
const head = JSON.stringify("openskill@5.0.1 (npm), model plackett-luce, default options");
process.stdout.write(`{"reference": ${head}, "cases": [\n${cases.map((c) => JSON.stringify(c)).join(",\n")}\n]}\n`);
