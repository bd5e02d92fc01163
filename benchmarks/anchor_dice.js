// The dice of the public anchor's 1000 evaluation games (github davidxmoody/railroad-ink-ai,
// src/data/results.txt: seeds "final-0" .. "final-999"), as JSON for bench_railroad_bots.py.
//
// The anchor rolls a game with the npm package seedrandom seeded by the seed's string: for each
// of 7 rounds, three picks from its route die and one from its junction die, a pick being
// faces[floor(rand() * faces.length)]. The faces are listed here in the anchor's order and
// notation (its src/logic/dice.ts), which is what makes the picks the same.
//
//     npm install seedrandom@3.0.5 && node benchmarks/anchor_dice.js > anchor_dice.json
const seedrandom = require("seedrandom")

const routeDie = ["_D_D", "_L_L", "_DD_", "_LL_", "_DDD", "_LLL"]
const junctionDie = ["DLDLo", "_D_L", "__DL"]
const pick = (faces, rand) => faces[Math.floor(rand() * faces.length)]

const games = {}
for (let k = 0; k < 1000; k++) {
  const seed = `final-${k}`
  const rand = seedrandom(seed)
  const rolls = []
  for (let r = 0; r < 7; r++) {
    rolls.push([pick(routeDie, rand), pick(routeDie, rand), pick(routeDie, rand), pick(junctionDie, rand)])
  }
  games[seed] = rolls
}
process.stdout.write(JSON.stringify(games) + "\n")
