//! The benchmarks' memory allocator: jemalloc, as the `herald` program uses
//! (`crates/herald/src/allocator.rs`), so the figures they report are the program's.

#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;
