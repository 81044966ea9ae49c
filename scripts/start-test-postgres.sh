#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installing it when missing) and creates an empty portal_test database,
# so the test suite also runs the data layer, migrations and API on PostgreSQL. Prints the URL.
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
cluster=$(pg_lsclusters -h | awk 'NR==1 {print $1" "$2}')
if [ -z "$cluster" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  pg_createcluster "$version" main >&2
  cluster="$version main"
fi
pg_ctlcluster $cluster start >&2 2>/dev/null || true
port=$(pg_lsclusters -h | awk 'NR==1 {print $3}')
su postgres -c "psql -p $port -qc \"DO \\\$\\\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='portal') THEN CREATE ROLE portal LOGIN SUPERUSER PASSWORD 'portal'; END IF; END\\\$\\\$;\"" >&2
su postgres -c "psql -p $port -qc 'DROP DATABASE IF EXISTS portal_test' -c 'CREATE DATABASE portal_test OWNER portal'" >&2 2>/dev/null
echo "postgres://portal:portal@127.0.0.1:$port/portal_test"
