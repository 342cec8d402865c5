/** The HTML page of a run, a merge or a compare (README.md): what the edges and the library use. */
export { writePage, contentSecurityPolicy, scriptJson } from './write-page.ts';
export { evaluationPage, pageMeta, slimCase, type PageInput, type PageRunInput } from './page-data.ts';
export { metricTrend, pageTrends, TREND_POINTS } from './trend.ts';
export type { PageKind, PageMeta, PageRun, RunHeader, RunRole, TrendBand, TrendPoint, TrendSeries } from './page-types.ts';
