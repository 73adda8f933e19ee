/**
 * The top self-time functions of the largest V8 CPU profile in a directory (what `--cpu-prof` writes).
 *
 *   node --import tsx bench/profile-summary.ts [dir=.tmp/bench-prof] [top=25]
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2] ?? '.tmp/bench-prof';
const top = Number(process.argv[3] ?? 25);
const newest = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(dir, f))
  // The main thread's profile is the largest (tsx's loader thread writes a small one too).
  .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
if (!newest) throw new Error(`no .cpuprofile in ${dir}`);
const profile = JSON.parse(fs.readFileSync(newest, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const frame = byId.get(id)!.callFrame;
  const where = frame.url
    ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${frame.lineNumber + 1}`
    : '';
  const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(key, (self.get(key) ?? 0) + dt);
  total += dt;
});
const busy = total - (self.get('(idle)') ?? 0);
console.log(`${path.basename(newest)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy`);
for (const [key, us] of [...self]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

/** Self time by where the code lives: a package, our sources, wasm (PGlite's engine), Node, GC. */
const byPlace = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const { url, functionName } = byId.get(id)!.callFrame;
  if (functionName === '(idle)') return;
  const place = url.startsWith('wasm://')
    ? 'wasm (PGlite engine)'
    : (/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      /\/(apps\/[^/]+|packages\/[^/]+)\//.exec(url)?.[1] ??
      (url.startsWith('node:') ? 'node' : functionName.startsWith('(') ? functionName : 'native'));
  byPlace.set(place, (byPlace.get(place) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
console.log('\nby place:');
for (const [place, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${place}`);
}
