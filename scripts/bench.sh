#!/usr/bin/env bash
# make bench: the speed figures of arbiter, measured (never asserted), for a
# reader who has not seen them before. Run from the repository root after
# `make build`. On a machine shared with other work the wall clock is noisy:
# the runs alternate (A B A B ...), CPU time (getrusage: user + system) is
# reported besides games/s, and the best of ROUNDS runs is kept.
#
#   ROUNDS       runs of each measurement (default 3)
#   CORPUS       ../shared/corpus (the check figures need its international
#                tournament files)
#   MOBYDAM      ../shared/engines/mobydam (its perft is built with gcc into
#                a temporary folder when gcc is present)
#   BASE=REV     also measure the check of revision REV (built in a
#                temporary worktree), alternating with this tree's: the
#                before and after of a change in the same run
#   BENCH_DEEP=1 perft at the issue's depths (start 11, the two test
#                positions at 9 and 15: about a minute of CPU per round)
set -euo pipefail
rounds=${ROUNDS:-3}
corpus=${CORPUS:-../shared/corpus}
moby_src=${MOBYDAM:-../shared/engines/mobydam}
arbiter=./arbiter
base=${BASE:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== check: the international tournament corpus x20 (15,480 games), JSON reports"
if [ -d "$corpus/draughts/international-tournaments" ]; then
	# The tree measured ("new") and, with BASE=REV, that revision ("base"),
	# built from a temporary worktree and run alternately in the same run.
	labels="new"
	go test -c -o "$tmp/new.test" ./referee/
	cp "$arbiter" "$tmp/new.arbiter"
	if [ -n "$base" ]; then
		git worktree add -q --detach "$tmp/base" "$base"
		(cd "$tmp/base" && go build -o "$tmp/base.arbiter" ./cmd/arbiter && go test -c -o "$tmp/base.test" ./referee/)
		git worktree remove --force "$tmp/base"
		labels="base new"
	fi
	echo "per game: CPU µs (all goroutines, getrusage), allocations and bytes allocated;"
	echo "games/s is wall-clock; jobs=2 should approach 2x jobs=1 only on an idle 2-core machine."
	for _ in $(seq "$rounds"); do
		for l in $labels; do
			(cd referee && "$tmp/$l.test" -test.run '^$' -test.bench 'CheckTournamentsX20|SplitTournamentsX20' \
				-test.benchtime 1x -test.benchmem) | grep '^Benchmark' | sed "s/^/$l /" | tee -a "$tmp/check.txt"
		done
	done
	echo "best of $rounds (lowest CPU, highest games/s):"
	awk '/CheckTournamentsX20/ {
		l=$1; name=$2; sub(/-[0-9]+$/, "", name); sub(/.*\//, "", name); k=l " " name; seen[l]=1
		for (i=3; i<NF; i++) {
			if ($(i+1) == "cpu-µs/game" && (!(k in cpu) || $i < cpu[k])) cpu[k]=$i
			if ($(i+1) == "games/s" && $i > gps[k]) gps[k]=$i
			if ($(i+1) == "allocs/game") al[k]=$i
			if ($(i+1) == "B/game") by[k]=$i
		}
	}
	/SplitTournamentsX20/ { l=$1; k=l; if ($2 ~ /decoded/) k=l " decoded"; else if ($2 !~ /serial/) k=l " decoded"
		for (i=3; i<NF; i++) if ($(i+1) == "cpu-µs/game" && (!(k in sp) || $i < sp[k])) sp[k]=$i }
	END {
		for (l in seen) {
			for (j=1; j<=2; j++) { k=l " jobs=" j; printf "  %-4s jobs=%d %7.1f CPU µs/game  %7.0f games/s  %6.1f allocs/game  %8.0f B/game\n", l, j, cpu[k], gps[k], al[k], by[k] }
			if (gps[l " jobs=1"] > 0) printf "  %-4s games/s jobs=2 / jobs=1: %.2fx\n", l, gps[l " jobs=2"]/gps[l " jobs=1"]
			# jobs=1 already keeps more than one CPU busy: the ceiling of
			# the ratio above on two cores is 2 over that.
			if (gps[l " jobs=1"] > 0) { busy = cpu[l " jobs=1"]*gps[l " jobs=1"]/1e6; printf "  %-4s jobs=1 keeps %.2f CPUs busy (the splitter and the collector beside its worker): two cores give it at most %.2fx\n", l, busy, 2/busy }
			if (l in sp) printf "  %-4s the splitter alone (the one serial stage, texts left to the workers to copy): %.2f CPU µs/game\n", l, sp[l]
			if ((l " decoded") in sp) printf "  %-4s the splitter with each text copied (pdn.Each, as other commands split): %.2f CPU µs/game\n", l, sp[l " decoded"]
		}
	}' "$tmp/check.txt" | sort -s -k1,1
	echo "the command itself: arbiter check --format json on the same games in one file (CPU: user + system);"
	echo "one core is --jobs 1 with GOMAXPROCS=1 (with --jobs 1 the splitter still runs on the second core)"
	for _ in $(seq 20); do cat "$corpus"/draughts/international-tournaments/*.pdn; done >"$tmp/x20.pdn"
	games=$({ $arbiter check --format json "$tmp/x20.pdn" 2>&1 >/dev/null || true; } | awk '/ games: / {print $1}' | tail -1)
	for _ in $(seq "$rounds"); do
		for l in $labels; do
			for run in "1 2" "2 2" "1 1"; do
				read -r j procs <<<"$run"
				# bash's time: CPU and wall to the millisecond (/usr/bin/time
				# counts CPU in 10 ms ticks, 5% of a run here).
				TIMEFORMAT="$l $j $procs %3U %3S %3R"
				{ time GOMAXPROCS=$procs "$tmp/$l.arbiter" check --jobs "$j" --format json "$tmp/x20.pdn" >/dev/null 2>&1; } 2>>"$tmp/cli.txt" || true
			done
		done
	done
	for l in $labels; do
		/usr/bin/time -f "%M" -o "$tmp/rss" "$tmp/$l.arbiter" check --jobs 2 --format json "$tmp/x20.pdn" >/dev/null 2>&1 || true
		echo "$l rss $(tail -1 "$tmp/rss")" >>"$tmp/cli.txt"
	done
	awk -v games="$games" '$2 == "rss" { rss[$1]=$3; next } { k=$1 " " $2 " " $3; seen[$1]=1; cpu=$4+$5; if (!(k in best) || cpu < best[k]) best[k]=cpu; if (!(k in wall) || $6 < wall[k]) wall[k]=$6 }
	END {
		for (l in seen) {
			printf "  %-4s one core %7.1f CPU µs/game  %7.0f games/s\n", l, best[l " 1 1"]*1e6/games, games/wall[l " 1 1"]
			for (j=1; j<=2; j++) printf "  %-4s jobs=%d   %7.1f CPU µs/game  %7.0f games/s\n", l, j, best[l " " j " 2"]*1e6/games, games/wall[l " " j " 2"]
			printf "  %-4s games/s jobs=2 / jobs=1: %.2fx; jobs=2 / one core: %.2fx; peak RSS %d MB\n", l, wall[l " 1 2"]/wall[l " 2 2"], wall[l " 1 1"]/wall[l " 2 2"], rss[l]/1024
			printf "  %-4s jobs=1 keeps %.2f CPUs busy: two cores give it at most %.2fx\n", l, best[l " 1 2"]/wall[l " 1 2"], 2*wall[l " 1 2"]/best[l " 1 2"]
		}
	}' "$tmp/cli.txt" | sort -s -k1,1
	# A folder of one-game files is the shape of most archives: what a file
	# costs beyond its game is the folder's CPU less that of the same games
	# in one file. Ten runs are timed together: bash's time counts to the
	# millisecond, and the difference is some 15 ms a run.
	echo "per file: the tournament games x3 one a file (arbiter split --by game) against the same games in one file;"
	echo "check --jobs 1 --format json, CPU of 10 runs; beside it the floor, the bare system calls a file needs"
	for _ in 1 2 3; do cat "$corpus"/draughts/international-tournaments/*.pdn; done >"$tmp/x3.pdn"
	mkdir "$tmp/pf"
	$arbiter split --by game --dir "$tmp/pf" "$tmp/x3.pdn" >/dev/null 2>&1 || true
	files=$(find "$tmp/pf" -type f | wc -l)
	for _ in $(seq "$rounds"); do
		for l in $labels; do
			for what in pf x3.pdn; do
				TIMEFORMAT="$l $what %3U %3S"
				{ time for _ in 1 2 3 4 5 6 7 8 9 10; do "$tmp/$l.arbiter" check --jobs 1 --format json "$tmp/$what" >/dev/null 2>&1 || true; done; } 2>>"$tmp/pf.txt"
			done
		done
	done
	awk -v files="$files" '{ k=$1 " " $2; seen[$1]=1; cpu=$3+$4; if (!(k in best) || cpu < best[k]) best[k]=cpu }
	END { for (l in seen) printf "  %-4s per file %5.2f CPU µs  (%d files %.1f ms a run, the same games in one file %.1f ms)\n", l, (best[l " pf"]-best[l " x3.pdn"])*1e6/10/files, files, best[l " pf"]*100, best[l " x3.pdn"]*100 }' "$tmp/pf.txt" | sort
	(cd notation/input && go test -run '^$' -bench 'OpenFiles' -benchtime 5x .) |
		awk '/^BenchmarkOpenFiles/ { name=$1; sub(/^BenchmarkOpenFiles\//, "", name); sub(/-[0-9]+$/, "", name)
			for (i=3; i<NF; i++) if ($(i+1) == "cpu-µs/file") printf "  open, read and close a one-game file, %-14s %5.2f CPU µs\n", name ":", $i }'
	echo "the archivist's commands on the same file (--jobs 2): select (a tag condition, --count), select --position (every ply's position kept), dupes (GameHash and its prefixes)"
	for _ in $(seq "$rounds"); do
		for cmd in "select --count --where White~koops" "select --count --position W:W31-50:B1-20" "dupes"; do
			/usr/bin/time -f "%U %S %e %M" -o "$tmp/time" $arbiter $cmd --jobs 2 "$tmp/x20.pdn" >/dev/null 2>&1 || true
			echo "$cmd $(cat "$tmp/time")" >>"$tmp/archive.txt"
		done
	done
	awk -v games="$games" '{ n=NF; name=$1; if ($0 ~ /--position/) name="select --position"; else if (name=="select") name="select --where";
		cpu=$(n-3)+$(n-2); if (!(name in best) || cpu < best[name]) best[name]=cpu; if (!(name in wall) || $(n-1) < wall[name]) wall[name]=$(n-1); if ($n > rss[name]) rss[name]=$n }
	END { for (k in best) printf "  %-18s %7.1f CPU µs/game  %7.0f games/s  peak RSS %d MB\n", k, best[k]*1e6/games, games/wall[k], rss[k]/1024 }' "$tmp/archive.txt" | sort
else
	echo "  no $corpus/draughts/international-tournaments: skipped"
fi

echo
echo "== perft, one thread, bulk-counted last ply; nodes/s = leaves of depths 1..D / CPU seconds"
start_d=10 p1_d=8 p2_d=14
if [ "${BENCH_DEEP:-}" = 1 ]; then start_d=11 p1_d=9 p2_d=15; fi
p1='B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24'
p2='W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26'
moby=""
if command -v gcc >/dev/null && [ -x "$moby_src/build.sh" ]; then
	if "$moby_src/build.sh" "$tmp/moby" >/dev/null 2>&1; then moby="$tmp/moby/perft"; fi
fi
[ -n "$moby" ] || echo "  (Moby Dam's perft not built: no gcc or no $moby_src; arbiter only)"

# cpu_nodes CMD...: prints "<CPU seconds> <sum of the leaf counts>".
cpu_nodes() {
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$@" >"$tmp/out"
	nodes=$(awk '/^perft *[0-9]+ / {s+=$3} /^perft\([0-9]+\)/ {s+=$2} END {print s+0}' "$tmp/out")
	awk -v n="$nodes" '{print $1+$2, n}' "$tmp/time"
}
perft_case() { # name depth fen(or empty)
	local name=$1 d=$2 fen=$3 best_a="" best_m="" nodes_a="" nodes_m=""
	for _ in $(seq "$rounds"); do
		if [ -n "$fen" ]; then read -r t n < <(cpu_nodes $arbiter perft --depth "$d" --fen "$fen")
		else read -r t n < <(cpu_nodes $arbiter perft --depth "$d"); fi
		nodes_a=$n; best_a=$(awk -v a="$t" -v b="$best_a" 'BEGIN{print (b=="" || a<b) ? a : b}')
		if [ -n "$moby" ]; then
			if [ -n "$fen" ]; then read -r t n < <(cpu_nodes "$moby" -b -c "$d" "$fen")
			else read -r t n < <(cpu_nodes "$moby" -b -c "$d"); fi
			nodes_m=$n; best_m=$(awk -v a="$t" -v b="$best_m" 'BEGIN{print (b=="" || a<b) ? a : b}')
		fi
	done
	awk -v name="$name" -v d="$d" -v ta="$best_a" -v na="$nodes_a" -v tm="$best_m" -v nm="$nodes_m" 'BEGIN {
		printf "  %-22s depth %2d  arbiter %6.1f Mnodes/s (%.2f CPU s)", name, d, na/ta/1e6, ta
		if (tm != "") {
			printf "  Moby Dam %6.1f Mnodes/s (%.2f CPU s)  ratio %.2fx", nm/tm/1e6, tm, (na/ta)/(nm/tm)
			if (na != nm) printf "  COUNTS DIFFER: %d vs %d", na, nm
		}
		printf "\n"
	}'
}
perft_case "start position" "$start_d" ""
perft_case "random178 (kings)" "$p1_d" "$p1"
perft_case "Woldouby" "$p2_d" "$p2"
echo "  other variants (arbiter only):"
for v in "russian 10" "english 10" "canadian 7" "frisian 8"; do
	set -- $v
	read -r t n < <(cpu_nodes $arbiter perft --variant "$1" --depth "$2")
	awk -v v="$1" -v d="$2" -v t="$t" -v n="$n" 'BEGIN{printf "  %-22s depth %2d  arbiter %6.1f Mnodes/s (%.2f CPU s)\n", v, d, n/t/1e6, t}'
done
