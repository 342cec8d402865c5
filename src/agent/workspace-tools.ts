/**
 * The tools an agent gets besides the server's: write_file, read_file and list_files over
 * its workspace (workspace.ts confines them), and run_command only when the agent is
 * configured with allowCommands (a shell in the workspace under a timeout, the key of the
 * agent's API taken out of its environment, every command kept in the trajectory).
 */
import type { ToolSpec } from './conversation.ts';
import { runShell } from './shell.ts';
import { WorkspaceError, type Workspace } from './workspace.ts';

export interface WorkspaceTool {
  spec: ToolSpec;
  run(args: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
}

export interface CommandSettings {
  timeoutMs: number;
  /** Environment variables the commands must not see (the agent's API key). */
  hide: readonly string[];
}

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false });

function text(args: Record<string, unknown>, key: string, optional = false): string | undefined {
  const value = args[key];
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string') throw new WorkspaceError(`argument "${key}" must be a string`);
  return value;
}

/** A workspace error is the agent's to read; anything else is ours and propagates. */
async function guarded(work: () => Promise<string>): Promise<{ text: string; isError: boolean }> {
  try {
    return { text: await work(), isError: false };
  } catch (error) {
    if (error instanceof WorkspaceError) return { text: error.message, isError: true };
    throw error;
  }
}

export function workspaceTools(workspace: Workspace, commands: CommandSettings | null): WorkspaceTool[] {
  const tools: WorkspaceTool[] = [
    {
      spec: {
        name: 'write_file',
        description: 'Write a file in your workspace (created or replaced; folders are made). Paths are relative to the workspace.',
        inputSchema: object({ path: { type: 'string', description: 'File path relative to the workspace, e.g. src/main.ts' }, content: { type: 'string', description: 'The whole content of the file.' } }, ['path', 'content']),
      },
      run: (args) => guarded(async () => `wrote ${await workspace.write(text(args, 'path')!, text(args, 'content')!)} bytes to ${text(args, 'path')!}`),
    },
    {
      spec: {
        name: 'read_file',
        description: 'Read a file of your workspace.',
        inputSchema: object({ path: { type: 'string', description: 'File path relative to the workspace.' } }, ['path']),
      },
      run: (args) =>
        guarded(async () => {
          const read = await workspace.read(text(args, 'path')!);
          return read.truncated ? `${read.text}\n[cut: ${read.chars} characters in all]` : read.text;
        }),
    },
    {
      spec: {
        name: 'list_files',
        description: 'List the files of your workspace (or of one folder in it), with their sizes.',
        inputSchema: object({ path: { type: 'string', description: 'A folder relative to the workspace (default: all of it).' } }, []),
      },
      run: (args) =>
        guarded(async () => {
          const { files, truncated } = await workspace.list(text(args, 'path', true) ?? '.');
          const lines = files.map((f) => `${f.path} (${f.bytes} bytes)`);
          return files.length === 0 ? '(no files)' : `${lines.join('\n')}${truncated ? '\n[more files not listed]' : ''}`;
        }),
    },
  ];
  if (commands) {
    tools.push({
      spec: {
        name: 'run_command',
        description: `Run a shell command (sh -c) in your workspace; it is stopped after ${Math.round(commands.timeoutMs / 1000)} s. Returns the exit code and the end of its output.`,
        inputSchema: object({ command: { type: 'string', description: 'The command line.' } }, ['command']),
      },
      run: (args) =>
        guarded(async () => {
          const hidden = Object.fromEntries(commands.hide.map((name) => [name, undefined]));
          const result = await runShell(text(args, 'command')!, { cwd: workspace.dir, timeoutMs: commands.timeoutMs, what: 'command', env: hidden });
          return `${result.timedOut ? `timed out after ${commands.timeoutMs} ms` : `exit code ${String(result.exitCode)}`}\n${result.output}`;
        }),
    });
  }
  return tools;
}
