/**
 * Making elements: text is only ever set as textContent (never innerHTML), so nothing
 * a server, a dataset or a judge wrote can become markup; invisible controls are shown
 * (text.ts visible) and long text is cut with a note of how much was left out.
 */
import { cut, visible } from '../text.ts';

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | null | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (name === 'class') el.className = String(value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Untrusted text: controls shown, at most `max` characters, then how many more there were. */
export function text(value: string, max = 20_000): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const { text: kept, omitted } = cut(visible(value), max);
  fragment.append(document.createTextNode(kept));
  if (omitted > 0) fragment.append(h('span', { class: 'omitted' }, ` … ${omitted.toLocaleString('en')} more characters not shown`));
  return fragment;
}

/** Untrusted text as a block that keeps its line breaks (queries, answers, reasoning). */
export function pre(value: string, max = 20_000): HTMLElement {
  // Focusable: a long block scrolls, and a keyboard must be able to scroll it.
  return h('div', { class: 'pre', tabindex: 0 }, text(value, max));
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return document.getElementById(id) as T | null;
}
