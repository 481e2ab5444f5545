# Herald: a multi-stage build producing a small image that runs as a non-root user.
# Build:  docker build -t herald .
# Run:    docker run -p 8080:8080 -v herald-data:/var/lib/herald herald

FROM rust:1.95-slim-bookworm AS build
# make: jemalloc, Herald's allocator, is built from C sources.
RUN apt-get update \
    && apt-get install -y --no-install-recommends make \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Cargo.toml Cargo.lock rustfmt.toml clippy.toml ./
COPY .cargo .cargo
COPY crates crates
# Built into the binary: migrations, page templates, message catalogues and static files.
COPY migrations migrations
COPY templates templates
COPY locales locales
COPY static static
RUN cargo build --release --locked -p herald \
    && strip target/release/herald

FROM debian:bookworm-slim AS runtime
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system herald \
    && useradd --system --gid herald --home-dir /var/lib/herald --create-home herald
COPY --from=build /src/target/release/herald /usr/local/bin/herald
USER herald
WORKDIR /var/lib/herald
ENV HERALD_BIND=0.0.0.0:8080 \
    HERALD_DATA_DIR=/var/lib/herald \
    HERALD_LOG=info
EXPOSE 8080
VOLUME ["/var/lib/herald"]
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/readyz || exit 1
ENTRYPOINT ["/usr/local/bin/herald"]
CMD ["serve"]
