/**
 * A scripted agent for the model doubles: it reads the conversation so far (the tools it
 * was offered, the calls it made and what they returned) and decides its next step as a
 * model would, deterministically. `lookUpAndWrite` looks things up with the server's tools
 * (search_docs, then get_doc on the top hit) and writes what it found into the file the
 * prompt names ("... into answer.txt"); a code file gets the doc's first code block.
 * Without the docs tools it writes that it could not look it up. The same script answers
 * through the OpenAI and the Anthropic double, each in its API's own shapes.
 */
import type { ChatBehaviour, ChatBody } from './openai-double/index.ts';
import type { ContentBlock, MessagesBehaviour, MessagesBody } from './anthropic-double/index.ts';

export interface ScriptCall {
  name: string;
  args: Record<string, unknown>;
  /** What the tool returned (undefined until it answered). */
  result?: string | undefined;
}

export interface ScriptView {
  prompt: string;
  tools: string[];
  calls: ScriptCall[];
}

export type ScriptStep = { call: { name: string; args: Record<string, unknown> } } | { final: string };
export type AgentScript = (view: ScriptView) => ScriptStep;

const CODE_FILE = /\.(ts|tsx|js|mjs|py|go|rs)$/;

/** The first fenced code block's body. */
function firstCodeBlock(markdown: string): string | undefined {
  return /```[^\n]*\n([\s\S]*?)```/.exec(markdown)?.[1];
}

export function targetFile(prompt: string): string {
  return /\binto ([\w./-]+\w)/.exec(prompt)?.[1] ?? 'answer.txt';
}

export const lookUpAndWrite: AgentScript = (view) => {
  const target = targetFile(view.prompt);
  const question = view.prompt.split(/(?<=[?.])\s/)[0] ?? view.prompt;
  const call = (name: string) => view.calls.find((c) => c.name === name);
  if (view.tools.includes('search_docs') && !call('search_docs')) return { call: { name: 'search_docs', args: { query: question, limit: 3 } } };
  const search = call('search_docs');
  if (view.tools.includes('get_doc') && search?.result !== undefined && !call('get_doc')) {
    const hit = (JSON.parse(search.result) as { hits: { chunk_id: string }[] }).hits[0];
    if (hit) return { call: { name: 'get_doc', args: { chunk_id: hit.chunk_id } } };
  }
  const doc = call('get_doc');
  if (!call('write_file')) {
    const found = doc?.result;
    const content = found === undefined ? 'I could not look this up: no documentation tools were available.\n' : CODE_FILE.test(target) ? (firstCodeBlock(found) ?? found) : found;
    return { call: { name: 'write_file', args: { path: target, content } } };
  }
  return { final: doc ? `Wrote ${target} from ${String(doc.args['chunk_id'])}.` : `Wrote ${target} without documentation.` };
};

// ---------------------------------------------------------------- OpenAI Chat Completions

function openAiView(body: ChatBody): ScriptView {
  const results = new Map(body.messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id ?? '', m.content]));
  return {
    prompt: body.messages.find((m) => m.role === 'user')?.content ?? '',
    tools: (body.tools ?? []).map((t) => t.function.name),
    calls: body.messages.flatMap((m) => (m.tool_calls ?? []).map((c): ScriptCall => ({ name: c.function.name, args: JSON.parse(c.function.arguments) as Record<string, unknown>, ...(results.has(c.id) ? { result: results.get(c.id) } : {}) }))),
  };
}

export function openAiScriptedAgent(script: AgentScript = lookUpAndWrite): ChatBehaviour {
  return {
    kind: 'respond',
    respond(body) {
      const step = script(openAiView(body));
      return 'final' in step ? { kind: 'reply', content: step.final } : { kind: 'reply', content: '', toolCalls: [{ name: step.call.name, arguments: step.call.args }] };
    },
  };
}

// ---------------------------------------------------------------- Anthropic Messages

const textOf = (content: string | ContentBlock[] | undefined): string =>
  typeof content === 'string' ? content : (content ?? []).filter((b) => b.type === 'text').map((b) => b.text ?? '').join('');

function anthropicView(body: MessagesBody): ScriptView {
  const blocks = body.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content));
  const results = new Map(blocks.filter((b) => b.type === 'tool_result').map((b) => [b.tool_use_id ?? '', textOf(b.content)]));
  const first = body.messages[0];
  return {
    prompt: first ? textOf(first.content) : '',
    tools: (body.tools ?? []).map((t) => t.name),
    calls: blocks.filter((b) => b.type === 'tool_use').map((b): ScriptCall => ({ name: b.name ?? '', args: b.input ?? {}, ...(results.has(b.id ?? '') ? { result: results.get(b.id ?? '') } : {}) })),
  };
}

export function anthropicScriptedAgent(script: AgentScript = lookUpAndWrite): MessagesBehaviour {
  return {
    kind: 'respond',
    respond(body) {
      const step = script(anthropicView(body));
      return 'final' in step ? { kind: 'reply', text: step.final } : { kind: 'reply', toolUses: [{ name: step.call.name, input: step.call.args }] };
    },
  };
}
