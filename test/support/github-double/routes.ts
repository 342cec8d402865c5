/**
 * Matching a concrete request path to the OpenAPI path template that documents it.
 * Templates are compiled to regexes once; when several match (`/issues/comments` vs
 * `/issues/{issue_number}`), the most literal one wins, as GitHub's router does.
 */
import { loadSpec, type Json } from './spec.ts';

export interface RouteMatch {
  /** `METHOD /path/{template}` as written in the spec, e.g. `GET /repos/{owner}/{repo}`. */
  route: string;
  template: string;
  method: string;
  operation: Json;
  params: Record<string, string>;
}

interface CompiledTemplate {
  template: string;
  regex: RegExp;
  names: string[];
  literalSegments: number;
}

let compiled: CompiledTemplate[] | undefined;

function templates(): CompiledTemplate[] {
  if (!compiled) {
    compiled = Object.entries(loadSpec().paths).map(([template, item]) => {
      const names: string[] = [];
      const source = template.replace(/\{([^}]+)\}|[^{]+/g, (part, name?: string) => {
        if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(name);
        // `x-multi-segment` parameters (compare's basehead, contents' path) may contain slashes.
        return isMultiSegment(item, name) ? '(.+)' : '([^/]+)';
      });
      const literalSegments = template.split('/').filter((s) => s && !s.startsWith('{')).length;
      return { template, regex: new RegExp(`^${source}$`), names, literalSegments };
    });
  }
  return compiled;
}

function isMultiSegment(item: Record<string, Json>, name: string): boolean {
  return Object.values(item).some(
    (op) =>
      Array.isArray(op['parameters']) &&
      op['parameters'].some((p: Json) => p['name'] === name && p['x-multi-segment'] === true),
  );
}

export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const lower = method.toLowerCase();
  const paths = loadSpec().paths;
  let best: { t: CompiledTemplate; m: RegExpExecArray } | undefined;
  for (const t of templates()) {
    const m = t.regex.exec(path);
    if (!m || !paths[t.template]?.[lower]) continue;
    if (!best || t.literalSegments > best.t.literalSegments) best = { t, m };
  }
  if (!best) return undefined;
  const params: Record<string, string> = {};
  best.t.names.forEach((name, i) => (params[name] = decodeURIComponent(best.m[i + 1] ?? '')));
  const operation = paths[best.t.template]?.[lower] ?? {};
  return { route: `${method.toUpperCase()} ${best.t.template}`, template: best.t.template, method: lower, operation, params };
}

/** Whether `METHOD /template` is documented; used to reject typos in fault-injection routes. */
export function routeExists(route: string): boolean {
  const [method = '', template = ''] = route.split(' ');
  return Boolean(loadSpec().paths[template]?.[method.toLowerCase()]);
}
