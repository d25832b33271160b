#!/bin/sh
# Regenerate data/cards/xwing from the reference data in ../shared/reference:
# xwing-data2 (cards), xwing-points (points revisions) and YASB (card numbers of its links,
# quick-builds). Each source's SOURCE.txt names its commit; the commit goes into the header
# of every file written. Rerunnable: the output is replaced only when the import succeeds,
# and tests/integration/import_roundtrip.rs fails when data/cards/xwing is not this import's output.
set -eu
cd "$(dirname "$0")/.."
reference=${REFERENCE:-../shared/reference}
cargo run --quiet -- cards import xwing-data2 "$reference/xwing-data2" \
    --points "$reference/xwing-points" \
    --yasb "$reference/yasb" \
    --out data/cards/xwing
