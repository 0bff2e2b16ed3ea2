// Where a CPU profile's time went: the functions with the most samples of their own (self) and,
// with a filter, the share of time under functions whose name or file matches (inclusive).
// Usage: node bench/profile-top.mjs <file.cpuprofile> [inclusive-filter-regexp] [rows]
import fs from 'node:fs';

const [file, filter, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const timeOf = new Map();
profile.samples.forEach((id, i) => {
  timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

const short = (url) =>
  url
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/dist\//, 'dist/')
    .replace(/^file:\/\//, '');
const label = (n) =>
  `${n.callFrame.functionName || '(anônima)'}  ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
let total = 0;
let idle = 0;
const self = new Map();
const inclusive = new Map();
for (const [id, t] of timeOf) {
  total += t;
  const node = nodes.get(id);
  if (node.callFrame.functionName === '(idle)') idle += t;
  self.set(label(node), (self.get(label(node)) ?? 0) + t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const key = label(nodes.get(cur));
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + t);
  }
}
const busy = total - idle;
const pct = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
console.log(
  `${(busy / 1000).toFixed(0)} ms ocupados (${((100 * idle) / total).toFixed(0)} % ocioso); % do tempo ocupado\n`,
);
console.log('Próprio (self):');
for (const [k, t] of [...self]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, rows))
  console.log(pct(t), k);
if (filter) {
  const re = new RegExp(filter);
  console.log(`\nInclusivo, /${filter}/:`);
  for (const [k, t] of [...inclusive]
    .filter(([k]) => re.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows))
    console.log(pct(t), k);
}
