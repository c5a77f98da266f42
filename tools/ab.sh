#!/bin/bash
# Engine A against engine B on both cores: two match.py runs side by side, one on each half of an openings
# file (every opening twice, colours swapped), then the combined W/L/D and Elo with a 95% interval. Each half's
# results and protocol log stay in the folder printed last (a.out, a.log, b.out, b.log): the logs are what
# tools/timeuse.py reads.
#   tools/ab.sh OPENINGS GAMES_PER_HALF TURN_MS "A command" "B command" [more match.py options]
# e.g. tools/ab.sh /tmp/openings.txt 200 100 "env X=1 target/release/gomoku" /tmp/old/gomoku
set -eu
OPENINGS=$1; N=$2; MS=$3; A=$4; B=$5; shift 5
HERE=$(cd "$(dirname "$0")" && pwd)
MATCH=${MATCH:-$HERE/../../shared/tools/match.py}
OUT=$(mktemp -d)
awk 'NF && !/^#/ && NR % 2 == 1' "$OPENINGS" > "$OUT/a.txt"
awk 'NF && !/^#/ && NR % 2 == 0' "$OPENINGS" > "$OUT/b.txt"
for h in a b; do
    python3 "$MATCH" --a "$A" --b "$B" --games "$N" --turn-ms "$MS" --openings "$OUT/$h.txt" --log "$OUT/$h.log" "$@" > "$OUT/$h.out" 2>&1 &
done
wait
python3 "$HERE/elo.py" "$OUT/a.out" "$OUT/b.out"
echo "logs: $OUT"
