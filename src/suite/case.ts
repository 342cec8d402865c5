/**
 * The dataset model every later stage reads: a suite of cases, already validated,
 * with defaults applied. Plain data only, so a suite can be hashed, filtered and
 * serialised into the report.
 */

export type Difficulty = 'basic' | 'intermediate' | 'advanced';

/** One judged document. `grade` follows trec_eval qrels: 0 = not relevant, higher = more. */
export interface Judgment {
  id: string;
  grade: number;
}

/**
 * What must not come back for a filtered query (seed 002's facet precision).
 * `ids` are glob patterns over returned ids; every other key is a facet name whose
 * listed values are forbidden, judged on the hit's metadata when the server returns
 * it, else through the suite's `facets` map (facet value -> id globs).
 */
export interface ForbiddenRule {
  ids?: string[];
  facets?: Record<string, string[]>;
}

/** Where a case came from, so every later message can point back at the file. */
export interface CaseSource {
  file: string;
  line: number;
}

interface CaseBase {
  id: string;
  name: string;
  category: string;
  difficulty?: Difficulty;
  tags: string[];
  source: CaseSource;
}

/** A query whose ranked ids are judged against graded relevance. */
export interface RetrievalCase extends CaseBase {
  kind: 'retrieval';
  query: string;
  /** Facet filters passed to the search tool as arguments (e.g. language: python). */
  filters: Record<string, string>;
  /** Graded judgments; never empty (the loader rejects an empty list). */
  relevant: Judgment[];
  forbidden?: ForbiddenRule;
  /** Page size asked of the search tool. */
  limit: number;
  /** How many search calls (pages) a simulated agent may make to find a relevant doc. */
  maxRounds: number;
  /** Search tool name; the profile's default when absent. */
  tool?: string;
}

/**
 * Answer cases (issue: answer quality) will join this union as `kind: 'answer'`;
 * every consumer switches on `kind`, so adding one is a compile error where it must be handled.
 */
export type Case = RetrievalCase;

/** facet name -> facet value -> id glob patterns. */
export type FacetMap = Record<string, Record<string, string[]>>;

export interface Suite {
  name: string;
  /** Files the cases came from (a suite may be one file today; imports keep their origin). */
  files: string[];
  /** sha256 of the normalised cases, so two reports can tell whether they ran the same dataset. */
  hash: string;
  /** The dataset format the file was read as. */
  format: 'docs-mcp-eval' | 'speakeasy';
  facets: FacetMap;
  cases: Case[];
}
