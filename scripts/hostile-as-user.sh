#!/usr/bin/env bash
# The hostile tests (tests/integration/{sandbox,syscalls,seats,privilege}.rs and
# tests/alone/fair_cpu.rs) run again as an ordinary user, from the test binaries
# `cargo test --release` already built
# (docs/guide/untrusted-programs.md, "Who the hostile tests run as"). Run as root: it makes the user
# (`tourney-ci`, or TOURNEY_TEST_USER) when missing and, on cgroup v1, hands it a subtree of its
# own in each hierarchy tourney uses (memory, pids, cpu), as an administrator delegates
# one, with the test process moved into it. Every protection the user cannot have is printed as
# `SKIPPED <test>: <reason>` from the tests' own notes, never passed silently; a test that fails
# fails the script.
#
#   scripts/hostile-as-user.sh        (after `cargo test --release`; CI runs it from .ci/run)
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
user=${TOURNEY_TEST_USER:-tourney-ci}

if [[ $(id -u) != 0 ]]; then
    echo "hostile-as-user: SKIPPED: needs root to make the user and hand it control groups"
    exit 0
fi
if ! id "$user" >/dev/null 2>&1; then
    useradd --system --create-home --shell /usr/sbin/nologin "$user"
fi
home=$(getent passwd "$user" | cut -d: -f6)

# The test binaries cargo built (nothing is compiled again when they are up to date).
test_binary() {
    cargo test --release --test "$1" --no-run --message-format=json 2>/dev/null |
        grep "\"name\":\"$1\"" | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1
}
integration=$(test_binary integration)
alone=$(test_binary alone)
for binary in "$integration" "$alone"; do
    [[ -x $binary ]] || { echo "hostile-as-user: a test binary was not found" >&2; exit 3; }
done
# The tests build the example C client into cargo's target/tmp once per test binary.
mkdir -p target/tmp
chgrp "$user" target/tmp
chmod g+rwx target/tmp

# A v1 subtree per hierarchy: a group in root's own, owned by the user (the folder, so it may
# make groups there, and the files a process joins or leaves by).
groups=()
opened=()
cleanup() {
    for dir in "${opened[@]}"; do chmod o-x "$dir"; done
    for group in "${groups[@]}"; do
        # Back to the parent with whatever is left, then removed (the tests empty their own).
        while read -r pid; do echo "$pid" >"$(dirname "$group")/cgroup.procs" || true; done \
            <"$group/cgroup.procs"
        rmdir "$group" 2>/dev/null || echo "hostile-as-user: could not remove $group"
    done
}
trap cleanup EXIT
# The user must reach the repository (the test binary, the example programs, target/tmp): a
# folder on the way that others may not enter (a clone under /root) is opened for entering
# only (o+x: no listing, no reading) while the tests run, and closed again after.
dir=$(pwd -P)
while [[ $dir != / ]]; do
    if (( (8#$(stat -c %a "$dir") & 1) == 0 )); then
        chmod o+x "$dir"
        opened+=("$dir")
        echo "hostile-as-user: $dir opened for entering (o+x) while the tests run"
    fi
    dir=$(dirname "$dir")
done
for controller in memory pids cpu; do
    mount=/sys/fs/cgroup/$controller
    [[ $(stat -f -c %T "$mount" 2>/dev/null) == cgroupfs ]] || continue
    # Root's own group in the hierarchy (`4:memory:/PATH`), where the user's is made.
    own=$(sed -n "s/^[0-9]*:\([^:]*,\)\?$controller\(,[^:]*\)\?:\(.*\)/\3/p" /proc/self/cgroup)
    [[ -n $own ]] || continue
    group="$mount${own%/}/ci-user-$$"
    mkdir "$group"
    groups+=("$group")
    # The subtree weighs what a root harness's own groups do (its programs and itself, 64
    # ordinary processes each, src/sandbox/cpu.rs), the most v1 allows: under it the programs
    # share the subtree's CPU, and on a machine busy with other work the fair-CPU test would
    # measure the subtree's share instead of a program's.
    if [[ $controller == cpu ]]; then
        echo 262144 >"$group/cpu.shares"
    fi
    chown "$user" "$group" "$group/cgroup.procs" "$group/tasks"
done
if ((${#groups[@]} == 0)); then
    echo "hostile-as-user: no cgroup v1 hierarchy to delegate here; the tests that need one say SKIPPED"
fi

log=$(mktemp)
chmod 644 "$log"
status=0
(
    for group in "${groups[@]}"; do echo "$BASHPID" >"$group/cgroup.procs"; done
    as_user() {
        setpriv --reuid="$user" --regid="$user" --init-groups --inh-caps=-all \
            env -i PATH="$PATH" HOME="$home" LANG=C.UTF-8 TMPDIR=/tmp "$@"
    }
    # Both binaries run whatever the first gave (errexit does not hold in a `||` list).
    as_user "$integration" --show-output sandbox:: syscalls:: seats:: privilege::
    first=$?
    as_user "$alone" --show-output fair_cpu:: || exit
    exit "$first"
) >"$log" 2>&1 || status=$?
grep -E '^test result|FAILED|panicked' "$log" || true
# Each test's notes are shown under `---- NAME stdout ----`; a note `skipped: REASON` is a
# protection this user does not have.
awk '/^---- .* stdout ----$/ { name = $2; next }
     /^skipped: / { sub(/^skipped: /, ""); print "SKIPPED " name ": " $0 }' "$log" | sort -u
if ((status != 0)); then
    cat "$log"
    echo "hostile-as-user: the hostile tests failed as $user" >&2
fi
rm -f "$log"
echo "hostile-as-user: the hostile tests ran as $user ($(id -u "$user")), exit $status"
exit "$status"
