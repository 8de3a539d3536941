// The engine's Web Worker. The page posts the URL of its wasm-bindgen glue
// and its own compiled WebAssembly module; instantiating that module here
// runs its main() again, which, finding no window, serves the engine's
// requests (pseudoku_web::worker) and says when it is ready. A failure is
// rethrown outside the promise, so the page sees the worker's error event.
self.onmessage = async (event) => {
  self.onmessage = null;
  try {
    const [glue, module] = event.data;
    const { default: init } = await import(glue);
    await init({ module_or_path: module });
  } catch (error) {
    setTimeout(() => { throw error; });
  }
};
