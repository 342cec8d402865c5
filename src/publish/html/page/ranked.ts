/**
 * A case's ranked ids side by side, one column per run: each id with its judged grade
 * and its move against the reference run (the baseline): up or down by how many ranks,
 * new in this run, or dropped from it. Pure (unit-tested in Node).
 */
import type { Judgment } from '../../../model/case.ts';

export type Move = { kind: 'up' | 'down'; by: number } | { kind: 'same' } | { kind: 'new' } | { kind: 'dropped' } | null;

export interface RankedCell {
  id: string;
  /** The judged grade; null when the id is not judged. */
  grade: number | null;
  move: Move;
}

export interface RankedRow {
  rank: number;
  /** One per run; null where that run ranked fewer ids. */
  cells: (RankedCell | null)[];
}

/**
 * `lists[i]`: run i's ranked ids (undefined when run i does not have the case); `ref`:
 * the run moves are measured against; its own cells say which ids run 0 dropped.
 */
export function rankedRows(lists: readonly (readonly string[] | undefined)[], judgments: readonly Judgment[], ref: number): RankedRow[] {
  const grades = new Map(judgments.map((j) => [j.id, j.grade]));
  const ranks = lists.map((ids) => new Map((ids ?? []).map((id, i) => [id, i + 1])));
  const depth = Math.max(0, ...lists.map((ids) => ids?.length ?? 0));
  const rows: RankedRow[] = [];
  for (let r = 1; r <= depth; r++) {
    rows.push({
      rank: r,
      cells: lists.map((ids, run) => {
        const id = ids?.[r - 1];
        if (id === undefined) return null;
        let move: Move = null;
        if (lists[ref] !== undefined && run !== ref) {
          const before = ranks[ref]!.get(id);
          move = before === undefined ? { kind: 'new' } : before === r ? { kind: 'same' } : before > r ? { kind: 'up', by: before - r } : { kind: 'down', by: r - before };
        } else if (run === ref && ref !== 0 && lists[0] !== undefined && !ranks[0]!.has(id)) {
          move = { kind: 'dropped' };
        }
        return { id, grade: grades.get(id) ?? null, move };
      }),
    });
  }
  return rows;
}

export function moveText(move: Move): string {
  if (!move) return '';
  switch (move.kind) {
    case 'up':
      return `▲${move.by}`;
    case 'down':
      return `▼${move.by}`;
    case 'same':
      return '=';
    case 'new':
      return 'new';
    case 'dropped':
      return 'dropped';
  }
}

/** "moved up 2 ranks" for screen readers and tooltips. */
export function moveLabel(move: Move): string {
  if (!move) return '';
  switch (move.kind) {
    case 'up':
      return `moved up ${move.by} rank${move.by === 1 ? '' : 's'}`;
    case 'down':
      return `moved down ${move.by} rank${move.by === 1 ? '' : 's'}`;
    case 'same':
      return 'same rank';
    case 'new':
      return 'not ranked by the baseline';
    case 'dropped':
      return 'no longer ranked';
  }
}

export function gradeText(grade: number | null): string {
  if (grade === null) return '';
  return grade > 0 ? `✓ ${grade}` : '✗ 0';
}

export function gradeLabel(grade: number | null): string {
  if (grade === null) return 'not judged';
  return grade > 0 ? `relevant, grade ${grade}` : 'judged not relevant';
}
