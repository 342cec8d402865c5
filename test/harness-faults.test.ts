/**
 * The harness against a server that misbehaves in every way we know: each failure is
 * reported on its case with a reason, the run stays bounded in time, RSS includes the
 * server's children, and no process is left behind.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runSuite, type RunOptions } from '../src/run/run-suite.ts';
import { EMPTY_ANSWER_PROFILE } from '../src/run/run-answer-case.ts';
import { defaultProfile } from '../src/run/search-profile.ts';
import { ServerStartError } from '../src/server/stdio-session.ts';
import { cases, startFaulty, survivors } from './support/faulty.ts';

const options = (over: Partial<RunOptions> = {}): RunOptions => ({
  profile: defaultProfile,
  answerProfile: EMPTY_ANSWER_PROFILE,
  warmup: 0,
  repetitions: 1,
  timeoutMs: 2_000,
  failFast: false,
  depth: 5,
  maxConsecutiveTimeouts: 2,
  seed: 1,
  blockSize: 10,
  ...over,
});

describe('harness against a faulty server', () => {
  it('reports a server that exits at start with its stderr tail', async () => {
    await assert.rejects(startFaulty(['--mode', 'exit-at-start']), (err: unknown) => {
      assert.ok(err instanceof ServerStartError);
      assert.match(err.message, /exited with code 3/);
      assert.match(err.stderrTail, /fatal: config missing/);
      return true;
    });
  });

  it('marks the case where the server crashed and the rest not run', async () => {
    const session = await startFaulty(['--mode', 'crash-after', '--after', '2']);
    const outcome = await runSuite(session, cases(5), options());
    const end = await session.close();
    // Each case is a search plus a get_doc: the crash comes on the second case's fetch
    // or the third case's search, depending on the fixture's call count.
    const statuses = outcome.observations.map((o) => o.status);
    assert.ok(statuses.includes('not_run'), statuses.join());
    const died = outcome.observations.find((o) => o.error?.kind === 'server_exited' || o.status === 'not_run');
    assert.ok(died?.error?.stderrTail, 'stderr tail attached');
    assert.match(outcome.stoppedEarly ?? '', /exited/);
    assert.equal(end.exit?.code, 1);
    assert.deepEqual(survivors(end.pids), []);
  });

  it('declares a hanging server hung after consecutive timeouts, bounded in time', async () => {
    const session = await startFaulty(['--mode', 'hang-after', '--after', '2']);
    const started = performance.now();
    // 2 s: far above any answered call on a loaded machine, so only the hung calls time out.
    const outcome = await runSuite(session, cases(10), options({ timeoutMs: 2_000 }));
    const elapsed = performance.now() - started;
    const end = await session.close();
    const kinds = outcome.observations.map((o) => o.error?.kind ?? o.status);
    assert.deepEqual(kinds.slice(0, 1), ['ok']);
    assert.equal(kinds.filter((k) => k === 'timeout').length, 2, kinds.join());
    assert.equal(kinds.filter((k) => k === 'not_run').length, 7, kinds.join());
    // The 7 not-run cases prove the early stop; this only guards a hang (all 9 waited out: 18 s).
    assert.ok(elapsed < 60_000, `run took ${elapsed} ms`);
    assert.deepEqual(survivors(end.pids), []);
  });

  it('records a result that is not JSON as unparsable, with an excerpt, and goes on', async () => {
    const session = await startFaulty(['--mode', 'garbage']);
    const outcome = await runSuite(session, cases(2), options());
    await session.close();
    for (const o of outcome.observations) {
      assert.equal(o.error?.kind, 'unparsable');
      assert.match(o.error?.excerpt ?? '', /<html>oops/);
    }
  });

  it('survives junk lines on stdout and a stderr flood, keeping the tail bounded', async () => {
    const session = await startFaulty(['--mode', 'garbage-stdout,flood-stderr']);
    const outcome = await runSuite(session, cases(3), options());
    const end = await session.close();
    assert.deepEqual(outcome.observations.map((o) => o.status), ['ok', 'ok', 'ok']);
    assert.ok(end.stderrTail.length < 16 * 1024, `tail is ${end.stderrTail.length} chars`);
    assert.match(end.stderrTail, /MiB of server stderr/);
  });

  it('measures RSS of the whole tree (a child holding 150 MB) and kills it all, even through SIGTERM traps', async () => {
    const session = await startFaulty(['--mode', 'spawn-hog,ignore-sigterm', '--hog-mb', '150']);
    // Let the hog allocate and the sampler see it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await runSuite(session, cases(2), options());
    const started = performance.now();
    const end = await session.close();
    const closeMs = performance.now() - started;
    assert.ok(end.memory.peakBytes > 150 * 1024 * 1024, `peak ${end.memory.peakBytes}`);
    assert.ok(end.memory.samples.some((s) => s.processes >= 2), 'the child was counted');
    assert.ok(end.pids.length >= 2, `pids seen: ${end.pids.join()}`);
    assert.deepEqual(survivors(end.pids), []);
    assert.ok(closeMs < 60_000, `teardown took ${closeMs} ms`); // a hang guard, not a speed goal
  });
});
