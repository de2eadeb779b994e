// The match runners' own checks: `python3 tools/hex_match.py --self-test` (the Hex referee's winner detection
// against a separate flood fill, SGF writing read back, the score interval, Elo and SPRT of
// tools/match_stats.py, and short matches of built-in GTP players that crash, hang, resign, answer illegal
// moves or run out of time), which needs no engine build; and short Xiangqi matches of `tools/clock_match.py`
// with the native binary (below), one of them with an engine pondering. Skipped, with the reason, where Python 3
// is missing (the runners are tools for measuring, not part of the playground). `DUIYI_BIN=/path/to/duiyi` runs
// the matches with that binary instead of building the checkout's debug one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });

test('tools/hex_match.py --self-test passes', { skip: python.status !== 0 && 'python3 is not installed' }, () => {
  const r = spawnSync('python3', [path.join(root, 'tools/hex_match.py'), '--self-test'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout + r.stderr, /pass|ok/i);
});

test('tools/hex_tactics.py --self-test passes (the tactics file parses; the runner scores built-in players)', { skip: python.status !== 0 && 'python3 is not installed' }, () => {
  const r = spawnSync('python3', [path.join(root, 'tools/hex_tactics.py'), '--self-test'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout + r.stderr, /self-test: ok/);
});

test('the 9×9 tactics file (won positions thrown away against Wolve) parses and checks', { skip: python.status !== 0 && 'python3 is not installed' }, () => {
  const file = path.join(root, 'benches/data/hex-tactics-9x9.txt');
  const r = spawnSync('python3', [path.join(root, 'tools/hex_tactics.py'), '--self-test', '--file', file], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /data: 14 positions .*9x9: 14/);
  assert.match(r.stdout + r.stderr, /self-test: ok/);
});

/** The engine binary for a match test (`DUIYI_BIN` or the checkout's debug build), `fs`, and a fresh JSON path. */
async function matchSetup() {
  const { nativeBinary } = await import('./native.mjs');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const bin = process.env.DUIYI_BIN || nativeBinary();
  return { fs, bin, out: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clock-match-')), 'match.json') };
}

// tools/clock_match.py end to end: the native engine against itself at a fixed node count on the first two
// lines of the real opening set, with an SPRT — every game is decided by the referee (or the ply limit), each
// opening is played with both colours, and the summary carries the per-family scores and the SPRT state.
test('tools/clock_match.py plays real openings at a node limit and reports families and the SPRT',
  { skip: python.status !== 0 && 'python3 is not installed', timeout: 600_000 }, async () => {
    const { fs, bin, out } = await matchSetup();
    const r = spawnSync('python3', [path.join(root, 'tools/clock_match.py'),
      '--engine', 'name=a', `cmd=${bin}`, 'proto=uci', '--engine', 'name=b', `cmd=${bin}`, 'proto=ucci',
      '--nodes', '2000', '--maxplies', '40', '--openings', path.join(root, 'benches/real-openings.txt'), '--first', '2',
      '--sprt', '0,30', '--referee', bin, '--json', out], { cwd: root, encoding: 'utf8', timeout: 600_000 });
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    const m = JSON.parse(fs.readFileSync(out, 'utf8'));
    assert.equal(m.summary.games, 4);
    assert.equal(m.summary.wins + m.summary.draws + m.summary.losses, 4);
    assert.deepEqual(m.limit, ['nodes', 2000]);
    const lines = fs.readFileSync(path.join(root, 'benches/real-openings.txt'), 'utf8').split('\n')
      .filter((l) => l.trim() && !l.startsWith('#')).slice(0, 2);
    const families = new Set(lines.map((l) => l.split('#')[1].split('|')[0].trim()));
    for (const g of m.games) {
      assert.ok(families.has(g.family), g.family);
      assert.ok(['red', 'black', 'draw'].includes(g.result), `${g.result}: ${g.reason}`);
      assert.ok(g.moves.startsWith(g.opening), 'the game starts with its opening');
      assert.ok(g.plies >= 10 && g.plies <= 40, String(g.plies));
    }
    assert.equal(m.games.filter((g) => g.red === 'a').length, 2, 'each engine is Red once per opening');
    assert.equal(typeof m.summary.sprt.llr, 'number');
    if (families.size > 1) assert.equal(Object.keys(m.summary.families).length, families.size);
  });

// --resume: a match taken up from its JSON plays only the games it lacks and sums them with the ones recorded;
// a record of another match (here another node limit) is refused with the reason, never summed.
test('tools/clock_match.py --resume plays only the missing games and refuses another match',
  { skip: python.status !== 0 && 'python3 is not installed', timeout: 600_000 }, async () => {
    const { fs, bin, out } = await matchSetup();
    const match = (first, nodes, ...more) => spawnSync('python3', [path.join(root, 'tools/clock_match.py'),
      '--engine', 'name=a', `cmd=${bin}`, 'proto=uci', '--engine', 'name=b', `cmd=${bin}`, 'proto=uci',
      '--nodes', String(nodes), '--maxplies', '30', '--openings', path.join(root, 'benches/real-openings.txt'),
      '--first', String(first), '--referee', bin, '--json', out, ...more], { cwd: root, encoding: 'utf8', timeout: 600_000 });
    let r = match(1, 1500);
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    const before = JSON.parse(fs.readFileSync(out, 'utf8')).games;
    assert.equal(before.length, 2);
    r = match(2, 1500, '--resume');
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /resuming .*: 2 games played, 2 to play/);
    const after = JSON.parse(fs.readFileSync(out, 'utf8'));
    assert.equal(after.summary.games, 4);
    assert.deepEqual(after.games.slice(0, 2), before, 'the recorded games are kept as they were');
    assert.equal(new Set(after.games.map((g) => `${g.opening}|${g.red}`)).size, 4, 'no game played twice');
    r = match(2, 1600, '--resume');
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /--resume: .* is another match/);
  });

// Pondering: engine a (UCI, `ponder=on`) ponders on its predicted reply while b (UCCI) thinks, at 2 s + 0.05 s
// on the first real opening with both colours. Every turn of a after its first follows a prediction the opponent
// answered (a hit or a miss) or a `bestmove` without a ponder move (`unpredicted`), so the three add up to its
// turns less one in each game; the summary adds them up. With two cores or more each engine runs on its own
// (`cpu=`), as a pondering match should.
test('tools/clock_match.py lets an engine ponder (go ponder, ponderhit, stop) and counts its hits and misses',
  { skip: python.status !== 0 && 'python3 is not installed', timeout: 300_000 }, async () => {
    const { nativeBinary } = await import('./native.mjs');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const bin = process.env.DUIYI_BIN || nativeBinary();
    const pin = (os.availableParallelism?.() ?? os.cpus().length) >= 2
      && spawnSync('taskset', ['--version']).status === 0;
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clock-match-')), 'match.json');
    const r = spawnSync('python3', [path.join(root, 'tools/clock_match.py'),
      '--engine', 'name=a', `cmd=${bin}`, 'proto=uci', 'ponder=on', ...(pin ? ['cpu=0'] : []),
      '--engine', 'name=b', `cmd=${bin}`, 'proto=ucci', ...(pin ? ['cpu=1'] : []),
      '--tc', '2+0.05', '--maxplies', '40', '--openings', path.join(root, 'benches/real-openings.txt'), '--first', '1',
      '--referee', bin, '--json', out], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    const m = JSON.parse(fs.readFileSync(out, 'utf8'));
    assert.equal(m.summary.games, 2);
    assert.deepEqual(m.games.map((g) => g.red).sort(), ['a', 'b'], 'both colours');
    let turnsAfterFirst = 0;
    for (const g of m.games) {
      assert.ok(['red', 'black', 'draw'].includes(g.result), `${g.result}: ${g.reason}`);
      assert.ok(g.times.a.length >= 2, 'a moved more than once');
      assert.deepEqual(Object.keys(g.ponder), ['a'], 'only a ponders');
      const p = g.ponder.a;
      assert.equal(p.hits + p.misses + p.unpredicted, g.times.a.length - 1, JSON.stringify(p));
      assert.equal(p.hit_times.length, p.hits);
      turnsAfterFirst += g.times.a.length - 1;
    }
    const s = m.summary.ponder_a;
    assert.ok(s.hits + s.misses > 0, JSON.stringify(s));
    assert.equal(s.hits + s.misses + s.unpredicted, turnsAfterFirst);
    assert.equal(s.hit_rate, s.hits / (s.hits + s.misses));
    assert.equal(m.summary.ponder_b, undefined);
    assert.ok(m.summary.think_a.moves > 0 && m.summary.think_b.moves > 0);
  });
