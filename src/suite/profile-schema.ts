/**
 * The JSON Schema of a profile file (see profile.ts) and of the server-shape sections it
 * shares with docs-mcp-eval.yml (config/config-schema.ts): how to call the search and
 * fetch tools and where the ranked ids are. Compiled at build time (scripts/generate-validators.ts).
 */
const nonEmptyString = { type: 'string', minLength: 1 };

const templateArguments = {
  type: 'object',
  description: 'Tool arguments; string values may be templates filled from the case: {query}, {limit}, {cursor}, {filters}, {filters.<facet>}, {id} (fetch).',
  additionalProperties: true,
};

const normalize = {
  type: 'object',
  additionalProperties: false,
  description: "Applied to the server's ids and the dataset's judged ids alike.",
  properties: {
    stripPrefix: { type: 'array', items: { type: 'string' } },
    stripSuffix: { type: 'array', items: { type: 'string' } },
    lowercase: { type: 'boolean' },
    dropFragment: { type: 'boolean' },
  },
};

const idSource = {
  type: 'object',
  required: ['from'],
  description: 'Where the ranked ids are in a search result.',
  oneOf: [
    {
      additionalProperties: false,
      required: ['from', 'path'],
      properties: {
        from: { const: 'json' },
        path: { ...nonEmptyString, description: 'RFC 9535 JSONPath of the ids in rank order, e.g. $.hits[*].chunk_id' },
        cursor: { ...nonEmptyString, description: 'JSONPath of the next-page cursor, e.g. $.next_cursor' },
        in: { enum: ['auto', 'text', 'structured'] },
      },
    },
    { additionalProperties: false, required: ['from'], properties: { from: { const: 'resource_links' } } },
    {
      additionalProperties: false,
      required: ['from', 'pattern'],
      properties: {
        from: { const: 'regex' },
        pattern: { ...nonEmptyString, description: 'RE2 pattern over the text; the id is group `id`, else group 1' },
        flags: { type: 'string', pattern: '^[imsgu]*$' },
        cursor: nonEmptyString,
      },
    },
  ],
};

export const searchSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tool: nonEmptyString,
    arguments: templateArguments,
    filters: { enum: ['spread', 'template'], description: 'spread: each case filter as its own argument; template: only where {filters} is written' },
    ids: idSource,
    normalize,
  },
};

export const fetchSchema = {
  anyOf: [
    { type: 'null' },
    { type: 'object', additionalProperties: false, required: ['tool'], properties: { tool: nonEmptyString, arguments: templateArguments } },
  ],
};

/** The sections a profile file and docs-mcp-eval.yml share. */
export const shapeProperties = {
  search: { ...searchSchema, description: 'The search tool: tool, arguments (templates: {query}, {limit}, {cursor}, {filters}...), filters (spread or template), ids (where the ranked ids are), normalize.' },
  fetch: { ...fetchSchema, description: 'The fetch tool (tool, arguments with {id}), called on the first relevant hit; null: documents are not fetched.' },
  errorPath: {
    anyOf: [{ type: 'null' }, nonEmptyString],
    description: 'JSONPath whose match marks a tool result as the server\'s error reply (besides isError), e.g. $.error (the default: a top-level error member); null: isError only',
  },
  toolMap: { type: 'object', additionalProperties: nonEmptyString, description: 'Answer cases: logical tool name -> the server\'s (ask_docs -> crypto_ask_docs)' },
  inputDefaults: { type: 'object', additionalProperties: true, description: 'Answer cases: arguments added to every answer call, templates allowed' },
};

export const profileSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    name: nonEmptyString,
    description: { type: 'string' },
    ...shapeProperties,
  },
};
