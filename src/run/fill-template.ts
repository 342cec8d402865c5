/**
 * Tool arguments from a case: string values may hold `{field}` templates filled from the
 * case (and the profile's defaults). A value that is exactly one template keeps the
 * field's type (`"{limit}"` -> 5); a template inside text is interpolated; an unknown
 * field is left as written, so a literal brace in a question survives.
 */

export type TemplateVars = Record<string, unknown>;

const WHOLE = /^\{([A-Za-z_][\w.]*)\}$/;
const INSIDE = /\{([A-Za-z_][\w.]*)\}/g;

function lookup(vars: TemplateVars, path: string): unknown {
  let value: unknown = vars;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function fillTemplate(value: unknown, vars: TemplateVars): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) {
      const found = lookup(vars, whole[1] ?? '');
      return found === undefined ? value : found;
    }
    return value.replace(INSIDE, (match, path: string) => {
      const found = lookup(vars, path);
      return found === undefined ? match : typeof found === 'string' ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillTemplate(item, vars));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTemplate(v, vars)]));
  }
  return value;
}
