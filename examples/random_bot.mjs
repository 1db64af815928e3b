// A complete Sea Battle bot for Node.js (no packages): docs/protocol.md, version 1.
// It places a random legal fleet for any rules and fires at random untried cells.
//   seabattle match "node examples/random_bot.mjs" easy --games 10
import { createInterface } from "node:readline";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const say = (line) => process.stdout.write(line + "\n");
const name = (r, c) => `${LETTERS[c]}${r + 1}`;
const pick = (list) => list[Math.floor(Math.random() * list.length)];

function neighbours(rules, r, c, diagonal) {
  const steps = [[-1, 0], [1, 0], [0, -1], [0, 1]];
  if (diagonal) steps.push([-1, -1], [-1, 1], [1, -1], [1, 1]);
  return steps.map(([dr, dc]) => [r + dr, c + dc])
    .filter(([y, x]) => y >= 0 && y < rules.height && x >= 0 && x < rules.width);
}

function randomShip(rules, size, shape, blocked) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const start = [Math.floor(Math.random() * rules.height), Math.floor(Math.random() * rules.width)];
    if (blocked.has(String(start))) continue;
    let cells = [start];
    if (shape === "straight") {
      const [dr, dc] = pick([[0, 1], [1, 0]]);
      cells = Array.from({ length: size }, (_, i) => [start[0] + i * dr, start[1] + i * dc]);
      if (cells.every(([r, c]) => r < rules.height && c < rules.width && !blocked.has(String([r, c])))) {
        return cells;
      }
      continue;
    }
    while (cells.length < size) {  // bent: grow a random shape, side by side
      const options = cells.flatMap(([r, c]) => neighbours(rules, r, c, false))
        .filter((n) => !blocked.has(String(n)) && !cells.some((x) => String(x) === String(n)));
      if (options.length === 0) break;
      cells.push(pick(options));
    }
    if (cells.length === size) return cells;
  }
  return null;
}

function placeFleet(rules) {
  const kinds = rules.ships.flatMap((s) => Array(s.count ?? 1).fill([s.size, s.shape ?? "straight"]))
    .sort((a, b) => b[0] - a[0]);
  for (let attempt = 0; attempt < 10000; attempt++) {
    const fleet = [], blocked = new Set();
    for (const [size, shape] of kinds) {
      const ship = randomShip(rules, size, shape, blocked);
      if (!ship) break;
      fleet.push(ship);
      for (const [r, c] of ship) {
        blocked.add(String([r, c]));
        if (rules.touching !== "sides") {
          for (const n of neighbours(rules, r, c, rules.touching === "none")) blocked.add(String(n));
        }
      }
    }
    if (fleet.length === kinds.length) {
      return fleet.map((ship) => ship.map(([r, c]) => name(r, c)).join(",")).join(" ");
    }
  }
  throw new Error("no room for the fleet");
}

let rules = null;
let untried = [];
for await (const line of createInterface({ input: process.stdin })) {
  const [command] = line.trim().split(/\s+/);
  if (command === "seabattle") {
    say("id name random bot (js)");
    say("seabattleok 1");
  } else if (command === "isready") {
    say("readyok");
  } else if (command === "newgame") {
    rules = JSON.parse(line.slice(line.indexOf("{")));
    untried = [];
    for (let r = 0; r < rules.height; r++) for (let c = 0; c < rules.width; c++) untried.push(name(r, c));
  } else if (command === "place") {
    say("fleet " + placeFleet(rules));
  } else if (command === "shoot") {
    say("fire " + untried.splice(Math.floor(Math.random() * untried.length), 1)[0]);
  } else if (command === "quit") {
    process.exit(0);
  }
  // result, incoming, reveal, gameover and unknown commands: ignored by this bot.
}
