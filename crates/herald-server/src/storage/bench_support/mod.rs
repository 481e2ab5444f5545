//! Storage code for benchmarks and plan checks, not for serving: the bulk filler of the
//! data-volume benchmark (`examples/volume.rs`) and the list queries' plans
//! (`tests/api/plans.rs`). Compiled only with the `bench-support` feature, which the
//! crate's tests and examples turn on (a dev-dependency on itself), so the `herald`
//! program does not carry them.

mod plans;
mod volume;

pub use plans::ListPlan;
pub use volume::Synthetic;
