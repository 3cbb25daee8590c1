#!/usr/bin/env bash
# scripts/fuzz tells a timeout caused by load from a slow or blocking input (docs/reliability.md): it runs a
# timed-out input again alone and judges it by the CPU time it takes, not by the wall time. Driven here with
# a stand-in for a libFuzzer target, so it needs no clang: the stand-in's fuzzing run reports a timeout, and
# its run of that input alone, as scripts/fuzz makes it, is quick (load), burns 2.5 s of CPU (slow), fails
# without using the CPU (blocked), or is quick after a start that burns 2.5 s of CPU whatever the input
# (slow-start: the start of a Qt process once took 1.8 s of CPU while the machine's font cache was rebuilt).
# Usage: TimeoutRetryTest.sh SOURCE_DIR
set -euo pipefail
source=$1

work=$(mktemp -d "${TMPDIR:-/tmp}/certdrill-fuzz-retry.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
    echo "fuzz retry test: FAILED: $*" >&2
    exit 1
}

# The stand-in, named as a target so that scripts/fuzz finds it in its build folder.
mkdir -p "$work/build/tests/fuzz"
cat >"$work/build/tests/fuzz/fuzz_gift" <<'EOF'
#!/usr/bin/env bash
# Burns 2.5 s of the process's own CPU time, not of wall time: on a loaded machine a loop timed by the clock
# gets less CPU than that and would pass for load.
burn() {
    local ticks stat
    ticks=$(getconf CLK_TCK)
    while :; do
        read -r -a stat </proc/$$/stat
        [ $(((stat[13] + stat[14]) * 1000 / ticks)) -lt 2500 ] || break
    done
}
[ "$FAKE_MODE" != slow-start ] || burn
# A run of one input (-runs=1 INPUT) is the retry; any other run is fuzzing. The input is the last argument;
# an empty one is quick in every mode.
if [[ " $* " == *" -runs=1 "* ]]; then
    [ -s "${!#}" ] || { echo "Executed ${!#} in 1 ms"; exit 0; }
    case "$FAKE_MODE" in
        load | slow-start) echo "Executed ${!#} in 3 ms"; exit 0 ;;
        slow) burn; echo "Executed ${!#} in 2500 ms"; exit 0 ;;
        blocked) sleep 1; echo "==1== ERROR: libFuzzer: timeout after 2 seconds"; exit 1 ;;
        stalled | stalled-silent) echo "Executed ${!#} in 4 ms"; exit 0 ;;
    esac
fi
# libFuzzer's timeout handler deadlocked: the alarm and the input in hex, then nothing for ever.
if [ "$FAKE_MODE" = stalled ] && [ ! -e "$FAKE_STATE" ]; then
    touch "$FAKE_STATE"
    echo "#7 NEW    cov: 5 ft: 6 corp: 2/10b"
    echo "ALARM: working on the last Unit for 2 seconds"
    echo "       and the timeout value is 2 (use -timeout=N to change)"
    echo "MS: 1 ChangeByte-; base unit: 0000000000000000000000000000000000000000"
    echo "0x78,0x0,0x25,0x73,0x5c,0xa,0xff,"
    echo 'x\000%s\\\012\377'
    exec sleep 600
fi
# Or it deadlocked before printing anything, with the input kept by the target (tests/fuzz/CurrentInput.h).
if [ "$FAKE_MODE" = stalled-silent ] && [ ! -e "$FAKE_STATE" ]; then
    touch "$FAKE_STATE"
    printf 'y\001%%d\\\n\376' >"$CERTDRILL_FUZZ_CURRENT_INPUT"
    echo "#7 NEW    cov: 5 ft: 6 corp: 2/10b"
    echo "ALARM: working on the last Unit for 2 seconds"
    echo "       and the timeout value is 2 (use -timeout=N to change)"
    exec sleep 600
