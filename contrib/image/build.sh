#!/usr/bin/env bash
# The container image's build stage (Dockerfile, stage "build"), runnable
# without a container engine: a static gunbai binary (no cgo, paths
# trimmed) and the files the image holds, laid out under ROOT as the image
# lays them out:
#
#   ROOT/usr/local/bin/gunbai        the binary
#   ROOT/etc/gunbai/config.toml      config.example.toml (compose mounts the host's over it)
#   ROOT/var/lib/gunbai/             the store's folder (the image's volume), empty but for
#   ROOT/var/lib/gunbai/backups/     the backups' folder (backup_dir = "backups"), empty
#
# The Dockerfile's build stage runs this script, so the two cannot differ;
# CI (.ci/run) runs it too, and cmd/gunbai's TestImageBinaryRunsAsDocumented
# runs the binary it makes as the image would.
#
#   contrib/image/build.sh ROOT
set -euo pipefail
root="${1:?usage: contrib/image/build.sh ROOT}"
cd "$(dirname "$0")/../.."
mkdir -p "$root/usr/local/bin" "$root/etc/gunbai" "$root/var/lib/gunbai/backups"
# The flags: no cgo, so the binary needs no libc and runs on
# distroless/static; -trimpath, so that no path of the building machine is
# in it; -s -w: no symbol table or DWARF (build info, which gunbai version
# reads, stays).
CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$root/usr/local/bin/gunbai" ./cmd/gunbai
install -m 644 config.example.toml "$root/etc/gunbai/config.toml"
