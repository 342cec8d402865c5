/**
 * What a reader sees of our markdown on GitHub, for tests: the markdown is rendered by a
 * real GFM parser (micromark with its GFM extensions: tables, autolink literals,
 * strikethrough, footnotes, task lists; and math, which GitHub renders for `$…$`), raw
 * HTML passed through as GitHub's parser does before its sanitizer, and the HTML parsed
 * by a real HTML parser (parse5). Then what GitHub adds after parsing is found the way
 * its filters find it, in text outside code and links: @mentions, issue and pull
 * request references (#12, owner/repo#5, GH-12), commit shas and :emoji: shortcodes.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { math, mathHtml } from 'micromark-extension-math';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface ViewElement {
  tag: string;
  attrs: Record<string, string>;
  /** Tags of the ancestors, outermost first. */
  path: string[];
  /** The element's visible text. */
  text: string;
}

export interface GfmView {
  html: string;
  elements: ViewElement[];
  /** Every text node's text in order, HTML comments excluded (a reader never sees them). */
  text: string;
  /** The text a reader sees without opening any <details>: summaries count, their bodies do not. */
  openText: string;
  /** Text inside HTML comments (hidden from the reader). */
  comments: string[];
  /** What GitHub would turn into a mention, a reference, a commit link or an emoji, found in text outside code and links. */
  references: string[];
}

/** The same options GitHub's renderer has on: GFM, math, raw HTML kept (the sanitizer comes after). */
export function renderGfm(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, extensions: [gfm(), math()], htmlExtensions: [gfmHtml(), mathHtml()] });
}

/** GitHub's post-parse filters, approximated from their documented triggers. */
const GITHUB_LINKS: RegExp[] = [
  /(?<![\p{L}\p{N}`])@[\p{L}\p{N}_][\p{L}\p{N}_-]*/gu, // @user, @org/team
  /(?<![\p{L}\p{N}_&])#\d+/gu, // #12, owner/repo#5 (not an entity: &#36;)
  /\bGH-\d+/gi,
  /\b[0-9a-f]{7,40}\b/gi, // a commit sha
  /:[a-z0-9_+-]+:/gi, // :emoji:
];

const isElement = (node: Node): node is Element => 'tagName' in node;

export function gfmView(markdown: string): GfmView {
  const html = renderGfm(markdown);
  const elements: ViewElement[] = [];
  const comments: string[] = [];
  const references: string[] = [];
  let text = '';
  let openText = '';
  const walk = (node: Node, path: string[], quiet: boolean, closed: boolean): string => {
    if (node.nodeName === '#comment') {
      comments.push((node as DefaultTreeAdapterMap['commentNode']).data);
      return '';
    }
    if (node.nodeName === '#text') {
      const value = (node as DefaultTreeAdapterMap['textNode']).value;
      text += value;
      if (!closed) openText += value;
      if (!quiet) for (const pattern of GITHUB_LINKS) references.push(...(value.match(pattern) ?? []));
      return value;
    }
    if (!isElement(node)) return '';
    const tag = node.tagName;
    const entry: ViewElement = { tag, attrs: Object.fromEntries(node.attrs.map((a) => [a.name, a.value])), path, text: '' };
    elements.push(entry);
    // GitHub links nothing inside code, pre or an existing link; a <details> body is closed until opened, its summary is not.
    const inner = tag === 'template' ? (node as DefaultTreeAdapterMap['template']).content.childNodes : node.childNodes;
    let own = '';
    for (const child of inner) {
      const childClosed = closed || (tag === 'details' && !(isElement(child) && child.tagName === 'summary'));
      own += walk(child, [...path, tag], quiet || tag === 'code' || tag === 'pre' || tag === 'a', childClosed);
    }
    entry.text = own;
    return own;
  };
  for (const node of parseFragment(html).childNodes) walk(node, [], false, false);
  return { html, elements, text, openText, comments, references };
}

/** What a reader sees of `value` once rendered: without the zero-width spaces our escaper adds. */
export function visible(text: string): string {
  return text.replace(/\u200b/g, '');
}
