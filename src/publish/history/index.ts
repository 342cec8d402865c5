/** The nightly history: one compact line per main-branch run, and its trend charts. */
export type { HistoryEntry } from '../../report/history-entry.ts';
export { historyEntry, historyMetricIds } from '../../report/history-entry.ts';
export { appendHistory, parseHistory, parseHistoryLines, serializeHistory, type ParsedHistory } from './jsonl.ts';
export { renderTrend, TREND_WINDOW } from './trend.ts';
