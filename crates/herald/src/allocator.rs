//! The memory allocator of the `herald` program: jemalloc. It belongs to the program, not
//! the library: a program embedding `herald-server` chooses its own (the benchmarks in
//! `crates/herald-server/examples` choose this one, `examples/support/allocator.rs`).
//!
//! With glibc's allocator, a server holding 10,000 live streams used 286 MB; with jemalloc
//! configured to return freed pages within a second (`.cargo/config.toml`), 152 MB, and
//! 23 MB instead of 76 MB before the streams opened (the stream benchmark, herald-server README).

#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;
