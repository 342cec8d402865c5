import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { expandCpuList, isCpuList, resolveCpus, withAffinity } from './cpu-affinity.ts';

const linuxWithTaskset = process.platform === 'linux' && spawnSync('taskset', ['--version']).status === 0;

describe('cpu affinity', () => {
  it('reads taskset CPU lists', () => {
    for (const ok of ['0', '3', '2,3', '0-1', '0-2,5,7-8']) assert.ok(isCpuList(ok), ok);
    for (const bad of ['', 'auto', '1,', '-1', '1-', 'a', '1 2']) assert.ok(!isCpuList(bad), bad);
    assert.deepEqual(expandCpuList('0-2,5,7-8'), [0, 1, 2, 5, 7, 8]);
  });

  it('leaves the command alone without CPUs, and runs it under taskset with them', () => {
    const argv = { command: 'node', args: ['server.js', '--port', '1'] };
    assert.deepEqual(withAffinity(argv, null), argv);
    assert.deepEqual(withAffinity(argv, undefined), argv);
    assert.deepEqual(withAffinity(argv, '3'), { command: 'taskset', args: ['--cpu-list', '3', 'node', 'server.js', '--port', '1'] });
  });

  it('resolves none and explicit lists as given', () => {
    assert.deepEqual(resolveCpus('none'), { cpus: null });
    assert.deepEqual(resolveCpus('2,3'), { cpus: '2,3' });
  });

  it('auto picks the last CPU this process may use, or says why it pins nothing', () => {
    const auto = resolveCpus('auto');
    if (auto.cpus === null) assert.match(auto.note ?? '', /servers not pinned/);
    else assert.equal(Number(auto.cpus), Math.max(...expandCpuList(/Cpus_allowed_list:\s*(\S+)/.exec(spawnSync('cat', ['/proc/self/status']).stdout.toString())![1]!)));
  });

  it('pins a real child process, and what it starts inherits the affinity', { skip: !linuxWithTaskset && 'needs Linux with taskset' }, () => {
    const cpus = resolveCpus('auto').cpus ?? '0';
    // The child starts a grandchild (sh -> grep) that reads its own allowed CPUs.
    const { command, args } = withAffinity({ command: 'sh', args: ['-c', 'grep Cpus_allowed_list /proc/self/status'] }, cpus);
    const r = spawnSync(command, args, { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Cpus_allowed_list:\\s*${cpus}\\s*$`));
  });
});
