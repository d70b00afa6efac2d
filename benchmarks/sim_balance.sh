#!/usr/bin/env bash
# The simulations behind docs/balance/<game>.md: heuristic players in every seat,
# modest numbers of games. Usage: benchmarks/sim_balance.sh OUTDIR [GAME...]
# Each run writes OUTDIR/<name>.jsonl (resumable) and OUTDIR/<name>.md (the report tables).
set -euo pipefail
out="${1:?usage: sim_balance.sh OUTDIR [GAME...]}"
shift
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(sobek abu_simbel khufu ramses mummy)
mkdir -p "$out"

run() {  # run NAME GAME ARGS...
  local name="$1"
  shift
  # the engine the games ran on: the commit, and whether the games' code had local changes
  (cd "$(dirname "$0")/.." && echo "$(git rev-parse --short HEAD) $(date -u +%FT%TZ)" \
    "$(git status --porcelain src/obelisk/games | wc -l) changed files in src/obelisk/games") \
    >> "$out/$name.engine"
  # --seats heuristic first, so that a --seats in ARGS wins
  obelisk simulate --seats heuristic --seed 2026 "$@" --out "$out/$name.jsonl" --resume -q
  obelisk report "$out/$name.jsonl" --markdown "$out/$name.md" > "$out/$name.txt"
}

for g in "${games[@]}"; do
  case "$g" in
    sobek)
      run sobek-2p sobek -n 1000 --players 2
      run sobek-3p sobek -n 500 --players 3
      run sobek-4p sobek -n 400 --players 4
      run sobek-penalty sobek -n 600 --players 2 --sweep penalty_mode=best_set,half_round,matching_types
      run sobek-variants sobek -n 600 --players 2 --sweep variant=default,harsh,open
      run sobek-levels sobek -n 300 --seats heuristic,random
      ;;
    abu_simbel)
      run abu_simbel-3p abu_simbel -n 600 --players 3
      run abu_simbel-2p abu_simbel -n 400 --players 2
      run abu_simbel-4p abu_simbel -n 300 --players 4
      run abu_simbel-ultimate abu_simbel -n 400 --players 3 --sweep ultimate=false,true
      run abu_simbel-starter abu_simbel -n 300 --players 3 --sweep new_round_starter=failing_player,next_player
      run abu_simbel-first abu_simbel -n 400 --players 3 --sweep first_player=0,random
      ;;
    mummy)
      # no round cap: the real game has none (a max_rounds option is a reported safety cap)
      run mummy-2p mummy -n 200 --players 2
      run mummy-stop mummy -n 150 --players 2 --sweep mummy_may_stop_early=false,true
      run mummy-cards mummy -n 150 --players 2 --sweep card_play_mandatory=true,false
      run mummy-3p mummy -n 100 --players 3
      ;;
    khufu)
      run khufu-3p khufu -n 600 --players 3
      run khufu-clock khufu -n 400 --players 3 --sweep schedule=seconds,turns
      run khufu-countdown khufu -n 200 --players 3 --sweep countdown=1800,2700,3600
      run khufu-director khufu -n 300 --players 3 --sweep director=true,false
      run khufu-4p khufu -n 300 --players 4
      ;;
    ramses)
      run ramses-2p ramses -n 300 --players 2
      run ramses-variants ramses -n 150 --players 2 --sweep variant=default,small_children,no_end_card,professional
      run ramses-3p ramses -n 200 --players 3
      ;;
    *) echo "unknown game $g" >&2; exit 2 ;;
  esac
done
