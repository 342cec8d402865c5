/**
 * What an assertion reads: the agent's final message, or a workspace file. A code file is
 * read as one fenced code block in its language (`src/a.ts` as ```ts), so the answer rules
 * that look for code blocks (has_code_block, code_parses, has_import) apply to it as they
 * do to an answer with code in it; any other file is read as it is.
 */
import path from 'node:path';
import { canonicalLanguage } from '../../answers/rules/languages.ts';
import { LIMITS, WorkspaceError, type Workspace } from '../workspace.ts';

export const FINAL_MESSAGE = 'final message';

export type Target = { ok: true; text: string; label: string } | { ok: false; label: string; message: string };

/** The file's text, cut at LIMITS.assertionBytes characters, or why it cannot be read. */
export async function fileText(workspace: Workspace, file: string): Promise<Target> {
  try {
    return { ok: true, text: (await workspace.read(file, LIMITS.assertionBytes)).text, label: file };
  } catch (error) {
    if (error instanceof WorkspaceError) return { ok: false, label: file, message: error.message };
    throw error;
  }
}

/** The file as the rules read it: a code file as a code block in its language. */
export async function ruleText(workspace: Workspace, file: string | undefined, final: string): Promise<Target> {
  if (file === undefined) return { ok: true, text: final, label: FINAL_MESSAGE };
  const read = await fileText(workspace, file);
  if (!read.ok) return read;
  const extension = path.extname(file).slice(1);
  const language = extension === '' ? undefined : canonicalLanguage(extension);
  return language === undefined || language === 'markdown' ? read : { ...read, text: `\`\`\`${extension}\n${read.text}\n\`\`\`\n` };
}
