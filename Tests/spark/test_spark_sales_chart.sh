#!/usr/bin/env bash
# Examples/spark-sales-chart prints byte for byte what one pass of sales-chart prints.
#
#   Tests/spark/test_spark_sales_chart.sh [--one]      (sales-chart and orders on PATH)
#
# Generates 20,000 orders (orders generate --seed 1, a fixed --now) and a file of daily and
# monthly summaries, then for every timeframe, in json or csv, runs Examples/spark-sales-chart
# (Spark local[2], 2 to 7 partitions) and `sales-chart` on the same files and compares stdout
# byte for byte and the exit status; also two files at once (orders and summaries), the text
# chart, and a bad record (exit 65 and empty stdout from both), each under TZ=Europe/London (a zone
# other than the truck city's, whose days the partials must count in too), then the first case
# again under TZ=UTC. Prints one line per case with its Spark time, then "N passed, N
# failed"; exits 1 when a case failed. --one runs one case under each zone (orders and summaries,
# two files at once, week in json): each case starts a JVM, and `swift test` runs the others only
# with SAMPLEPIPES_CAMPAIGNS=full.
# Without pyspark or Java 17+ it prints "SKIP: <why>" and exits 77.
# Needs: pip install pyspark; apt-get install openjdk-17-jre-headless.
set -uo pipefail
one=0
case "${1:-}" in
  --one) one=1 ;;
  "") ;;
  *) echo "usage: $0 [--one]" >&2; exit 64 ;;
esac
root=$(cd "$(dirname "$0")/../.." && pwd)
spark="$root/Examples/spark-sales-chart"
now=2026-11-29T12:00:00Z

python3 -c 'import pyspark' 2>/dev/null || { echo "SKIP: pyspark is not installed (pip install pyspark)"; exit 77; }
java_version=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)
[ -n "$java_version" ] || { echo "SKIP: no java (apt-get install openjdk-17-jre-headless)"; exit 77; }
[ "$java_version" -ge 17 ] || { echo "SKIP: java $java_version; Spark needs 17 or later"; exit 77; }
for tool in sales-chart orders; do
  command -v "$tool" >/dev/null || { echo "error: no $tool on PATH (build it and put it there)" >&2; exit 2; }
done

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
orders generate --count 20000 --seed 1 --now "$now" >"$dir/orders.jsonl"
{ orders history --now "$now"; orders history --months 13 --now "$now"; } >"$dir/summaries.jsonl"
{ head -1000 "$dir/orders.jsonl"; head -1 "$dir/orders.jsonl" | sed 's/"donut":[0-9]*/"donut":99/'; } >"$dir/bad.jsonl"
echo "data: $(wc -l <"$dir/orders.jsonl") orders, $(wc -l <"$dir/summaries.jsonl") summaries; sales-chart is $(command -v sales-chart)"

passed=0 failed=0
# check NAME STATUS PARTITIONS ARGS...: spark-sales-chart --partitions P ARGS vs sales-chart ARGS;
# the single pass must exit with STATUS (so that two equal failures never pass for a chart).
check() {
  local name=$1 status=$2 partitions=$3; shift 3
  local expected_status actual_status start seconds
  sales-chart "$@" >"$dir/expected" 2>"$dir/expected.err"
  expected_status=$?
  if [ "$expected_status" != "$status" ]; then
    failed=$((failed + 1))
    printf 'FAIL  %-40s the single pass exits %s, not %s: %s\n' "$name" "$expected_status" "$status" \
      "$(head -1 "$dir/expected.err")"
    return
  fi
  start=$(date +%s.%N)
  "$spark" --master 'local[2]' --partitions "$partitions" "$@" >"$dir/actual" 2>"$dir/actual.err"
  actual_status=$?
  seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  if [ "$actual_status" = "$expected_status" ] && cmp -s "$dir/expected" "$dir/actual"; then
    passed=$((passed + 1))
    printf 'ok    %-40s %2d partitions %6s s  (exit %s, %s bytes)\n' "$name" "$partitions" "$seconds" \
      "$actual_status" "$(wc -c <"$dir/actual")"
  else
    failed=$((failed + 1))
    printf 'FAIL  %-40s %2d partitions %6s s  (exit %s, single pass exit %s)\n' "$name" "$partitions" \
      "$seconds" "$actual_status" "$expected_status"
    diff "$dir/expected" "$dir/actual" | head -10 | sed 's/^/      /'
    grep -v '^WARNING: Using incubator modules' "$dir/actual.err" | tail -3 | sed 's/^/      stderr: /'
  fi
}

# Two files at once, orders and summaries, by the days of a zone that is not the truck city's: the
# case of --one (then again under UTC, at the end).
export TZ=Europe/London
check "orders + summaries, week json --top 17 (TZ=$TZ)" 0 3 --now "$now" --timeframe week --format json \
  --top 17 "$dir/orders.jsonl" "$dir/summaries.jsonl"
if [ "$one" = 0 ]; then
  # Every timeframe once, json and csv in turn (each Spark run starts a JVM: seconds); the merge
  # step itself is held to the single pass for every timeframe and format by the --partial tests.
  partitions=(2 3 5 7)
  formats=(json csv)
  i=0
  for timeframe in today week month year all; do
    check "--timeframe $timeframe --format ${formats[i % 2]}" 0 "${partitions[i % 4]}" \
      --now "$now" --timeframe "$timeframe" --format "${formats[i % 2]}" "$dir/orders.jsonl"
    i=$((i + 1))
  done
  check "orders + summaries, year csv" 0 4 --now "$now" --timeframe year --format csv \
    "$dir/orders.jsonl" "$dir/summaries.jsonl"
  COLUMNS=80 check "text chart, week" 0 2 --now "$now" --timeframe week "$dir/orders.jsonl"
  check "a bad donut id: exit 65, nothing written" 65 2 --now "$now" --timeframe all --format json \
    "$dir/bad.jsonl"
fi
export TZ=UTC
check "orders + summaries, week json --top 17 (TZ=$TZ)" 0 3 --now "$now" --timeframe week --format json \
  --top 17 "$dir/orders.jsonl" "$dir/summaries.jsonl"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
