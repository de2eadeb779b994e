//! A monotonic millisecond clock that works natively and in a browser or Node (where `std::time::Instant`
//! is unavailable on `wasm32-unknown-unknown`, `performance.now()` is used).

#[cfg(not(target_arch = "wasm32"))]
/// Milliseconds since an arbitrary fixed origin (monotonic, sub-millisecond resolution).
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::*;
    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        pub fn performance_now() -> f64;
    }
}

#[cfg(target_arch = "wasm32")]
/// Milliseconds since the page or worker started (`performance.now()`).
pub fn now_ms() -> f64 {
    js::performance_now()
}
