//! Rebuild when migrations, templates or static files change: `sqlx::migrate!`, askama
//! and rust-embed read them at compile time, and cargo does not notice new files alone.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
    println!("cargo:rerun-if-changed=../../templates");
    println!("cargo:rerun-if-changed=../../static");
}
