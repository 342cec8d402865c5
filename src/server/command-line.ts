/**
 * Turns the configured server command line into argv for spawn() without a shell.
 * Without a shell the pid we spawn IS the server (or its launcher), signals reach it
 * directly, and nothing is interpreted twice. Anything only a shell could do is
 * refused with a message saying how to ask for a shell explicitly.
 */
import { parse } from 'shell-quote';

export interface CommandLine {
  command: string;
  args: string[];
}

/**
 * Variables (`$HOME`, `${PORT}`) in unquoted or double-quoted words are an error, not
 * expanded and not passed literally: expanding would make the recorded command mean
 * different things on different machines, and a literal "$HOME" argument is never what
 * the author meant. Single-quoted `'$x'` stays literal, as in a shell. Unquoted globs
 * are passed literally (as bash does when nothing matches); `#` must be quoted.
 */
export function parseCommandLine(cmd: string): CommandLine {
  const variables: string[] = [];
  const entries = parse(cmd, (name: string) => {
    // A lone `$` (empty name) is literal in a shell; undefined makes shell-quote keep it.
    if (name === '') return undefined;
    variables.push(name);
    return `$${name}`;
  });
  const hint = `wrap it as sh -c '...' to run it through a shell`;
  if (variables.length > 0) {
    const names = [...new Set(variables)].map((v) => `$${v}`).join(', ');
    throw new Error(
      `command ${JSON.stringify(cmd)} references ${names}; it runs without a shell, so variables are not expanded: ` +
        `write the value, pass it through the target's env, or ${hint}`,
    );
  }
  const argv: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') argv.push(entry);
    else if ('comment' in entry) {
      // shell-quote also starts a comment at a `#` inside a word (`http://x#y`), which a
      // shell does not: silently cutting the command there would be worse than refusing.
      throw new Error(`command ${JSON.stringify(cmd)} contains "#"; quote the word that contains it`);
    }
    else if (entry.op === 'glob') argv.push(entry.pattern);
    else {
      throw new Error(
        `command ${JSON.stringify(cmd)} uses the shell operator ${JSON.stringify(entry.op)}; ` +
          `it runs without a shell: ${hint}`,
      );
    }
  }
  const [command, ...args] = argv;
  if (command === undefined || command === '') throw new Error('command is empty');
  return { command, args };
}
