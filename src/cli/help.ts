/** The CLI's help text, kept beside nothing else so the README can quote it verbatim. */
export const HELP = `docs-mcp-eval — benchmark a documentation MCP server

Usage:
  docs-mcp-eval run [options]      run a dataset against a server, print the report and the delta
  docs-mcp-eval init --server-command <cmd> | --url <url>
                                   write a starter docs-mcp-eval.yml and cases.yaml (init --help)
  docs-mcp-eval inspect --server-command <cmd> | --server-url <url> [--query <q>]
                                   list the tools; call one and show the raw result and its ids
  docs-mcp-eval merge <shard report.json>...   one report from a matrix of --shard jobs
  docs-mcp-eval compare a=<config|report> b=<config|report> ...
                                   several configurations side by side (compare --help)
  docs-mcp-eval view [report.html] [--serve]
                                   open the HTML page a run wrote, or serve it on localhost (view --help)
  docs-mcp-eval convert seed-000 <file|folder> [--out <file|folder>]
                                   seed 000's datasets in this project's format (convert --help)
  docs-mcp-eval --version | --help

With no options, run uses the embedded default: it builds the reference server's
index, spawns it over stdio, runs datasets/reference/cases.yaml and compares with
baselines/reference.json.

Target:
  --config <file>            docs-mcp-eval.yml (default: the one in --cwd, if any); flags override it
  --cases <file|folder>      dataset (YAML/JSON, or a speakeasy cases.json array), or a folder
                             of them (its profile.yaml is the profile unless --profile names one)
  --server-command <cmd>     command that starts the MCP server on stdio
  --server-url <url>         Streamable HTTP endpoint (with --server-command: started by us)
  --server-header K=V        HTTP header (repeatable); \${VAR} takes an environment variable
  --server-cwd <dir>         its working directory (default: --cwd)
  --server-env KEY=VALUE     extra environment for the server (repeatable)
  --build-command <cmd>      run (through the shell) and timed before the server starts
  --build-output <path>      what the build writes (file or folder): its size is index.bytes
  --cwd <dir>                working directory for relative paths (default: .)

Run:
  --warmup <n>               unmeasured search calls first (default 5)
  --repetitions <n>          times each case runs, reshuffled each time (default 5)
  --max-repetitions <n>      same-job A/B: more repetitions, up to n, until the median-latency
                             CIs are within 0.4 × the minimum effect (default 20)
  --answer-repetitions <n>   times each answer case is asked, each answer scored; the case
                             scores their mean (default 1; a case's repetitions wins)
  --seed <n>                 seed of the shuffle (default random; recorded in the report)
  --k <n[,n...]>             metric cutoff, or several (1,5,10; the largest is primary; default 5)
  --timeout <ms>             per tool call (default 30000)
  --init-timeout <ms>        for the server's MCP initialize and tool list (default 30000)
  --fail-fast                stop at the first errored case or failed answer validation
  --shard <i/n>              run the i-th of n shards of the cases (then: merge)

Cases (each repeatable; OR within a flag, AND across flags):
  --category <name>  --tag <name>  --difficulty <basic|intermediate|advanced>  --id <glob>
  --project <name>  --tool <name>   (answer cases)

Answer cases:
  --profile <name|file>      built-in profile (reference, speakeasy, qmd, docusaurus-plugin-mcp-server)
                             or a profile file: search/fetch shape, tool map and default
                             arguments (datasets/crypto-docs/profile.yaml)
  --store <file.jsonl>       append each answer case's full evaluation: input snapshot, scores,
                             reasoning, config snapshot (seed 004 storage); each task run too
  --no-cache                 ask the judge and embeddings again instead of using the call cache
  --cache-dir <dir>          judge/embedding call cache (default .docs-mcp-eval/cache)

Task cases (an agent with the server's tools; docs/agent-tasks.md):
  --agent-model <model>      the agent's model (key in DOCS_MCP_EVAL_AGENT_API_KEY); without
                             a model or a key the task cases are skipped with a note
  --agent-base-url <url>     the agent's API root (OpenAI-compatible, or Anthropic with
                             agent.provider: anthropic in the dataset or docs-mcp-eval.yml)
  --without-docs             also run every task without the docs tools: the uplift

Comparison:
  --compare-ref <ref>        same-job A/B: benchmark <ref> (checked out into a git worktree)
                             beside the working tree, alternating blocks of cases
  --setup-command <cmd>      run in the base checkout before its build (e.g. npm ci)
  --block-size <n>           cases per A/B block (default 1)
  --server-cpus <list>       CPUs for the servers: auto (A/B: both on the last CPU, Linux),
                             none, or a taskset list for every run (default auto)
  --min-effect <x>           smallest timing/memory change called real: 5% (default),
                             or per metric search.p95=10% (repeatable)
  --alpha <x>                significance level of the paired test (default 0.05)
  --fail-on <gate>           exit 3 when a gate fails (repeatable): a change gate on a real
                             change ('mrr@5 < -0.02', 'search.p95 > +15%'), a value gate on
                             the run's own value ('mrr@5 < 0.5', 'errors > 0')
  --history <file.jsonl>     main-branch history: timing and memory rows against --baseline
                             are judged against its runs of the same dataset and machine
  --history-min-runs <n>     matching runs the history needs before it judges (default 5)

Health:
  --max-errors <n|p%>        errored or not-run cases allowed before the run fails (default 0)
  --allow-evaluator-errors   an evaluator that fails (a judge that is down) only warns

Output:
  --baseline <report.json>   compare with this report (default for the embedded
                             default: baselines/reference.json)
  --no-baseline              do not compare
  --out <file>               JSON report (default .docs-mcp-eval/report.json)
  --markdown <file>          markdown report (default .docs-mcp-eval/report.md)
  --html <file>              self-contained HTML page: cases to sort and filter, ranked ids
                             side by side, charts (default: beside the markdown, report.html)
  --no-html                  no HTML page
  --json                     print the JSON report on stdout instead of markdown
  --format <markdown|text>   what stdout gets otherwise: the markdown report, or it as plain
                             text with a legend (default: text on a terminal, markdown otherwise)
  --trec-out <dir>           also write qrels.txt and run.txt for trec_eval / ranx
  --qrels <file>             TREC qrels whose judgments replace the dataset's (query id = case id)
  --verbose                  print each failed case's reason, the server's stderr and
                             the failed validations of each answer case

Exit codes: 0 all cases ran, 1 a case errored, an answer case failed a validation
(as seed 000's CLI) or the build/setup/server failed, 2 bad usage or an invalid
dataset, 3 a --fail-on gate failed.
`;
