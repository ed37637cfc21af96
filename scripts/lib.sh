# lib.sh: helpers shared by the benchmark scripts. Source it; don't run it.

die() { echo "${0##*/}: $*" >&2; exit 1; }

# Config keys that differ between any two runs, so benchstat must ignore
# them to put two runs in one table. benchrun's order line carries the seed
# of a shuffled run.
ALWAYS_DIFFERENT=commit,date,order