fi
prefix=""
for a in "$@"; do
    case "$a" in -artifact_prefix=*) prefix=${a#-artifact_prefix=} ;; esac
done
# The first fuzzing run times out; the next one, after a timeout taken for load, runs to its end.
if [ ! -e "$FAKE_STATE" ]; then
    touch "$FAKE_STATE"
    echo "#7 NEW    cov: 5 ft: 6 corp: 2/10b"
    echo "==1== ERROR: libFuzzer: timeout after 2 seconds"
    echo "x" >"${prefix}timeout-0123"
    echo "Test unit written to ${prefix}timeout-0123"
    echo "stat::number_of_executed_units: 7"
    exit 1
fi
echo "#20 DONE cov: 5 ft: 6 corp: 2/10b"
echo "stat::number_of_executed_units: 13"
exit 0
EOF
chmod +x "$work/build/tests/fuzz/fuzz_gift"

# Runs scripts/fuzz for 30 s on the stand-in in one mode; its output in $work/MODE.out, its exit code out.
run() {
    local rc=0
    rm -f "$work/state"
    rm -rf "$work/build/findings"
    FAKE_MODE=$1 FAKE_STATE="$work/state" CERTDRILL_REALDATA="$work/none" \
        "$source/scripts/fuzz" --no-install --no-build --build-dir "$work/build" 30 fuzz_gift \
        >"$work/$1.out" 2>&1 || rc=$?
    echo "$rc"
}

rc=$(run load)
[ "$rc" -eq 0 ] || fail "a timeout that runs in 3 ms alone failed the run (exit $rc): $(cat "$work/load.out")"
grep -q "a timeout did not recur.*the input itself 3 ms" "$work/load.out" ||
    fail "no 'did not recur' line with the input's own time: $(cat "$work/load.out")"
grep -Eq "fuzz_gift +20 " "$work/load.out" || fail "the run did not go on after the timeout: $(cat "$work/load.out")"
[ -n "$(ls "$work/build/findings/unreproduced")" ] || fail "the input was not kept in findings/unreproduced"

rc=$(run slow-start)
[ "$rc" -eq 0 ] ||
    fail "a quick input whose process takes 2.5 s of CPU to start failed the run (exit $rc): $(cat "$work/slow-start.out")"
grep -q "a timeout did not recur.* ms of it a start on an empty input" "$work/slow-start.out" ||
    fail "no 'did not recur' line with the start's time: $(cat "$work/slow-start.out")"

rc=$(run slow)
[ "$rc" -eq 1 ] || fail "an input that burns 2.5 s of CPU alone passed (exit $rc): $(cat "$work/slow.out")"
grep -q "FOUND: ==1== ERROR: libFuzzer: timeout" "$work/slow.out" || fail "no finding: $(cat "$work/slow.out")"

# A fuzzer whose timeout handler hangs is killed (after 2 s here), and its input, taken from the hex line of
# its log, is judged like any timeout's.
rc=$(CERTDRILL_FUZZ_STALL_GRACE=2 run stalled)
out=$work/stalled.out
[ "$rc" -eq 0 ] || fail "a stalled fuzzer whose input runs in 4 ms failed the run (exit $rc): $(cat "$out")"
grep -q "stalled 2 s after its timeout alarm.* its input: $work/build/findings/fuzz_gift-timeout-stalled-" "$out" ||
    fail "no 'stalled' line naming the input: $(cat "$out")"
grep -q "a timeout did not recur.*the input itself 4 ms" "$out" || fail "the input was not run again: $(cat "$out")"
grep -Eq "fuzz_gift +13 " "$out" || fail "the run did not go on after the stall: $(cat "$out")"
printf 'x\000%%s\\\n\377' >"$work/expected"
cmp "$work/expected" "$work/build/findings/unreproduced/"fuzz_gift-timeout-stalled-* ||
    fail "the input written from the log is not the one the fuzzer printed"

# The same when the handler printed nothing: the input is the one the target kept.
rc=$(CERTDRILL_FUZZ_STALL_GRACE=2 run stalled-silent)
out=$work/stalled-silent.out
[ "$rc" -eq 0 ] || fail "a silent stalled fuzzer whose input runs in 4 ms failed the run (exit $rc): $(cat "$out")"
grep -q "stalled 2 s after its timeout alarm.* its input: $work/build/findings/fuzz_gift-timeout-stalled-" "$out" ||
    fail "no 'stalled' line naming the kept input: $(cat "$out")"
grep -Eq "fuzz_gift +13 " "$out" || fail "the run did not go on after the silent stall: $(cat "$out")"
printf 'y\001%%d\\\n\376' >"$work/expected"
cmp "$work/expected" "$work/build/findings/unreproduced/"fuzz_gift-timeout-stalled-* ||
    fail "the input taken after a silent stall is not the one the target kept"

rc=$(run blocked)
[ "$rc" -eq 1 ] || fail "an input that fails three times without CPU passed (exit $rc): $(cat "$work/blocked.out")"
[ "$(grep -c "ran again alone" "$work/build/logs/fuzz_gift.log")" -eq 3 ] ||
    fail "a blocked input was not tried three times: $(cat "$work/build/logs/fuzz_gift.log")"
echo "fuzz retry test: load, a slow start, slow, stalled (with and without its input printed) and blocked inputs told apart"
