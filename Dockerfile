# Gunbai's container image (docs/operations.md, "Installing"): a static
# binary on distroless/static, run as its non-root user (65532), the store
# on the volume /var/lib/gunbai, the config at /etc/gunbai/config.toml, the
# token from GUNBAI_TOKEN or, better, a secret file GUNBAI_TOKEN_FILE names
# (compose.yaml). Build: docker build -t gunbai .

# The build stage is contrib/image/build.sh, which CI runs without a
# container engine (cmd/gunbai/image_unix_test.go checks this file runs it).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN contrib/image/build.sh /stage

# distroless/static: CA certificates for Discord's HTTPS, /etc/passwd with
# the nonroot user, time zones; no shell, no package manager.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /stage/usr/local/bin/gunbai /usr/local/bin/gunbai
COPY --from=build /stage/etc/gunbai/config.toml /etc/gunbai/config.toml
COPY --from=build --chown=65532:65532 /stage/var/lib/gunbai /var/lib/gunbai
USER 65532:65532
# The store ([store] path = "gunbai.db", relative) and its backups
# (backup_dir = "backups", a folder the image has) land in the working
# directory, which is the volume.
WORKDIR /var/lib/gunbai
VOLUME ["/var/lib/gunbai"]
# No HEALTHCHECK: distroless has no shell or curl, and gunbai has no
# command that checks a running bot (issue 31's /healthz, item 4, will be
# served on [ops] listen; a check needs a client in the image to reach it).
# docker's restart policy and the exit code do the watching meanwhile.
ENTRYPOINT ["/usr/local/bin/gunbai"]
CMD ["run", "-config", "/etc/gunbai/config.toml"]
