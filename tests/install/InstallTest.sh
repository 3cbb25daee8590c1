#!/usr/bin/env bash
# cmake --install into a temporary prefix, moved after the install as a package or DESTDIR moves it: the
# FHS files are there, the desktop entry and the AppStream metadata validate, the man pages render, the
# installed CLI runs, and the installed GUI starts offscreen and imports the bundled bank it finds beside
# itself (not the source tree's).
# Usage: InstallTest.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=$1
source=$2
version=$3

work=$(mktemp -d "${TMPDIR:-/tmp}/certdrill-install-test.XXXXXX")
gui=""
cleanup() {
    if [ -n "$gui" ] && kill -0 "$gui" 2>/dev/null; then
        kill "$gui" 2>/dev/null || true
        wait "$gui" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "install test: FAILED: $*" >&2
    exit 1
}
need() {
    command -v "$1" >/dev/null || fail "$1 is missing (scripts/deps installs it: $2)"
}
need desktop-file-validate desktop-file-utils
need appstreamcli appstream
need groff groff-base

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
# A prefix that is not where the install put it: only a lookup relative to the binary finds the bank.
mv "$work/prefix" "$work/moved"
p=$work/moved
app=io.github.certdrill

for f in bin/certdrill bin/certdrill-cli; do
    [ -x "$p/$f" ] || fail "$f is not installed as an executable"
done
for f in "share/applications/$app.desktop" "share/icons/hicolor/scalable/apps/$app.svg" \
    "share/metainfo/$app.metainfo.xml" share/man/man1/certdrill.1 share/man/man1/certdrill-cli.1 \
    share/doc/certdrill/user-guide.md share/doc/certdrill/images/home.png share/doc/certdrill/LICENSE \
    share/certdrill/questions/ncp-genl/exam.json; do
    [ -s "$p/$f" ] || fail "$f is not installed"
done
want=$(find "$source/questions/ncp-genl" -name '*.json' | wc -l)
got=$(find "$p/share/certdrill/questions/ncp-genl" -name '*.json' | wc -l)
[ "$got" -eq "$want" ] || fail "$got bundled packs installed, $want in the source tree"
grep -q '<svg' "$p/share/icons/hicolor/scalable/apps/$app.svg" || fail "the icon is not an SVG"

desktop-file-validate "$p/share/applications/$app.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net --pedantic "$p/share/metainfo/$app.metainfo.xml" || fail "appstreamcli validate"
grep -q "<release version=\"$version\" date=\"[0-9-]*\"" "$p/share/metainfo/$app.metainfo.xml" \
    || fail "the metainfo has no release entry for $version"

for page in certdrill certdrill-cli; do
    file=$p/share/man/man1/$page.1
    grep -q '^\.TH ' "$file" || fail "$page.1 has no .TH line"
    # -ww: every warning, which groff prints on stderr; the page must render without one.
    warnings=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$file" 2>&1)
    [ -z "$warnings" ] || fail "$page.1 renders with warnings: $warnings"
done
LC_ALL=C.UTF-8 MANWIDTH=100 man -l "$p/share/man/man1/certdrill-cli.1" >"$work/cli.txt" 2>/dev/null \
    || LC_ALL=C.UTF-8 groff -man -Tutf8 "$p/share/man/man1/certdrill-cli.1" >"$work/cli.txt"
for text in "COMMANDS" "EXIT STATUS" "backup FILE" "restore FILE" "lint [--strict]" "--db PATH" "$version"; do
    grep -qF -- "$text" "$work/cli.txt" || fail "certdrill-cli(1) does not show \"$text\""
done

cli="$p/bin/certdrill-cli"
[ "$("$cli" --version)" = "certdrill-cli $version" ] || fail "certdrill-cli --version"
"$cli" --db "$work/cli/x.db" import "$p"/share/certdrill/questions/ncp-genl/*.json >"$work/import.log" \
    || { cat "$work/import.log"; fail "the installed CLI cannot import the installed bank"; }
"$cli" --db "$work/cli/x.db" list exams | grep -q '^ncp-genl' || fail "the installed CLI does not list ncp-genl"

# The GUI, offscreen, on a new database, with a home of its own so nothing of the user's is touched.
mkdir -p "$work/home" "$work/gui"
HOME=$work/home XDG_DATA_HOME=$work/home/data XDG_CONFIG_HOME=$work/home/config XDG_CACHE_HOME=$work/home/cache \
    QT_QPA_PLATFORM=offscreen CERTDRILL_QUESTIONS_DIR='' \
    "$p/bin/certdrill" --db "$work/gui/y.db" >"$work/gui.out" 2>&1 &
gui=$!
log=$work/gui/certdrill.log
imported=no
for _ in $(seq 1 240); do
    if ! kill -0 "$gui" 2>/dev/null; then
        rc=0
        wait "$gui" || rc=$?
        gui=""
        cat "$work/gui.out" "$log" 2>/dev/null || true
        fail "the installed GUI exited (status $rc) before it was stopped"
    fi
    # Only once the app has opened (and so created and migrated) the database may the CLI open it too.
    if grep -q 'bundled packs in' "$log" 2>/dev/null &&
        "$cli" --db "$work/gui/y.db" list exams 2>/dev/null | grep -q '^ncp-genl'; then
        imported=yes
        break
    fi
    sleep 0.5
done
[ "$imported" = yes ] || { cat "$work/gui.out" "$log" 2>/dev/null; fail "the GUI did not import the bank within 120 s"; }
sleep 2
kill -0 "$gui" 2>/dev/null || fail "the installed GUI exited after importing the bank"
kill "$gui"
wait "$gui" 2>/dev/null || true
gui=""
grep -qF "bundled packs in $p/share/certdrill/questions/ncp-genl" "$log" \
    || { cat "$log"; fail "the GUI did not read the bank beside it in $p"; }
echo "install test: passed ($got packs; desktop entry, metainfo and man pages valid; CLI and GUI ran from $p)"
