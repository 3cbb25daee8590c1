#!/usr/bin/env bash
# cpack -G DEB on this build tree: the package's control fields name the runtime libraries (from
# dpkg-shlibdeps), and it holds both binaries, the bank and the desktop files under /usr. It is never
# installed here (that would change the machine); its files are unpacked into a temporary folder instead and
# the CLI among them is run.
# Usage: DebTest.sh BUILD_DIR VERSION
set -euo pipefail
build=$1
version=$2

work=$(mktemp -d "${TMPDIR:-/tmp}/certdrill-deb-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
    echo "deb test: FAILED: $*" >&2
    exit 1
}
command -v dpkg-shlibdeps >/dev/null || fail "dpkg-shlibdeps is missing (dpkg-dev, which build-essential brings)"

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 \
    || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
deb=$(find "$work" -maxdepth 1 -name "certdrill_${version}_*.deb")
[ -n "$deb" ] || { ls "$work"; fail "no certdrill_${version}_*.deb"; }

dpkg-deb -I "$deb" >"$work/info.txt"
field() { sed -n "s/^ $1: //p" "$work/info.txt"; }
[ "$(field Package)" = certdrill ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version)"
[ "$(field Section)" = education ] || fail "Section: $(field Section)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ "$(field Homepage)" = https://github.com/certdrill/certdrill ] || fail "Homepage: $(field Homepage)"
grep -q '^ Description: practice for the NVIDIA NCP-GENL certification exam$' "$work/info.txt" || fail "no summary"
# The long description follows, indented by one space, the summary not repeated.
[ "$(dpkg-deb -f "$deb" Description | sed -n 2p)" = " certdrill prepares you for NVIDIA's NCP-GENL certification (Generative AI" ] \
    || fail "the long description is not below the summary: $(dpkg-deb -f "$deb" Description)"
depends=$(field Depends)
# bookworm's libspdlog1.10 provides libspdlog1.10-fmt9, the name its shlibs file gives: the fmt ABI it was
# built against.
for lib in libqt6widgets6 libqt6charts6 libqt6gui6 libqt6core6 libsqlite3-0 'libspdlog1\.10(-fmt9)?' libfmt9 \
    libpugixml1v5 'libstdc\+\+6' qt6-qpa-plugins; do
    grep -Eq "(^|, )$lib( \(|,|$)" <<<"$depends" || fail "Depends does not name $lib: $depends"
done

dpkg-deb -c "$deb" | awk '{print $6}' >"$work/contents.txt"
for f in ./usr/bin/certdrill ./usr/bin/certdrill-cli ./usr/share/certdrill/questions/ncp-genl/exam.json \
    ./usr/share/applications/io.github.certdrill.desktop ./usr/share/metainfo/io.github.certdrill.metainfo.xml \
    ./usr/share/icons/hicolor/scalable/apps/io.github.certdrill.svg ./usr/share/man/man1/certdrill.1 \
    ./usr/share/man/man1/certdrill-cli.1 ./usr/share/doc/certdrill/user-guide.md; do
    grep -qxF "$f" "$work/contents.txt" || fail "the package has no $f"
done

dpkg-deb -x "$deb" "$work/root"
[ "$("$work/root/usr/bin/certdrill-cli" --version)" = "certdrill-cli $version" ] || fail "the packaged CLI does not run"
echo "deb test: passed ($(basename "$deb"), $(du -k "$deb" | cut -f1) KiB; Depends: $depends)"
