#!/bin/bash
# A hand library built as a Slurm job array: task K builds slice K of N
# (--shard auto/N reads K from SLURM_ARRAY_TASK_ID) into parts/part-K.json.
# See docs/cluster.md.
#
#   jobid=$(sbatch --parsable deploy/slurm/library-array.sh)
#   sbatch --dependency=afterok:$jobid --wrap "ddz library merge parts/part-*.json --out library.json"
#
# A task that fails or runs out of time is resumed by submitting it again
# (sbatch --array=K deploy/slurm/library-array.sh): its build picks up from
# the journal it left beside parts/part-K.json.
#
# N tasks are --array=0-(N-1), and N is SHARDS below: change both together.
#SBATCH --job-name=ddz-library
#SBATCH --array=0-99
#SBATCH --cpus-per-task=8
#SBATCH --time=08:00:00
#SBATCH --output=ddz-library-%A_%a.out
set -euo pipefail

SHARDS=100
DEALS=1000000
SEED=0
PANEL=quick
GAMES=8
PAR_NODES=2000000
PARTS=${PARTS:-parts}

mkdir -p "$PARTS"
# The cores Slurm gave this task, not the node's.
export RAYON_NUM_THREADS="${SLURM_CPUS_PER_TASK:-1}"
ddz library build \
    --deals "$DEALS" --seed "$SEED" --panel "$PANEL" --games "$GAMES" \
    --par-nodes "$PAR_NODES" \
    --shard "auto/$SHARDS" \
    --out "$PARTS/part-$SLURM_ARRAY_TASK_ID.json"
