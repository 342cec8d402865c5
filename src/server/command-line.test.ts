import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandLine } from './command-line.ts';

test('splits words and honours quotes and escapes', () => {
  assert.deepEqual(parseCommandLine(`node dist/server.js --root 'my docs' "--name=a b" c\\ d`), {
    command: 'node',
    args: ['dist/server.js', '--root', 'my docs', '--name=a b', 'c d'],
  });
});

test('keeps single-quoted $ literal, as a shell would', () => {
  assert.deepEqual(parseCommandLine(`sh -c 'cd $HOME && node s.js'`), {
    command: 'sh',
    args: ['-c', 'cd $HOME && node s.js'],
  });
  assert.deepEqual(parseCommandLine('echo \\$X $').args, ['$X', '$']);
});

test('refuses variables a shell would expand, naming them', () => {
  for (const cmd of ['node $HOME/s.js', 'node "${DIR}/s.js"', 'node s.js $1']) {
    assert.throws(() => parseCommandLine(cmd), /variables are not expanded/, cmd);
  }
  assert.throws(() => parseCommandLine('node $A $B $A'), /\$A, \$B;/);
});

test('refuses shell operators and points at sh -c', () => {
  for (const cmd of ['npm run build && node s.js', 'node s.js | tee log', 'a; b', 'node s.js > out', 'node s.js 2>&1', 'node s.js &']) {
    assert.throws(() => parseCommandLine(cmd), /shell operator .*sh -c/, cmd);
  }
});

test('passes unquoted globs literally and refuses an unquoted #', () => {
  assert.deepEqual(parseCommandLine('server --include *.md').args, ['--include', '*.md']);
  assert.throws(() => parseCommandLine('server --url http://x/#frag'), /contains "#"/);
  assert.deepEqual(parseCommandLine(`server '--url=http://x/#frag'`).args, ['--url=http://x/#frag']);
});

test('refuses an empty command', () => {
  assert.throws(() => parseCommandLine('   '), /empty/);
  assert.throws(() => parseCommandLine(`''`), /empty/);
});
