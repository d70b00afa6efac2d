#!/usr/bin/env bash
# The calibration of every game's ladder (docs/levels.md): each rung against the one below it,
# by the research players the rungs play as (games/<game>/levels.py), 200 paired games per
# pair with seat rotation, one worker per queue. Re-running continues the files.
#   benchmarks/calibrate_ladders.sh cheap      # the memory players, the heuristics, easy-normal
#   benchmarks/calibrate_ladders.sh ramses     # Ramses' memory players (a few minutes)
#   benchmarks/calibrate_ladders.sh search     # the pairs with search on both sides (hours)
# The ladders play by iteration budgets alone, so the compiled engine plays the same games
# at about 0.6 of the CPU (Sobek's search pairs; docs/levels.md):
#   python benchmarks/compile_engine.py
#   PYTHONPATH=$PWD/build/compiled/src benchmarks/calibrate_ladders.sh search
set -u
cd "$(dirname "$0")/.."
out=benchmarks/agents_results/calibration
mkdir -p "$out"
pair() {  # game players levels seed
  local game=$1 players=$2 lv=$3 seed=$4
  local file="$out/ladder-$game-${players}p-$(echo "$lv" | tr ',:=.' '__-_').json"
  local games=200; [ "$players" -gt 2 ] && games=400
  obelisk ladder "$game" --players "$players" --levels "$lv" --games "$games" --seed "$seed" -j 1 --out "$file" \
    > "$file.log" 2>&1 || echo "ladder $game $lv failed: see $file.log"
}
case "${1:-cheap}" in
  cheap)
    pair abu_simbel 2 child,casual 30000
    pair abu_simbel 2 casual,abu_simbel-hard 30000
    pair abu_simbel 2 abu_simbel-hard,abu_simbel-expert 30000
    pair khufu 3 careless:p=0.4,heuristic 32000  # 400: 200 games with each alone
    pair mummy 2 careless:p=0.3,belief 33000
    pair sobek 2 careless:p=0.3,search-normal 34000
    ;;
  ramses)
    pair ramses 2 ramses-easy,medium 31000
    pair ramses 2 medium,ramses-hard 31000
    pair ramses 2 ramses-hard,ramses-expert 31000
    ;;
  search)
    pair sobek 2 search-normal,search-hard 34000
    pair mummy 2 belief,search-hard 33000
    pair sobek 2 search-hard,search-expert 34000
    ;;
esac
