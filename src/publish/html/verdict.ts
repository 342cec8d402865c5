/** How a verdict reads on the page, static part and script alike: a word and a mark, never colour alone. */
import type { DeltaRow, Verdict } from '../../model/comparison.ts';

const MARK: Record<Verdict, string> = { better: '✅ better', worse: '❌ worse', same: '= same', noise: '〰 within noise', 'n/a': '— not comparable' };

export function verdictText(row: Pick<DeltaRow, 'verdict' | 'indicative'>): string {
  return MARK[row.verdict] + (row.indicative && (row.verdict === 'better' || row.verdict === 'worse') ? ' (indicative)' : '');
}

/** The CSS class of a verdict badge: v-better, v-worse, v-hint (indicative), v-same. */
export function verdictClass(row: Pick<DeltaRow, 'verdict' | 'indicative'>): string {
  if (row.verdict === 'better' || row.verdict === 'worse') return row.indicative ? 'v-hint' : `v-${row.verdict}`;
  return 'v-same';
}
