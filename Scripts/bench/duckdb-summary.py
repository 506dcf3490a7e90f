#!/usr/bin/env python3
"""Per-view statistics of a tracecli JSON Lines trace, computed by DuckDB.

    python3 Scripts/bench/duckdb-summary.py TRACE.jsonl [--json OUT.json]

The reference point of Scripts/bench.sh: the same aggregation as the `views` part of
`tracecli summarize TRACE --format json` (shared spec "Per-view statistics"), done by DuckDB's
`read_ndjson` with its default thread count. All result rows are fetched, so the file is
really scanned. Prints the in-process query time to stderr as `duckdb-query-seconds: S`
(one line per query with --repeat K);
with --json, also writes the rows as {"views": [...]} with the summary's key names.
"""

import argparse
import json
import sys
import time

import duckdb

UNFINISHED_NS = 3_600_000_000_000
ORANGE_NS = 500_000
RED_NS = 1_000_000

QUERY = f"""
SELECT
  coalesce(module, '')                      AS module,
  kind,
  coalesce(view, label, '(unnamed)')        AS name,
  count(*)                                  AS count,
  count(*) FILTER (WHERE skipped)           AS skipped,
  count(*) FILTER (WHERE duration >= {UNFINISHED_NS}) AS unfinished,
  count(*) FILTER (WHERE duration > {ORANGE_NS} AND duration <= {RED_NS}) AS orange,
  count(*) FILTER (WHERE duration > {RED_NS} AND duration < {UNFINISHED_NS}) AS red,
  coalesce(sum(duration) FILTER (WHERE duration < {UNFINISHED_NS}), 0)  AS totalNs,
  coalesce(max(duration) FILTER (WHERE duration < {UNFINISHED_NS}), 0)  AS maxNs,
  coalesce(quantile_disc(duration, 0.5)  FILTER (WHERE duration < {UNFINISHED_NS}), 0) AS p50Ns,
  coalesce(quantile_disc(duration, 0.95) FILTER (WHERE duration < {UNFINISHED_NS}), 0) AS p95Ns
FROM read_ndjson(
  $path,
  columns = {{
    type: 'VARCHAR', kind: 'VARCHAR', view: 'VARCHAR', label: 'VARCHAR', module: 'VARCHAR',
    start: 'BIGINT', duration: 'BIGINT', thread: 'VARCHAR', skipped: 'BOOLEAN'
  }},
  ignore_errors = false
)
WHERE type = 'update'
GROUP BY ALL
ORDER BY red DESC, orange DESC, totalNs DESC, name
"""
# quantile_disc is nearest-rank here (value at 1-based rank ceil(p*n)), as the spec asks;
# checked on DuckDB 2.0 against n = 3, 4, 7, 10, 13, 20, 100.


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace")
    parser.add_argument("--json", metavar="OUT", help="write the rows as JSON")
    parser.add_argument("--sql", action="store_true", help="print the SQL and exit")
    parser.add_argument("--repeat", type=int, default=0, metavar="K",
                        help="run the query K more times on the same connection")
    args = parser.parse_args()
    if args.sql:
        print(QUERY.strip())
        return 0

    connection = duckdb.connect()
    for _ in range(1 + args.repeat):
        started = time.perf_counter()
        cursor = connection.execute(QUERY, {"path": args.trace})
        columns = [d[0] for d in cursor.description]
        rows = cursor.fetchall()
        elapsed = time.perf_counter() - started
        print(f"duckdb-query-seconds: {elapsed:.6f}", file=sys.stderr)
    print(f"duckdb-views: {len(rows)}", file=sys.stderr)

    if args.json:
        views = [
            {c: (int(v) if isinstance(v, int) else v) for c, v in zip(columns, row)}
            for row in rows
        ]
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"views": views}, out, ensure_ascii=False, indent=1)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
