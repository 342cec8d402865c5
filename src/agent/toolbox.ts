/**
 * Every tool an agent is offered, and the one place its calls are run and recorded: the
 * server's MCP tools exactly as it lists them (name, description, input schema), called
 * through the run's session (timed at the transport, RSS sampled), and the workspace
 * tools. Names reach the model as its API allows (^[a-zA-Z0-9_-]{1,64}$): an MCP name
 * with other characters is mapped to one that is, and back; a workspace tool whose name a
 * server tool already has is offered as `workspace_<name>`. Arguments the model wrote as
 * broken JSON, unknown tools and failed calls come back to the model as errors, as a
 * coding agent's harness does, and are recorded the same way.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCaller } from '../server/tool-caller.ts';
import type { ToolCallStep } from '../model/task.ts';
import { resultText } from '../retrieval/adapters/tool-result.ts';
import { isRecord } from '../shared/plain-data.ts';
import type { ModelToolCall, ToolResultMessage, ToolSpec } from './conversation.ts';
import type { WorkspaceTool } from './workspace-tools.ts';
import { excerpt, shortArgs } from './excerpt.ts';

/** The server's side: its listed tools and the session that calls them. */
export interface DocsAccess {
  tools: readonly Tool[];
  caller: ToolCaller;
  /** Per call (the run's --timeout). */
  timeoutMs: number;
}

/** Characters of a tool result the model is given (the rest is cut, and it is told so). */
export const RESULT_LIMIT = 50_000;

interface Entry {
  spec: ToolSpec;
  /** The name the server (or the workspace) knows. */
  tool: string;
  source: 'docs' | 'workspace';
  run(args: Record<string, unknown>): Promise<{ text: string; isError: boolean; ms?: number }>;
}

export interface Toolbox {
  specs: ToolSpec[];
  call(call: ModelToolCall): Promise<{ message: ToolResultMessage; step: ToolCallStep }>;
}

const WIRE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function wireName(name: string, taken: Set<string>): string {
  let base = WIRE_NAME.test(name) ? name : name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 60) || 'tool';
  if (!taken.has(base)) return base;
  base = base.slice(0, 60);
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A server tool and how to call it through the session. */
function docsRunner(docs: DocsAccess, listed: Tool): Entry['run'] {
  return async (args) => {
      const outcome = await docs.caller.callTool(listed.name, args, docs.timeoutMs);
      if (!outcome.ok) return { text: `the tool call failed (${outcome.kind}): ${outcome.message}`, isError: true, ...(outcome.ms === undefined ? {} : { ms: outcome.ms }) };
      const others = outcome.result.content.filter((item) => item.type !== 'text' && item.type !== 'resource').length;
      const text = `${resultText(outcome.result)}${others > 0 ? `\n[${others} non-text item(s) not shown]` : ''}`;
      return { text, isError: outcome.result.isError === true, ms: outcome.ms };
  };
}

export function createToolbox(docs: DocsAccess | undefined, workspace: readonly WorkspaceTool[]): Toolbox {
  const taken = new Set<string>();
  const entries = new Map<string, Entry>();
  for (const listed of docs?.tools ?? []) {
    const name = wireName(listed.name, taken);
    taken.add(name);
    const spec = { name, description: listed.description ?? listed.title ?? '', inputSchema: listed.inputSchema as Record<string, unknown> };
    entries.set(name, { spec, tool: listed.name, source: 'docs', run: docsRunner(docs!, listed) });
  }
  for (const w of workspace) {
    const name = taken.has(w.spec.name) ? wireName(`workspace_${w.spec.name}`, taken) : w.spec.name;
    taken.add(name);
    entries.set(name, { spec: { ...w.spec, name }, tool: w.spec.name, source: 'workspace', run: (args) => w.run(args) });
  }

  return {
    specs: [...entries.values()].map((e) => e.spec),
    async call(call) {
      const entry = entries.get(call.name);
      let args: unknown;
      let parseError: string | undefined;
      try {
        args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
        if (!isRecord(args)) parseError = 'the arguments are not a JSON object';
      } catch (error) {
        parseError = `the arguments are not valid JSON (${(error as Error).message})`;
      }
      const started = performance.now();
      const outcome = !entry
        ? { text: `there is no tool named "${call.name}"; the tools are: ${[...entries.keys()].join(', ')}`, isError: true }
        : parseError !== undefined
          ? { text: parseError, isError: true }
          : await entry.run(args as Record<string, unknown>);
      const ms = 'ms' in outcome && typeof outcome.ms === 'number' ? outcome.ms : performance.now() - started;
      const content = outcome.text.length > RESULT_LIMIT ? `${outcome.text.slice(0, RESULT_LIMIT)}\n[cut: ${outcome.text.length} characters in all]` : outcome.text;
      return {
        message: { callId: call.id, name: call.name, content, isError: outcome.isError },
        step: {
          id: call.id,
          tool: entry?.tool ?? call.name,
          source: entry?.source ?? 'workspace',
          args: parseError === undefined ? shortArgs(args) : excerpt(call.arguments),
          ok: !outcome.isError,
          ms: Math.round(ms * 1000) / 1000,
          result: excerpt(outcome.text),
          chars: outcome.text.length,
        },
      };
    },
  };
}
