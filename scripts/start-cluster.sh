#!/usr/bin/env bash
# npm run start:cluster (issue 19): several portal processes on one PostgreSQL behind a real HAProxy.
#  - PostgreSQL: DATABASE_URL when set; otherwise Debian's server (installed when missing) in .data-cluster/pg on
#    its own port (CLUSTER_PG_PORT, default 5499), database `portal`.
#  - CLUSTER_PROCESSES portal processes (default 2) on ports CLUSTER_FIRST_PORT.. (default 4331..), each with its own
#    DATA_DIR, the same PUBLIC_URL (the balancer's origin, default http://localhost:CLUSTER_PORT), the same SITES_DIR
#    (.data-cluster/sites unless set) and the same environment (secrets).
#  - HAProxy (installed when missing) on CLUSTER_PORT (default 8080): round robin, no stickiness, an HTTP health check
#    on the portal's Healthcheck call, long timeouts for the live streams, X-Served-By on each answer (the process's
#    name). Stats on CLUSTER_STATS_PORT (8404) /stats. The configuration comes from scripts/haproxy-config.ts.
# Ctrl-C stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/check-node.mjs

processes=${CLUSTER_PROCESSES:-2}
lb_port=${CLUSTER_PORT:-8080}
stats_port=${CLUSTER_STATS_PORT:-8404}
first_port=${CLUSTER_FIRST_PORT:-4331}
pg_port=${CLUSTER_PG_PORT:-5499}
public_url=${PUBLIC_URL:-http://localhost:$lb_port}
state=$PWD/.data-cluster
sites_dir=${SITES_DIR:-$state/sites}
health_path=/agentdashboard/api/v1/healthcheck # HEALTH_PATH of scripts/haproxy-config.ts
mkdir -p "$state" "$sites_dir"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get update -qq >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

[ -f dist/index.html ] || npm run build

haproxy_bin=$(command -v haproxy || ls /usr/sbin/haproxy 2>/dev/null || true)
if [ -z "$haproxy_bin" ]; then
  echo "Installing HAProxy (Debian package haproxy)…" >&2
  apt_install haproxy
  haproxy_bin=/usr/sbin/haproxy
fi

pids=()
pg_started=""
pg_data=$state/pg
pg_run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
stop_all() {
  trap - INT TERM EXIT
  echo "Stopping the cluster…" >&2
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$pg_started" ]; then pg_run "$pg_bin/pg_ctl" -D "$pg_data" -m fast stop >&2 || true; fi
}
trap stop_all INT TERM EXIT

if [ -z "${DATABASE_URL:-}" ]; then
  if [ ! -d /usr/lib/postgresql ]; then
    echo "Installing PostgreSQL (Debian package postgresql)…" >&2
    apt_install postgresql
  fi
  pg_bin=/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -n | tail -1)/bin
  if [ ! -f "$pg_data/PG_VERSION" ]; then
    mkdir -p "$pg_data"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$pg_data"
    pg_run "$pg_bin/initdb" -D "$pg_data" -U portal --auth=trust -E UTF8 >&2
  fi
  [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$pg_data"
  pg_run "$pg_bin/pg_ctl" -D "$pg_data" -l "$pg_data/server.log" -w \
    -o "-p $pg_port -h 127.0.0.1 -k $pg_data -c max_connections=200" start >&2
  pg_started=1
  pg_run "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U portal -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'portal'" | grep -q 1 ||
    pg_run "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U portal -d postgres -qc 'CREATE DATABASE portal' >&2
  export DATABASE_URL="postgres://portal@127.0.0.1:$pg_port/portal"
fi

start_portal() {
  local i=$1 port=$((first_port + $1 - 1))
  mkdir -p "$state/p$i"
  PORT=$port HOST=127.0.0.1 PUBLIC_URL=$public_url DATA_DIR=$state/p$i SITES_DIR=$sites_dir \
    node --import tsx src/server/main.ts > >(sed -u "s/^/[p$i] /") 2>&1 &
  pids+=($!)
}
wait_healthy() {
  local port=$1
  for _ in $(seq 1 600); do
    if curl -fsS "http://127.0.0.1:$port$health_path" 2>/dev/null | grep -q '"status":"Healthy"'; then return 0; fi
    sleep 0.5
  done
  echo "The portal process on port $port did not become healthy." >&2
  return 1
}

# The first process migrates and seeds; the others start on the prepared database.
start_portal 1
wait_healthy "$first_port"
for i in $(seq 2 "$processes"); do start_portal "$i"; done
for i in $(seq 2 "$processes"); do wait_healthy $((first_port + i - 1)); done

# The configuration of scripts/haproxy-config.ts (the one the cluster tests run too).
cfg=$state/haproxy.cfg
servers=()
for i in $(seq 1 "$processes"); do servers+=(--server "p$i=$((first_port + i - 1))"); done
node --import tsx scripts/haproxy-config.ts --bind '*' --port "$lb_port" --stats-port "$stats_port" "${servers[@]}" >"$cfg"
"$haproxy_bin" -f "$cfg" -db &
pids+=($!)

echo "Agent Portal cluster: $processes processes behind HAProxy at $public_url (stats http://127.0.0.1:$stats_port/stats). Ctrl-C stops it." >&2
wait -n "${pids[@]}" || true
