/** What every step of the Action's run mode is given: its inputs, the event, the GitHub edge, the workspace. */
import type { EventInfo } from './event.ts';
import type { GitHub } from './github-context.ts';
import type { ActionInputs } from './inputs.ts';

export interface RunContext {
  inputs: ActionInputs;
  event: EventInfo;
  /** The GitHub edge, loaded on first use (see github-edge.ts). */
  github: () => Promise<GitHub>;
  workspace: string;
}
