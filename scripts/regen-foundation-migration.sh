#!/usr/bin/env bash
# Until the first release, the foundation migration (0001) is regenerated from all schema files
# whenever a schema changes. Idempotent: it always reflects every module's current schema.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
rm -f drizzle/0001_foundation.sql drizzle/meta/0001_snapshot.json
python3 - <<'PY'
import json
p = 'drizzle/meta/_journal.json'
j = json.load(open(p))
j['entries'] = [e for e in j['entries'] if e['idx'] == 0]
json.dump(j, open(p, 'w'), indent=2)
PY
npx drizzle-kit generate --name foundation >/dev/null
echo "regenerated apps/server/drizzle/0001_foundation.sql"
