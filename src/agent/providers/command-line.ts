/**
 * An agent CLI's command line (agent.command), taken apart once without a shell: its words,
 * each placeholder to be filled as one argument, so a prompt can never become shell syntax.
 * Checked before any server starts; command-agent.ts runs it.
 */
import { parse } from 'shell-quote';

export const COMMAND_PLACEHOLDERS = ['prompt', 'systemPrompt', 'mcpConfig', 'relayCommand', 'relayArgs', 'workspace', 'maxTurns', 'model'] as const;
export type Placeholder = (typeof COMMAND_PLACEHOLDERS)[number];

/** The command line's words, or why it cannot be run without a shell or names an unknown placeholder. */
export function commandWords(template: string): string[] | string {
  const words = parse(template, (name) => `$${name}`);
  const bad = words.find((w) => typeof w !== 'string');
  if (bad !== undefined) return `agent.command is run without a shell: ${JSON.stringify(bad)} (an operator, glob or comment) cannot be used; put a pipeline in a script and name the script`;
  const unknown = [...template.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!).filter((name) => !(COMMAND_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0) return `agent.command names unknown placeholder(s) ${unknown.map((u) => `{${u}}`).join(', ')}; known: ${COMMAND_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`;
  if (words.length === 0) return 'agent.command is empty';
  return words as string[];
}
