/** A built-in profile: how a known docs server is called (config/builtin-profiles.ts lists them). */
import type { ServerShape } from '../../run/search-spec.ts';

export interface BuiltinProfile {
  description: string;
  shape: ServerShape;
}
