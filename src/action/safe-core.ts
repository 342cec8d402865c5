/**
 * @actions/core, for text we did not write. Server output, case ids, error messages and
 * judge text reach the Actions log, where a line starting with `::` is a workflow
 * command (`::add-mask::`, `::set-output::`, `::stop-commands::`) and escape sequences
 * colour or rewrite the log. Everything logged through here is made inert first
 * (shared/control-chars.ts); multi-line text for `info` is fenced between
 * `::stop-commands::<random token>` and `::<token>::`, so no line of it is read as a
 * command. Annotations (warning, error, notice, setFailed) are single workflow
 * commands whose data @actions/core escapes (newlines become %0A): they only need the
 * escapes stripped. The action's files import this module, never @actions/core for
 * logging (an eslint rule holds them to it).
 */
import { nodeCrypto } from '../shared/lazy-crypto.ts';
import * as core from '@actions/core';
import { inert } from '../shared/control-chars.ts';

export { endGroup, getBooleanInput, getInput, setOutput, setSecret, summary, debug } from '@actions/core';
export type { AnnotationProperties } from '@actions/core';

export function info(message: string): void {
  const text = inert(message);
  if (!text.includes('\n')) {
    core.info(text);
    return;
  }
  const token = nodeCrypto().randomUUID().replace(/-/g, '');
  core.info(`::stop-commands::${token}`);
  core.info(text);
  core.info(`::${token}::`);
}

/** A group title is one line: folded. */
export function startGroup(name: string): void {
  core.startGroup(inert(name, { oneLine: true }));
}

export function warning(message: string, properties?: core.AnnotationProperties): void {
  core.warning(inert(message), properties);
}

export function error(message: string, properties?: core.AnnotationProperties): void {
  core.error(inert(message), properties);
}

export function notice(message: string, properties?: core.AnnotationProperties): void {
  core.notice(inert(message), properties);
}

export function setFailed(message: string): void {
  core.setFailed(inert(message));
}
