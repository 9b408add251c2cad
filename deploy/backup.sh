#!/usr/bin/env bash
# A dated, checked backup of the judge's database, keeping the newest DAYS of them.
#
#   backup.sh [--days DAYS] [--pbem PROGRAM] FOLDER
#
# SQLite (PBEM_DATA, or a sqlite: PBEM_DATABASE_URL): `pbem db backup` writes
# FOLDER/pbem-YYYY-MM-DD.sqlite, a consistent copy taken while the judge runs that passed
# SQLite's integrity check (as did the database before it).
# PostgreSQL (a postgresql: PBEM_DATABASE_URL): pg_dump -Fc writes FOLDER/pbem-YYYY-MM-DD.dump,
# checked by reading its table of contents back with pg_restore --list.
#
# A new backup replaces the same day's; only after it succeeded are the oldest beyond DAYS
# (default 14) deleted, so a failing backup never costs an older good one. The files are mode
# 0600: they hold the games' seeds and the players' password hashes. Exit status: 0 done;
# else that of the failing step (65: the database failed its integrity check, restore the
# newest good backup; 69: no pbem program, pass --pbem; 73: FOLDER missing or not writable),
# with a sentence on standard error. Without --pbem it runs /srv/pbem/.venv/bin/pbem, or the
# pbem on PATH.
#
# Daily from cron, as the judge's user (/etc/cron.d/pbem-backup):
#   30 3 * * * judge set -a; . /etc/pbem.env; set +a; /srv/pbem/deploy/backup.sh /var/backups/pbem >> /var/log/pbem-backup.log 2>&1
# Restoring: deploy/README.md, *Backups*.
set -euo pipefail
umask 077

days=14
pbem=""  # --pbem, else the install of deploy/README.md, else pbem on PATH
installed=/srv/pbem/.venv/bin/pbem
usage="usage: backup.sh [--days DAYS] [--pbem PROGRAM] FOLDER"
while [ $# -gt 0 ]; do
  case "$1" in
    --days) days=${2:?$usage}; shift 2 ;;
    --pbem) pbem=${2:?$usage}; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) echo "backup.sh: unknown option $1; $usage" >&2; exit 64 ;;
    *) break ;;
  esac
done
if [ $# -ne 1 ]; then echo "backup.sh: name the folder for the backups; $usage" >&2; exit 64; fi
folder=${1%/}
case "$days" in
  ''|*[!0-9]*|0) echo "backup.sh: --days must be a whole number of at least 1; got '$days'" >&2; exit 64 ;;
esac
if [ ! -d "$folder" ] || [ ! -w "$folder" ]; then
  echo "backup.sh: the folder $folder is missing or not writable; create it (install -d -o judge -m 700 $folder)" >&2
  exit 73
fi

today=$(date -u +%F)
url=${PBEM_DATABASE_URL:-}
case "$url" in
  postgres:*|postgresql:*|postgres+*|postgresql+*)
    kind=dump
    target="$folder/pbem-$today.dump"
    # SQLAlchemy's postgresql+psycopg://... is libpq's postgresql://...
    libpq_url="postgresql://${url#*://}"
    partial=$(mktemp "$folder/.pbem-$today.dump.XXXXXX.partial")
    trap 'rm -f -- "$partial"' EXIT
    pg_dump --format=custom --dbname="$libpq_url" --file="$partial"
    pg_restore --list "$partial" > /dev/null
    mv -f -- "$partial" "$target"
    trap - EXIT
    ;;
  *)
    kind=sqlite
    target="$folder/pbem-$today.sqlite"
    if [ -z "$pbem" ]; then
      if [ -x "$installed" ]; then pbem=$installed; else pbem=$(command -v pbem || true); fi
    fi
    if [ -z "$pbem" ] || ! command -v -- "$pbem" > /dev/null; then
      echo "backup.sh: no pbem program found (${pbem:-not at $installed, none on PATH}); pass --pbem PROGRAM, the judge's pbem" >&2
      exit 69
    fi
    "$pbem" db backup "$target"
    ;;
esac

# the newest $days backups stay (the dated names sort by date), the one just written always
shopt -s nullglob
older=()
for backup in "$folder"/pbem-[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]."$kind"; do
  [ "$backup" = "$target" ] || older+=("$backup")
done
excess=$(( ${#older[@]} - (days - 1) ))
if [ "$excess" -gt 0 ]; then
  rm -f -- "${older[@]:0:excess}"
  older=("${older[@]:excess}")
fi
echo "backup.sh: $target written; $(( ${#older[@]} + 1 )) backups in $folder (at most $days kept)"
