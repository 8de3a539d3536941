// Starts the app. A script file, not an inline script, so the page's
// Content-Security-Policy can refuse every inline script; Trunk writes the
// names it gave the wasm-bindgen glue and the module into this element.
const script = document.querySelector('script[data-glue]');
const { default: init } = await import(script.dataset.glue);
await init({ module_or_path: script.dataset.wasm });
